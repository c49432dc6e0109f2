"""A refusal from a pure module that carries its message in both languages.

Deck codes and lists (decks/codec.py) and sheet geometry (printing/layout.py)
run without Django, so they cannot translate; they say it in Hungarian and in
English, and the caller picks by the user's language.
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
