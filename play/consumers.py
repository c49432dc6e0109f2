"""The live table: one websocket per seat (or spectator), each sent only its own view."""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.generic.websocket import JsonWebsocketConsumer
from django.http import Http404

from core.errors import ApplicationError, Conflict
from play import services
from play.models import Match


class MatchConsumer(JsonWebsocketConsumer):
    def connect(self):
        self.match_id = self.scope["url_route"]["kwargs"]["match_id"]
        try:
            _match, seat = services.match_for(match_id=self.match_id, user=self.scope["user"])
        except Http404:
            self.close(code=4404)
            return
        self.seat_id = seat.pk if seat else None
        async_to_sync(self.channel_layer.group_add)(
            services.group_name(self.match_id), self.channel_name
        )
        self.accept()
        self._send_state()

    def disconnect(self, code):
        async_to_sync(self.channel_layer.group_discard)(
            services.group_name(self.match_id), self.channel_name
        )

    def receive_json(self, content, **kwargs):
        if not isinstance(content, dict) or not isinstance(content.get("version"), int):
            self.send_json(
                {"type": "error", "code": "bad_message", "message": "Send {action, version}."}
            )
            return
        try:
            services.match_submit_action(
                match_id=self.match_id,
                user=self.scope["user"],
                action=content.get("action"),
                expected_version=content["version"],
            )
        except ApplicationError as refused:
            # Only the sender hears why; the others' tables did not change.
            self.send_json({"type": "error", "code": refused.code, "message": str(refused.message)})
            if isinstance(refused, Conflict):
                self._send_state()
        # On success services.notify() reaches this consumer too, through match_update.

    def match_update(self, event):
        self._send_state()

    def _send_state(self):
        match = Match.objects.select_related("game").get(pk=self.match_id)
        seat = match.seats.filter(pk=self.seat_id).first() if self.seat_id else None
        self.send_json(services.match_payload(match, seat))
