"""Free text shows as typed: no control characters, no direction overrides, bounded lines."""

from __future__ import annotations

import pytest

from core.errors import ApplicationError
from core.text import TextRefused, controls_removed, plain_text


@pytest.mark.parametrize(
    ("typed", "found"),
    [
        ("gg\u202eti sniw", "U+202E"),  # right-to-left override: shows as "ggwins it"
        ("\u202aa\u202b", "U+202A"),  # embeddings
        ("a\u2066b\u2069", "U+2066"),  # isolates
        ("a\u200eb", "U+200E"),  # a direction mark inside the text
        ("a\u200fb", "U+200F"),
        ("a\u061cb", "U+061C"),  # the Arabic letter mark
        ("ding\x07", "U+0007"),  # C0: the bell
        ("\x1b[31mred", "U+001B"),  # a terminal escape
        ("a\x7fb", "U+007F"),  # DEL
        ("a\x9bb", "U+009B"),  # C1: the control sequence introducer
        ("a\x85b", "U+0085"),  # C1: next line
        ("one\ntwo", "U+000A"),  # a one-line text has no line break
        ("one\rtwo", "U+000D"),
    ],
)
def test_a_one_line_text_with_a_control_character_is_refused_naming_it(typed, found):
    with pytest.raises(TextRefused) as refused:
        plain_text(typed)
    assert isinstance(refused.value, ApplicationError) and refused.value.status_code == 400
    assert refused.value.code == "invisible_control"
    assert found in refused.value.message
    assert refused.value.extra == {"character": found}


@pytest.mark.parametrize(
    "typed",
    [
        "Éjlépő Kajtár",
        "Őrző\u200dÜstökös",  # a zero-width joiner inside
        "a\u200cb",  # a zero-width non-joiner
        "Éjlépő\u200bKajtár",  # a zero-width space inside a name
        "👨\u200d👩\u200d👧",  # an emoji sequence joined by ZWJ
        "שלום עולם",  # right-to-left letters are text, not controls
    ],
)
def test_text_with_accents_and_joiners_passes_unchanged(typed):
    assert plain_text(typed) == typed
    assert plain_text(typed, multiline=True, max_lines=1) == typed


def test_a_tab_in_one_line_is_a_space():
    assert plain_text("Pakli\tkettő") == "Pakli kettő"


def test_multiline_text_keeps_tabs_and_line_breaks_made_one_kind():
    assert plain_text("a\r\nb\rc\n\td", multiline=True) == "a\nb\nc\n\td"


@pytest.mark.parametrize(
    ("typed", "found"),
    [("a\n\u202eb", "U+202E"), ("a\x0bb", "U+000B"), ("a\x0cb", "U+000C"), ("\x1f", "U+001F")],
)
def test_multiline_text_refuses_the_other_controls(typed, found):
    with pytest.raises(TextRefused) as refused:
        plain_text(typed, multiline=True)
    assert refused.value.code == "invisible_control" and found in refused.value.message


def test_nul_has_its_own_code():
    for multiline in (False, True):
        with pytest.raises(TextRefused) as refused:
            plain_text("a\x00b", multiline=multiline)
        assert refused.value.code == "nul_character"


def test_too_many_lines_are_refused_with_the_limit():
    assert plain_text("\n".join("x" * 3), multiline=True, max_lines=3) == "x\nx\nx"
    assert plain_text("a\r\nb\r\nc", multiline=True, max_lines=3) == "a\nb\nc"  # CRLF is one
    with pytest.raises(TextRefused) as refused:
        plain_text("\n" * 3, multiline=True, max_lines=3)
    assert refused.value.code == "too_many_lines"
    assert refused.value.extra == {"limit": 3}
    assert "3" in refused.value.message and "4" in refused.value.message


@pytest.mark.parametrize("value", [None, 12, b"bytes", ["a"]])
def test_what_is_not_text_is_refused(value):
    with pytest.raises(TextRefused) as refused:
        plain_text(value)
    assert refused.value.code == "not_text"


def test_controls_removed_cleans_old_text_for_a_copy():
    assert controls_removed("gg\u202eti\x07 sniw\u200d") == "ggti sniw\u200d"
    assert controls_removed("a\r\nb\u2066\tc", multiline=True) == "a\nb\tc"
    assert controls_removed("a\nb") == "ab"
