"""core.text: telling text a reader can see from text that only looks typed."""

from __future__ import annotations

import time

import pytest

from core.text import shows_something, trimmed

SCOTLAND = "🏴\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"


@pytest.mark.parametrize(
    "text",
    [
        "",
        " \u00a0\u3000",
        "\u200b",
        "\ufeff",
        "\u00ad",
        "\u2060\u2060",
        "\u200d",
        "\u180e",
        "\ufe0f",
        "\u0301",
        "\u20dd",  # an enclosing circle, around nothing
        "\U000e0041\U000e0042",
        "\u3164",
        "\u115f\u1160\uffa0",
        "\u2800",
        "\x07",
    ],
)
def test_nothing_to_see(text):
    assert not shows_something(text)


@pytest.mark.parametrize(
    "text", ["x", "👍\ufe0f", "e\u0301", "Éjlépő", "1\ufe0f\u20e3", SCOTLAND, "\u200bx", "\ue000"]
)
def test_something_to_see(text):
    assert shows_something(text)


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        (f"hajrá {SCOTLAND}", f"hajrá {SCOTLAND}"),  # a flag's tags are the flag
        (f"{SCOTLAND}\u200b ", SCOTLAND),
        ("\U000e0041\U000e0042", ""),  # tags on nothing
        ("x \U000e0041\U000e0042 ", "x"),  # tags after a space
    ],
)
def test_trimming_keeps_a_flag_whole(typed, kept):
    assert trimmed(typed) == kept


def test_trimming_a_long_run_of_tags_takes_linear_time():
    started = time.perf_counter()
    assert trimmed(" " + "\U000e0041" * 500_000) == ""
    assert time.perf_counter() - started < 2
