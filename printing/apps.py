"""Print-and-play PDF sheets made by Celery."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    name = "printing"
    verbose_name = _("Printing")

    def ready(self) -> None:
        from printing import handoff  # noqa: F401  (a visitor's jobs follow them when they log in)
