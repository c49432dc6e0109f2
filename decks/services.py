"""Writes on decks. Every change goes through here and leaves a version (a burst shares one)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from catalog import vocab
from catalog.models import Card, Game
from catalog.records import row_record
from core.errors import ApplicationError, Conflict, NotFound
from core.hungarian import percent_filled
from core.jsonlimits import loads_bounded
from core.text import controls_removed, trimmed
from decks import codec, formats, limits, versioning
from decks.entries import MAIN, SIDE, Entry
from decks.models import Deck, DeckEntry, DeckVersion, VersionKind, Visibility, new_share_token
from decks.selectors import all_cards_lookup, deck_entries, game_lookup

MAX_COUNT = codec.MAX_COUNT


class DeckImportError(ApplicationError):
    """A list with lines that name no card or cannot be read; nothing was saved."""

    def __init__(self, errors: list, language: str) -> None:
        lines = [
            {
                "line_no": error.line_no,
                "line": error.line,
                "message": error.message_en if language == "en" else error.message_hu,
                "suggestions": error.suggested(language),
            }
            for error in errors
        ]
        super().__init__(
            "import_failed",
            _("Some lines could not be read; nothing was saved."),
            extra={"lines": lines},
        )
        # The page shows each suggestion once, as a button that rewrites its line.
        self.lines = [
            {
                **shown,
                "reason": error.reason(language),
                "fixes": [{"name": name, "line": line} for name, line in error.fixes(language)],
            }
            for shown, error in zip(lines, errors, strict=True)
        ]


def _format_or_error(game: Game, format_id: str) -> formats.Format:
    fmt = (
        formats.get_format(game.slug, format_id) if format_id else formats.default_format(game.slug)
    )
    if fmt is None:
        params = {"game": game.name, "format": format_id}
        raise ApplicationError(
            "unknown_format",
            percent_filled(_("%(game)s has no format “%(format)s”."), params),
        )
    return fmt


def _locking():
    """Live decks read with their row locked (FOR NO KEY UPDATE, see `_lock`)."""
    return Deck.objects.select_related("game", "owner").select_for_update(no_key=True, of=("self",))


def _lock(deck: Deck, user) -> None:
    """Check the owner, then lock the deck's row and reload `deck` from it.

    Every write to a deck starts here, so the writers of one deck take turns
    and each sees what the one before it wrote. Without it two first "+"
    clicks on a card both found no entry (a lock on a row that does not exist
    yet locks nothing) and both inserted one: a 500 on the unique constraint
    and a lost click; two whole-list writes or restores likewise. FOR NO KEY
    UPDATE, as in collection.services._lock_collection: a row being inserted
    that refers to the deck checks it with FOR KEY SHARE, which this does not
    block. (A no-op on SQLite, whose write transactions already take turns.)
    """
    _check_owner(deck, user)
    try:
        deck.refresh_from_db(from_queryset=_locking())
    except Deck.DoesNotExist:  # deleted while this request was on its way
        raise NotFound("not_found", _("No such deck.")) from None


def deck_locked_for_use(*, deck_id: int) -> Deck | None:
    """The live deck `deck_id`, its row locked until the caller's transaction ends; None
    when it is gone (deleted, or soft-deleted).

    For a write elsewhere that keeps a reference to one of the deck's versions (a
    match seat, a tournament player, a print job): call it inside that write's
    transaction, then read the version. The lock is `_lock`'s, which deck_delete
    and every deck write take first, so they take turns with the use: a delete
    that comes second finds the seat, player or job and keeps the version
    (deck_delete), and a use that comes second finds the deck gone and refuses
    it in its own words. Before, the delete looked for those rows before the
    other request's was committed, removed the version, and one of the two
    commits failed on the foreign key (a 500). Who may use the deck is the
    caller's to check. A caller that also locks the user's row locks it first
    (match create and join, print jobs, the want list): two orders would deadlock.
    """
    return _locking().filter(pk=deck_id).first()


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def edit_stamp(deck: Deck) -> int:
    """The deck's `version` in the API and the settings form: when it was last written,
    in whole microseconds.

    Every write to a deck saves `updated_at` (auto_now; a card edit and the
    "built" mark too), so the stamp changes with each one. A page or a client
    sends back the stamp it read, and `_check_fresh` refuses its write when
    the deck changed since. Not a number of the deck's history (DeckVersion):
    a new description or visibility makes no version there, and must still
    make an old settings page stale.
    """
    return (deck.updated_at - _EPOCH) // timedelta(microseconds=1)


def _check_fresh(deck: Deck, expected_stamp: int | None) -> None:
    """Refuse a write based on the deck as it was before another write (None: no check).

    Call it after `_lock`, which reloads the deck: two tabs of the settings
    page each sent every field, so the older one put back what the newer one
    had changed (a deck made private was public again, and the page said
    "saved").
    """
    if expected_stamp is not None and expected_stamp != edit_stamp(deck):
        raise Conflict(
            "stale",
            _("The deck changed since you read it, so nothing was saved: read it again."),
        )


def _typed_name(name: str) -> str:
    """A name someone typed, as it is stored, or the refusal (decks.limits.check_name):
    one that shows nothing is refused (`bad_name`), never stored or taken for none."""
    return limits.check_name(name)


def _untyped_name(name: str) -> str:
    """A name nobody typed here (a copied deck's, a deck file's): what `plain_text`
    refuses is removed and a name over the limit cut, instead of refusing the deck."""
    name = trimmed(controls_removed(name))
    if len(name) > limits.NAME_MAX_CHARS:
        name = name[: limits.NAME_MAX_CHARS - 1] + "…"
    return name


def _snapshot(deck: Deck) -> list[dict]:
    return [
        {"code": code, "count": count, "board": board}
        for code, count, board in deck.entries.order_by("board", "card__code").values_list(
            "card__code", "count", "board"
        )
    ]


def _write_version(
    deck: Deck, *, before: list[dict], kind: str, details: dict | None = None
) -> DeckVersion:
    """A new version: what changed is stored as data, the history words it (decks.history)."""
    after = _snapshot(deck)
    last = deck.versions.order_by("-number").values_list("number", flat=True).first() or 0
    version = DeckVersion.objects.create(
        deck=deck,
        number=last + 1,
        kind=kind,
        details=details or {},
        changes=versioning.changes_between(before, after),
        edited_at=timezone.now(),
        name=deck.name,
        format=deck.format,
        entries=after,
    )
    _drop_old_versions(deck, newest=version.number)
    return version


def _drop_old_versions(deck: Deck, *, newest: int) -> None:
    """Keep the newest LIMITS["DECK_VERSIONS_KEPT"] versions (each holds the whole deck): the
    older ones go, except those a match seat or a print job holds. The newest is never old.

    Numbers only grow and versions are only ever dropped, so a deck holds at most `newest`
    versions: below the limit there is nothing to look up.
    """
    kept = limits.versions_kept()
    if newest <= kept:
        return
    old = deck.versions.order_by("-number").values_list("pk", flat=True)[kept:]
    free = [pk for pk in old if not _pinned(DeckVersion(pk=pk))]
    if free:
        DeckVersion.objects.filter(pk__in=free).delete()


def _pinned(version: DeckVersion) -> bool:
    """Does any row point to this version (a match seat, a print job)? Then it is final.

    Every reverse relation is asked, so an app that starts keeping versions
    later is covered without this module knowing it.
    """
    return any(
        relation.related_model._base_manager.filter(**{relation.field.name: version}).exists()
        for relation in DeckVersion._meta.related_objects
    )


def _card_edit_version(deck: Deck, *, before: list[dict]) -> DeckVersion | None:
    """The version for a + / − / quick-add edit: the newest one extended, or a new one.

    See versioning.extends_burst for when an edit joins the burst. The caller
    holds the deck row's lock (_lock), which serialises writers of one deck,
    so what is read here includes every earlier edit. The newest version is
    locked too: on PostgreSQL a seat or print job being inserted with a
    reference to it holds a key-share lock, so either we wait and then see it
    (and start a new version), or it waits for our update.
    """
    latest = deck.versions.select_for_update().order_by("-number").first()
    after = _snapshot(deck)
    now = timezone.now()
    if latest is not None and versioning.extends_burst(
        kind=latest.kind, edited_at=latest.edited_at, now=now, pinned=_pinned(latest)
    ):
        base = deck.versions.filter(number__lt=latest.number).order_by("-number").first()
        changes = versioning.changes_between(base.entries if base else [], after)
        same_settings = base is not None and (base.name, base.format) == (deck.name, deck.format)
        if same_settings and not changes:
            # The burst undid itself (+1 then −1): the version before it is the deck again.
            latest.delete()
            return base
        latest.changes, latest.entries, latest.edited_at = changes, after, now
        latest.name, latest.format = deck.name, deck.format
        latest.save(update_fields=["changes", "entries", "edited_at", "name", "format"])
        return latest
    # The newest version is the deck before this edit (`before` may predate a
    # concurrent edit that committed while we waited for the deck row).
    base_entries = latest.entries if latest is not None else before
    if after == base_entries:
        return latest  # e.g. − on a card the deck does not hold: nothing to keep
    return _write_version(deck, before=base_entries, kind=VersionKind.EDITED)


def _replace_entries(deck: Deck, entries: list[Entry]) -> None:
    counts: dict[tuple[str, str], int] = {}
    for entry in entries:
        if entry.card is None:
            continue
        key = (entry.card["code"], entry.board)
        counts[key] = counts.get(key, 0) + entry.count
    if len(counts) > limits.max_entries():
        raise limits.too_many_entries(len(counts))
    cards = {c.code: c for c in Card.objects.filter(code__in={code for code, _ in counts})}
    for (code, _board), count in counts.items():
        if cards.get(code) is None or cards[code].game_id != deck.game_id:
            params = {"code": code, "game": deck.game.name}
            raise ApplicationError(
                "wrong_game",
                percent_filled(_("%(code)s is not a card of %(game)s."), params),
            )
        if count > MAX_COUNT:
            raise ApplicationError(
                "too_many", _("At most %(n)s copies of a card.") % {"n": MAX_COUNT}
            )
    deck.entries.all().delete()
    DeckEntry.objects.bulk_create(
        DeckEntry(deck=deck, card=cards[code], count=count, board=board)
        for (code, board), count in counts.items()
    )


@transaction.atomic
def deck_create(
    *,
    owner,
    game: Game,
    name: str | None = None,
    format_id: str = "",
    description: str = "",
    visibility: str = Visibility.PRIVATE,
    entries: list[Entry] | None = None,
    cloned_from: Deck | None = None,
    kind: str = VersionKind.CREATED,
    details: dict | None = None,
) -> Deck:
    """A new deck of `owner`'s. `name` None: none was given, and the deck is "New deck";
    a name given that shows nothing is refused (`bad_name`), like a tournament's."""
    fmt = _format_or_error(game, format_id)
    name = _("New deck") if name is None else _typed_name(name)
    description = limits.check_description(description)
    if visibility not in Visibility.values:
        raise ApplicationError("bad_visibility", _("Choose private, link or public."))
    # The owner's row serialises their new decks, so two made at once cannot both
    # take the last place under the cap (FOR NO KEY UPDATE: see _lock).
    list(get_user_model().objects.select_for_update(no_key=True).filter(pk=owner.pk).values("pk"))
    limits.check_room_for_a_deck(Deck.objects.filter(owner=owner).count())
    deck = Deck.objects.create(
        owner=owner,
        game=game,
        name=name,
        description=description,
        format=fmt.id,
        visibility=visibility,
        cloned_from=cloned_from,
    )
    _replace_entries(deck, entries or [])
    _write_version(deck, before=[], kind=kind, details=details)
    return deck


@transaction.atomic
def deck_add_entries(*, deck: Deck, user, entries: list[Entry]) -> None:
    """Quick add: every parsed line, or none (a refused line leaves the deck as it was)."""
    _lock(deck, user)
    codes = [entry.card["code"] for entry in entries]
    cards = {c.code: c for c in Card.objects.filter(game=deck.game, code__in=codes)}
    for entry in entries:
        deck_change_card(
            deck=deck,
            user=user,
            card=cards[entry.card["code"]],
            delta=entry.count,
            board=entry.board,
        )


@transaction.atomic
def deck_change_card(
    *, deck: Deck, user, card: Card, delta: int, board: str = MAIN
) -> DeckVersion | None:
    """+1 / −1 (or any delta) of one card; a count that reaches 0 removes the card.

    Returns the version that now matches the deck: edits in a burst share one
    (_card_edit_version).
    """
    _lock(deck, user)
    if card.game_id != deck.game_id:
        params = {"card": card.name, "game": deck.game.name}
        raise ApplicationError(
            "wrong_game", percent_filled(_("%(card)s is not a card of %(game)s."), params)
        )
    if board not in (MAIN, SIDE):
        raise ApplicationError("bad_board", _("A card goes to the main deck or the side board."))
    before = _snapshot(deck)
    entry = DeckEntry.objects.filter(deck=deck, card=card, board=board).first()
    count = (entry.count if entry else 0) + delta
    if count > MAX_COUNT:
        raise ApplicationError("too_many", _("At most %(n)s copies of a card.") % {"n": MAX_COUNT})
    if entry is None and count > 0:
        held = deck.entries.count()
        if held >= limits.max_entries():
            raise limits.too_many_entries(held + 1)
    if count <= 0:
        if entry:
            entry.delete()
    elif entry:
        entry.count = count
        entry.save(update_fields=["count"])
    else:
        DeckEntry.objects.create(deck=deck, card=card, count=count, board=board)
    deck.save(update_fields=["updated_at"])
    return _card_edit_version(deck, before=before)


@transaction.atomic
def deck_set_entries(*, deck: Deck, user, entries: list[Entry]) -> DeckVersion:
    """The whole list at once (the API): always a version of its own, never part of a burst."""
    _lock(deck, user)
    before = _snapshot(deck)
    _replace_entries(deck, entries)
    deck.save(update_fields=["updated_at"])
    return _write_version(deck, before=before, kind=VersionKind.REPLACED)


@transaction.atomic
def deck_update(
    *,
    deck: Deck,
    user,
    name: str | None = None,
    description: str | None = None,
    format_id: str | None = None,
    visibility: str | None = None,
    entries: list[Entry] | None = None,
    expected_stamp: int | None = None,
) -> Deck:
    """The deck's settings and, when `entries` is given, its cards, all or nothing (the
    settings page; the API's PATCH). What is None stays as it is.

    With `expected_stamp` (an `edit_stamp` the caller read) a deck written
    since is refused with Conflict `stale`, and nothing changes.
    """
    _lock(deck, user)  # before anything is read: the name and list checked are the newest
    _check_fresh(deck, expected_stamp)
    _apply_settings(deck, name, description, format_id, visibility)
    if entries is not None:
        deck_set_entries(deck=deck, user=user, entries=entries)
    return deck


def _apply_settings(
    deck: Deck, name: str | None, description: str | None, format_id: str | None,
    visibility: str | None,
) -> None:  # fmt: skip
    """Write the settings given (None: as it is) to the deck the caller holds locked."""
    # What was not sent is taken from the deck as the lock read it: taken
    # before, it would write back what another request changed meanwhile.
    name = deck.name if name is None else name
    description = deck.description if description is None else description
    format_id = deck.format if format_id is None else format_id
    visibility = deck.visibility if visibility is None else visibility
    fmt = _format_or_error(deck.game, format_id)
    if visibility not in Visibility.values:
        raise ApplicationError("bad_visibility", _("Choose private, link or public."))
    # Only what changes is checked: a deck saved before the limits (or the
    # refusal of control characters) existed can still be renamed without
    # cutting its description, and saved with only its cards changed.
    if name != deck.name:
        name = _typed_name(name)
    if description != deck.description:
        description = limits.check_description(description)
    old_name, old_format = deck.name, deck.format
    settings_before = (deck.name, deck.description, deck.format, deck.visibility)
    deck.name = name
    deck.description = description
    deck.format = fmt.id
    if (deck.name, deck.description, deck.format, visibility) == settings_before:
        return  # nothing to save: the deck keeps its place among the recently edited
    if visibility == Visibility.PRIVATE and deck.visibility != Visibility.PRIVATE:
        # A link once given out must stay dead when the deck is shared again later.
        deck.share_token = new_share_token()
    deck.visibility = visibility
    deck.save()
    # Description and visibility are not part of a version; a new name or format is.
    details = {}
    if deck.name != old_name:
        details["name"] = [old_name, deck.name]
    if deck.format != old_format:
        details["format"] = [old_format, deck.format]
    if details:
        before = _snapshot(deck)
        _write_version(deck, before=before, kind=VersionKind.SETTINGS, details=details)


@transaction.atomic
def deck_set_built(*, deck: Deck, user, built: bool) -> Deck:
    """Mark the deck as put together from the owner's cards, or not any more.

    Its copies then count against the owner's free copies (collection.selectors);
    like the visibility it is no part of a version: the cards did not change.
    """
    _lock(deck, user)
    deck.built = bool(built)
    deck.save(update_fields=["built", "updated_at"])
    return deck


@transaction.atomic
def deck_restore(*, deck: Deck, user, number: int) -> DeckVersion:
    """Make an old version current again, as a new version (history is never rewritten)."""
    _lock(deck, user)
    version = deck.versions.filter(number=number).first()
    if version is None:
        raise ApplicationError(
            "no_such_version", _("This deck has no version %(n)s.") % {"n": number}
        )
    before = _snapshot(deck)
    if (version.entries, version.name, version.format) == (before, deck.name, deck.format):
        raise ApplicationError(
            "already_current",
            _("The deck is already as it was in version %(n)s.") % {"n": version.number},
        )
    cards = {c.code: c for c in Card.objects.filter(code__in=[e["code"] for e in version.entries])}
    entries = [
        Entry(card=row_record(cards[e["code"]]), count=e["count"], board=e["board"])
        for e in version.entries
        if e["code"] in cards
    ]
    _replace_entries(deck, entries)
    deck.name, deck.format = version.name, version.format
    deck.save()
    return _write_version(
        deck, before=before, kind=VersionKind.RESTORED, details={"number": version.number}
    )


@transaction.atomic
def deck_clone(*, deck: Deck, user) -> Deck:
    """A private copy for `user` of a deck they may see."""
    # A deck saved before the limits existed can still be copied: the copy is
    # cut to them, and loses control characters it may hold, instead of refused.
    name = _untyped_name(_("Copy of %(name)s") % {"name": deck.name})
    description = controls_removed(deck.description, multiline=True)
    description = "\n".join(description.split("\n")[: limits.description_max_lines()])
    description = description[: limits.description_max_chars()]
    return deck_create(
        owner=user,
        game=deck.game,
        name=name,
        format_id=deck.format,
        description=description,
        entries=deck_entries(deck),
        cloned_from=deck,
        kind=VersionKind.COPIED,
        details={"name": deck.name},
    )


@transaction.atomic
def deck_delete(*, deck: Deck, user) -> bool:
    """Delete a deck for its owner; True when it was kept, hidden, for its matches.

    A deck no match ever used is removed with its versions. A match seat
    keeps the deck version it was played with (play.Seat.deck_version
    protects it), and the match's replay and rating read it, so a deck that
    was played is soft-deleted instead: `deleted_at` is set, and from then
    on the deck is gone for everyone, its owner too (Deck.objects leaves it
    out: lists, search, pages, API, share link), while its rows stay for the
    matches. Trying the real delete first, rather than asking whether a seat
    uses the deck, also covers a match that starts meanwhile.
    """
    _lock(deck, user)
    try:
        with transaction.atomic():  # a savepoint, so the refused delete leaves nothing behind
            deck.delete()
    except ProtectedError:
        Deck.all_objects.filter(pk=deck.pk).update(deleted_at=timezone.now())
        return True
    return False


def deck_import(
    *,
    owner,
    game: Game | None,
    name: str | None = None,
    format_id: str = "",
    text: str = "",
    code: str = "",
    language: str = "hu",
    description: str = "",
    visibility: str = Visibility.PRIVATE,
) -> Deck:
    """A new deck from a text list, its JSON export or a deck code.

    What the person chose wins over what the list says, except the game: a
    deck code or a deck file names the game of its cards, and that game wins
    over `game` (the import page always sends one); a text list needs `game`
    (`missing_game`). The format is `format_id` when given, else the code's
    or the file's when its game has it, else the game's default; the name is
    `name` when given (None: not given; one that shows nothing is refused, `bad_name`),
    else the file's, else "Imported deck".

    Any bad line → DeckImportError; a list over the limits → LimitExceeded;
    nothing is saved either way.
    """
    # The name and description first: a long list is not read only to be
    # refused for its name.
    name = None if name is None else _typed_name(name)
    limits.check_description(description)
    if code.strip() and text.strip():
        # One was read and the other dropped without a word: the person meant one of them.
        raise ApplicationError(
            "list_and_code",
            _("Fill in either the card list or the deck code, not both; nothing was imported."),
        )
    if not code.strip() and codec.looks_like_deck_code(text):
        code, text = text, ""  # a code pasted where the list goes is still a code
    if code.strip():
        decoded = deck_code_read(code, language)
        parsed = decoded.parsed
        fmt = formats.format_by_number(decoded.game, decoded.format_number)
        listed = codec.DeckFacts(game=decoded.game, format=fmt.id if fmt else "")
    else:
        parsed = list_parse(text=text, game=game, any_game=True)
        listed = parsed.facts
    if listed.game and (game is None or listed.game != game.slug):
        game = Game.objects.get(slug=listed.game)
    if parsed.errors:
        raise DeckImportError(parsed.errors, language)
    if not parsed.entries:
        raise ApplicationError("empty_import", _("The list names no cards."))
    if not format_id and formats.get_format(game.slug, listed.format):
        format_id = listed.format
    return deck_create(
        owner=owner, game=game, name=name or _untyped_name(listed.name) or _("Imported deck"),
        format_id=format_id, entries=parsed.entries, description=description,
        visibility=visibility, kind=VersionKind.IMPORTED,
    )  # fmt: skip


def deck_code_read(code: str, language: str):
    """A deck code's game, format and cards (unknown codes stay unknown entries), or the
    refusal that says why it cannot be read; bounded by the list limits before any lookup."""
    try:
        return codec.decode_deck_code(code, lookup=all_cards_lookup(), limits=limits.list_limits())
    except codec.ListTooLarge as problem:
        raise limits.refused(problem) from None
    except codec.DeckCodeError as problem:
        raise ApplicationError(problem.code, problem.message(language)) from None


def list_parse(*, text: str, game: Game | None, any_game: bool = False) -> codec.ParsedList:
    """A pasted list: the JSON that the JSON export writes, or lines of text.

    A deck file names its game: one of another game than `game` is refused
    (`file_for_other_game`, as a deck code of another game is), unless
    `any_game`, when its cards are read as cards of its own game. Either
    way `facts.game` is then the game whose cards were read. A text list or
    a deck code is read as of `game`; without one it is refused (`missing_game`).

    Raises LimitExceeded (400) for a list over the limits and BadJson for
    JSON that cannot be read, before any card is looked up.
    """
    bounds = limits.list_limits()
    try:
        if text.lstrip().startswith("{"):
            codec.check_chars(text, bounds)  # before the JSON parser walks it
            data = loads_bounded(text)
            game = _game_of_file(codec.deck_file_facts(data).game, game, any_game=any_game)
            parsed = codec.parse_json(data, lookup=_list_lookup(game), limits=bounds)
            parsed.facts = replace(parsed.facts, game=game.slug)
            return parsed
        if game is None:
            raise _missing_game()
        if codec.looks_like_deck_code(text):
            return _code_for_game(text, game, bounds)
        return codec.parse_text(text, lookup=_list_lookup(game), limits=bounds)
    except codec.ListTooLarge as problem:
        raise limits.refused(problem) from None


def _list_lookup(game: Game) -> codec.RecordLookup:
    """`game`'s cards, knowing the other games' too: a line naming one of theirs is told
    so, not that no such card exists."""
    records = [row_record(card) for card in Card.objects.select_related("game", "card_set")]
    return codec.RecordLookup(
        [record for record in records if record["game"] == game.slug],
        elsewhere=[record for record in records if record["game"] != game.slug],
    )


def _missing_game() -> ApplicationError:
    return ApplicationError("missing_game", _("Say which game the deck is for."))


def _game_of_file(named: str, game: Game | None, *, any_game: bool) -> Game:
    """The game whose cards a deck file naming the game `named` ("" for none) holds."""
    if not named or (game is not None and named == game.slug):
        if game is None:
            raise _missing_game()
        return game
    if not any_game:
        raise ApplicationError(
            "file_for_other_game",
            _("This deck file is for another game: %(game)s.")
            % {"game": vocab.GAMES.label(named, get_language())},
        )
    return Game.objects.get(slug=named)


def _code_for_game(code: str, game: Game, bounds: codec.ListLimits) -> codec.ParsedList:
    """The entries of a deck code pasted as a list; the code must be for `game`."""
    try:
        decoded = codec.decode_deck_code(code, lookup=game_lookup(game), limits=bounds)
    except codec.DeckCodeError as problem:
        raise ApplicationError(problem.code, problem.message(get_language())) from None
    if decoded.game != game.slug:
        raise ApplicationError(
            "code_for_other_game",
            _("This deck code is for another game: %(game)s.")
            % {"game": vocab.GAMES.label(decoded.game, get_language())},
        )
    return decoded.parsed


def _check_owner(deck: Deck, user) -> None:
    # Views fetch decks with selectors.deck_for_owner already; this guards
    # every other caller (API, tasks) so no write skips the check.
    if not user.is_authenticated or deck.owner_id != user.pk:
        raise NotFound("not_found", _("No such deck."))
