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
