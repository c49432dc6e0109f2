"""The three games Kártyavár serves, as the home page introduces them.

The catalog (issue #3) holds the games as rows; this list is the fixed
introduction that is true before any card data is loaded.
"""

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class GameIntro:
    id: str
    name: str
    tagline: Promise
    players: Promise
    deck: Promise


GAMES = [
    GameIntro(
        id="alomfogo",
        name="Álomfogó",
        tagline=_(
            "A collectible duel game: révülők and their helpers fight for glory "
            "on the branches of the World Tree."
        ),
        players=_("2 players (3–6 in the variant)"),
        deck=_("Your own deck: at least 35 cards (45 in tournaments), at most 3 copies of a card."),
    ),
    GameIntro(
        id="oniroo",
        name="ONIROO",
        tagline=_(
            "Build dreams from symbol cards by matching letters, shapes, digits "
            "and groups, over five levels of play."
        ),
        players=_("1–6 players, with solitaire levels"),
        deck=_("The fixed 173-card game; each level uses its own part of it."),
    ),
    GameIntro(
        id="arcane-guardian",
        name="Arcane Guardian",
        tagline=_(
            "A solo dungeon crawl: a mage fights, collects and levels up through "
            "three piles to find the way out."
        ),
        players=_("1 player"),
        deck=_("The fixed game; you choose three of the endings."),
    ),
]
