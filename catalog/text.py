"""Text folding and Hungarian word stems for accent- and case-blind search."""

from __future__ import annotations

import re
import unicodedata

_NON_WORD = re.compile(r"[^0-9a-z]+")


def fold(text: str | None) -> str:
    """Lower case without accents or invisible formatting: "Éjlépő Kajtár" -> "ejlepo kajtar".

    Format characters (Unicode category Cf: soft hyphen, zero-width space and
    joiners, direction marks) are dropped, not made word breaks: text pasted
    from a page or a PDF carries them inside words ("kaj\u00adtár"), and the
    reader never sees them, so "kajtár" must still be one word.
    """
    if not text:
        return ""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(
        ch
        for ch in decomposed
        if not unicodedata.combining(ch) and unicodedata.category(ch) != "Cf"
    )


def fold_words(text: str | None) -> str:
    """Folded, with every run of non-alphanumerics made one space."""
    return _NON_WORD.sub(" ", fold(text)).strip()


# Hungarian attaches case endings, plurals and possessives to the word; a
# searcher types "kajtárral" or "soyanát" and means Kajtár, Soyana. Longest
# suffixes first; folded, so á/a and é/e are one letter here.
_SUFFIXES = sorted(
    {
        "nak", "nek", "ban", "ben", "bol", "rol", "tol", "hoz", "hez", "ba", "be",
        "ra", "re", "val", "vel", "ert", "ig", "kent", "ul", "on", "en", "un",
        "at", "et", "ot", "ok", "ek", "ak", "k", "t", "nal", "nel", "ja", "je",
        "jat", "jet", "ai", "ei", "jai", "jei", "unk", "tok", "tek", "uk", "juk",
        "jok", "bbol", "rral", "rrel", "al", "el", "n", "i", "e", "a",
    },
    key=len,
    reverse=True,
)  # fmt: skip
MIN_STEM = 3


def stems(word: str) -> list[str]:
    """The word and the stems left when a Hungarian ending is cut off.

    Several candidates are returned because a stem guess can be wrong
    ("kentaurral" -> "kentaur" is right, "kentaurr" is not); the search
    matches a name word that starts with any candidate of at least three
    letters.
    """
    word = fold(word)
    found = [word]
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= MIN_STEM:
            stem = word[: -len(suffix)]
            # assimilated instrumental: "kajtarral" -> "kajtar" + "ral"
            if suffix in ("al", "el") and len(stem) >= 2 and stem[-1] == stem[-2]:
                stem = stem[:-1]
            if stem not in found:
                found.append(stem)
    return found
