"""Text held in both languages, and the reader's pick of it.

Deck codes and lists (decks/codec.py) and sheet geometry (printing/layout.py)
run without Django, so they cannot translate; they say a refusal in Hungarian
and in English, and the caller picks by the user's language.

The card data is Hungarian, with an English name and text where one was
written: `in_language` is the one rule for which of the two a reader sees
(models, pages, terminal games and lobby labels all ask it).
"""

from __future__ import annotations


class BilingualError(ValueError):
    """`code` names the problem for programs; `message(language)` says it to people."""

    def __init__(self, code: str, message_hu: str, message_en: str) -> None:
        super().__init__(message_en)
        self.code = code
        self.message_hu = message_hu
        self.message_en = message_en

    def message(self, language: str) -> str:
        return self.message_en if language == "en" else self.message_hu


def in_language(hungarian: str, english: str | None, language: str | None) -> str:
    """The English for a reader of English when there is one; the Hungarian otherwise
    (the data's own language, which is always there)."""
    return english if language == "en" and english else hungarian


def for_reader(hungarian: str, english: str | None) -> str:
    """`in_language` in the language of the request or task being served."""
    from django.utils.translation import get_language  # here: the module stays pure

    return in_language(hungarian, english, get_language())
