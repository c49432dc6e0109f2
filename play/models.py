"""Matches: the seats, the action log (the source of truth) and a snapshot cache."""

from __future__ import annotations

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from catalog.models import Game


class MatchStatus(models.TextChoices):
    WAITING = "waiting", _("waiting for players")
    # "running" alone is a print job's word in the catalogues ("being made")
    RUNNING = "running", pgettext_lazy("match", "running")
    FINISHED = "finished", _("finished")
    ABANDONED = "abandoned", _("abandoned")


class Opponent(models.TextChoices):
    # the three levels of play.bots.LEVELS: easy = random, normal = greedy, hard = search
    BOT_RANDOM = "bot:random", _("a bot (easy)")
    BOT_GREEDY = "bot:greedy", _("a bot (normal)")
    BOT_SEARCH = "bot:search", _("a bot (hard)")
    INVITE = "invite", _("a friend with the link")
    OPEN = "open", _("anyone (open match)")
    SOLO = "solo", _("nobody (a game for one)")
    # a tournament's pairing: both seats are set when it is made, and it starts when both are ready
    PAIRED = "paired", _("the opponent a tournament paired")


def new_seed() -> int:
    return secrets.randbits(63)


class Match(models.Model):
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="matches")
    options = models.JSONField(default=dict)
    opponent = models.CharField(max_length=16, choices=Opponent.choices)
    public = models.BooleanField(default=False, help_text=_("spectators may watch"))
    status = models.CharField(
        max_length=12, choices=MatchStatus.choices, default=MatchStatus.WAITING, db_index=True
    )
    seed = models.BigIntegerField(default=new_seed)
    # Published at the start so players can check their shuffles after the end.
    seed_sha256 = models.CharField(max_length=64)
    version = models.PositiveIntegerField(default=0)
    # Raised by every change to the match's seats (a join, bots filling in, a
    # bot taking an absent player's seat or giving it back). A process that
    # keeps the seats in memory keys them on this number and compares it with
    # the row it locked, so every process agrees on who plays which seat.
    seats_version = models.PositiveIntegerField(default=0)
    result = models.JSONField(null=True, blank=True)
    snapshot = models.JSONField(null=True, blank=True)  # a cache; the log is the truth
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="created_matches"
    )
    rematch_of = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    last_action_at = models.DateTimeField(null=True, blank=True)
    seat_count = models.PositiveSmallIntegerField(default=2)
    # the bots that take the seats nobody joined when the creator starts early
    fill_bot = models.CharField(max_length=16, default="greedy")
    # Decided when the match starts (play/ratings.py); the changes once it ends.
    rated = models.BooleanField(default=False)
    rating_changes = models.JSONField(null=True, blank=True)
    # Where the match belongs, if anywhere (a tournament's page): the table links back to it.
    event_url = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")

    def __str__(self) -> str:
        return f"{self.game.slug} {self.pk} ({self.status})"

    def get_absolute_url(self) -> str:
        return reverse("play:match", args=[self.pk])

    @property
    def seed_revealed(self) -> int | None:
        return self.seed if self.status in (MatchStatus.FINISHED, MatchStatus.ABANDONED) else None


class Seat(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="seats",
    )
    bot = models.CharField(
        max_length=16, blank=True
    )  # "random" / "greedy" / "search" for bot seats
    deck_version = models.ForeignKey(
        "decks.DeckVersion", on_delete=models.PROTECT, null=True, blank=True, related_name="seats"
    )
    # A paired match starts when every seat said it is ready (services.match_ready).
    ready_at = models.DateTimeField(null=True, blank=True)
    # Its player left the table for good (services.match_resign at three or more seats):
    # a bot plays it to the end, and the seat is not taken back.
    left = models.BooleanField(default=False)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["match", "position"], name="one_seat_per_position"),
            models.UniqueConstraint(
                fields=["match", "user"],
                name="one_seat_per_user",
                condition=models.Q(user__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"seat {self.position} of {self.match_id}"


class MatchAction(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField()
    action = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="one_action_per_seq")]

    def __str__(self) -> str:
        return f"{self.match_id} #{self.seq} seat {self.seat}: {self.action.get('type')}"


class ChatMessage(models.Model):
    """A short message at a match's table, written by its players.

    The length is bounded by settings.LIMITS["CHAT_MAX_CHARS"] where a message
    is posted (play/chat.py), not by the column, so the limit can be changed
    without a migration.
    """

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chat")
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="chat_messages"
    )
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.author_id} in {self.match_id}: {self.text[:30]}"


class ChatMute(models.Model):
    """`user` no longer sees `muted`'s messages at this match."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="mutes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    muted = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["match", "user", "muted"], name="one_mute_per_pair")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} mutes {self.muted_id} in {self.match_id}"


class SolverRun(models.Model):
    """One solver search running for `user` (play/hints.py), in one of their `slot`s.

    A row, not a lock in the cache: the cache may be per process, and every web
    process must count the same runs. The unique slot makes taking one atomic
    on every database; a row older than a solver run can last belongs to a
    process that died and is taken over.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    slot = models.PositiveSmallIntegerField()
    started_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "slot"], name="one_solver_run_per_slot")
        ]

    def __str__(self) -> str:
        return f"solver run of {self.user_id} in slot {self.slot}"


class Rating(models.Model):
    """One person's Elo rating in one game (play/ratings.py)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="ratings")
    rating = models.FloatField(default=1500.0)
    matches = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="one_rating_per_game")]
        indexes = [models.Index(fields=["game", "-rating"])]

    def __str__(self) -> str:
        return f"{self.user_id} {self.game_id}: {self.rating:.0f}"
