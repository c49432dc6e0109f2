"""Name order as a reader of each language expects it, from ICU's collation rules.

Folding a name (catalog.text.fold) is right for matching and wrong for ordering in
Hungarian: the alphabet has two-letter letters (cs, dz, dzs, gy, ly, ny, sz, ty, zs)
that come after their first letter as a whole ("Cukor" before "Csónak"), and ö, ő, ü, ű
are letters of their own after o and u ("Ostor" before "Öregember"), where folding
makes them o and u. ICU's Hungarian tailoring knows these (and the doubled forms:
"ssz" is sz + sz); English pages sort by the root order, accents only breaking ties.

A key is the ICU sort key written in hex, so comparing keys as plain text (any
database, any column collation: the text holds only 0-9 and a-f) orders the names.
"""

from __future__ import annotations

from functools import cache

import icu

# Keys longer than this are cut: the first ~80 letters' primary weights come first in
# an ICU key, so a cut key still orders names by their beginnings, and the column stays
# well inside what an index entry may hold.
KEY_LENGTH = 255

_LOCALES = {"hu": "hu_HU", "en": "en_GB"}


@cache
def _collator(language: str) -> icu.Collator:
    # A collator is safe to share for reading (getSortKey changes nothing in it).
    return icu.Collator.createInstance(icu.Locale(_LOCALES.get(language, "hu_HU")))


def name_order(name: str | None, language: str = "hu") -> str:
    """The text a name sorts by among names shown in `language` ("hu" or "en")."""
    if not name:
        return ""
    key = _collator(language).getSortKey(name).rstrip(b"\x00")
    return key.hex()[:KEY_LENGTH]
