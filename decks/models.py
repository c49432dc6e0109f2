"""Decks, their current entries, and their history of versions."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from catalog.models import Card, Game


def new_share_token() -> str:
    return secrets.token_urlsafe(12)


class Visibility(models.TextChoices):
    PRIVATE = "private", _("private")
    UNLISTED = "unlisted", _("anyone with the link")
    PUBLIC = "public", _("public")


class Board(models.TextChoices):
    MAIN = "main", _("main deck")
    SIDE = "side", _("side board")


class LiveDeckManager(models.Manager):
    """Decks that were not deleted: the default, so no query meets a deleted deck by accident."""

    def get_queryset(self):
        return super().get_queryset().filter(deleted_at__isnull=True)


class Deck(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="decks")
    name = models.CharField(_("name"), max_length=120)
    description = models.TextField(_("description"), blank=True)
    format = models.CharField(_("format"), max_length=32)
    visibility = models.CharField(
        _("visibility"), max_length=16, choices=Visibility.choices, default=Visibility.PRIVATE
    )
    # Unlisted decks open only by this token, never by their number.
    share_token = models.CharField(max_length=32, unique=True, default=new_share_token)
    cloned_from = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="clones"
    )
    # The owner has put this deck together from their own cards: its copies
    # are taken from the collection (collection.selectors.free_counts).
    built = models.BooleanField(_("built from my cards"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Set when its owner deleted a deck that a match was played with
    # (services.deck_delete): the match keeps its deck version, nobody sees the deck.
    deleted_at = models.DateTimeField(null=True, blank=True, editable=False)

    # Deck.objects, related managers (user.decks) and every app's queries
    # (the lobby's "your decks", print jobs) leave deleted decks out without
    # knowing about them. Following a foreign key (version.deck) uses the
    # plain base manager, so a match's deck version still reaches its deck.
    objects = LiveDeckManager()
    all_objects = models.Manager()  # noqa: DJ012 (ruff takes LiveDeckManager() for a field)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["visibility", "game", "-updated_at"])]
        verbose_name = _("deck")
        verbose_name_plural = _("decks")
        base_manager_name = "all_objects"

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("decks:detail", args=[self.pk])


class DeckEntry(models.Model):
    """The deck as it is now: one row per card and board."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey(Card, on_delete=models.PROTECT, related_name="deck_entries")
    count = models.PositiveSmallIntegerField()
    board = models.CharField(max_length=8, choices=Board.choices, default=Board.MAIN)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["deck", "card", "board"], name="one_entry_per_card_board"
            ),
            models.CheckConstraint(condition=models.Q(count__gte=1), name="entry_count_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.card.name} ({self.board})"


class VersionKind(models.TextChoices):
    """What made a version; the history writes its sentence from this, in the reader's language."""

    CREATED = "created", _("deck created")
    IMPORTED = "imported", _("imported")
    COPIED = "copied", _("copied")
    # A burst of + / − / quick-add edits: the one kind a later edit may extend.
    EDITED = "edited", _("cards edited")
    REPLACED = "replaced", _("cards replaced")
    SETTINGS = "settings", _("name or format changed")
    RESTORED = "restored", _("restored")
    # Written before kinds were stored, in words the migration could not read back.
    LEGACY = "legacy", _("older version")


class DeckVersion(models.Model):
    """A snapshot of the deck; the history shows, compares and restores these.

    A version is final once anything follows it or points to it. The one
    exception is the newest version of kind EDITED: further card edits within
    versioning.EDIT_BURST of its last edit update it in place, unless a match
    seat or a print job already refers to it (services._card_edit_version).
    """

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)
    # The last edit folded into this version (an edit burst); created_at for every other kind.
    edited_at = models.DateTimeField(null=True, blank=True)
    kind = models.CharField(max_length=16, choices=VersionKind.choices, default=VersionKind.LEGACY)
    # Facts for the sentence: {"number": 12} restored, {"name": "…"} copied,
    # {"name": [old, new], "format": [old, new]} settings.
    details = models.JSONField(default=dict, blank=True)
    # What the cards did since the version before:
    # [{"code", "board", "before", "after"}, ...] sorted by board, code.
    changes = models.JSONField(default=list, blank=True)
    # Only LEGACY versions need it: their sentence as it was written, in one language.
    summary = models.CharField(max_length=300, blank=True)
    name = models.CharField(max_length=120)
    format = models.CharField(max_length=32)
    # [{"code": "AF1-001", "count": 3, "board": "main"}, ...] sorted by board, code
    entries = models.JSONField()

    class Meta:
        ordering = ["-number"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="one_version_number_per_deck")
        ]

    def __str__(self) -> str:
        return f"{self.deck_id} v{self.number}"
