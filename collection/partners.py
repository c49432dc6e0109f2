"""Reads of trades: the have and want lists, trading partners, proposals. Nothing here
writes to the database (kept_partners keeps its answers in the kept cache).

The default list rows are refreshed lazily (collection.trades.trade_lists_refresh):
a page or API call that shows a player's lists or partners refreshes that player's
lists first. Proposals are private to their two players; anyone else gets NotFound.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from uuid import uuid4

from django.contrib.auth import get_user_model
from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models import Count, Max, Q, QuerySet, Sum
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from catalog.models import Card
from catalog.vocab import RARITIES
from collection.models import (
    ProposalCard,
    ProposalStatus,
    TradeEntry,
    TradeProposal,
    TradeSide,
    TradeWantDeck,
)
from collection.selectors import free_counts
from core.errors import NotFound
from core.kept import kept_cache
from core.rates import over_the_limit
from decks.history import nearest_page
from decks.models import Deck

# Proposals a page of a list shows, newest first. A list row counts its cards; the cards
# themselves (up to 100 lines a proposal) are read on the proposal's own page only, so a
# page costs the same whether a player had ten proposals or ten thousand.
PROPOSALS_PAGE_SIZE = 20
# A page of the trade lists page's deck checkboxes (a player may keep a thousand decks).
WANT_DECKS_PAGE_SIZE = 50
MAX_PARTNERS = 100


@dataclass(frozen=True)
class TradeRow:
    code: str
    name: str
    name_en: str
    set: str
    rarity: str | None
    rarity_label: str
    count: int  # 0: a manual row keeping the card off the list
    manual: bool


@dataclass(frozen=True)
class TradeLists:
    haves: list[TradeRow]
    wants: list[TradeRow]


@dataclass(frozen=True)
class WantDeckRow:
    deck_id: int
    name: str
    game: str
    built: bool
    on: bool


@dataclass(frozen=True)
class PartnerRow:
    user_id: int
    username: str
    they_give: int  # copies of cards I want that they have, card by card min(have, want)
    i_give: int  # the other way: copies of cards they want that I have
    they_give_by_rarity: dict[str | None, int] = field(default_factory=dict)
    i_give_by_rarity: dict[str | None, int] = field(default_factory=dict)


@dataclass(frozen=True)
class ChoiceRow:
    code: str
    name: str
    name_en: str
    rarity: str | None
    rarity_label: str
    available: int  # free copies (mine) or copies on their have list (theirs)
    suggested: int  # what the lists say could go: min(have, want); 0 if not wanted


@dataclass(frozen=True)
class ProposalChoices:
    give: list[ChoiceRow]
    get: list[ChoiceRow]


@dataclass(frozen=True)
class CardLine:
    code: str
    name: str
    name_en: str
    rarity: str | None
    rarity_label: str
    count: int


@dataclass(frozen=True)
class ProposalFacts:
    """What a proposal's page and a list's row both say of it (`_facts`)."""

    id: int
    maker_id: int
    maker_name: str
    partner_id: int
    partner_name: str
    status: str
    status_label: str
    message: str
    counter_of_id: int | None
    created_at: datetime
    decided_at: datetime | None
    mine: bool  # the viewer made it
    can_answer: bool  # the viewer may accept, decline or counter it
    can_withdraw: bool
    new_answer: bool  # the viewer made it, and has not opened it since its answer


@dataclass(frozen=True)
class ProposalView(ProposalFacts):
    """A proposal on its own page, with the cards each side gives."""

    maker_gives: list[CardLine]
    partner_gives: list[CardLine]


@dataclass(frozen=True)
class ProposalRow(ProposalFacts):
    """A proposal in a list: who, what came of it, and how much each side gives."""

    maker_gives_cards: int  # different cards the maker gives (lines, not copies)
    partner_gives_cards: int
    maker_gives_copies: int  # copies, all cards together: what a trade is counted in
    partner_gives_copies: int


@dataclass(frozen=True)
class TradeInbox:
    """What the header's trade badge counts for a player."""

    waiting: int  # proposals made to them that wait for their answer
    answered: int  # their proposals accepted or declined since they last opened them

    @property
    def total(self) -> int:
        return self.waiting + self.answered


def _rarity_label(rarity: str | None) -> str:
    return RARITIES.label(rarity, get_language())


# -- lists -------------------------------------------------------------------------------


def trade_lists(user) -> TradeLists:
    """My have and want lists in catalog order; manual rows with 0 are listed (kept off)."""
    if not user.is_authenticated:
        return TradeLists([], [])
    rows = (
        TradeEntry.objects.filter(user=user)
        .filter(Q(count__gt=0) | Q(manual=True))
        .order_by("card__game__position", "card__card_set__position", "card__sort_key")
        .values_list(
            "side", "card__code", "card__name", "card__name_en", "card__card_set__code",
            "card__rarity", "count", "manual",
        )
    )  # fmt: skip
    haves, wants = [], []
    for side, code, name, name_en, set_code, rarity, count, manual in rows:
        row = TradeRow(code, name, name_en, set_code, rarity, _rarity_label(rarity), count, manual)
        (haves if side == TradeSide.HAVE else wants).append(row)
    return TradeLists(haves, wants)


def want_decks(user) -> list[WantDeckRow]:
    """My decks (newest change first), each with whether its missing cards are on my want list."""
    if not user.is_authenticated:
        return []
    return _want_deck_rows(user, _my_decks(user))


@dataclass(frozen=True)
class WantDecksPage:
    page: Page  # of WantDeckRow
    ticked: int  # of all my decks, not only this page's


def want_decks_page(user, raw_page: object = None) -> WantDecksPage:
    """A page of want_decks, WANT_DECKS_PAGE_SIZE decks: the lists page draws one checkbox
    a deck, and a player may keep a thousand. Text that is not a page number gives the
    first page, a number past the end the last."""
    paginator = Paginator(_my_decks(user), WANT_DECKS_PAGE_SIZE)
    page = paginator.page(nearest_page(raw_page, paginator.num_pages))
    page.object_list = _want_deck_rows(user, page.object_list)
    ticked = TradeWantDeck.objects.filter(user=user, deck__in=Deck.objects.filter(owner=user))
    return WantDecksPage(page=page, ticked=ticked.count())


def _my_decks(user):
    # newest change first, as the deck list; the id keeps the order whole
    return (
        Deck.objects.filter(owner=user)
        .order_by("-updated_at", "-pk")
        .values_list("pk", "name", "game__slug", "built")
    )


def _want_deck_rows(user, decks) -> list[WantDeckRow]:
    chosen = set(TradeWantDeck.objects.filter(user=user).values_list("deck_id", flat=True))
    return [WantDeckRow(pk, name, game, built, pk in chosen) for pk, name, game, built in decks]


# -- partners ----------------------------------------------------------------------------

# For each card on my lists, the other players' rows of that card on the other side
# (have for my want, want for my have), walked through the (side, card, user) index,
# min(theirs, mine) copies each, summed per player and direction in ONE grouping pass:
# nothing runs per player in Python. `{extra}` narrows it to a few players and adds the
# card's rarity to the grouping (for the players shown only).
_BOTH_WAYS = """
    SELECT t.user_id AS user_id{rarity_col},
           SUM(CASE WHEN t.side = %s
                    THEN CASE WHEN t.count < m.count THEN t.count ELSE m.count END
                    ELSE 0 END) AS they_give,
           SUM(CASE WHEN t.side = %s
                    THEN CASE WHEN t.count < m.count THEN t.count ELSE m.count END
                    ELSE 0 END) AS i_give
    FROM {entry} m
    JOIN {entry} t
      ON t.side = CASE WHEN m.side = %s THEN %s ELSE %s END AND t.card_id = m.card_id
    {rarity_join}
    WHERE m.user_id = %s AND m.count > 0 AND t.count > 0 AND t.user_id <> %s {only}
    GROUP BY t.user_id{rarity_col_group}
"""


def _both_ways(me: int, *, rarity: bool = False, only=()) -> tuple[str, list]:
    entry = connection.ops.quote_name(TradeEntry._meta.db_table)
    card = connection.ops.quote_name(Card._meta.db_table)
    sql = _BOTH_WAYS.format(
        entry=entry,
        rarity_col=", c.rarity AS rarity" if rarity else "",
        rarity_col_group=", c.rarity" if rarity else "",
        rarity_join=f"JOIN {card} c ON c.id = t.card_id" if rarity else "",
        only=f"AND t.user_id IN ({', '.join(['%s'] * len(only))})" if only else "",
    )
    have, want = TradeSide.HAVE, TradeSide.WANT
    return sql, [have, want, want, have, want, me, me, *only]


def partners(user, limit: int = 50) -> list[PartnerRow]:
    """Players whose haves meet my wants AND whose wants meet my haves, best first.

    they_give: copies of cards I want that they have (per card min(their have, my
    want), summed); i_give: the same the other way. Ranked by the smaller of the two
    (a trade needs both ways), then the total, then who joined first. Active players
    only, never me. Two aggregate queries on the database: one ranks every player
    and keeps `limit` (1–100), one counts by rarity for those.
    """
    if not user.is_authenticated:
        return []
    limit = max(1, min(MAX_PARTNERS, int(limit)))
    ways_sql, params = _both_ways(user.pk)
    users = connection.ops.quote_name(get_user_model()._meta.db_table)
    # Only quoted table names and %s placeholders go into the text; values are parameters.
    sql = f"""
        SELECT w.user_id, u.username, w.they_give, w.i_give
        FROM ({ways_sql}) w
        JOIN {users} u ON u.id = w.user_id
        WHERE w.they_give > 0 AND w.i_give > 0 AND u.is_active AND u.trades_open
        ORDER BY CASE WHEN w.they_give < w.i_give THEN w.they_give ELSE w.i_give END DESC,
                 w.they_give + w.i_give DESC, w.user_id
        LIMIT %s
    """  # noqa: S608
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, limit])
        ranked = cursor.fetchall()
    if not ranked:
        return []
    ids = [row[0] for row in ranked]
    they_give: dict[int, dict[str | None, int]] = {}
    i_give: dict[int, dict[str | None, int]] = {}
    sql, params = _both_ways(user.pk, rarity=True, only=ids)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        for user_id, rarity, got, gave in cursor.fetchall():
            if got:
                they_give.setdefault(user_id, {})[rarity] = int(got)
            if gave:
                i_give.setdefault(user_id, {})[rarity] = int(gave)
    return [
        PartnerRow(
            user_id=user_id,
            username=username,
            they_give=int(got),
            i_give=int(gave),
            they_give_by_rarity=they_give.get(user_id, {}),
            i_give_by_rarity=i_give.get(user_id, {}),
        )
        for user_id, username, got, gave in ranked
    ]


# Finding partners reads every other player's lists: seconds at 10,000 players
# (bench/trades.py), on each visit of the partners page. So the answer is kept, per player
# and limit, under what it was worked out from: the version of everyone's lists (a new
# one at every change of a list row or of whether a player shows theirs:
# collection.trades._lists_changed), the catalog (a card removed takes its list rows with
# it, a rarity may change) and how many players show their lists (an account the admin
# opens again). The players a kept answer names are read again: one closed, deleted,
# renamed or hidden since sends it to be worked out afresh.
LISTS_VERSION_KEY = "trade-lists-version"
PARTNERS_KEPT_SECONDS = 60 * 60
PARTNERS_FRESH_PER_MINUTE = 6


def lists_version() -> str:
    """The version of everyone's trade lists now (collection.trades._lists_changed)."""
    version = kept_cache.get(LISTS_VERSION_KEY)
    if version is None:
        # never set, or evicted: a new one, under which nothing was kept before
        kept_cache.add(LISTS_VERSION_KEY, uuid4().hex, None)
        version = kept_cache.get(LISTS_VERSION_KEY) or uuid4().hex
    return version


def kept_partners(user, limit: int = 50) -> list[PartnerRow]:
    """`partners(user, limit)`, kept in the cache until anything it reads changes.

    The best MAX_PARTNERS are worked out and kept, whatever `limit` asks, so a client
    that walks `limit` from 1 to 100 costs one working out, not a hundred. Past
    PARTNERS_FRESH_PER_MINUTE workings out of one player's in a minute (each list change
    of anyone's outdates the kept answer), the player's last answer is given again,
    less anyone who has since closed, hidden or renamed: at most a minute old, and the
    seconds of database time a fresh one costs at 10,000 players (bench/trades.py)
    cannot be asked for in a loop.
    """
    if not user.is_authenticated:
        return []
    limit = max(1, min(MAX_PARTNERS, int(limit)))
    shown = get_user_model().objects.filter(is_active=True, trades_open=True)
    cards = Card.objects.aggregate(n=Count("pk"), last=Max("pk"), changed=Max("updated_at"))
    changed = cards["changed"].timestamp() if cards["changed"] else 0
    key = (
        f"trade-partners:{user.pk}:{lists_version()}:{shown.count()}:"
        f"{cards['n']}:{cards['last']}:{changed}"
    )
    last_key = f"trade-partners-last:{user.pk}"
    rows = kept_cache.get(key)
    if rows is not None and _still_named(rows, shown) == rows:
        return rows[:limit]
    # each working out counts, the first too; past the limit, the last one if it is kept
    last = kept_cache.get(last_key) if _worked_out_too_often(user) else None
    if last is not None:
        return _still_named(last, shown)[:limit]
    rows = partners(user, MAX_PARTNERS)
    kept_cache.set_many({key: rows, last_key: rows}, PARTNERS_KEPT_SECONDS)
    return rows[:limit]


def _still_named(rows: list[PartnerRow], shown) -> list[PartnerRow]:
    """`rows` less the players closed, deleted, renamed or hidden since they were named."""
    now = dict(shown.filter(pk__in={row.user_id for row in rows}).values_list("pk", "username"))
    return [row for row in rows if now.get(row.user_id) == row.username]


def _worked_out_too_often(user) -> bool:
    """Count one working out of `user`'s partners; True past PARTNERS_FRESH_PER_MINUTE."""
    return over_the_limit("collection.partners", f"user:{user.pk}", PARTNERS_FRESH_PER_MINUTE)


def trade_player(user, username: str, *, listed: bool = True):
    """The active player called `username` to trade with; unknown, inactive or me → NotFound.

    `listed`: only a player who shows their lists (to propose to); a counter answers
    the player who proposed, whatever they show now.
    """
    if not isinstance(username, str) or not 0 < len(username) <= 150:
        raise NotFound("no_such_player", _("No such player."))
    found = get_user_model().objects.filter(username=username, is_active=True)
    if listed:
        found = found.filter(trades_open=True)
    other = found.first()
    if other is None or other.pk == user.pk:
        raise NotFound("no_such_player", _("No such player."))
    return other


def proposal_choices(user, partner) -> ProposalChoices:
    """What I could give (my free copies) and get (their have list), suggestions first."""
    mine = {
        (card_id, side): count
        for card_id, side, count in TradeEntry.objects.filter(user=user).values_list(
            "card_id", "side", "count"
        )
    }
    # another player's lists only while they show them (a counter to one who hid them since)
    theirs = {
        (card_id, side): count
        for card_id, side, count in TradeEntry.objects.filter(
            user=partner, user__trades_open=True
        ).values_list("card_id", "side", "count")
    }
    free = {code: n for code, n in free_counts(user).items() if n > 0}
    their_haves = {card_id: n for (card_id, side), n in theirs.items() if side == "have" and n}
    cards = Card.objects.filter(Q(code__in=free) | Q(pk__in=their_haves)).values_list(
        "pk", "code", "name", "name_en", "rarity"
    )
    give, get = [], []
    for pk, code, name, name_en, rarity in cards:
        label = _rarity_label(rarity)
        if code in free:
            offer = min(mine.get((pk, "have"), 0), theirs.get((pk, "want"), 0), free[code])
            give.append(ChoiceRow(code, name, name_en, rarity, label, free[code], offer))
        if pk in their_haves:
            ask = min(their_haves[pk], mine.get((pk, "want"), 0))
            get.append(ChoiceRow(code, name, name_en, rarity, label, their_haves[pk], ask))

    def order(row: ChoiceRow):
        return (row.suggested == 0, row.code)

    return ProposalChoices(sorted(give, key=order), sorted(get, key=order))


def counter_choices(user, proposal: ProposalView, maker) -> ProposalChoices:
    """The counter-offer form's cards: `proposal` (made to `user` by `maker`) the other way
    round first, each suggested at its count — I give what they asked for, I get what they
    offered — then the other cards proposal_choices offers, suggested at none.

    Every row says how many copies there are, as on the propose form: my free copies (0
    when none is free), or their copies for trade: their have list, and at least what
    they offered me (all of it when they hide their lists now).
    """
    choices = proposal_choices(user, maker)
    my_free = {row.code: row.available for row in choices.give}
    their_haves = {row.code: row.available for row in choices.get}

    def line_row(line: CardLine, available: int) -> ChoiceRow:
        return ChoiceRow(
            line.code,
            line.name,
            line.name_en,
            line.rarity,
            line.rarity_label,
            available,
            line.count,
        )

    def rest(rows: list[ChoiceRow], taken: set[str]) -> list[ChoiceRow]:
        return [replace(row, suggested=0) for row in rows if row.code not in taken]

    give = [line_row(line, my_free.get(line.code, 0)) for line in proposal.partner_gives]
    get = [
        line_row(line, max(their_haves.get(line.code, 0), line.count))
        for line in proposal.maker_gives
    ]
    return ProposalChoices(
        give + rest(choices.give, {row.code for row in give}),
        get + rest(choices.get, {row.code for row in get}),
    )


# -- proposals ---------------------------------------------------------------------------


def _facts(proposal: TradeProposal, viewer_id: int) -> dict:
    """The fields of ProposalFacts for `proposal` as `viewer_id` sees it."""
    is_open = proposal.status == ProposalStatus.OPEN
    return {
        "id": proposal.pk,
        "maker_id": proposal.maker_id,
        "maker_name": proposal.maker.username,
        "partner_id": proposal.partner_id,
        "partner_name": proposal.partner.username,
        "status": proposal.status,
        "status_label": proposal.get_status_display(),
        "message": proposal.message,
        "counter_of_id": proposal.counter_of_id,
        "created_at": proposal.created_at,
        "decided_at": proposal.decided_at,
        "mine": proposal.maker_id == viewer_id,
        "can_answer": is_open and proposal.partner_id == viewer_id,
        "can_withdraw": is_open and proposal.maker_id == viewer_id,
        "new_answer": proposal.answer_unseen and proposal.maker_id == viewer_id,
    }


def _view(proposal: TradeProposal, viewer_id: int) -> ProposalView:
    lines = {True: [], False: []}
    for line in sorted(proposal.cards.all(), key=lambda line: line.card.code):
        card = line.card
        lines[line.gives].append(
            CardLine(
                card.code, card.name, card.name_en, card.rarity, _rarity_label(card.rarity),
                line.count,
            )
        )  # fmt: skip
    return ProposalView(
        **_facts(proposal, viewer_id), maker_gives=lines[True], partner_gives=lines[False]
    )


def trade_inbox(user) -> TradeInbox:
    """The player's trade news, in ONE count query: the proposals waiting for their answer
    (the partial index proposal_open_by_partner) and the answers to their proposals they
    have not opened (proposal_unseen_by_maker); both indexes hold only such rows."""
    waiting = Q(partner=user, status=ProposalStatus.OPEN)
    answered = Q(maker=user, answer_unseen=True)
    counts = TradeProposal.objects.filter(waiting | answered).aggregate(
        waiting=Count("pk", filter=waiting), answered=Count("pk", filter=answered)
    )
    return TradeInbox(waiting=counts["waiting"], answered=counts["answered"])


def _proposals():
    return TradeProposal.objects.select_related("maker", "partner").prefetch_related("cards__card")


def proposals_listed(
    user, *, role: str = "", other_id: int | None = None, status: str = ""
) -> QuerySet[TradeProposal]:
    """My proposals for a list, newest first, without their cards (proposal_rows counts
    them for a page): those I made (`role` "made"), received ("received") or both (""),
    only those with one other player when `other_id` says so, or in one `status`.

    A proposal its maker withdrew is left out of the partner's lists (its own page still
    opens for them): they never answered it, and one who proposes and withdraws over and
    over would otherwise fill the partner's history. Its maker keeps it in theirs.
    """
    if not user.is_authenticated:
        return TradeProposal.objects.none()
    made = Q(maker=user)
    received = Q(partner=user) & ~Q(status=ProposalStatus.WITHDRAWN)
    rows = TradeProposal.objects.filter(
        {"made": made, "received": received}.get(role, made | received)
    )
    if other_id is not None:
        rows = rows.filter(Q(maker_id=other_id) | Q(partner_id=other_id))
    if status:
        rows = rows.filter(status=status)
    return rows.select_related("maker", "partner").order_by("-created_at", "-pk")


def proposal_rows(proposals, viewer_id: int) -> list[ProposalRow]:
    """The list rows of some proposals (a page of proposals_listed): ONE grouped query
    counts the cards and copies of them all."""
    proposals = list(proposals)
    counted = (
        ProposalCard.objects.filter(proposal_id__in=[p.pk for p in proposals])
        .values("proposal_id", "gives")
        .annotate(cards=Count("pk"), copies=Sum("count"))
        .order_by()
        .values_list("proposal_id", "gives", "cards", "copies")
    )
    sides = {(proposal_id, gives): (cards, copies) for proposal_id, gives, cards, copies in counted}
    rows = []
    for p in proposals:
        maker_cards, maker_copies = sides.get((p.pk, True), (0, 0))
        partner_cards, partner_copies = sides.get((p.pk, False), (0, 0))
        rows.append(
            ProposalRow(
                **_facts(p, viewer_id),
                maker_gives_cards=maker_cards,
                partner_gives_cards=partner_cards,
                maker_gives_copies=maker_copies,
                partner_gives_copies=partner_copies,
            )
        )
    return rows


def proposals_page(
    user,
    raw_page: object = None,
    *,
    role: str = "",
    other_id: int | None = None,
    status: str = "",
) -> Page:
    """One page (PROPOSALS_PAGE_SIZE) of proposals_listed as ProposalRow, for an HTML
    page: text that is not a page number gives the first page, a number past the end
    the last."""
    listed = proposals_listed(user, role=role, other_id=other_id, status=status)
    paginator = Paginator(listed, PROPOSALS_PAGE_SIZE)
    page = paginator.page(nearest_page(raw_page, paginator.num_pages))
    page.object_list = proposal_rows(page.object_list, user.pk)
    return page


def proposal_for(user, proposal_id) -> ProposalView:
    """One proposal for its maker or partner; anyone else (or no such id) → NotFound."""
    missing = NotFound("not_found", _("No such proposal."))
    if not user.is_authenticated or isinstance(proposal_id, bool):
        raise missing
    try:
        proposal_id = int(proposal_id)
    except (TypeError, ValueError):
        raise missing from None
    if not 0 < proposal_id < 2**63:
        raise missing
    proposal = _proposals().filter(pk=proposal_id).filter(Q(maker=user) | Q(partner=user)).first()
    if proposal is None:
        raise missing
    return _view(proposal, user.pk)
