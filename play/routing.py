"""Websocket routes of the play app: the live match table."""

from django.urls import path

from play.consumers import MatchConsumer

websocket_urlpatterns = [path("ws/matches/<uuid:match_id>/", MatchConsumer.as_asgi())]
