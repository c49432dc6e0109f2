"""A deck's contents as plain data, shared by the pure deck modules."""

from __future__ import annotations

from dataclasses import dataclass

from core.bilingual import in_language

MAIN, SIDE = "main", "side"


@dataclass(frozen=True)
class Entry:
    """`count` copies of `card` on a board; card None = a name that matched no card."""

    card: dict | None
    count: int
    board: str = MAIN
    line: str | None = None  # the user's text, for an entry that came from an import

    @property
    def code(self) -> str | None:
        return self.card["code"] if self.card else None


def main_board(entries: list[Entry]) -> list[Entry]:
    return [e for e in entries if e.board == MAIN]


def total(entries: list[Entry], board: str = MAIN) -> int:
    return sum(e.count for e in entries if e.board == board)


def display_name(card: dict, language: str) -> str:
    return in_language(card["name"], card.get("name_en"), language)
