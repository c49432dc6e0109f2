"""Site-wide pages and plumbing: home, health check, language choice, the dev server."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = _("Site")

    def ready(self):
        from django.conf import settings

        from core import converters, stage_times

        converters.register()  # before any URLconf is read: the apps' routes use <id:…>

        if settings.STAGE_TIMES_DIR:
            stage_times.enable(settings.STAGE_TIMES_DIR)
