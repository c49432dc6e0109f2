"""Where the channel layer's tables live when there is no Redis.

channels-lite keeps its messages in Django models; without Redis they go to
a SQLite file of their own (settings.CHANNEL_LAYER_DATABASE), and nothing
else does. channels-lite ships a router too, but it allows every other app on
every database, so `migrate --database` would copy the whole site's tables
into the layer's file.
"""

from __future__ import annotations

from django.conf import settings

LAYER_APP = "channels_lite"


class ChannelLayerRouter:
    def _route(self, model) -> str | None:
        if model._meta.app_label == LAYER_APP:
            return settings.CHANNEL_LAYER_DATABASE
        return None

    def db_for_read(self, model, **hints) -> str | None:
        return self._route(model)

    def db_for_write(self, model, **hints) -> str | None:
        return self._route(model)

    def allow_relation(self, obj1, obj2, **hints) -> bool | None:
        return None

    def allow_migrate(self, db: str, app_label: str, **hints) -> bool:
        return (app_label == LAYER_APP) == (db == settings.CHANNEL_LAYER_DATABASE)
