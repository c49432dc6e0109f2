"""When two usernames are the same name to a reader, and which names nobody can read.

Pure: no Django models, no database. `name_key` is what the database keeps
unique (accounts.User.name_key); `check_username` refuses the names that
would let one player pass for another.
"""

from __future__ import annotations

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


def name_key(username: str) -> str:
    """The name as a reader tells names apart: compatibility forms and case folded away.

    "Ádám", "ádám" and "ÁDÁM" (composed or not, full-width or not) share one key.
    """
    return unicodedata.normalize("NFKC", username).casefold()


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
