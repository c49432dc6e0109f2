"""Hungarian grammar the code needs to know: the definite article before a word or a number.

Hungarian writes "a" before a consonant sound and "az" before a vowel sound, and a
number goes by how it is read aloud: "a 2. forduló" (kettő), "az 1. forduló" (egy),
"az 5." (öt), "az 50." (ötven), "az 1000." (ezer), but "a 10." (tíz) and "a 100." (száz).
A sentence whose number or name the code fills in cannot carry "a(z)" for a reader to
sort out: the code picks the sentence with the right article (a message context each).
Pure: no Django, no translation.

A translation cannot compute, so a Hungarian sentence whose value is filled in later
writes "a(z)" right before the field ("a(z) {n}. helyre"); whatever fills it settles
the article from the value (`settle_articles`; static/js/live.js's `fill` does the same
for the live table).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

VOWELS = frozenset("aáeéiíoóöőuúüű")
# A letter read on its own ("az F", "az L-alakú", "a B", "az r:"): its name's first sound.
LETTERS_READ_WITH_A_VOWEL = frozenset("AÁEÉFIÍLMNOÓÖŐRSUÚÜŰXY")
QUOTES = "„”“\"'‘’«»‹›([{ \t"


def _number_takes_az(digits: str) -> bool:
    """Whether the number written `digits` is read from a vowel: its first spoken word is
    that of its leading group of three digits, which is "egy" alone (1, 1 000 000:
    egymillió) or "ezer" for a leading 1 of the thousands, and "öt…" for a leading 5
    (öt, ötven, ötszáz). "száz" (100), "tíz" (10), "tizen…" and the rest start hard."""
    digits = digits.lstrip("0") or "0"
    leading_group = digits[: len(digits) % 3 or 3]
    return leading_group == "1" or digits[0] == "5"


def article(word_or_number: object) -> str:
    """ "a" or "az": the article before `word_or_number` (a number, or text that starts
    with a word or a number: "2. forduló", "„Alap”", "Álomfogó", "F3")."""
    if isinstance(word_or_number, bool):
        raise TypeError("a truth value has no article")
    if isinstance(word_or_number, int):
        # a negative number is read "mínusz …"
        return "az" if word_or_number >= 0 and _number_takes_az(str(word_or_number)) else "a"
    text = str(word_or_number).lstrip(QUOTES)
    digits = ""
    for char in text:
        if not char.isdigit():
            break
        digits += char
    if digits:
        return "az" if _number_takes_az(digits) else "a"
    if not text:
        return "a"
    first = text[0]
    alone = len(text) == 1 or not text[1].isalpha()
    if alone:  # a letter read by its name, a capital or not (a search key's "r:": "er")
        return "az" if first.upper() in LETTERS_READ_WITH_A_VOWEL else "a"
    return "az" if first.lower() in VOWELS else "a"


# "a(z) {name}", "A(z) „{name}”" or "a(z) %(name)s" in a sentence still to be filled: the
# field right after.
ARTICLE_BEFORE_FIELD = re.compile(r"(?<!\w)([aA])\(z\) ([„“\"']?)(\{(\w+)\}|%\((\w+)\)s)")
MARKUP = re.compile(r"<[^>]*>")


def settle_articles(text: str, params: Mapping[str, object]) -> str:
    """`text` with each "a(z)" before a {field} turned into the article the field's value
    takes, capitalised as written; the fields stay for the filler. A field with no value
    keeps its "a(z)". A value may be markup (a name set apart in <bdi>): its text counts."""

    def one(found: re.Match) -> str:
        letter, quote, field, brace_name, percent_name = found.groups()
        value = params.get(brace_name or percent_name)
        if value is None:
            return found.group(0)
        word = article(MARKUP.sub("", str(value)))
        if letter == "A":
            word = word.capitalize()
        return f"{word} {quote}{field}"

    return ARTICLE_BEFORE_FIELD.sub(one, str(text))  # str(): a lazy translation too


def percent_filled(message: str, params: Mapping[str, object]) -> str:
    """`message % params`, each "a(z)" before a %(field)s first settled for its value."""
    return settle_articles(message, params) % params
