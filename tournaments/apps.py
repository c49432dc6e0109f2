"""Tournaments: Swiss rounds of the site's own matches, registered decks, standings."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        # A finished match of a pairing records its game (tournaments.services.on_match_ended).
        from play.signals import match_ended
        from tournaments import services

        match_ended.connect(services.on_match_ended, dispatch_uid="tournaments.game_finished")
