"""What each player owns: card counts, import and export, sharing by an unlisted link."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CollectionConfig(AppConfig):
    name = "collection"
    verbose_name = _("Collections")
