"""Websocket routes of the play app (the live match table, issue #8)."""

websocket_urlpatterns: list = []
