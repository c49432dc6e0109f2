"""Decks and their versions; validation; import/export; statistics."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DecksConfig(AppConfig):
    name = "decks"
    verbose_name = _("Decks")
