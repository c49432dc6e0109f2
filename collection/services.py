"""Writes on collections: counts of one card, a whole set, a CSV import, the share link.

Every function acts on the signed-in user's own collection only (there is no way to
name another player's), refuses with an ApplicationError and changes nothing when it
refuses. Every writer of a collection's counts takes `_lock_collection` first (an
accepted trade takes the same lock, collection.trades), so the writers of one
collection go one after the other: the user's row is locked on PostgreSQL, and on
SQLite every transaction takes the write lock up front (settings: IMMEDIATE). The
+/− buttons too: the import and a whole set read counts before they write them, and
a click landing in between would be overwritten (lost).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from catalog.models import Card, CardSet, Game
from collection import csvio
from collection.models import MAX_COPIES, CollectionShare, OwnedCard
from core.bilingual import for_reader
from core.errors import ApplicationError, NotFound
from core.games import DEFAULT_GAME
from decks import codec
from decks.limits import LimitExceeded
from decks.services import DeckImportError

MODES = ("add", "replace")


class SignInRequired(ApplicationError):
    """Collections belong to signed-in players; anyone else is refused."""

    status_code = 403


class CollectionImportError(DeckImportError):
    """A CSV with lines that cannot be read or name no card; nothing was saved.

    `extra["lines"]`: [{line_no, line, message, suggestions}]; `lines` adds "reason"
    and "fixes" [{name, line}] for a page that offers the suggestions as buttons.
    """


@dataclass(frozen=True)
class AddSetResult:
    cards: int  # cards in the set
    copies_added: int
    capped: int  # cards that reached 999 and got fewer copies than asked


@dataclass(frozen=True)
class ImportSummary:
    mode: str
    cards: int  # different cards the file set or added (count ≥ 1)
    copies: int  # copies the file lists
    removed: int  # cards taken out of the collection (a 0 line, or replace)


def csv_limits() -> csvio.CsvLimits:
    """settings.LIMITS at call time, so an override in a test or the environment is obeyed."""
    return csvio.CsvLimits(
        max_lines=settings.LIMITS["COLLECTION_CSV_MAX_LINES"],
        max_chars=settings.LIMITS["COLLECTION_CSV_MAX_CHARS"],
    )


# -- helpers -------------------------------------------------------------------


def _check_user(user) -> None:
    if user is None or not user.is_authenticated:
        raise SignInRequired("sign_in", _("Sign in to keep a collection."))


def _lock_collection(user) -> None:
    """Serialise the writers of one collection: the first thing each of them does.

    The import and a whole set read counts before they write them; a + click, a
    set count or a trade between that read and their write would be lost, so every
    writer takes this lock, not just those that read. It is taken before any
    OwnedCard row is touched, and a trade takes its players' locks in the order of
    their ids (collection.trades), so they cannot deadlock.

    The user row stands for the whole collection: rows not yet created cannot be
    locked, and a lock on the user also covers them. (A no-op on SQLite, whose
    IMMEDIATE transactions already hold the database's write lock.) The lock is
    FOR NO KEY UPDATE: any other write inserting a row that refers to the user (a
    deck, a trade entry; a + click before it took this lock) checks that key with
    FOR KEY SHARE, which FOR UPDATE would block: PostgreSQL found the deadlock (an
    accept racing a first + click), and the player's other pages need not wait.
    """
    users = get_user_model().objects.select_for_update(no_key=True)
    list(users.filter(pk=user.pk).values_list("pk"))


def _card(code) -> Card:
    if not isinstance(code, str) or not code.strip() or len(code) > 32:
        raise NotFound("no_such_card", _("No such card."))
    card = Card.objects.filter(code=code.strip().upper()).first()
    if card is None:
        card = Card.objects.filter(code__iexact=code.strip()).first()
    if card is None:
        raise NotFound("no_such_card", _("No such card."))
    return card


def _whole_number(value, *, low: int, high: int, code: str, message: str) -> int:
    # bool is an int to Python; True copies of a card is a mistake, not 1
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApplicationError(code, message)
    return value


def _name(card: Card) -> str:
    """The card's name in the reader's language."""
    return for_reader(card.name, card.name_en)


def _too_many_copies(card: Card) -> ApplicationError:
    return ApplicationError(
        "too_many_copies",
        _("You can keep at most %(n)s copies of %(card)s.")
        % {"n": MAX_COPIES, "card": _name(card)},
        extra={"limit": MAX_COPIES},
    )


def _count_of(user, card: Card) -> int:
    return (
        OwnedCard.objects.filter(user=user, card=card).values_list("count", flat=True).first() or 0
    )


# -- one card ------------------------------------------------------------------


@transaction.atomic
def collection_set_count(*, user, code: str, count: int) -> int:
    """Own exactly `count` copies (0–999) of the card `code`; 0 removes it. Returns `count`."""
    _check_user(user)
    count = _whole_number(
        count, low=0, high=MAX_COPIES, code="bad_count",
        message=_("The count must be a whole number from 0 to %(n)s.") % {"n": MAX_COPIES},
    )  # fmt: skip
    card = _card(code)
    _lock_collection(user)
    if count == 0:
        OwnedCard.objects.filter(user=user, card=card).delete()
        return 0
    # One statement whether or not the row exists, so two requests at once cannot
    # both insert (an IntegrityError) or lose one another's row.
    OwnedCard.objects.bulk_create(
        [OwnedCard(user=user, card=card, count=count)],
        update_conflicts=True,
        unique_fields=["user", "card"],
        update_fields=["count", "updated_at"],
    )
    return count


@transaction.atomic
def collection_change_count(*, user, code: str, delta: int) -> int:
    """Add `delta` copies (−999…999, not 0) of the card `code`; returns the new count.

    Refuses to go above 999 or below 0 (the +/− buttons send ±1). Takes the
    collection's lock, so a click during an import or a whole set's add counts
    too; the change is still one UPDATE whose WHERE keeps the result in bounds,
    so no writer can take the count out of 0–999.
    """
    _check_user(user)
    delta = _whole_number(
        delta, low=-MAX_COPIES, high=MAX_COPIES, code="bad_delta",
        message=_("Add or take away from 1 to %(n)s copies.") % {"n": MAX_COPIES},
    )  # fmt: skip
    if delta == 0:
        raise ApplicationError(
            "bad_delta", _("Add or take away from 1 to %(n)s copies.") % {"n": MAX_COPIES}
        )
    card = _card(code)
    _lock_collection(user)
    mine = OwnedCard.objects.filter(user=user, card=card)
    now = timezone.now()

    def add() -> bool:
        room = mine.filter(count__lte=MAX_COPIES - delta)
        return room.update(count=F("count") + delta, updated_at=now) > 0

    if delta > 0:
        if add():
            return _count_of(user, card)
        # No row with room: none at all (insert the first copies), or a full one. The
        # unique row decides which, as before the lock: a write that takes no lock (the
        # admin) may still have inserted it, and that is no full row.
        try:
            with transaction.atomic():  # a savepoint: the insert may lose to that write
                OwnedCard.objects.create(user=user, card=card, count=delta)
            return delta
        except IntegrityError:
            pass
        if add():
            return _count_of(user, card)
        raise _too_many_copies(card)
    taken = -delta
    # Twice: a write that commits between the UPDATE and the DELETE below (one that
    # takes no lock: the admin) leaves a count neither matched; the second round sees it.
    for _round in range(2):
        if mine.filter(count__gt=taken).update(count=F("count") - taken, updated_at=now):
            return _count_of(user, card)
        # The last copies go: the row goes with them (a count of 0 is no row).
        if mine.filter(count=taken).delete()[0]:
            return 0
    owned = _count_of(user, card)
    if owned == 0:
        raise ApplicationError(
            "none_left", _("You own no copies of %(card)s.") % {"card": _name(card)}
        )
    raise ApplicationError(
        "none_left",
        _("You own %(owned)s copies of %(card)s; you cannot take away %(n)s.")
        % {"owned": owned, "card": _name(card), "n": taken},
    )


# -- a whole set ---------------------------------------------------------------


@transaction.atomic
def collection_add_set(*, user, set_code: str, copies: int = 1) -> AddSetResult:
    """`copies` (1–999) more of every card of a set, each capped at 999, all at once."""
    _check_user(user)
    copies = _whole_number(
        copies, low=1, high=MAX_COPIES, code="bad_count",
        message=_("Add from 1 to %(n)s copies.") % {"n": MAX_COPIES},
    )  # fmt: skip
    card_set = (
        CardSet.objects.filter(code__iexact=set_code.strip()).first()
        if isinstance(set_code, str) and 0 < len(set_code) <= 16
        else None
    )
    if card_set is None:
        raise NotFound("no_such_set", _("No such set."))
    _lock_collection(user)
    card_ids = list(Card.objects.filter(card_set=card_set).values_list("pk", flat=True))
    owned = dict(
        OwnedCard.objects.filter(user=user, card_id__in=card_ids).values_list("card_id", "count")
    )
    rows, added, capped = [], 0, 0
    for card_id in card_ids:
        before = owned.get(card_id, 0)
        after = min(MAX_COPIES, before + copies)
        added += after - before
        capped += after - before < copies
        if after != before:
            rows.append(OwnedCard(user=user, card_id=card_id, count=after))
    _upsert(rows)
    return AddSetResult(cards=len(card_ids), copies_added=added, capped=capped)


def _upsert(rows: list[OwnedCard]) -> None:
    """Insert or update many rows of one collection in a few statements."""
    OwnedCard.objects.bulk_create(
        rows,
        batch_size=500,
        update_conflicts=True,
        unique_fields=["user", "card"],
        update_fields=["count", "updated_at"],
    )


# -- CSV import ----------------------------------------------------------------


def _records(cards) -> list[dict]:
    """Card records with just what a CardLookup reads, plus the row id: no per-card work."""
    return [
        {
            "id": row["pk"],
            "code": row["code"],
            "name": row["name"],
            "name_en": row["name_en"],
            "number": row["number"],
            "game": row["game__slug"],
            "set": row["card_set__code"],
        }
        for row in cards.values(
            "pk", "code", "name", "name_en", "number", "game__slug", "card_set__code"
        )
    ]


def collection_parse(
    *, text: str, game: Game, owned: dict[str, int] | None = None
) -> csvio.ParsedCollection:
    """Read a CSV: codes among every card, names among `game`'s (names repeat across games);
    `owned`, copies by code, when the file is to be added to them (csvio.parse_csv).

    Raises LimitExceeded (400), naming the limit, for a text over LIMITS, before any card
    is looked up. Line errors are in the result; nothing is written.
    """
    limits = csv_limits()
    try:
        csvio.check_size(text, limits)
    except codec.ListTooLarge as problem:
        raise LimitExceeded(problem.code, problem.message(get_language()), problem.limit) from None
    every = _records(Card.objects.all())
    # Other games' names too, only to tell a name of theirs from a name of no card.
    names = codec.RecordLookup(
        [record for record in every if record["game"] == game.slug],
        elsewhere=[record for record in every if record["game"] != game.slug],
    )
    return csvio.parse_csv(
        text, codes=codec.RecordLookup(every), names=names, limits=limits, owned=owned
    )


def collection_import(
    *, user, text: str, game_slug: str = DEFAULT_GAME, mode: str = "add"
) -> ImportSummary:
    """Import a collection CSV (collection.csvio) in one transaction, or refuse it whole.

    mode "add": each card's count in the file is added to what is owned, and a card
    whose lines add up to 0 is removed ("0: I own none"). mode "replace": each listed
    card gets exactly its count, and every card of `game_slug` the file does not list
    is removed (other games' cards stay unless the file lists them by code).

    Refusals, with nothing saved: CollectionImportError listing every bad line (with a
    total above 999, in add mode counting what is owned), LimitExceeded for a text
    over LIMITS, "empty_import" for a file that names no card.
    """
    _check_user(user)
    if mode not in MODES:
        raise ApplicationError("bad_mode", _("Import mode is “add” or “replace”."))
    game = Game.objects.filter(slug=game_slug).first() if isinstance(game_slug, str) else None
    if game is None:
        raise ApplicationError(
            "unknown_game", _("There is no game “%(game)s”.") % {"game": game_slug}
        )
    if not isinstance(text, str):
        raise ApplicationError("empty_import", _("The file names no cards."))
    owned = None
    if mode == "add":
        owned = dict(OwnedCard.objects.filter(user=user).values_list("card__code", "count"))
    parsed = collection_parse(text=text, game=game, owned=owned)
    if parsed.errors:
        raise CollectionImportError(parsed.errors, get_language())
    if not parsed.counts:
        raise ApplicationError("empty_import", _("The file names no cards."))
    with transaction.atomic():
        return _apply(user, game, parsed, mode)


def _apply(user, game: Game, parsed: csvio.ParsedCollection, mode: str) -> ImportSummary:
    _lock_collection(user)
    ids = {code: card["id"] for code, card in parsed.cards.items()}
    mine = OwnedCard.objects.filter(user=user)
    owned = dict(mine.filter(card_id__in=ids.values()).values_list("card_id", "count"))
    rows, gone, over = [], [], []
    for code, count in parsed.counts.items():
        card_id = ids[code]
        if count == 0:
            gone.append(card_id)
            continue
        new = owned.get(card_id, 0) + count if mode == "add" else count
        if new > MAX_COPIES:
            over.append(csvio.total_too_high(parsed, code, new))
        elif new != owned.get(card_id):
            rows.append(OwnedCard(user=user, card_id=card_id, count=new))
    if over:
        # Refused before the first write: the collection is as it was.
        raise CollectionImportError(sorted(over, key=lambda e: e.line_no), get_language())
    listed = [card_id for code, card_id in ids.items() if parsed.counts[code] > 0]
    wiped = mine.filter(card__game=game).exclude(card_id__in=listed)
    if (
        mode == "replace"
        and not any(card.get("game") == game.slug for card in parsed.cards.values())
        and wiped.exists()
    ):
        # A file of another game's codes, with the game field left as it was, would
        # empty this game's whole collection: surely not what the file meant.
        raise ApplicationError(
            "replace_other_game",
            _(
                "The file lists no %(game)s card, so replacing would remove every "
                "%(game)s card you own. Choose the file's game, or add instead."
            )
            % {"game": game.name},
        )
    removed = 0
    if gone:
        removed += mine.filter(card_id__in=gone).delete()[0]
    if mode == "replace":
        removed += wiped.delete()[0]
    _upsert(rows)
    return ImportSummary(
        mode=mode,
        cards=sum(1 for count in parsed.counts.values() if count > 0),
        copies=sum(parsed.counts.values()),
        removed=removed,
    )


# -- sharing -------------------------------------------------------------------


@transaction.atomic
def collection_share(*, user) -> CollectionShare:
    """Open the collection to whoever has its unlisted link; the same link if already open."""
    _check_user(user)
    share, _created = CollectionShare.objects.get_or_create(
        user=user, defaults={"token": secrets.token_urlsafe(32)}
    )
    return share


@transaction.atomic
def collection_unshare(*, user) -> bool:
    """Close the link (it stops working for good; sharing again makes a new one)."""
    _check_user(user)
    return CollectionShare.objects.filter(user=user).delete()[0] > 0
