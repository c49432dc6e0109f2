"""What the match service needs to know about each game it can seat.

The engines know the rules; this says how a table is set up around them:
whether each seat brings its own deck (Álomfogó) or the game deals from its
whole card set (ONIROO, Arcane Guardian), how many seats a set of options
means, which lobby options a player may set and with what values, and which
template draws the table. Options are finally checked by the engine itself
(`SetupError`), so the lobby cannot start a game its rules refuse.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _


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
        return None

    def options(self):
        labels = self.labels or tuple(str(v) for v in self.values)
        return [(_form_value(v), label) for v, label in zip(self.values, labels, strict=True)]


def _form_value(value) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    return str(value)


@dataclass(frozen=True)
class TableGame:
    slug: str
    uses_decks: bool
    template: str
    choices: tuple[Choice, ...] = field(default_factory=tuple)
    fixed: dict = field(default_factory=dict)  # options always passed to the engine

    def seats(self, options: dict) -> int:
        if self.slug == "oniroo":
            return int(options.get("players", 2))
        if self.slug == "arcane-guardian":
            return 1
        return 2

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
        return self.tidy(options), bad

    def tidy(self, options: dict) -> dict:
        """Drop the options the chosen level does not use (the engine refuses them)."""
        if self.slug != "oniroo":
            return options
        options = dict(options)
        solitaire = options.get("players") == 1
        level = options.get("level", 5)
        if solitaire:
            for name in ("games", "vote", "attack_kind", "min_dream_length"):
                options.pop(name, None)
        # free cards are a choice only at table levels 1–2 and solitaire level 3
        if level not in ((3,) if solitaire else (1, 2)):
            options.pop("free_cards", None)
        if solitaire or level != 4:
            options.pop("attack_kind", None)
        return options


YES_NO = (False, True)

GAMES = {
    "alomfogo": TableGame(
        slug="alomfogo",
        uses_decks=True,
        template="play/table.html",
        choices=(Choice("starting_glory", _("Starting glory"), (10, 15, 20), 15),),
    ),
    "oniroo": TableGame(
        slug="oniroo",
        uses_decks=False,
        template="play/table_oniroo.html",
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
            Choice("games", _("Games in the series"), (1, 2, 3, 4, 5), 1),
            Choice(
                "vote", _("Vote at the end of a game"), YES_NO, False, labels=(_("no"), _("yes"))
            ),
        ),
    ),
    "arcane-guardian": TableGame(
        slug="arcane-guardian",
        uses_decks=False,
        template="play/table_arcane.html",
    ),
}


def table_game(slug: str) -> TableGame | None:
    """The game's table setup, if it has an engine and a table page to play on."""
    spec = GAMES.get(slug)
    return spec if spec is not None and slug in playable_slugs() else None


def playable_slugs() -> set[str]:
    from django.template import TemplateDoesNotExist
    from django.template.loader import get_template

    from play.engines import game_ids

    found = set()
    for slug, spec in GAMES.items():
        try:
            get_template(spec.template)
        except TemplateDoesNotExist:
            continue
        if slug in game_ids():
            found.add(slug)
    return found
