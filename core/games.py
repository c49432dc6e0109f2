"""The registry of games: each game Kártyavár serves, described once.

One `GameSpec` per game says everything the apps need to know about it: how
the home and catalog pages introduce it, its engine, its bots, its lobby
options, lobby form and seats, its table front end (template, script,
strings), its face layout, its terminal game, its deck formats, its starting
hand, its rules doc, the fields its cards carry and the words a search may
name it by (its card types and subtypes are its engine's, in the engine's
cards module). The apps ask
this registry and never branch on a game's id; what only one game does (how
ONIROO counts its seats, which options its level leaves out) is a hook given
here, next to the rest of that game's description.

Why here, in `core`: core is the app every other app already imports and that
imports none of them at load time, so catalog, decks, play and printing can read the
registry without an import cycle. The registry names the other apps' modules
by dotted path and imports them only when asked, so reading a game's
description loads neither Django's ORM nor an engine but Álomfogó's, whose
deck rules its lobby choice is built from (the engines, bots and terminal
games run in plain Python and import nothing of the apps; the labels here are
lazy translations).

A game's **rooms** are its files, each named by the game's `room` (its id
with `_` for `-`: the id `arcane-guardian` stays in URLs, data and the
database). `Rooms.of(room)` gives the conventional names; a test checks that
every registered game has each of them. A room only some games have (the deck
builder's draw odds, `decks/odds_<room>.py`) is named in the game's spec.
"""

from __future__ import annotations

import dataclasses
import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.utils.functional import Promise, lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from core.bilingual import for_reader, in_language

# The engine facts the registry reads at load: Álomfogó's deck rules, which its lobby
# choice of the smallest deck is built from, and Arcane Guardian's sets of endings (from its
# shipped cards, `_arcane_guardian_endings`). The engines import nothing, so no cycle.
from play.engines.alomfogo import deck_rules as _alomfogo_deck_rules

ROOT = Path(__file__).resolve().parent.parent  # the repository


@dataclass(frozen=True)
class Choice:
    """One lobby option: its name in the engine's options, the allowed values, the default."""

    name: str
    label: str
    values: tuple
    default: object
    labels: tuple = ()  # display labels, one per value (defaults to the values)
    help: str = ""

    def parse(self, raw):
        """The value chosen in a form (strings) or JSON (already typed); None if not allowed.

        JSON values must have the option's own type: `true` is not 1 and 1.0
        is not 1, although Python's == says so.
        """
        for value in self.values:
            if (type(raw) is type(value) and raw == value) or (
                isinstance(raw, str) and raw == _form_value(value)
            ):
                return value
            # a value that is a list (Álomfogó's banned card types) is a tuple here, so the
            # choices stay hashable; JSON and a stored match's options give it as a list
            if isinstance(value, tuple) and type(raw) is list and tuple(raw) == value:
                return value
        return None

    def options(self):
        labels = self.labels or tuple(str(v) for v in self.values)
        return [(_form_value(v), label) for v, label in zip(self.values, labels, strict=True)]


def _form_value(value) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (tuple, list)):  # a list of names: the names, "none" for no name
        return ",".join(value) or "none"
    return str(value)


@dataclass(frozen=True)
class Rooms:
    """Where a game's own files are; every name is built from the game's room name."""

    engine: str  # package under play/engines/
    bots: str  # module of its greedy bot
    terminal: str  # the terminal game, `python -m play.cli <game id>`
    table_template: str
    strings_template: str  # the table's translated strings, included by the template
    table_script: str  # static path
    table_style: str  # static path of the table's own stylesheet
    lobby_template: str  # the game's form on the lobby page
    face_layout: str  # module (or package) under catalog/faces/
    rules_doc: str  # path from the repository root
    cards: str  # the engine's card module: its card TYPES and SUBTYPES
    sampler: str  # a searchable game's states rebuilt from a view (play/engines/sampling.py)
    card_list: str  # its shipped cards as the engine takes them, read without Django
    formats: str  # its deck formats (decks/formats.py reads their rows)
    how_to_play: str  # module of the figures its "How to play" page states (catalog.how_to_play)
    how_to_play_template: str  # that page, with the language added: "<name>_hu.html"

    @classmethod
    def of(cls, room: str) -> Rooms:
        return cls(
            engine=f"play.engines.{room}",
            bots=f"play.bots.{room}_greedy",
            terminal=f"play.cli_{room}",
            table_template=f"play/table_{room}.html",
            strings_template=f"play/_{room}_strings.html",
            table_script=f"js/{room}.js",
            table_style=f"css/{room}.css",
            lobby_template=f"play/_lobby_{room}.html",
            face_layout=f"catalog.faces.{room}",
            rules_doc=f"docs/rules/{room}.md",
            cards=f"play.engines.{room}.cards",
            sampler=f"play.engines.{room}.sampling",
            card_list=f"play.bots.{room}_cards",
            formats=f"decks.formats_{room}",
            how_to_play=f"catalog.how_to_play.{room}",
            how_to_play_template=f"catalog/rules/{room}",
        )


@dataclass(frozen=True)
class CardFields:
    """The card fields that are the game's own (docs/card-data.md): the card validator's rules."""

    own: tuple[str, ...] = ()  # fields only this game's cards carry (other games' stay null)
    by_type: dict[str, frozenset[str]] = field(default_factory=dict)  # field -> types carrying it
    required: frozenset[str] = frozenset()  # fields every card of this game fills


@dataclass(frozen=True)
class BuilderExamples:
    """What the deck builder offers as examples for a deck of the game: a card for its quick
    add (by code; the page names it in the reader's language) and a search in each language
    that finds the game's cards, each a line that works as written in that game's builder."""

    card: str
    search_hu: str
    search_en: str

    def search(self, language: str | None) -> str:
        return in_language(self.search_hu, self.search_en, language)


def _two_seats(options: dict) -> int:
    return 2


def _as_given(options: dict) -> dict:
    return options


def _no_refusal(options: dict) -> Promise | None:
    return None


def _table_format_as_built(options: dict, own):
    return own


@dataclass(frozen=True)
class GameSpec:
    id: str  # the game's slug: URLs, card data, the Game row
    name: str
    aliases: tuple[str, ...]  # what else a search may call it (`g:af`)
    tagline: Promise
    players: Promise
    deck: Promise
    rules: Promise  # where the rules come from, for the game's catalog page
    greedy_bot: str  # class name in `rooms.bots`
    uses_decks: bool  # each seat brings its own deck (else the game deals its whole set)
    default_format: str  # the deck format a new deck starts in
    rated_format: str | None = None  # a rated match needs both decks legal in it
    public_effects: bool = False  # the table is sent each card's structured effects
    # the module of the builder's draw odds and goldfish for its decks (an optional room,
    # decks/odds_<room>.py); None: the builder models no draws of this game
    deck_odds: str | None = None
    solver: str | None = None  # module whose `solve_state` judges a deal (table hints)
    # the search bot ("hard") plays it: its engine has a sampler (play.engines.<room>.sampling)
    searchable: bool = False
    # "module:function" giving the public decks the search bot draws an opponent's unseen cards
    # from (a game whose every card is known needs none)
    prior: str | None = None
    card_fields: CardFields = CardFields()
    # its cards belong to houses: the catalog's filter offers its subtypes as "House" and
    # its card module names the houses (HOUSES), the order the deck builder groups them in
    houses: bool = False
    choices: tuple[Choice, ...] = field(default_factory=tuple)
    fixed: dict = field(default_factory=dict)  # options always passed to the engine
    seat_hook: Any = _two_seats  # options -> number of seats
    tidy_hook: Any = _as_given  # options -> the options the engine accepts
    refuse_hook: Any = _no_refusal  # options -> why the lobby refuses them, or None
    # (options, the deck's own format row) -> the row a seat's deck is checked in at the table
    table_format_hook: Any = _table_format_as_built
    # the deck builder's examples: every game says its own (no default, so none is forgotten)
    builder_examples: BuilderExamples = field(kw_only=True)

    @property
    def room(self) -> str:
        return self.id.replace("-", "_")

    @property
    def rooms(self) -> Rooms:
        return Rooms.of(self.room)

    @property
    def table_title(self) -> Promise:
        """The title and heading of the game's table, live and replayed: one rule for every
        game, its name and what the page is ("ONIROO match")."""
        return format_lazy(_("{game} match"), game=self.name)

    @property
    def template(self) -> str:
        return self.rooms.table_template

    def engine(self):
        """The engine module (imported on first use)."""
        return importlib.import_module(self.rooms.engine)

    @property
    def hand_size(self) -> int:
        """Cards in a starting hand (the deck builder's sample hand): the engine's own."""
        return self.engine().opening_hand

    def face_layout(self):
        return importlib.import_module(self.rooms.face_layout)

    def card_module(self):
        """The engine's card module: the game's card TYPES and SUBTYPES."""
        return importlib.import_module(self.rooms.cards)

    def terminal(self):
        return importlib.import_module(self.rooms.terminal)

    def greedy_bot_class(self):
        return getattr(importlib.import_module(self.rooms.bots), self.greedy_bot)

    def sampler(self):
        """The engine's sampler (for the search bot); KeyError if the game is not searchable."""
        if not self.searchable:
            raise KeyError(f"the game {self.id!r} has no sampler")
        return importlib.import_module(self.rooms.sampler)

    def opponent_prior(self) -> list[list[dict]]:
        """The public decks an opponent draws from, as far as anyone knows ([]: all cards known)."""
        if self.prior is None:
            return []
        module, function = self.prior.split(":")
        return getattr(importlib.import_module(module), function)()

    def odds(self):
        """The game's draw odds and goldfish module (imported on first use), or None."""
        return importlib.import_module(self.deck_odds) if self.deck_odds else None

    def solver_module(self):
        return importlib.import_module(self.solver) if self.solver else None

    def formats(self) -> list:
        from decks.formats import formats_for

        return formats_for(self.id)

    def seats(self, options: dict) -> int:
        return self.seat_hook(options)

    def refusal(self, options: dict) -> Promise | None:
        """Why the lobby refuses these (already parsed) options before asking the engine."""
        return self.refuse_hook(options)

    def table_format(self, options: dict, format_id: str):
        """The format row (decks.formats.Format) a seat's deck built in `format_id` is checked
        in at a table with `options`: the deck's own (the game's default for an unknown id)
        with whatever the table asks on top of it, which may be a row no format lists."""
        from decks.formats import default_format, get_format

        own = get_format(self.id, format_id) or default_format(self.id)
        return self.table_format_hook(options, own)

    def described_options(self, options: dict) -> list[tuple[str, str]]:
        """The lobby choices a match was made with, as (label, the chosen value's label):
        what a player sees before joining. Choices the match's options lack are left out."""
        rows = []
        for choice in self.choices:
            if choice.name in options:
                labels = dict(choice.options())
                value = _form_value(options[choice.name])
                rows.append((str(choice.label), str(labels.get(value, value))))
        return rows

    def options_from(self, raw: dict) -> tuple[dict, list[str]]:
        """(options for the engine, names of the choices whose value is not allowed)."""
        options, bad = dict(self.fixed), []
        for choice in self.choices:
            if choice.name not in raw:
                options[choice.name] = choice.default
                continue
            value = choice.parse(raw[choice.name])
            if value is None:
                bad.append(choice.name)
            else:
                options[choice.name] = value
        return self.tidy_hook(options), bad


# --- Álomfogó's own lobby rules (docs/rules/alomfogo.md) ---

# Its deck sizes, each said once. The rulebook's smallest deck and copy limit are its
# engine's, which checks them at the table. Tournaments ask for a larger deck: a size of
# the site's, said here, that the "tournament" deck format (decks/formats_alomfogo.py), the lobby's
# choice below and the deck text read.
ALOMFOGO_SMALLEST_DECK: int = _alomfogo_deck_rules["min_deck_size"]
ALOMFOGO_MAX_COPIES: int = _alomfogo_deck_rules["max_copies"]
ALOMFOGO_TOURNAMENT_DECK: int = 45


def _alomfogo_table_format(options: dict, own):
    """A deck is checked in its own format with the table's house rules on top: at least
    the table's smallest deck, and none of the card types either of them bans. A deck's own
    ban stands at any table (a "no events" deck is one without events, at 45 cards too); the
    table's holds for every deck at it. The same limits the engine checks when it deals."""
    smallest = options.get("min_deck_size", ALOMFOGO_SMALLEST_DECK)
    banned = own.banned_types | frozenset(options.get("banned_types") or ())
    if (own.min_cards or 0) >= smallest and banned == own.banned_types:
        return own
    return dataclasses.replace(
        own, min_cards=max(own.min_cards or 0, smallest), banned_types=banned
    )


def _alomfogo_tidy(options: dict) -> dict:
    """The engine takes its banned types as a list; with none banned the option is left out
    (the engine's default: no ban), so a table without a ban is stored and shown as before."""
    options = dict(options)
    banned = options.pop("banned_types", ())
    if banned:
        options["banned_types"] = list(banned)
    return options


# --- ONIROO's own lobby rules (docs/rules/oniroo.md) ---


def _oniroo_seats(options: dict) -> int:
    return int(options.get("players", 2))


def _oniroo_tidy(options: dict) -> dict:
    """Drop the options the chosen level does not let the players choose (the engine
    refuses them or the level fixes them: `choices_at` says which, in the engine)."""
    from play.engines.oniroo.setup import choices_at

    options = dict(options)
    level = options.get("level", 5)
    chosen = choices_at(level, options.get("players") == 1)
    if options.get("min_dream_length") == 0:  # the level's own minimum: the engine's default
        options.pop("min_dream_length")
    for choice in GAMES["oniroo"].choices:
        if choice.name not in ("players", "level") and choice.name not in chosen:
            options.pop(choice.name, None)
    return options


def _oniroo_refusal(options: dict) -> Promise | None:
    from play.engines.oniroo.setup import SOLITAIRE_LEVELS

    if options.get("players") == 1 and options.get("level", 1) not in SOLITAIRE_LEVELS:
        return _("Solitaire has levels 1 to 3.")
    return None


def _one_seat(options: dict) -> int:
    return 1


# --- Arcane Guardian's own lobby rules (docs/rules/arcane_guardian.md) ---


def _card_name(card: dict) -> str:
    """A card's name in the visitor's language (the card data holds both)."""
    return for_reader(card["name"], card.get("name_en"))


def _ending_set_label(codes: tuple[str, ...], winnable: bool, cards: dict) -> str:
    names = ", ".join(_card_name(cards[code]) for code in codes)
    if winnable:
        return names
    never = _("cannot be won")  # outside the f-string, where makemessages finds it
    return f"{names} ({never})"


def _arcane_guardian_endings() -> Choice:
    """The rulebook has the player choose three of the endings: every set of three, each
    named by its cards (the set no ending of which can ever win says so), or three drawn
    at random as the dungeon is dealt (the engine's default)."""
    from catalog.records import shipped_cards  # the card file itself: play.bots needs us
    from play.engines.arcane_guardian.setup import ending_sets

    cards = {card["code"]: card for card in shipped_cards("arcane-guardian")}
    sets = ending_sets(list(cards.values()))
    return Choice(
        "endings",
        _("Endings"),
        ("random", *(codes for codes, _winnable in sets)),
        "random",
        labels=(
            _("three at random"),
            *(lazy(_ending_set_label, str)(codes, winnable, cards) for codes, winnable in sets),
        ),
        help=_(
            "The rulebook has you choose the three endings before they are hidden in the "
            "piles; where each one lies stays a secret."
        ),
    )


def _arcane_guardian_tidy(options: dict) -> dict:
    """The engine takes the chosen endings as a list; three at random is its default, so a
    dungeon dealt so is stored and shown as before."""
    options = dict(options)
    endings = options.pop("endings", "random")
    if endings != "random":
        options["endings"] = list(endings)
    return options


YES_NO = (False, True)

_ALL = (
    GameSpec(
        id="alomfogo",
        name="Álomfogó",
        aliases=("af", "dreamcatcher"),
        tagline=_(
            "A collectible duel game: révülők and their helpers fight for glory "
            "on the branches of the World Tree."
        ),
        players=_("2 players (3–6 in the variant)"),
        deck=format_lazy(
            _(
                "Your own deck: at least {smallest} cards ({tournament} in tournaments), "
                "at most {copies} copies of a card."
            ),
            smallest=ALOMFOGO_SMALLEST_DECK,
            tournament=ALOMFOGO_TOURNAMENT_DECK,
            copies=ALOMFOGO_MAX_COPIES,
        ),
        rules=_(
            "The rules come from the rulebook of the Álomfogó card game (base set, 2007), "
            "with its example game and small glossary."
        ),
        greedy_bot="GreedyBot",
        builder_examples=BuilderExamples("AF1-001", "t:révülő cost<=2", "t:dreamwalker cost<=2"),
        table_format_hook=_alomfogo_table_format,
        tidy_hook=_alomfogo_tidy,
        uses_decks=True,
        default_format="casual",
        rated_format="tournament",
        deck_odds="decks.odds_alomfogo",
        houses=True,  # the ten jurták
        searchable=True,
        # an opponent's deck: one like those the site ships
        prior="play.bots.alomfogo_cards:demo_decks",
        card_fields=CardFields(
            own=("rarity", "cost", "glory_bonus", "helper_mark", "attack", "defense"),
            by_type=dict.fromkeys(("attack", "defense", "glory_bonus"), frozenset({"revulo"})),
            required=frozenset({"rarity"}),
        ),
        # the rulebook's house rules (its closing section; DECISIONS, Álomfogó 8); a banned
        # card type holds for every deck at the table, a bot's too (play/bots/alomfogo_cards.py)
        choices=(
            Choice("starting_glory", _("Starting glory"), (10, 15, 20), 15),
            Choice(
                "vp_per_turn",
                _("VP each turn"),
                (2, 3, 4, 5),
                3,
                help=_("The rulebook gives 3; fewer or more is a house rule."),
            ),
            Choice(
                "min_deck_size",
                _("Smallest deck"),
                (ALOMFOGO_SMALLEST_DECK, ALOMFOGO_TOURNAMENT_DECK),
                ALOMFOGO_SMALLEST_DECK,  # the rulebook's: the engine's default
                labels=(
                    format_lazy(_("{count} cards"), count=ALOMFOGO_SMALLEST_DECK),
                    format_lazy(
                        _("{count} cards (as in tournaments)"), count=ALOMFOGO_TOURNAMENT_DECK
                    ),
                ),
            ),
            Choice(
                "banned_types",
                _("Banned card type"),
                # the types the rulebook's house rules name ("megtiltjátok az esemény, vagy az
                # általános varázslat lapok használatát"), one at a time, as the deck formats
                # "no-events" and "no-general-spells" ban them for a deck
                ((), ("esemeny",), ("altalanos",)),
                (),  # none: the rulebook's own game
                labels=(_("none"), _("events"), _("general spells")),
                help=_(
                    "A house rule: no deck at the table may hold cards of this type, "
                    "the bots' decks included."
                ),
            ),
        ),
    ),
    GameSpec(
        id="oniroo",
        name="ONIROO",
        aliases=("oni",),
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
        greedy_bot="OnirooGreedyBot",
        builder_examples=BuilderExamples(
            "ONI-S001", "t:szimbólum csoport:állatok", "t:symbol group:animals"
        ),
        uses_decks=False,
        searchable=True,
        default_format="level-5",
        card_fields=CardFields(
            own=("letter", "shape", "digit", "group", "next_group"),
            by_type={
                "group": frozenset({"symbol"}),
                "next_group": frozenset({"symbol", "free"}),
                **dict.fromkeys(("letter", "shape", "digit"), frozenset({"symbol", "magic_code"})),
            },
        ),
        choices=(
            Choice(
                "players",
                _("Players"),
                (1, 2, 3, 4, 5, 6),
                4,
                labels=(_("1 (solitaire)"), "2", "3", "4", "5", "6"),
            ),
            Choice("level", _("Level"), (1, 2, 3, 4, 5), 5, help=_("Solitaire has levels 1 to 3.")),
            Choice(
                "free_cards",
                _("Free cards (levels 1–2, solitaire 3)"),
                YES_NO,
                False,
                labels=(_("no"), _("yes")),
            ),
            Choice(
                "attack_kind",
                _("Attacks at level 4"),
                ("moon_head", "bad_night"),
                "moon_head",  # the engine's default too (docs/rules/oniroo.md)
                labels=(_("moon head"), _("bad night")),
            ),
            Choice(
                "any_digit_run",
                _("Digit runs (levels 3–5)"),
                YES_NO,
                False,  # the runs F_07 names (DECISIONS ONIROO 4); the engine's default too
                labels=(_("1-2-3-4-5 and 6-7-8-9-0"), _("any five consecutive digits")),
                help=_(
                    "The rulebook names two runs, 1-2-3-4-5 and 6-7-8-9-0, either way round; "
                    "the other choice also accepts runs such as 2-3-4-5-6 or 8-9-0-1-2."
                ),
            ),
            Choice(
                "min_dream_length",
                _("Shortest dream that counts"),
                (0, 10, 12, 15),
                0,  # 0: the level's own, 10 cards (5 at levels 4–5); a table may only raise it
                labels=(_("as the level says"), "10", "12", "15"),
                help=_("At levels 4–5 a dream counts from 5 cards, at levels 1–3 from 10."),
            ),
            Choice("games", _("Games in the series"), (1, 2, 3, 4, 5), 1),
            Choice(
                "vote", _("Vote at the end of a game"), YES_NO, False, labels=(_("no"), _("yes"))
            ),
        ),
        seat_hook=_oniroo_seats,
        tidy_hook=_oniroo_tidy,
        refuse_hook=_oniroo_refusal,
    ),
    GameSpec(
        id="arcane-guardian",
        name="Arcane Guardian",
        aliases=("ag", "arcane"),
        tagline=_(
            "A solo dungeon crawl: a mage fights, collects and levels up through "
            "three piles to find the way out."
        ),
        players=_("1 player"),
        deck=_("The fixed game; you choose three of the endings."),
        rules=_("The rules come from the Arcane Guardian rulebook."),
        greedy_bot="ArcaneGuardianGreedyBot",
        builder_examples=BuilderExamples("AG-003", "t:ellenség", "t:enemy"),
        uses_decks=False,
        default_format="standard",
        public_effects=True,  # the table words each card's effect from its steps
        solver="play.bots.arcane_guardian_solver",
        choices=(_arcane_guardian_endings(),),
        seat_hook=_one_seat,
        tidy_hook=_arcane_guardian_tidy,
    ),
)

GAMES: dict[str, GameSpec] = {spec.id: spec for spec in _ALL}

# The game a form or an API call means when it names none: Álomfogó, the first game the site
# introduces and the one every game picker opens on (the lobby, the importers, the leaderboard).
DEFAULT_GAME: str = _ALL[0].id


def all_games() -> list[GameSpec]:
    """Every registered game, in the order the site introduces them."""
    return list(_ALL)


def get_game(game_id: str) -> GameSpec:
    """The game's description; KeyError names the games that exist."""
    try:
        return GAMES[game_id]
    except KeyError:
        raise KeyError(f"no game {game_id!r}; games: {', '.join(GAMES)}") from None


def table_game(slug: str) -> GameSpec | None:
    """The game's description, if it has an engine and a table page to play on."""
    spec = GAMES.get(slug)
    return spec if spec is not None and slug in playable_slugs() else None


def playable_slugs() -> set[str]:
    from django.template import TemplateDoesNotExist
    from django.template.loader import get_template

    found = set()
    for slug, spec in GAMES.items():
        try:
            get_template(spec.template)
        except TemplateDoesNotExist:
            continue
        found.add(slug)
    return found
