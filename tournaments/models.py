"""Tournaments: an organiser's event, its players, rounds, pairings and their results.

A pairing's result is the truth standings are computed from
(tournaments.standings, pure); the games behind it are the site's own
matches (`PairingGame`), and every change to a result, whoever made it, is a
`ResultChange` row.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from catalog.models import Game
from play.models import Match, new_seed


class TournamentStatus(models.TextChoices):
    REGISTRATION = "registration", _("registration open")
    # "running" alone is a print job's word in the catalogues ("being made")
    RUNNING = "running", pgettext_lazy("tournament", "running")
    FINISHED = "finished", pgettext_lazy("tournament", "finished")


class Tournament(models.Model):
    # A UUID, not a number: an event shown "by link only" must not be found by counting.
    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    name = models.CharField(max_length=80)
    description = models.TextField(blank=True)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="tournaments")
    # a deck format id of the game (decks.formats): registration validates against it
    format = models.CharField(max_length=32, default="tournament")
    best_of = models.PositiveSmallIntegerField(default=1)  # 1 or 3 games a match
    # Swiss rounds; None until the start, when it defaults from the field size
    swiss_rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    top_cut = models.PositiveSmallIntegerField(default=0)  # 0, 4 or 8: single elimination after
    round_minutes = models.PositiveSmallIntegerField(default=50)
    registration_closes_at = models.DateTimeField(null=True, blank=True)
    listed = models.BooleanField(default=True)  # False: open only to whoever has the link
    decklists_public = models.BooleanField(default=False)  # everyone sees them after the event
    # the engine options every match of the event is played with (the format's deck size)
    match_options = models.JSONField(default=dict)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="organised_tournaments"
    )
    status = models.CharField(
        max_length=16,
        choices=TournamentStatus.choices,
        default=TournamentStatus.REGISTRATION,
        db_index=True,
    )
    seed = models.BigIntegerField(default=new_seed)  # the pairings' coin tosses
    # Raised by every change (a registration, a result, a round): the live part of the
    # page asks for it and is sent again only when it moved.
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:detail", args=[self.pk])


class Player(models.Model):
    """A registration: one person with one locked deck version."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    # The version registered: it pins the version (later edits make new ones), and it
    # can be changed by registering again until the event starts.
    deck_version = models.ForeignKey(
        "decks.DeckVersion", on_delete=models.PROTECT, related_name="tournament_players"
    )
    registered_at = models.DateTimeField(auto_now=True)
    # Not paired after this round (0: dropped before round 1 was paired).
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    # The seeded place among players the tiebreakers cannot separate (set at the start).
    draw = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["registered_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_entry_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.tournament_id}"

    @property
    def dropped(self) -> bool:
        return self.dropped_after_round is not None


class Stage(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    ELIMINATION = "elimination", _("top cut")


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()  # 1, 2, ... over both stages
    stage = models.CharField(max_length=12, choices=Stage.choices, default=Stage.SWISS)
    started_at = models.DateTimeField()
    # A game not started by then is lost by whoever was not ready (services.expire_round).
    ends_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="one_round_per_number")
        ]

    def __str__(self) -> str:
        return f"round {self.number} of {self.tournament_id}"


class Outcome(models.TextChoices):
    PENDING = "", _("not decided")
    A = "a", _("first player won")
    B = "b", _("second player won")
    DRAW = "draw", _("draw")
    DOUBLE_LOSS = "double_loss", _("both lost (neither came)")
    BYE = "bye", _("bye")


class Pairing(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    table = models.PositiveSmallIntegerField()  # 1, 2, ...: the best-placed pair at table 1
    player_a = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    player_b = models.ForeignKey(  # None: a bye
        Player, on_delete=models.CASCADE, related_name="+", null=True, blank=True
    )
    wins_a = models.PositiveSmallIntegerField(default=0)  # games
    wins_b = models.PositiveSmallIntegerField(default=0)
    draws = models.PositiveSmallIntegerField(default=0)
    outcome = models.CharField(max_length=12, choices=Outcome.choices, blank=True, default="")
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["round__number", "table"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="one_pairing_per_table")
        ]

    def __str__(self) -> str:
        return f"table {self.table} of {self.round}"

    @property
    def decided(self) -> bool:
        return self.outcome != Outcome.PENDING


class PairingGame(models.Model):
    """One game of a pairing, played as one of the site's matches."""

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="games")
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="tournament_game")
    number = models.PositiveSmallIntegerField()  # 1, 2, 3
    a_seat = models.PositiveSmallIntegerField()  # the seat player_a has in this game

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["pairing", "number"], name="one_game_per_number")
        ]

    def __str__(self) -> str:
        return f"game {self.number} of {self.pairing}"


class ChangeReason(models.TextChoices):
    MATCH = "match", _("a game ended")
    ABSENCE = "absence", _("a player did not come in time")
    ORGANISER = "organiser", _("entered by the organiser")
    CORRECTION = "correction", _("corrected by the organiser")


class ResultChange(models.Model):
    """Every change to a pairing's result, with who made it (None: the site itself)."""

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="changes")
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    reason = models.CharField(max_length=12, choices=ChangeReason.choices)
    # {"wins_a", "wins_b", "draws", "outcome"} before and after
    before = models.JSONField()
    after = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.reason} on {self.pairing_id}"
