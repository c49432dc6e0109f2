"""A refusal for asking too often (429) says when to ask again: Retry-After, in seconds, the
window the limit counts in. Left out, a client could only guess (the fuzz audit's login
429 carried none); each limit below answers with its own window, pages and API alike."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import Client, override_settings

from play import chat
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def limited(**limits):
    return override_settings(LIMITS={**settings.LIMITS, **limits})


def test_writes_past_their_minute_say_a_minute(client, cards, rates_counted):
    client.force_login(make_user("gyors"))
    with limited(WRITES_PER_MINUTE=1):
        body = json.dumps({"game": "alomfogo", "name": "Első"})
        assert client.post("/api/decks/", body, content_type="application/json").status_code == 201
        api = client.post("/api/decks/", body, content_type="application/json")
        page = client.post("/decks/new/", {"game": "alomfogo", "name": "Második"})
    for refused in (api, page):
        assert refused.status_code == 429 and refused["Retry-After"] == "60"


def test_logins_past_their_minute_say_a_minute_on_the_form_and_the_api(rates_counted):
    make_user("owner")
    with limited(LOGINS_PER_MINUTE=1):
        visitor = Client()
        visitor.post("/accounts/login/", {"username": "owner", "password": PASSWORD})
        form = visitor.post("/accounts/login/", {"username": "owner", "password": PASSWORD})
        body = json.dumps({"username": "owner", "password": PASSWORD})
        api = Client().post("/api/auth/token/", body, content_type="application/json")
    for refused in (form, api):
        assert refused.status_code == 429 and refused["Retry-After"] == "60"


NEW_PASSWORD = "Hosszu-jelszo-2026!"


def test_sign_ups_past_their_hour_say_an_hour(rates_counted):
    def sign_up(name):
        form = {"username": name, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
        return Client().post("/accounts/signup/", form)

    with limited(SIGNUPS_PER_HOUR=1):
        assert sign_up("elso").status_code == 302
        refused = sign_up("masodik")
    assert refused.status_code == 429 and refused["Retry-After"] == "3600"


def test_chat_lines_too_fast_say_the_chats_window(client, cards):
    from tests.play_rows import oniroo_match

    player = make_user("beszedes")
    match = oniroo_match(player, "bot:greedy")
    client.force_login(player)
    url = f"/api/matches/{match.pk}/chat/"
    for n in range(chat.RATE_MAX):
        said = client.post(url, json.dumps({"chat": f"szia {n}"}), content_type="application/json")
        assert said.status_code in (200, 201), said.content
    refused = client.post(url, json.dumps({"chat": "még"}), content_type="application/json")
    assert refused.status_code == 429
    assert refused["Retry-After"] == str(int(chat.RATE_WINDOW.total_seconds()))
