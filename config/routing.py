"""Websocket routes of the whole site; each app contributes its own list."""

from play.routing import websocket_urlpatterns as play_websockets

websocket_urlpatterns = [*play_websockets]
