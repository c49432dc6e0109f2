"""Games, sets and cards; search; card faces; importers."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CatalogConfig(AppConfig):
    name = "catalog"
    verbose_name = _("Catalog")
