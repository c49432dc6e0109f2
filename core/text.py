"""Text people type for others to read: names trimmed, free text kept plain.

`str.strip()` keeps a byte-order mark, zero-width spaces and direction marks
(Unicode's format characters, category Cf): a name of nothing but those
passes "not empty" and shows as a blank line. Trimmed here, such a name is
empty, and the caller's own rule for an empty name applies. `shows_something`
tells text a reader can see from text that only looks typed: a combining mark
or a Hangul filler on its own is no format character, yet shows nothing.

`plain_text` refuses what would change how a text shows (control characters,
direction overrides) and text of too many lines; every service that stores
free text for others to see calls it.
"""

from __future__ import annotations

import re
import unicodedata

from django.utils.translation import gettext as _

from core.errors import ApplicationError


def _invisible(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) == "Cf"


# Tag characters (U+E0020–U+E007F) are format characters, but after a black flag they spell
# a subdivision's flag (🏴 + "gbsct" + cancel tag: Scotland's): trimmed off, it is a black flag.
_TAGS = range(0xE0020, 0xE0080)


def trimmed(text: str) -> str:
    """`text` without the white space and invisible format characters at either end,
    and "" when nothing in it shows (`shows_something`): a name of a Hangul filler or
    a lone combining mark is no name, whichever name or message it is.

    Tag characters at the end stay when something visible comes before them: they
    belong to an emoji flag.
    """
    start, end = 0, len(text)
    while start < end and _invisible(text[start]):
        start += 1
    while end > start:
        if ord(text[end - 1]) in _TAGS:
            # the whole run in one step: one step a character would read it again each time
            tags = end - 1
            while tags > start and ord(text[tags - 1]) in _TAGS:
                tags -= 1
            if tags > start and not _invisible(text[tags - 1]):
                break  # a flag's tags
            end = tags
        elif _invisible(text[end - 1]):
            end -= 1
        else:
            break
    kept = text[start:end]
    return kept if shows_something(kept) else ""


# Characters that draw nothing although they are letters or symbols: the Hangul fillers
# (U+115F, U+1160, U+3164, U+FFA0) and the blank braille pattern (U+2800), favourite
# "empty" names and messages.
_BLANK_GLYPHS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Nonspacing and enclosing marks (a combining accent, a variation selector) draw on the
# character before them: on their own, nothing a reader can tell from an empty line. So
# with control characters and lone surrogates. (A private-use or unassigned character
# shows a glyph of the reader's font, or at least a box.)
_DRAW_NOTHING = frozenset({"Mn", "Me", "Cc", "Cs"})


def shows_something(text: str) -> bool:
    """Whether `text` has a character a reader can see.

    Not white space, an invisible format character (zero-width space, soft hyphen, word
    joiner, tag characters…), a mark on nothing, a control character or a blank glyph.
    "👍\\ufe0f" and "e\\u0301" show something; "\\u200b", "\\ufe0f" or "\\u3164" alone do not.
    """
    return any(
        not _invisible(char)
        and char not in _BLANK_GLYPHS
        and unicodedata.category(char) not in _DRAW_NOTHING
        for char in text
    )


# --- plain text -----------------------------------------------------------------------------
# Free text that one person types and others see must show as typed. Control characters
# (C0, DEL, C1) ring, move the cursor or start terminal escapes wherever the text is logged
# or copied; the direction overrides, embeddings, isolates and marks reorder what follows
# them ("gg\u202eti sniw" shows as "ggwins it"). Other invisible format characters stay
# allowed inside the text: the zero-width joiner and non-joiner belong to some scripts and
# emoji, and `trimmed` already takes them off the ends.
_BIDI_CONTROLS = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
_REFUSED_IN_A_LINE = re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI_CONTROLS}]")
_REFUSED_IN_LINES = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI_CONTROLS}]")  # \t and \n kept
_LINE_BREAK = re.compile(r"\r\n?")


def line_feeds(text: str) -> str:
    """`text` with every line break a textarea sends ("\\r\\n", or a lone "\\r") made "\\n".

    A browser counts a line break as ONE character against a textarea's
    `maxlength` but sends two ("\\r\\n"): a text is measured after this, or
    one the box let the user type is refused as too long.
    """
    return _LINE_BREAK.sub("\n", text)


class TextRefused(ApplicationError):
    """Free text that cannot be shown as typed: `code` says why."""


def plain_text(
    text: str, *, multiline: bool = False, max_lines: int | None = None, field: str = ""
) -> str:
    """`text` as it may be stored and shown, or TextRefused (400) and nothing else happens.

    The caller checks the length first, with its own code and message: this
    reads every character, so a huge text is refused before it gets here. A
    multi-line text is measured after `line_feeds`, as its box counted it. In
    `multiline` text "\\r\\n" and "\\r" become "\\n" (the line breaks a textarea
    sends), and "\\n" and "\\t" are allowed; in a one-line text a tab becomes a
    space and a line break is refused.
    Refused: NUL (`nul_character`: PostgreSQL cannot store it), any other
    control character or direction control (`invisible_control`, naming the
    first one found) and more than `max_lines` lines (`too_many_lines`, with
    `extra["limit"]`). A refusal names the `field` it is about in `extra["field"]`
    when the caller gives one, so a form can show it under that field.
    """
    try:
        return _plain(text, multiline=multiline, max_lines=max_lines)
    except TextRefused as refused:
        if field:
            refused.extra["field"] = field
        raise


def _plain(text: str, *, multiline: bool, max_lines: int | None) -> str:
    if not isinstance(text, str):
        raise TextRefused("not_text", _("Text is expected here."))
    if multiline:
        text = line_feeds(text)
    else:
        text = text.replace("\t", " ")  # a tab pasted into a name is only a wide space
    if "\x00" in text:
        raise TextRefused("nul_character", _("Text may not contain the NUL character (\\u0000)."))
    found = (_REFUSED_IN_LINES if multiline else _REFUSED_IN_A_LINE).search(text)
    if found:
        character = f"U+{ord(found.group()):04X}"
        raise TextRefused(
            "invisible_control",
            _(
                "Text may not contain invisible control characters such as direction "
                "overrides (%(character)s)."
            )
            % {"character": character},
            extra={"character": character},
        )
    if max_lines is not None:
        lines = text.count("\n") + 1
        if lines > max_lines:
            raise TextRefused(
                "too_many_lines",
                _("This text may have at most %(limit)s lines; this one has %(found)s.")
                % {"limit": max_lines, "found": lines},
                extra={"limit": max_lines},
            )
    return text


def controls_removed(text: str, *, multiline: bool = False) -> str:
    """`text` without what `plain_text` refuses, line breaks made "\\n" where `multiline`.

    For text saved before the check existed that we copy into a new row (a
    deck's copy): the owner of the copy did not type it, so it is cleaned
    instead of refused.
    """
    if multiline:
        return _REFUSED_IN_LINES.sub("", line_feeds(text))
    return _REFUSED_IN_A_LINE.sub("", text)
