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
    rules: Promise  # where the rules come from, for the game's catalog page


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
        rules=_(
            "The rules come from the rulebook of the Álomfogó card game (base set, 2007), "
            "with its example game and small glossary."
        ),
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
        rules=_(
            "The rules come from the ONIROO rulebook, which its author gives away to print "
            "at home: five levels for 2–6 players and the solitaire."
        ),
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
        rules=_("The rules come from the Arcane Guardian rulebook."),
    ),
]
