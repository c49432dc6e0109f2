"""The table's chat: who hears what, as plain text, not too fast, and muting."""

from __future__ import annotations

import re

import pytest
from asgiref.sync import async_to_sync

from play import services
from play.models import ChatMessage, ChatMute, Match
from tests.factories import make_user
from tests.play.test_matches import connect, players  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def public_match(players):  # noqa: F811
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(
        user=zsofi, game=deck.game, deck=deck, opponent="invite", public=True
    )
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    return match, zsofi, gergo


async def opened(match, user):
    communicator, connected = await connect(match, user)
    assert connected
    assert (await communicator.receive_json_from(timeout=5))["type"] == "state"
    history = await communicator.receive_json_from(timeout=5)
    assert history["type"] == "chat"
    return communicator, history


def test_players_talk_spectators_listen_and_muting_stops_one(public_match):
    match, zsofi, gergo = public_match
    watcher = make_user("nezo")

    async def scenario():
        a, _ = await opened(match, zsofi)
        b, _ = await opened(match, gergo)
        w, _ = await opened(match, watcher)
        await a.send_json_to({"chat": "  <b>Szia</b>   mindenki!  "})
        # everyone gets the line; its writer also gets it confirmed (`sent`), once
        confirmed = []
        for communicator in (a, a, b, w):
            got = await communicator.receive_json_from(timeout=5)
            (message,) = got["messages"]
            # stored and sent as plain text (whitespace tidied); the page shows it as text
            assert message["text"] == "<b>Szia</b> mindenki!" and message["author"] == "zsofi"
            confirmed.append((communicator is a, got.get("sent", False)))
        assert sorted(confirmed) == [(False, False), (False, False), (True, False), (True, True)]
        await b.send_json_to({"mute": zsofi.pk})
        muted = await b.receive_json_from(timeout=5)
        assert muted["replace"] and muted["muted"] == [zsofi.pk] and muted["messages"] == []
        await a.send_json_to({"chat": "Hallasz?"})
        for _ in range(2):  # her line, and its confirmation
            assert (await a.receive_json_from(timeout=5))["messages"][0]["text"] == "Hallasz?"
        assert (await w.receive_json_from(timeout=5))["messages"][0]["text"] == "Hallasz?"
        assert await b.receive_nothing(timeout=0.3)  # Gergő muted Zsófi
        await w.send_json_to({"chat": "Szép lépés."})  # spectators read, only players write
        refused = await w.receive_json_from(timeout=5)
        assert refused["type"] == "error" and refused["code"] == "players_only"
        assert refused["kind"] == "chat"  # said by the chat box, where they wrote
        assert await a.receive_nothing(timeout=0.3) and await b.receive_nothing(timeout=0.1)
        await b.send_json_to({"chat": "Köszi!"})
        assert (await w.receive_json_from(timeout=5))["messages"][0]["author"] == "gergo"
        for communicator in (a, b, w):
            await communicator.disconnect()

    async_to_sync(scenario)()
    from play.chat import chat_history

    seen_by_gergo = [m["text"] for m in chat_history(match_id=match.pk, user=gergo)]
    assert seen_by_gergo == ["Köszi!"]  # also after a reload: the mute is kept
    assert not ChatMessage.objects.filter(author=watcher).exists()


def test_chat_refuses_empty_long_fast_and_outsiders(players, client):  # noqa: F811
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    url = f"/api/matches/{match.pk}/chat/"
    client.force_login(zsofi)
    assert client.post(url, {"chat": "   "}, content_type="application/json").status_code == 400
    too_long = client.post(url, {"chat": "x" * 301}, content_type="application/json")
    assert too_long.status_code == 400 and too_long.json()["error"]["code"] == "chat_too_long"
    for n in range(5):
        sent = client.post(url, {"chat": f"üzenet {n}"}, content_type="application/json")
        assert sent.status_code == 201
    fast = client.post(url, {"chat": "még egy"}, content_type="application/json")
    assert fast.status_code == 429 and fast.json()["error"]["code"] == "chat_too_fast"
    assert ChatMessage.objects.count() == 5  # the refused ones changed nothing

    client.force_login(make_user("idegen"))
    assert client.get(url).status_code == 404  # a private match's chat is private
    assert client.post(url, {"chat": "hé"}, content_type="application/json").status_code == 404


def test_the_table_page_shows_chat_escaped(public_match, client):
    match, zsofi, gergo = public_match
    ChatMessage.objects.create(match=match, author=gergo, text="<script>alert(1)</script>")
    client.force_login(zsofi)
    page = client.get(f"/play/{match.pk}/").content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "<script>alert(1)" not in page
    # without JavaScript the form posts and comes back to the table
    response = client.post(f"/play/{match.pk}/chat/", {"text": "jó játékot"})
    assert response.status_code == 302 and ChatMessage.objects.filter(text="jó játékot").exists()


@pytest.mark.parametrize(
    ("language", "empty"), [("hu", "Még nincs üzenet."), ("en", "No messages yet.")]
)
def test_an_empty_chat_says_there_is_nothing_yet_and_stops_saying_it_once_there_is(
    public_match, client, language, empty
):
    match, zsofi, gergo = public_match
    client.force_login(zsofi)
    client.cookies["django_language"] = language
    empty_list = re.search(
        r'<ol id="chat-list"[^>]*>(.*?)</ol>',
        client.get(f"/play/{match.pk}/").content.decode(),
        re.S,
    )
    assert f'data-empty="{empty}"' in empty_list.group(0)
    assert empty_list.group(1) == ""  # nothing between the tags: CSS's :empty shows the sentence
    ChatMessage.objects.create(match=match, author=gergo, text="szia")
    page = client.get(f"/play/{match.pk}/").content.decode()
    said = re.search(r'<ol id="chat-list"[^>]*>(.*?)</ol>', page, re.S).group(1)
    assert said.startswith('<li class="chat-msg"') and "szia" in said


def test_an_invitation_link_shows_the_match_but_not_its_chat(players, client):  # noqa: F811
    """Whoever has the link of a waiting match may open it to join; its chat is the players'."""
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    url = f"/api/matches/{match.pk}/chat/"
    client.force_login(zsofi)
    assert client.post(url, {"chat": "Gyere!"}, content_type="application/json").status_code == 201
    client.force_login(gergo)  # not seated yet: he has only the link
    assert client.get(f"/play/{match.pk}/").status_code == 200  # the page to join from
    for answer in (
        client.get(url),
        client.post(url, {"chat": "Itt vagyok"}, content_type="application/json"),
        client.post(url, {"mute": zsofi.pk}, content_type="application/json"),
    ):
        assert answer.status_code == 404 and answer.json()["error"]["message"]
    form = client.post(f"/play/{match.pk}/chat/", {"text": "Itt vagyok"})
    assert form.status_code == 404  # as the API: the chat is the seated players' (no redirect)
    client.logout()
    assert client.get(url).status_code == 404

    async def socket_of(user):
        communicator, connected = await connect(match, user)
        if connected:
            await communicator.disconnect()
        return connected

    assert async_to_sync(socket_of)(gergo) is False
    assert async_to_sync(socket_of)(zsofi) is True
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["Gyere!"]
    assert not ChatMute.objects.exists()

    services.match_join(match_id=match.pk, user=gergo, deck=deck2)  # seated now
    client.force_login(gergo)
    assert [m["text"] for m in client.get(url).json()["messages"]] == ["Gyere!"]
    assert (
        client.post(url, {"chat": "Itt vagyok"}, content_type="application/json").status_code == 201
    )


def test_spectators_of_a_public_match_read_but_do_not_write(public_match, client):
    match, zsofi, _gergo = public_match
    ChatMessage.objects.create(match=match, author=zsofi, text="Hajrá")
    url = f"/api/matches/{match.pk}/chat/"
    watcher = make_user("nezo")
    for reader in (watcher, None):
        if reader is None:
            client.logout()
        else:
            client.force_login(reader)
        assert [m["text"] for m in client.get(url).json()["messages"]] == ["Hajrá"]
        answer = client.post(url, {"chat": "Én is!"}, content_type="application/json")
        assert answer.status_code == (403 if reader else 400)
        assert answer.json()["error"]["code"] == ("players_only" if reader else "login_required")
        page = client.get(f"/play/{match.pk}/").content.decode()
        assert "Hajrá" in page and 'id="chat-form"' not in page
    client.force_login(watcher)
    refused = client.post(f"/play/{match.pk}/chat/", {"text": "Én is!"})
    assert refused.status_code == 403  # the table again, why said by its chat box
    assert re.search(r'<p id="chat-error"[^>]*>A meccs csevegésébe csak', refused.content.decode())
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["Hajrá"]
    client.force_login(zsofi)
    assert 'id="chat-form"' in client.get(f"/play/{match.pk}/").content.decode()

    Match.objects.filter(pk=match.pk).update(public=False)  # a private match: strangers see 404
    client.force_login(watcher)
    assert client.get(url).status_code == 404
    assert client.get(f"/play/{match.pk}/").status_code == 404


def test_the_rate_limit_holds_for_simultaneous_posts(public_match):
    """Counting and inserting are one step: 20 posts at once, exactly the limit gets through."""
    from functools import partial

    from play import chat
    from tests.concurrency import run_together

    match, zsofi, _gergo = public_match

    def post(n: int) -> str:
        try:
            chat.chat_post(match_id=match.pk, user=zsofi, text=f"üzenet {n}")
        except chat.ChatTooFast:
            return "too_fast"
        return "sent"

    outcomes = run_together(*(partial(post, n) for n in range(20)))
    assert sorted(outcomes).count("sent") == chat.RATE_MAX and len(outcomes) == 20
    assert ChatMessage.objects.filter(match=match).count() == chat.RATE_MAX


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("gg\u202eti sniw", "U+202E"),  # would show reversed: "ggwins it"
        ("szia\u2066", "U+2066"),
        ("csengő\x07", "U+0007"),
        ("\x1b[2Jtiszta", "U+001B"),
        ("a\x7fb", "U+007F"),
        ("a\x9bb", "U+009B"),
    ],
)
def test_chat_refuses_control_characters_and_direction_overrides(public_match, client, text, shown):
    match, zsofi, gergo = public_match
    client.force_login(zsofi)
    url = f"/api/matches/{match.pk}/chat/"
    refused = client.post(url, {"chat": text}, content_type="application/json")
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "invisible_control"
    assert shown in refused.json()["error"]["message"]
    assert not ChatMessage.objects.exists()
    # the form without JavaScript: back to the table, nothing stored
    assert client.post(f"/play/{match.pk}/chat/", {"text": text}).status_code in (302, 400)
    assert not ChatMessage.objects.exists()


def test_chat_keeps_accents_and_joiners_and_folds_line_breaks(public_match, client):
    match, zsofi, gergo = public_match
    client.force_login(zsofi)
    url = f"/api/matches/{match.pk}/chat/"
    text = "Jó\u200djáték,\r\n\tÉjlépő Kajtár!"
    assert client.post(url, {"chat": text}, content_type="application/json").status_code == 201
    assert ChatMessage.objects.get().text == "Jó\u200djáték, Éjlépő Kajtár!"


def test_chat_over_the_socket_refuses_a_direction_override(public_match):
    match, zsofi, gergo = public_match

    async def scenario():
        a, _ = await opened(match, zsofi)
        await a.send_json_to({"chat": "gg\u202eti sniw"})
        refused = await a.receive_json_from(timeout=5)
        assert refused["type"] == "error" and refused["code"] == "invisible_control"
        await a.disconnect()

    async_to_sync(scenario)()
    assert not ChatMessage.objects.exists()
