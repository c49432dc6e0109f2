"""Writes to the catalog: loading card data files and imported lists, exporting them back.

Loading is all or nothing: every file is read and checked first, and a single
problem anywhere raises `CardDataError` before the database is touched. Only
then does one transaction upsert games, sets and cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Max
from django.utils import timezone

from catalog import vocab
from catalog.cardfile import (
    CARD_KEYS,
    SET_KEYS,
    CardFileData,
    Problem,
    cards_problems,
    dump_card_file,
    read_card_file,
    set_problems,
)
from catalog.importers import cards_from_csv
from catalog.models import Card, CardSet, CardToken, Game, card_sort_key
from catalog.records import read_shipped, shipped_paths
from catalog.tokens import reindex
from core.errors import ApplicationError

# Card columns written from a record; `name_en` is the one nullable key stored
# as "" (the column is blank=True, not null=True), see Card.as_data().
CARD_COLUMNS = tuple(key for key in CARD_KEYS if key != "code")
# Derived columns (Card.refresh_search_fields) and the edit stamp the name index watches.
DERIVED_COLUMNS = (
    "search_name", "search_text", "search_flavor", "sort_name_hu", "sort_name_en", "subtype_keys",
    "sort_key",
)  # fmt: skip


class CardDataError(ApplicationError):
    """The card data has problems; nothing was changed."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = list(problems)
        count = len(self.problems)
        super().__init__(
            "card_data_invalid",
            f"{count} problem{'s' if count != 1 else ''} in the card data; nothing was changed.",
            extra={"problems": [str(p) for p in self.problems]},
        )


@dataclass
class LoadReport:
    """What a load or import did (or, in a dry run, would do)."""

    files: list[str] = field(default_factory=list)
    games_created: int = 0
    sets_created: list[str] = field(default_factory=list)
    sets_updated: list[str] = field(default_factory=list)
    sets_unchanged: list[str] = field(default_factory=list)
    created: list[str] = field(default_factory=list)  # card codes
    updated: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    not_in_files: list[str] = field(default_factory=list)

    def merge(self, other: LoadReport) -> None:
        for name in (
            "files", "sets_created", "sets_updated", "sets_unchanged",
            "created", "updated", "unchanged",
        ):  # fmt: skip
            getattr(self, name).extend(getattr(other, name))
        self.games_created += other.games_created

    def summary(self) -> str:
        lines = [
            f"cards: {len(self.created)} created, {len(self.updated)} updated, "
            f"{len(self.unchanged)} unchanged",
            f"sets: {len(self.sets_created)} created, {len(self.sets_updated)} updated, "
            f"{len(self.sets_unchanged)} unchanged",
        ]
        if self.not_in_files:
            shown = ", ".join(self.not_in_files[:10]) + (
                ", ..." if len(self.not_in_files) > 10 else ""
            )
            lines.append(
                f"{len(self.not_in_files)} cards in the database are not in the files "
                f"(left alone): {shown}"
            )
        return "\n".join(lines)


# --- loading -----------------------------------------------------------------


def card_files_load(*, paths: list[Path] | None = None) -> LoadReport:
    """Check every card file, then upsert them all in one transaction.

    Default paths: every `catalog/data/<game>/*.json`, sorted. Raises
    CardDataError listing every problem (and changes nothing) when any file,
    or the files together, have one. Cards in the database that no file holds
    are left alone and listed in `not_in_files`.
    """
    if paths is None:
        paths = shipped_paths()
    unique: dict[Path, Path] = {}
    for path in paths:
        unique.setdefault(Path(path).resolve(), Path(path))

    files: list[CardFileData] = []
    problems: list[Problem] = []
    for path in unique.values():
        data, found = read_card_file(path, display=_display_name(path))
        problems.extend(found)
        if data is not None:
            files.append(data)
    problems.extend(_across_files_problems(files))
    if problems:
        raise CardDataError(problems)

    report = LoadReport()
    with transaction.atomic():
        for data in files:
            report.merge(
                card_records_upsert(
                    game=data.game, card_set=data.set, cards=data.cards, source=data.file
                )
            )
        codes = {card["code"] for data in files for card in data.cards}
        report.not_in_files = sorted(set(Card.objects.values_list("code", flat=True)) - codes)
    if report.created or report.updated:
        catalog_analyze()
    return report


def _display_name(path: Path) -> str:
    """The path relative to the project when it lies inside it, as in problems and reports."""
    try:
        return str(Path(path).resolve().relative_to(Path(settings.BASE_DIR).resolve()))
    except ValueError:
        return str(path)


def _across_files_problems(files: list[CardFileData]) -> list[Problem]:
    problems = []
    set_files: dict[str, str] = {}
    card_files: dict[str, str] = {}
    for data in files:
        set_code = data.set.get("code")
        if isinstance(set_code, str):
            if set_code in set_files:
                problems.append(
                    Problem(
                        data.file,
                        None,
                        "set.code",
                        f"set {set_code} is also in {set_files[set_code]}",
                    )
                )
            set_files.setdefault(set_code, data.file)
        for card in data.cards:
            code = card.get("code") if isinstance(card, dict) else None
            if not isinstance(code, str):
                continue
            other = card_files.setdefault(code, data.file)
            if other != data.file:
                problems.append(Problem(data.file, code, "code", f"also in {other}"))
    return problems


def card_records_upsert(
    *, game: str, card_set: dict, cards: list[dict], source: str = ""
) -> LoadReport:
    """Create or update one set and the given cards of it, by code, atomically.

    `card_set` and `cards` are docs/card-data.md records. They are checked
    again here, together with what only the database knows (a set or card
    code used by another game, a number already taken in the set); any
    problem raises CardDataError and changes nothing. Cards of the set that
    are not in `cards` are left alone.
    """
    problems = set_problems(card_set) + cards_problems(cards, game=game)
    if game not in vocab.RULES:
        problems.append(Problem("", None, "game", f"unknown game {game!r}"))
    if problems:
        raise CardDataError([Problem(source, p.code, p.field, p.message) for p in problems])

    report = LoadReport(files=[source] if source else [])
    with transaction.atomic():
        games, report.games_created = _games_sync()
        game_row = games[game]
        set_row = _set_upsert(game_row, card_set, report=report, source=source)
        existing = {c.code: c for c in Card.objects.filter(code__in=[c["code"] for c in cards])}
        problems = _database_problems(game_row, set_row, cards, existing, source=source)
        if problems:
            raise CardDataError(problems)

        new, changed = [], []
        for record in cards:
            card = existing.get(record["code"])
            if card is None:
                card = Card(code=record["code"], game=game_row, card_set=set_row)
                _card_assign(card, record)
                card.refresh_search_fields()
                new.append(card)
                report.created.append(card.code)
            elif _card_differs(card, record, game_row, set_row) or card.sort_key != card_sort_key(
                game_row.position, set_row.position, record["number"]
            ):
                card.game, card.card_set = game_row, set_row
                _card_assign(card, record)
                card.refresh_search_fields()
                changed.append(card)
                report.updated.append(card.code)
            else:
                report.unchanged.append(card.code)
        # bulk_* skip Card.save(), so the derived columns were refreshed above
        # and the edit stamp is set here.
        now = timezone.now()
        for card in changed:
            card.updated_at = now
        Card.objects.bulk_create(new)
        Card.objects.bulk_update(
            changed, ["game", "card_set", *CARD_COLUMNS, *DERIVED_COLUMNS, "updated_at"]
        )
        reindex(new + changed)
    return report


def _games_sync() -> tuple[dict[str, Game], int]:
    """Make the Game rows match vocab.GAMES; returns them by slug and how many were created."""
    rows = {g.slug: g for g in Game.objects.all()}
    created = 0
    for position, slug in enumerate(vocab.GAME_IDS, start=1):
        term = vocab.GAMES.get(slug)
        wanted = {"name": term.hu, "name_en": term.en, "position": position}
        row = rows.get(slug)
        if row is None:
            rows[slug] = Game.objects.create(slug=slug, **wanted)
            created += 1
        elif any(getattr(row, k) != v for k, v in wanted.items()):
            for key, value in wanted.items():
                setattr(row, key, value)
            row.save(update_fields=list(wanted))
    return rows, created


def _set_values(card_set: dict) -> dict:
    values = {key: card_set[key] for key in SET_KEYS if key != "code"}
    values["name_en"] = values["name_en"] or ""
    return values


def _set_upsert(game: Game, card_set: dict, *, report: LoadReport, source: str) -> CardSet:
    code = card_set["code"]
    wanted = _set_values(card_set)
    row = CardSet.objects.filter(code=code).first()
    if row is None:
        report.sets_created.append(code)
        return CardSet.objects.create(code=code, game=game, **wanted)
    if row.game_id != game.id:
        raise CardDataError(
            [Problem(source, None, "set.code", f"set {code} belongs to {row.game.name}")]
        )
    if any(getattr(row, k) != v for k, v in wanted.items()):
        for key, value in wanted.items():
            setattr(row, key, value)
        row.save(update_fields=list(wanted))
        report.sets_updated.append(code)
    else:
        report.sets_unchanged.append(code)
    return row


def _database_problems(
    game: Game, card_set: CardSet, cards: list[dict], existing: dict[str, Card], *, source: str
) -> list[Problem]:
    problems = []
    for record in cards:
        card = existing.get(record["code"])
        if card is not None and card.game_id != game.id:
            problems.append(
                Problem(source, card.code, "code", f"already used by a card of {card.game.name}")
            )
    codes = [c["code"] for c in cards]
    taken = dict(
        card_set.cards.exclude(code__in=codes).values_list("number", "code")
    )  # numbers held by cards of the set that this load does not touch
    for record in cards:
        if record["number"] in taken:
            problems.append(
                Problem(
                    source,
                    record["code"],
                    "number",
                    f"{record['number']} is already the number of {taken[record['number']]} "
                    f"in set {card_set.code}",
                )
            )
    return problems


def _card_value(record: dict, key: str) -> object:
    value = record[key]
    return "" if key == "name_en" and value is None else value


def _card_assign(card: Card, record: dict) -> None:
    for key in CARD_COLUMNS:
        setattr(card, key, _card_value(record, key))


def _card_differs(card: Card, record: dict, game: Game, card_set: CardSet) -> bool:
    if card.game_id != game.id or card.card_set_id != card_set.id:
        return True
    return any(getattr(card, key) != _card_value(record, key) for key in CARD_COLUMNS)


# --- CSV import --------------------------------------------------------------


def cards_csv_import(
    *,
    text: str,
    game: str,
    set_code: str,
    set_name: str | None = None,
    source: str = "",
    dry_run: bool = False,
) -> LoadReport:
    """Import a publisher's CSV list (catalog/importers.py) into a set, creating the set if needed.

    A new set gets `set_name` (required then), provenance `imported` and the
    next position in its game; an existing set keeps its facts, except its
    name when `set_name` is given. Raises CardDataError and changes nothing
    on any problem. With `dry_run` the report says what would change and the
    transaction is rolled back.
    """
    cards, problems = cards_from_csv(text, game=game, set_code=set_code, source=source)
    if game not in vocab.RULES:
        problems.append(Problem(source, None, "game", f"unknown game {game!r}"))
    existing = CardSet.objects.filter(code=set_code).first()
    if existing is None and not set_name:
        problems.append(Problem(source, None, "set.name", f"set {set_code} is new: give it a name"))
    if problems:
        raise CardDataError(problems)

    if existing is not None:
        card_set = _set_as_data(existing)
        if set_name:
            card_set["name"] = set_name
    else:
        last = CardSet.objects.filter(game__slug=game).aggregate(last=Max("position"))["last"]
        card_set = {
            "code": set_code,
            "name": set_name,
            "name_en": None,
            "release_year": None,
            "symbol": "",
            "position": (last or 0) + 1,
            "provenance": "imported",
            "description": "",
            "description_en": "",
        }
    with transaction.atomic():
        report = card_records_upsert(game=game, card_set=card_set, cards=cards, source=source)
        if dry_run:
            transaction.set_rollback(True)
    return report


# --- export ------------------------------------------------------------------


def card_files_export(*, out_dir: Path, games: list[str] | None = None) -> list[Path]:
    """Write one card file per set to `out_dir/<game>/<file name>`; returns the paths written.

    A set keeps the file name it has in catalog/data (found by reading which
    file holds which set code); a set without one is written to
    `<set code lower-cased>.json`. Right after loading the shipped files this
    reproduces them byte for byte.
    """
    shipped = _shipped_files()
    written = []
    rows = Game.objects.all() if games is None else Game.objects.filter(slug__in=games)
    for game in rows:
        for card_set in game.sets.order_by("position", "code"):
            file_name, shipped_effects = shipped.get(card_set.code, (None, {}))
            cards = []
            for card in card_set.cards.order_by("number", "code"):
                data = card.as_data()
                if card.code in shipped_effects:
                    # PostgreSQL's jsonb does not keep object key order; keep the file's order.
                    data["effects"] = _ordered_like(data["effects"], shipped_effects[card.code])
                cards.append(data)
            text = dump_card_file(
                {"game": game.slug, "set": _set_as_data(card_set), "cards": cards}
            )
            path = Path(out_dir) / game.slug / (file_name or f"{card_set.code.lower()}.json")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(text.encode("utf-8"))
            written.append(path)
    return written


def _set_as_data(card_set: CardSet) -> dict:
    return {
        "code": card_set.code,
        "name": card_set.name,
        "name_en": card_set.name_en or None,
        "release_year": card_set.release_year,
        "symbol": card_set.symbol,
        "position": card_set.position,
        "provenance": card_set.provenance,
        "description": card_set.description,
        "description_en": card_set.description_en,
    }


def _shipped_files() -> dict[str, tuple[str, dict[str, object]]]:
    """Set code -> (file name in catalog/data, card code -> effects as written there)."""
    found: dict[str, tuple[str, dict[str, object]]] = {}
    for path in shipped_paths():
        try:
            raw = read_shipped(path)
            code = raw["set"]["code"]
            effects = {c["code"]: c["effects"] for c in raw["cards"]}
        except (OSError, ValueError, KeyError, TypeError):
            continue  # an unreadable file names no set; load_cards reports it
        found.setdefault(code, (path.name, effects))
    return found


def _ordered_like(value: object, template: object) -> object:
    """`value` with its objects' keys in the order `template` has them (others after)."""
    if isinstance(value, dict) and isinstance(template, dict):
        keys = [k for k in template if k in value] + [k for k in value if k not in template]
        return {k: _ordered_like(value[k], template.get(k)) for k in keys}
    if isinstance(value, list) and isinstance(template, list) and len(value) == len(template):
        return [_ordered_like(v, t) for v, t in zip(value, template, strict=True)]
    return value


def catalog_analyze() -> None:
    """Refresh the query planner's statistics of the catalog tables.

    Without them SQLite guesses that any indexed condition is selective and
    may sort thousands of matches instead of walking the sort_key index; after
    a load the row counts change wholesale, so the statistics are renewed.
    """
    with connection.cursor() as cursor:
        for table in (Card._meta.db_table, CardToken._meta.db_table):
            cursor.execute(f"ANALYZE {connection.ops.quote_name(table)}")
