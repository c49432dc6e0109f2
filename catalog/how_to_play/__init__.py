"""The facts a game's "How to play" page states, read from the code that enforces them.

A page is prose in one language (templates/catalog/rules/<room>_<language>.html) around
figures it never types: deck sizes and copy limits, hand sizes, points, levels and life come
from the engines and the registry (core/games.py), card names, texts and counts from the
shipped card data (catalog/data), the lobby's choices from the game's spec. So when a rule's
number changes in the engine, the page changes with it. A figure the code holds only as a
literal inside a function (the 1 glory a refused duel costs, the 1 VP an instant is cycled
for) is written in the prose.

Reads only: no Django models, nothing written. What the pages share is here; what a game
alone has is its room, catalog/how_to_play/<room>.py (`facts(spec, language)`), named by the
registry (core/games.py Rooms.how_to_play) like every other per-game file.
"""

from __future__ import annotations

import importlib
from collections import Counter
from dataclasses import dataclass

from django.urls import reverse

from catalog import vocab
from catalog.records import shipped_cards
from core.bilingual import in_language
from core.games import GameSpec


def page_language(language: str | None) -> str:
    """The language of the page written for `language` (Hungarian unless English)."""
    return "en" if language == "en" else "hu"


def template_name(spec: GameSpec, language: str) -> str:
    """The game's page in that language: catalog/rules/<room>_<hu|en>.html."""
    return f"{spec.rooms.how_to_play_template}_{page_language(language)}.html"


@dataclass(frozen=True)
class LobbyChoice:
    """One option of the game's lobby form, as the page lists it."""

    name: str
    label: str
    values: tuple[str, ...]  # the labels of the allowed values, in the lobby's order
    default: str  # the label of the value the lobby starts on
    help: str
    count: int  # how many values there are

    @property
    def listed(self) -> bool:
        """Whether the page lists the values (a long list, such as Arcane Guardian's 56 sets
        of endings, is counted instead: the game's own text says what they are)."""
        return self.count <= LISTED_VALUES


LISTED_VALUES = 12


def lobby_choices(spec: GameSpec) -> list[LobbyChoice]:
    """The lobby's choices for the game (the registry's), labelled in the active language."""
    rows = []
    for choice in spec.choices:
        labels = [str(label) for _value, label in choice.options()]
        rows.append(
            LobbyChoice(
                name=choice.name,
                label=str(choice.label),
                values=tuple(labels),
                default=labels[choice.values.index(choice.default)],
                help=str(choice.help),
                count=len(labels),
            )
        )
    return rows


@dataclass(frozen=True)
class CardType:
    label: str  # the catalog's name for the type, in the page's language
    count: int  # shipped cards of the type
    url: str  # the catalog search for them


def card_types(spec: GameSpec, language: str) -> dict[str, CardType]:
    """Every card type of the game's engine (its cards module) by id: the page links each."""
    counts = Counter(card["type"] for card in shipped_cards(spec.id))
    cards_url = reverse("catalog:index")
    return {
        type_id: CardType(
            label=vocab.TYPES.label(type_id, language),
            count=counts[type_id],
            url=f"{cards_url}?q=game:{spec.id}+t:{type_id}",
        )
        for type_id in spec.card_module().TYPES
    }


def named(card: dict, language: str) -> dict:
    """A shipped card as a page lists it: name, rules text and page, in the page's language."""
    return {
        "code": card["code"],
        "name": in_language(card["name"], card.get("name_en"), language),
        "text": in_language(card["text"], card.get("text_en"), language),
        "url": reverse("catalog:card", args=[card["code"]]),
    }


def page_context(spec: GameSpec, language: str) -> dict:
    """Everything a game's page shows that the code knows."""
    language = page_language(language)
    return {
        "spec": spec,
        "f": importlib.import_module(spec.rooms.how_to_play).facts(spec, language),
        "types": card_types(spec, language),
        "lobby_choices": lobby_choices(spec),
        "cards_url": f"{reverse('catalog:index')}?q=game:{spec.id}",
    }
