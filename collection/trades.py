"""Writes on trades: the have and want lists, and proposals from one player to another.

The lists are TradeEntry rows. Rows the player did not set (`manual` false) are the
defaults and are rewritten by `trade_lists_refresh`; it runs lazily — when a trade
page or the trades API opens for the player, and after every write here that changes
its sources (a want-deck toggle, an accepted trade). So another player's default lists
are as fresh as their last visit; every proposal is checked against the collections
as they are now, when it is made (the maker's side) and again when it is accepted
(both sides), so a stale list can suggest a trade but never make one. Every write here
that changes a list row, or whether a player shows their lists, gives the lists a new
version (`_lists_changed`): the partners kept under the old one (partners.kept_partners)
are never read again.

Accepting moves copies between two collections. It locks the proposal row, both
players' user rows (the lock collection.services takes for its read-then-write
writers, always in the order of the players' ids, so two trades cannot deadlock) and
their OwnedCard rows of the cards involved, checks the copies are still free, and
moves them in the same transaction: two accepts at once, or an accept racing an edit
of the collection, apply once or not at all (on SQLite every transaction already
holds the write lock: settings' IMMEDIATE).
"""

from __future__ import annotations

from uuid import uuid4

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from catalog.models import Card
from collection.models import (
    MAX_COPIES,
    OwnedCard,
    ProposalCard,
    ProposalStatus,
    TradeEntry,
    TradeProposal,
    TradeSide,
    TradeWantDeck,
)
from collection.partners import LISTS_VERSION_KEY
from collection.selectors import free_counts
from collection.services import SignInRequired
from core.errors import ApplicationError, Conflict, NotFound
from core.kept import kept_cache
from core.text import line_feeds, plain_text, trimmed
from decks.models import Deck, DeckEntry
from decks.services import deck_locked_for_use

# A deck may hold three copies of a card: the default have list keeps those back.
KEEP_FOR_A_DECK = 3
MAX_PROPOSAL_LINES = 100
MAX_MESSAGE_CHARS = 500
MAX_MESSAGE_LINES = 20
# Open proposals one player may have made at a time: an answer is owed for each.
MAX_OPEN_PROPOSALS = 50
# Open proposals one player may have waiting for their answer before a new one to them is
# refused: with the limit above, what their proposals page lists as open stays bounded
# however many players propose (a counter-offer answers their own proposal: let through).
MAX_OPEN_RECEIVED = 100
SIDES = (TradeSide.HAVE, TradeSide.WANT)
# The most cards a refusal names; the rest are counted ("and 3 more"), so the message about
# a 100-card proposal stays one readable sentence.
MAX_CARDS_NAMED = 5


class NotYours(ApplicationError):
    """A participant asking for what only the other participant may do."""

    status_code = 403


# -- helpers -----------------------------------------------------------------------------


def _check_user(user) -> None:
    if user is None or not user.is_authenticated:
        raise SignInRequired("sign_in", _("Sign in to trade."))


def _check_lists_shown(user) -> None:
    """A player who hides their lists makes no proposal (a counter-offer is one too)."""
    if not get_user_model().objects.filter(pk=user.pk, trades_open=True).exists():
        raise ApplicationError(
            "lists_hidden",
            _(
                "Trading goes both ways: show your have and want lists to other players "
                "first (on your trades page)."
            ),
        )


def _lock_users(*user_ids: int) -> None:
    """Lock the players' user rows, lowest id first (see the module's docstring).

    FOR NO KEY UPDATE, as collection.services._lock_collection says why: a plain
    FOR UPDATE deadlocks with a concurrent + click inserting the first copy.
    """
    list(
        get_user_model()
        .objects.select_for_update(no_key=True)
        .filter(pk__in=sorted(set(user_ids)))
        .order_by("pk")
        .values_list("pk")
    )


def _lists_changed() -> None:
    """A list row, or whether a player shows their lists, changed: the partners kept under
    the lists' version (collection.partners.kept_partners) are out of date.

    A new version now, so that this transaction reads none of them, and another once it
    commits: partners another request works out meanwhile, from the lists as they were
    before the commit, are kept under the first one and never read.
    """
    kept_cache.set(LISTS_VERSION_KEY, uuid4().hex, None)
    transaction.on_commit(lambda: kept_cache.set(LISTS_VERSION_KEY, uuid4().hex, None))


def _count(value, *, low: int, high: int, code: str = "bad_count") -> int:
    # bool is an int to Python; True copies of a card is a mistake, not 1
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApplicationError(
            code,
            _("A count must be a whole number from %(low)s to %(high)s.")
            % {"low": low, "high": high},
        )
    return value


def _side(side) -> str:
    if side not in SIDES:
        raise ApplicationError("bad_side", _("A trade list is “have” or “want”."))
    return str(side)


def _card(code) -> Card:
    if not isinstance(code, str) or not code.strip() or len(code) > 32:
        raise NotFound("no_such_card", _("No such card."))
    card = Card.objects.filter(code__iexact=code.strip()).first()
    if card is None:
        raise NotFound("no_such_card", _("No such card."))
    return card


def _name(card: Card) -> str:
    return card.display_name


def _first_few(items: list[str]) -> str:
    """The first MAX_CARDS_NAMED of `items`, comma separated, then how many more there are."""
    text = ", ".join(items[:MAX_CARDS_NAMED])
    if len(items) > MAX_CARDS_NAMED:
        text += " " + _("and %(n)s more") % {"n": len(items) - MAX_CARDS_NAMED}
    return text


def _cards_named(codes) -> str:
    """The cards of `codes` as a refusal names them: “name” (code), the name in the reader's
    language (as collection.services names a card), in code order, the first few only."""
    codes = sorted(set(codes))
    shown = Card.objects.filter(code__in=codes[:MAX_CARDS_NAMED])
    names = {card.code: _name(card) for card in shown}
    return _first_few(
        [
            _("“%(name)s” (%(code)s)") % {"name": names[code], "code": code}
            if code in names
            else code
            for code in codes
        ]
    )


# -- the lists ---------------------------------------------------------------------------


def _default_lists(user) -> dict[tuple[int, str], int]:
    """(card id, side) → the default count, for the cards with a count above 0.

    Wants: what the chosen decks need together beyond the copies free for them —
    for each card, the SUM of the copies every chosen deck holds, minus the copies
    owned that no other (not chosen) built deck holds; so two chosen decks that each
    lack one copy of a card want two. Haves: the free copies beyond what a deck may
    use (3) or, when more, beyond what the chosen decks not yet built need, so a
    card is never offered while a chosen deck waits for it.
    """
    chosen = list(
        Deck.objects.filter(
            pk__in=TradeWantDeck.objects.filter(user=user).values("deck_id"), owner=user
        ).values_list("pk", "built")
    )
    chosen_ids = [pk for pk, _built in chosen]
    unbuilt_ids = [pk for pk, built in chosen if not built]

    def copies(entries) -> dict[int, int]:
        rows = entries.values("card_id").annotate(n=Sum("count"))
        return {row["card_id"]: row["n"] for row in rows}

    need = copies(DeckEntry.objects.filter(deck_id__in=chosen_ids)) if chosen_ids else {}
    need_unbuilt = copies(DeckEntry.objects.filter(deck_id__in=unbuilt_ids)) if unbuilt_ids else {}
    held_elsewhere = copies(
        DeckEntry.objects.filter(deck__owner=user, deck__built=True, deck__deleted_at__isnull=True)
        .exclude(deck_id__in=chosen_ids)
    )  # fmt: skip
    owned = dict(OwnedCard.objects.filter(user=user).values_list("card_id", "count"))
    built = copies(
        DeckEntry.objects.filter(deck__owner=user, deck__built=True, deck__deleted_at__isnull=True)
    )
    lists: dict[tuple[int, str], int] = {}
    for card_id, n in need.items():
        available = max(0, owned.get(card_id, 0) - held_elsewhere.get(card_id, 0))
        if n > available:
            lists[(card_id, TradeSide.WANT)] = min(MAX_COPIES, n - available)
    for card_id, count in owned.items():
        free = max(0, count - built.get(card_id, 0))
        keep = max(KEEP_FOR_A_DECK, need_unbuilt.get(card_id, 0))
        if free > keep and (card_id, TradeSide.WANT) not in lists:
            lists[(card_id, TradeSide.HAVE)] = free - keep
    return lists


@transaction.atomic
def trade_lists_refresh(*, user) -> None:
    """Rewrite the player's default (not manual) list rows from their collection and decks.

    Manual rows hide the default of their card and side (a want of a card also its
    default have); a manual have above the copies now free comes down to them, so a
    trade or an edit that took copies away leaves no offer of cards the player lacks.
    Writes only what changed (a few statements; none when nothing did).
    """
    _check_user(user)
    _lock_users(user.pk)
    wanted = _default_lists(user)
    rows = TradeEntry.objects.filter(user=user)
    manual = rows.filter(manual=True)
    free = None
    for pk, card_id, side, count in manual.values_list("pk", "card_id", "side", "count"):
        wanted.pop((card_id, side), None)
        if side == TradeSide.WANT:
            wanted.pop((card_id, TradeSide.HAVE), None)
            continue
        if free is None:
            free = _free_by_card(user)
        if count > free.get(card_id, 0):
            _set_count(pk, free.get(card_id, 0))
    current = {
        (card_id, side): (pk, count)
        for pk, card_id, side, count in rows.filter(manual=False).values_list(
            "pk", "card_id", "side", "count"
        )
    }
    gone = [pk for key, (pk, _count) in current.items() if key not in wanted]
    changed = [
        TradeEntry(pk=pk, count=wanted[key])
        for key, (pk, count) in current.items()
        if key in wanted and wanted[key] != count
    ]
    new = [
        TradeEntry(user=user, card_id=card_id, side=side, count=count, manual=False)
        for (card_id, side), count in wanted.items()
        if (card_id, side) not in current
    ]
    if gone:
        TradeEntry.objects.filter(pk__in=gone).delete()
    if changed:
        TradeEntry.objects.bulk_update(changed, ["count"], batch_size=500)
    if new:
        TradeEntry.objects.bulk_create(new, batch_size=500)
    if gone or changed or new:
        _lists_changed()


@transaction.atomic
def trade_entry_set(*, user, code: str, side: str, count: int) -> TradeEntry:
    """Put `count` (0–999) copies of a card on my have or want list myself; 0 keeps it off.

    A have above the copies I have free (owned, not in a built deck) is refused.
    """
    _check_user(user)
    side = _side(side)
    count = _count(count, low=0, high=MAX_COPIES)
    card = _card(code)
    _lock_users(user.pk)
    if side == TradeSide.HAVE and count:
        free = free_counts(user).get(card.code, 0)
        if count > free:
            raise ApplicationError(
                "not_free",
                _("You have %(free)s free copies of %(card)s; you cannot offer %(n)s.")
                % {"free": free, "card": _name(card), "n": count},
                extra={"free": free},
            )
    entry, _created = TradeEntry.objects.update_or_create(
        user=user, card=card, side=side, defaults={"count": count, "manual": True}
    )
    if side == TradeSide.WANT:  # wanting a card, one offers none of it by default
        TradeEntry.objects.filter(user=user, card=card, side=TradeSide.HAVE, manual=False).delete()
    _lists_changed()
    return entry


@transaction.atomic
def trade_entry_reset(*, user, code: str, side: str) -> None:
    """Back to the default count for this card and side (my own count is dropped)."""
    _check_user(user)
    side = _side(side)
    card = _card(code)
    deleted, _by_model = TradeEntry.objects.filter(
        user=user, card=card, side=side, manual=True
    ).delete()
    if deleted:
        _lists_changed()
    trade_lists_refresh(user=user)


@transaction.atomic
def trade_want_deck_set(*, user, deck_id: int, on: bool) -> bool:
    """Put a deck's missing cards on my want list (on), or take them off; my decks only."""
    _check_user(user)
    if isinstance(deck_id, bool) or not isinstance(deck_id, int) or not 0 < deck_id < 2**63:
        raise NotFound("not_found", _("No such deck."))
    # Locked as any use of a deck is (decks.services.deck_locked_for_use): a delete at
    # the same moment would otherwise remove the deck under the new row (a 500 at commit).
    # The user first, as every writer that locks both does (a match, a print job).
    _lock_users(user.pk)
    deck = deck_locked_for_use(deck_id=deck_id)
    if deck is None or deck.owner_id != user.pk:
        raise NotFound("not_found", _("No such deck."))
    if on:
        TradeWantDeck.objects.get_or_create(user=user, deck=deck)
    else:
        TradeWantDeck.objects.filter(user=user, deck=deck).delete()
    trade_lists_refresh(user=user)
    return bool(on)


def trade_lists_open(*, user, open: bool) -> bool:  # noqa: A002 (the word the API uses)
    """Show my have and want lists to other players (partners, proposals to me), or stop.

    Off by default: the lists are worked out of a private collection, so nobody
    finds them until their owner says so. Proposals already made stay as they are.
    """
    _check_user(user)
    get_user_model().objects.filter(pk=user.pk).update(trades_open=bool(open))
    _lists_changed()
    user.trades_open = bool(open)
    return user.trades_open


# -- proposals ---------------------------------------------------------------------------


def too_many_lines(_found: int = 0) -> ApplicationError:
    return ApplicationError(
        "too_many_lines",
        _("A proposal may name at most %(n)s cards.") % {"n": MAX_PROPOSAL_LINES},
        extra={"limit": MAX_PROPOSAL_LINES},
    )


def _lines(gives, gets) -> dict[tuple[int, bool], int]:
    """(card id, maker gives) → count, from the {code: count} sides; refuses what is wrong."""
    for side in (gives, gets):
        if not isinstance(side, dict):
            raise ApplicationError("bad_lines", _("Name the cards as code → count."))
    if len(gives) + len(gets) > MAX_PROPOSAL_LINES:
        raise too_many_lines()
    if not gives and not gets:
        raise ApplicationError("empty_proposal", _("Name at least one card."))
    codes: set[str] = set()
    for side in (gives, gets):
        for code, count in side.items():
            if not isinstance(code, str) or not code.strip() or len(code) > 32:
                raise NotFound("no_such_card", _("No such card."))
            _count(count, low=1, high=MAX_COPIES)
            codes.add(code.strip().upper())
    cards = {
        code.upper(): pk
        for code, pk in Card.objects.filter(code__in=codes).values_list("code", "pk")
    }
    unknown = sorted(codes - set(cards))
    if unknown:
        raise NotFound(
            "no_such_card",
            # no name to give: a code nobody has is what was typed
            _("No such card: %(codes)s.") % {"codes": _first_few(unknown)},
            extra={"cards": unknown},
        )
    lines: dict[tuple[int, bool], int] = {}
    for gives_it, side in ((True, gives), (False, gets)):
        for code, count in side.items():
            key = (cards[code.strip().upper()], gives_it)
            lines[key] = lines.get(key, 0) + count
            if lines[key] > MAX_COPIES:
                _count(lines[key], low=1, high=MAX_COPIES)
    both = {card_id for card_id, gives_it in lines if gives_it} & {
        card_id for card_id, gives_it in lines if not gives_it
    }
    if both:
        raise ApplicationError("card_both_ways", _("A card cannot go both ways in one trade."))
    return lines


def _free_by_card(user) -> dict[int, int]:
    """Free copies (owned, not in a built deck) by card id."""
    by_code = free_counts(user)
    ids = dict(Card.objects.filter(code__in=by_code).values_list("code", "pk"))
    return {ids[code]: n for code, n in by_code.items() if code in ids}


def _set_count(entry_pk: int, count: int) -> None:
    """A row the player set, brought down by a trade or a loss of copies; used up, it goes
    and the default takes over (a row the player set at 0, to keep a card off, is never
    brought here)."""
    if count > 0:
        TradeEntry.objects.filter(pk=entry_pk).update(count=count)
    else:
        TradeEntry.objects.filter(pk=entry_pk).delete()
    _lists_changed()


def _short_of(user, needs: dict[int, int]) -> list[str]:
    """Codes of the cards of `needs` (card id → copies) the user has fewer free copies of."""
    codes = dict(Card.objects.filter(pk__in=needs).values_list("pk", "code"))
    free = free_counts(user)
    return sorted(codes[card_id] for card_id, n in needs.items() if free.get(codes[card_id], 0) < n)


def _create(*, maker, partner, lines, message, counter_of) -> TradeProposal:
    # the open-proposal counts below hold against a burst of creates (the maker's own, or
    # many makers' to one partner)
    _lock_users(maker.pk, partner.pk)
    short = _short_of(maker, {card_id: n for (card_id, gives), n in lines.items() if gives})
    if short:
        raise ApplicationError(
            "not_free",
            # (`codes`: the msgid the catalogue knows; the cards are named now)
            _("You do not have enough free copies of: %(codes)s.") % {"codes": _cards_named(short)},
            extra={"cards": short},
        )
    if (
        TradeProposal.objects.filter(maker=maker, status=ProposalStatus.OPEN).count()
        >= MAX_OPEN_PROPOSALS
    ):
        raise ApplicationError(
            "too_many_open",
            _("You have %(n)s proposals waiting for an answer; wait or withdraw some first.")
            % {"n": MAX_OPEN_PROPOSALS},
            extra={"limit": MAX_OPEN_PROPOSALS},
        )
    if (
        counter_of is None
        and TradeProposal.objects.filter(partner=partner, status=ProposalStatus.OPEN).count()
        >= MAX_OPEN_RECEIVED
    ):
        raise ApplicationError(
            "partner_too_many_open",
            _(
                "%(name)s has %(n)s proposals waiting for an answer already; propose again "
                "when they have answered some."
            )
            % {"name": partner.username, "n": MAX_OPEN_RECEIVED},
            extra={"limit": MAX_OPEN_RECEIVED},
        )
    proposal = TradeProposal.objects.create(
        maker=maker, partner=partner, message=message, counter_of=counter_of
    )
    ProposalCard.objects.bulk_create(
        ProposalCard(proposal=proposal, card_id=card_id, gives=gives, count=count)
        for (card_id, gives), count in lines.items()
    )
    return proposal


def _message(message) -> str:
    if message is None:
        return ""
    if isinstance(message, str):
        message = line_feeds(message)  # measured as its box counted it: a break is one
    if not isinstance(message, str) or len(message) > MAX_MESSAGE_CHARS:
        raise ApplicationError(
            "message_too_long",
            _("A message may be at most %(n)s characters long.") % {"n": MAX_MESSAGE_CHARS},
            extra={"limit": MAX_MESSAGE_CHARS},
        )
    # `field` tells this `too_many_lines` from the one about the cards' lines; trimmed
    # after the check, so a direction control at an end is refused, not dropped unseen,
    # and a message that shows nothing (a zero-width space) is no message.
    checked = plain_text(
        message.strip(), multiline=True, max_lines=MAX_MESSAGE_LINES, field="message"
    )
    return trimmed(checked)


@transaction.atomic
def proposal_create(
    *,
    maker,
    partner_id: int,
    gives: dict[str, int],
    gets: dict[str, int],
    message: str = "",
    counter_of: TradeProposal | None = None,
) -> TradeProposal:
    """Offer `gives` (cards I give: code → copies) for `gets` (cards the partner gives).

    At most 100 cards, 1–999 copies each, a message of at most 500 characters and
    20 lines of plain text (a line break counts as one character), at least one card;
    every card I give must be free in my collection now. Refused while I have 50 open
    proposals, or (a new proposal, not a counter-offer) the partner has 100 waiting.
    """
    _check_user(maker)
    if isinstance(partner_id, bool) or not isinstance(partner_id, int):
        raise NotFound("no_such_player", _("No such player."))
    if not 0 < partner_id < 2**63:
        raise NotFound("no_such_player", _("No such player."))
    if partner_id == maker.pk:
        raise ApplicationError("to_yourself", _("You cannot trade with yourself."))
    # a player whose lists are hidden is not found: nobody learns they trade at all
    partner = get_user_model().objects.filter(pk=partner_id, is_active=True, trades_open=True)
    partner = partner.first()
    if partner is None:
        raise NotFound("no_such_player", _("No such player."))
    _check_lists_shown(maker)
    message = _message(message)
    lines = _lines(gives, gets)
    return _create(
        maker=maker, partner=partner, lines=lines, message=message, counter_of=counter_of
    )


def _locked(proposal_id) -> TradeProposal | None:
    if isinstance(proposal_id, bool) or not isinstance(proposal_id, int):
        return None
    if not 0 < proposal_id < 2**63:
        return None
    return TradeProposal.objects.select_for_update().filter(pk=proposal_id).first()


def _check_active(other) -> None:
    """An account closed since the proposal was made trades no more (as it cannot propose).

    A Conflict, not a NotFound: the proposal is still there to read, and the refusal
    shows where the player acted, as the others do.
    """
    if not other.is_active:
        raise Conflict(
            "player_gone",
            _("%(name)s has closed their account: this trade cannot go ahead any more.")
            % {"name": other.username},
        )


def check_may_act(user_id: int, proposal, *, by: str) -> None:
    """Refuse unless the player `user_id` may act on `proposal` (a TradeProposal or a
    partners.ProposalView) as its `by` ("partner": answer; "maker": withdraw) now:
    NotYours (403 `not_yours`) for the other participant, Conflict (409 `not_open`)
    once it was answered. The caller has made sure `user_id` is one of its players."""
    if by == "partner" and proposal.partner_id != user_id:
        raise NotYours("not_yours", _("Only the player you proposed to can answer it."))
    if by == "maker" and proposal.maker_id != user_id:
        raise NotYours("not_yours", _("Only the player who made the proposal can withdraw it."))
    if proposal.status != ProposalStatus.OPEN:
        raise Conflict(
            "not_open",
            _("This proposal is no longer open: %(status)s.")
            % {"status": ProposalStatus(proposal.status).label},
            extra={"status": proposal.status},
        )


def _answerable(user, proposal_id, *, by: str) -> TradeProposal:
    """The proposal, locked, if `user` may act on it as its `by` ("partner"/"maker") now."""
    _check_user(user)
    proposal = _locked(proposal_id)
    if proposal is None or user.pk not in (proposal.maker_id, proposal.partner_id):
        raise NotFound("not_found", _("No such proposal."))
    check_may_act(user.pk, proposal, by=by)
    return proposal


def proposal_counter_check(*, user, proposal) -> None:
    """Refuse, before the counter form is shown, what `proposal_counter` would refuse about
    the proposal itself: not `user`'s to answer (403), no longer open (409 `not_open`),
    its maker's account closed (409 `player_gone`). `proposal`: a partners.ProposalView
    `user` may read."""
    check_may_act(user.pk, proposal, by="partner")
    _check_active(get_user_model().objects.get(pk=proposal.maker_id))


def _close(proposal: TradeProposal, status: str) -> TradeProposal:
    proposal.status = status
    proposal.decided_at = timezone.now()
    # News for the maker until they open it (their trade badge); a counter-offer is news
    # as the new proposal waiting for their answer, a withdrawal was their own doing.
    proposal.answer_unseen = status in (ProposalStatus.ACCEPTED, ProposalStatus.DECLINED)
    proposal.save(update_fields=["status", "decided_at", "answer_unseen"])
    return proposal


def _take(user_id: int, card_id: int, n: int) -> None:
    """Take n copies (checked free, row locked): the row goes with its last copy."""
    mine = OwnedCard.objects.filter(user_id=user_id, card_id=card_id)
    if not mine.filter(count__gt=n).update(count=F("count") - n, updated_at=timezone.now()):
        mine.filter(count=n).delete()


def _give(user_id: int, card_id: int, n: int) -> None:
    """Add n copies; a player cannot end up with more than 999 (the whole trade is refused)."""
    mine = OwnedCard.objects.filter(user_id=user_id, card_id=card_id)
    room = mine.filter(count__lte=MAX_COPIES - n)
    if room.update(count=F("count") + n, updated_at=timezone.now()):
        return
    # No row with room: none yet, a full one, or one a concurrent + click has just
    # inserted. The unique row decides (as in collection_change_count): asking
    # whether a row exists first would take that last case for a full one.
    try:
        with transaction.atomic():  # a savepoint: the insert may lose to that click
            OwnedCard.objects.create(user_id=user_id, card_id=card_id, count=n)
        return
    except IntegrityError:
        pass
    if room.update(count=F("count") + n, updated_at=timezone.now()):
        return
    card = Card.objects.get(pk=card_id)
    raise Conflict(
        "too_many_copies",
        _("The trade would take a collection above %(n)s copies of %(card)s.")
        % {"n": MAX_COPIES, "card": _name(card)},
        extra={"limit": MAX_COPIES},
    )


@transaction.atomic
def proposal_accept(*, user, proposal_id: int) -> TradeProposal:
    """Accept a proposal made to me: the cards change hands now, or nothing happens."""
    proposal = _answerable(user, proposal_id, by="partner")
    maker_id, partner_id = proposal.maker_id, proposal.partner_id
    _lock_users(maker_id, partner_id)
    lines = list(proposal.cards.values_list("card_id", "gives", "count"))
    card_ids = sorted({card_id for card_id, _gives, _n in lines})
    list(
        OwnedCard.objects.select_for_update()
        .filter(user_id__in=(maker_id, partner_id), card_id__in=card_ids)
        .order_by("pk")
        .values_list("pk")
    )
    users = get_user_model().objects.in_bulk([maker_id, partner_id])
    maker, partner = users[maker_id], users[partner_id]
    _check_active(maker)
    short_maker = _short_of(maker, {c: n for c, gives, n in lines if gives})
    short_partner = _short_of(partner, {c: n for c, gives, n in lines if not gives})
    if short_maker or short_partner:
        raise Conflict(
            "not_free_any_more",
            _("The cards are no longer free for this trade: %(codes)s.")
            % {"codes": _cards_named(short_maker + short_partner)},
            extra={"maker_short": short_maker, "partner_short": short_partner},
        )
    received: dict[tuple[int, int], int] = {}  # (taker, card) -> copies
    for card_id, gives, n in lines:
        giver, taker = (maker_id, partner_id) if gives else (partner_id, maker_id)
        _take(giver, card_id, n)
        _give(taker, card_id, n)
        received[(taker, card_id)] = received.get((taker, card_id), 0) + n
    # a want the trade filled, wholly or in part (the giver's have: the refresh below)
    for pk, user_id, card_id, count in TradeEntry.objects.filter(
        user_id__in=(maker_id, partner_id),
        card_id__in=card_ids,
        side=TradeSide.WANT,
        manual=True,
        count__gt=0,
    ).values_list("pk", "user_id", "card_id", "count"):
        if (user_id, card_id) in received:
            _set_count(pk, max(0, count - received[(user_id, card_id)]))
    _close(proposal, ProposalStatus.ACCEPTED)
    trade_lists_refresh(user=maker)
    trade_lists_refresh(user=partner)
    return proposal


@transaction.atomic
def proposal_decline(*, user, proposal_id: int) -> TradeProposal:
    """Say no to a proposal made to me."""
    return _close(_answerable(user, proposal_id, by="partner"), ProposalStatus.DECLINED)


@transaction.atomic
def proposal_withdraw(*, user, proposal_id: int) -> TradeProposal:
    """Take back a proposal I made that has no answer yet."""
    return _close(_answerable(user, proposal_id, by="maker"), ProposalStatus.WITHDRAWN)


def proposal_answer_seen(*, user, proposal_id: int) -> None:
    """The maker has opened their answered proposal: the answer is no longer news."""
    _check_user(user)
    TradeProposal.objects.filter(pk=proposal_id, maker=user, answer_unseen=True).update(
        answer_unseen=False
    )


@transaction.atomic
def proposal_counter(
    *, user, proposal_id: int, gives: dict[str, int], gets: dict[str, int], message: str = ""
) -> TradeProposal:
    """Answer a proposal made to me with my own: `gives` are the cards I give now.

    Returns the new proposal (me → the old maker); the old one is COUNTERED. Refused as
    a new proposal is (my lists hidden, too many open…); then the old one stays open.
    """
    old = _answerable(user, proposal_id, by="partner")
    maker = get_user_model().objects.get(pk=old.maker_id)
    _check_active(maker)
    _check_lists_shown(user)  # refused as a new proposal is
    new = _create(
        maker=user,
        partner=maker,
        lines=_lines(gives, gets),
        message=_message(message),
        counter_of=old,
    )
    _close(old, ProposalStatus.COUNTERED)
    return new
