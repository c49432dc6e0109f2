"""ASGI entry point: HTTP through Django, websockets through Channels."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
# Django must be set up before anything imports models (the consumers do).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from config.routing import SameOriginValidator, websocket_urlpatterns  # noqa: E402
from core import server_limits  # noqa: E402

server_limits.install(max_body_bytes=settings.LIMITS["REQUEST_BODY_MAX_BYTES"])

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        # Origin = this site: scheme, host and port (config/routing.py says why).
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
