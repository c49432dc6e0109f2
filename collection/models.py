"""A player's collection: how many copies of each card they own.

A row exists only for a card owned at least once (a count of 0 deletes it),
so "what I own" is an index range and never a scan of every card. The
collection is private; its owner may open it to anyone holding an unlisted
link (`CollectionShare.token`), and close it again by dropping the token.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from catalog.models import Card

# The most copies of one card a collection may hold (the 0–999).
MAX_COPIES = 999


class OwnedCard(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_cards"
    )
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="owners")
    count = models.PositiveSmallIntegerField(_("copies"))
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("owned card")
        verbose_name_plural = _("owned cards")
        constraints = [
            models.UniqueConstraint(fields=["user", "card"], name="one_row_per_owned_card"),
            models.CheckConstraint(
                condition=models.Q(count__gte=1, count__lte=MAX_COPIES),
                name="owned_count_between_1_and_999",
            ),
        ]
        # "who owns this card" (partners, a card's page) walks this index.
        indexes = [models.Index(fields=["card", "user"], name="owned_card_by_card")]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.count} × {self.card_id}"


class CollectionShare(models.Model):
    """An unlisted link to one player's collection (read-only for whoever has it)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="collection_share"
    )
    token = models.CharField(max_length=43, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("collection link")
        verbose_name_plural = _("collection links")

    def __str__(self) -> str:
        return f"{self.user_id}: {self.token[:6]}…"


# --- trades -----------------------------------------------------------------------------
class TradeSide(models.TextChoices):
    HAVE = "have", _("for trade")
    WANT = "want", _("wanted")


class TradeEntry(models.Model):
    """One card on a player's have or want list, with how many copies.

    The lists are kept as rows, so that finding partners is a join on
    (side, card) in the database. Rows the player did not set themselves
    (`manual` false) are the defaults, written again whenever their sources
    change: haves are the free copies beyond the three a deck may use, wants
    the missing cards of the decks the player chose (`TradeWantDeck`). A
    manual row wins over the default for its card; a manual count of 0 keeps
    a card off the list.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="trade_entries"
    )
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="trade_entries")
    side = models.CharField(max_length=4, choices=TradeSide.choices)
    count = models.PositiveSmallIntegerField(_("copies"))
    manual = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "card", "side"], name="one_trade_entry"),
            models.CheckConstraint(
                condition=models.Q(count__lte=MAX_COPIES), name="trade_count_at_most_999"
            ),
        ]
        # Partners: everyone's haves (or wants) of the cards I want (or have).
        indexes = [models.Index(fields=["side", "card", "user"], name="trade_entry_by_card")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.side} {self.count} × {self.card_id}"


class TradeWantDeck(models.Model):
    """A deck whose missing cards go on its owner's want list by default."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    deck = models.ForeignKey("decks.Deck", on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "deck"], name="one_want_deck")]

    def __str__(self) -> str:
        return f"{self.user_id} wants for deck {self.deck_id}"


class ProposalStatus(models.TextChoices):
    OPEN = "open", _("waiting for an answer")
    ACCEPTED = "accepted", _("accepted")
    DECLINED = "declined", _("declined")
    COUNTERED = "countered", _("answered with a counter-offer")
    WITHDRAWN = "withdrawn", _("withdrawn")


class TradeProposal(models.Model):
    """An offer from `maker` to `partner`: the cards on both sides, and what came of it.

    Accepting moves the cards between both collections in one transaction
    (collection.trades); a counter-offer is a new proposal the other way
    round, and the old one is marked COUNTERED. Both players keep the history.
    """

    maker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="proposals_made"
    )
    partner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="proposals_received"
    )
    status = models.CharField(
        max_length=12, choices=ProposalStatus.choices, default=ProposalStatus.OPEN
    )
    message = models.CharField(max_length=500, blank=True)
    counter_of = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="counters"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    decided_at = models.DateTimeField(null=True, blank=True)
    # The partner accepted or declined it and the maker has not opened it since: the
    # header's trade badge counts it until they do (a counter-offer is counted as the new
    # proposal waiting for the maker's answer instead).
    answer_unseen = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["maker", "-created_at"], name="proposal_by_maker"),
            models.Index(fields=["partner", "-created_at"], name="proposal_by_partner"),
            # The trade badge's one count on every signed-in page (partners.trade_inbox):
            # two small partial indexes holding only the rows it counts — the open
            # proposals and the unseen answers — not every proposal a player ever had.
            models.Index(
                fields=["partner"],
                condition=models.Q(status=ProposalStatus.OPEN),
                name="proposal_open_by_partner",
            ),
            models.Index(
                fields=["maker"],
                condition=models.Q(answer_unseen=True),
                name="proposal_unseen_by_maker",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.maker_id} → {self.partner_id} ({self.status})"


class ProposalCard(models.Model):
    """One card of a proposal: `gives` — the maker gives it (else the partner does)."""

    proposal = models.ForeignKey(TradeProposal, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="+")
    gives = models.BooleanField()
    count = models.PositiveSmallIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["proposal", "card", "gives"], name="one_line_per_card"),
            models.CheckConstraint(
                condition=models.Q(count__gte=1, count__lte=MAX_COPIES),
                name="proposal_count_between_1_and_999",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.proposal_id}: {'→' if self.gives else '←'} {self.count} × {self.card_id}"
