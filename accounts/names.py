"""When two usernames are the same name to a reader, and which names nobody can read.

Pure: no Django models, no database. `name_key` is what the database keeps
unique (accounts.User.name_key); `check_username` refuses the names that
would let one player pass for another.
"""

from __future__ import annotations

import functools
import unicodedata

from django.utils.translation import gettext_lazy as _

from core.errors import ApplicationError

# Letters that draw nothing: a name of them looks empty, and one with them
# looks like another name with a space in it. Unicode has no property for
# "renders blank", so this is the list of such letters (category L*; the
# validator of Django's username field refuses spaces and format characters
# already). U+FFA0 becomes U+3164 under NFKC; both are kept for a name that
# reaches here unnormalised.
BLANK_LETTERS = frozenset(
    {
        "\u115f",  # HANGUL CHOSEONG FILLER
        "\u1160",  # HANGUL JUNGSEONG FILLER
        "\u3164",  # HANGUL FILLER
        "\uffa0",  # HALFWIDTH HANGUL FILLER
        "\u2800",  # BRAILLE PATTERN BLANK (a symbol, but drawn as nothing)
    }
)

# Scripts that one name may mix: Japanese writes kanji, hiragana and katakana
# side by side (and Chinese shares the ideographs).
_JAPANESE_CHINESE = "CJK"
_SCRIPT_GROUP = {
    "CJK": _JAPANESE_CHINESE,
    "HIRAGANA": _JAPANESE_CHINESE,
    "KATAKANA": _JAPANESE_CHINESE,
    "KATAKANA-HIRAGANA": _JAPANESE_CHINESE,  # the long-vowel mark ー
    "IDEOGRAPHIC": _JAPANESE_CHINESE,  # the iteration mark 々
}

NAME_KEY_MAX_LENGTH = 150


class UnusableName(ApplicationError):
    """A username refused for how it reads, before anyone holds it."""


# Turkish and Azerbaijani spell i with or without a dot in either case: "ı" and "İ" are
# letters of their own that Unicode's case folding keeps apart from "i" ("İ" folds to
# "i" plus a combining dot above), yet "alıce" and "ALİCE" read as "alice".
_DOTTED_AND_DOTLESS_I = str.maketrans({"ı": "i", "İ": "I"})
_I_WITH_A_DOT = "i\u0307"  # "i" and a combining dot above: an "i" to a reader

_spoof_checker = None


def _checker():
    global _spoof_checker
    if _spoof_checker is None:
        import icu  # kept for collation (catalog.collation); loaded when a key is first made

        _spoof_checker = icu.SpoofChecker()
    return _spoof_checker


_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyz")


@functools.lru_cache(maxsize=4096)
def _as_latin(char: str) -> str:
    """`char`, or the Latin letter a reader takes it for: a letter that Unicode's
    confusables (ICU's skeleton, UTS #39) draw as one of a–z ("ɑ", "ɡ", Cyrillic "а",
    Greek "ο"). Only letters for letters: a digit stays a digit ("0" is not "o") and "m"
    is not "rn", so names that differ to a careful reader are not taken for one."""
    if not char.isalpha() or char in _ASCII_LETTERS:
        return char
    skeleton = _checker().getSkeleton(0, char)
    return skeleton if skeleton in _ASCII_LETTERS else char


def name_key(username: str) -> str:
    """The name as a reader tells names apart: compatibility forms, case, the dot of a
    Turkish i and letters drawn like a Latin letter folded away.

    "Ádám", "ádám" and "ÁDÁM" (composed or not, full-width or not) share one key;
    so do "alice", "alıce", "ALİCE" and "ɑlice" (a Latin alpha).
    """
    folded = unicodedata.normalize("NFKC", username).translate(_DOTTED_AND_DOTLESS_I).casefold()
    folded = folded.replace(_I_WITH_A_DOT, "i")
    return "".join(map(_as_latin, folded))


def _script(letter: str) -> str:
    """The script a letter belongs to, from the first word of its Unicode name."""
    word = unicodedata.name(letter, "UNKNOWN").split(" ", 1)[0]
    return _SCRIPT_GROUP.get(word, word)


def check_username(username: str) -> None:
    """Refuse a name that could pass for another player's or that reads as nothing.

    Raises UnusableName with code `blank_name` (a letter that draws nothing),
    `mixed_scripts` (letters of two scripts: "аdmin" with a Cyrillic а looks
    exactly like "admin") or `name_too_long` (its key would not fit). Digits
    and . @ + - _ belong to no script.
    """
    normal = unicodedata.normalize("NFKC", username)
    if any(ch in BLANK_LETTERS for ch in username + normal):
        raise UnusableName(
            "blank_name",
            _("Your name has a letter in it that shows as nothing. Use visible letters only."),
        )
    scripts = {_script(ch) for ch in normal if unicodedata.category(ch).startswith("L")}
    if len(scripts) > 1:
        raise UnusableName(
            "mixed_scripts",
            _(
                "Your name mixes letters of different alphabets (say Latin and Cyrillic), "
                "so it could look like someone else's. Use letters of one alphabet."
            ),
        )
    if len(name_key(username)) > NAME_KEY_MAX_LENGTH:
        raise UnusableName("name_too_long", _("Your name is too long. Choose a shorter one."))
