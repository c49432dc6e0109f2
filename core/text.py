"""Names people type, trimmed of what cannot be seen.

`str.strip()` keeps a byte-order mark, zero-width spaces and direction marks
(Unicode's format characters, category Cf): a name of nothing but those
passes "not empty" and shows as a blank line. Trimmed here, such a name is
empty, and the caller's own rule for an empty name applies.
"""

from __future__ import annotations

import unicodedata


def _invisible(char: str) -> bool:
    return char.isspace() or unicodedata.category(char) == "Cf"


def trimmed(text: str) -> str:
    """`text` without the white space and invisible format characters at either end."""
    start, end = 0, len(text)
    while start < end and _invisible(text[start]):
        start += 1
    while end > start and _invisible(text[end - 1]):
        end -= 1
    return text[start:end]
