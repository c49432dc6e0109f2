"""Malformed requests across the site: each class of issue #18 with several
instances. Every one answers a 4xx with a message, and nothing changes in the
database or under MEDIA_ROOT. (Each app's own tests cover its cases in depth;
this module holds the classes that cut across apps.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings

from catalog.models import Game
from decks import services as deck_services
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

APPS = ("accounts", "decks", "play", "printing", "catalog", "collection", "tournaments")
PREVIEW = (
    "/print/preview.png?page_size=a4&card_size=poker&quantity=1&margin_mm=5&gap_mm=0"
    "&bleed_mm=0&flip=long&back_offset_x=0&back_offset_y=0"
)


def _snapshot() -> dict:
    counts = {
        model._meta.label: model.objects.count()
        for name in APPS
        for model in apps.get_app_config(name).get_models()
    }
    media = Path(settings.MEDIA_ROOT)
    files = sorted(str(p) for p in media.rglob("*") if p.is_file()) if media.exists() else []
    return {"rows": counts, "files": files}


def _message(response) -> str:
    if response.get("Content-Type", "").startswith("application/json"):
        return response.json()["error"]["message"]
    return response.content.decode("utf-8", "replace")


def _assert_refused(response, before: dict, *, status: int | None = None) -> None:
    assert 400 <= response.status_code < 500, (response.status_code, response.content[:300])
    if status is not None:
        assert response.status_code == status
    assert _message(response).strip()
    assert _snapshot() == before


@pytest.fixture
def player(client, owner):
    client.login(username=owner.username, password=PASSWORD)
    return owner


@pytest.fixture
def deck(player, cards):
    return deck_services.deck_create(
        owner=player, game=Game.objects.get(slug="alomfogo"), name="Próba", entries=[]
    )


# --- a NUL character, refused once at the edge ---------------------------------------------
@pytest.mark.parametrize(
    "url",
    [
        "/api/cards/AF%00C/",
        "/api/sets/A%00F/",
        "/cards/sets/A%00F/",
        "/decks/s/ab%00c/",
        "/decks/public/?q=a%00b",
        "/decks/public/?card=a%00b",
        "/decks/public/?game=a%00b",
        "/cards/?q=%00",
        PREVIEW + "&cards=AF%00D:1",
    ],
)
def test_a_nul_in_the_address_is_refused_with_a_message(client, cards, url):
    before = _snapshot()
    _assert_refused(client.get(url), before, status=400)


def test_a_nul_in_a_form_is_refused_before_any_view(client, player, cards):
    before = _snapshot()
    response = client.post(
        "/decks/new/",
        "name=a%00b&game=alomfogo&format=casual",
        content_type="application/x-www-form-urlencoded",
    )
    _assert_refused(response, before, status=400)


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/decks/validate/", {"game": "alomfogo", "list": "1 Éjlépő\u0000 Kajtár"}),
        ("/api/decks/", {"name": "a\u0000b", "game": "alomfogo"}),
        ("/api/auth/token/", {"username": "x\u0000", "password": "y"}),
    ],
)
def test_a_nul_in_a_json_body_is_refused(client, player, cards, path, body):
    before = _snapshot()
    response = client.post(path, json.dumps(body), content_type="application/json")
    _assert_refused(response, before, status=400)


# --- a form body that did not arrive whole, or is not UTF-8 -----------------------------------
# Django reads a multipart body without its closing boundary, or framed by another boundary
# than its header names, as if it were whole, and a url-encoded body's bytes that are not
# UTF-8 as other characters: a view would act on part of a form, or store mojibake.
BOUNDARY = "XyZzY"
MULTIPART = f"multipart/form-data; boundary={BOUNDARY}"


def _part(name: str, value: str) -> str:
    return f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'


def _owned(user) -> int:
    from collection.models import OwnedCard

    return sum(OwnedCard.objects.filter(user=user).values_list("count", flat=True))


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/collection/sets/AF1/", _part("copies", "5")),  # no closing boundary
        ("/api/decks/", _part("game", "alomfogo") + _part("name", "Új")[:30]),  # cut in a part
        ("/decks/new/", _part("game", "alomfogo") + _part("name", "Új")),
        ("/api/tournaments/", _part("game", "alomfogo") + _part("name", "Kupa")),
        ("/collection/sets/AF1/add/", _part("copies", "2")),
    ],
)
def test_a_multipart_form_cut_off_is_refused_and_changes_nothing(client, player, cards, path, body):
    before, owned = _snapshot(), _owned(player)
    response = client.post(path, body.encode(), content_type=MULTIPART)
    _assert_refused(response, before, status=400)
    assert "nem érkezett meg egészben" in _message(response)
    assert _owned(player) == owned


@pytest.mark.parametrize(
    ("kind", "body"), [("application/json", b"null"), ("text/plain", b"copies=5"), (MULTIPART, b"")]
)
def test_adding_a_set_without_a_count_adds_nothing(client, player, cards, kind, body):
    """The set page's form always sends its count: a body without one is not that form."""
    owned = _owned(player)
    client.post("/collection/sets/AF1/add/", body, content_type=kind)
    assert _owned(player) == owned


def test_a_multipart_form_framed_by_another_boundary_is_refused(client, player, cards, deck):
    body = (_part("name", "Átnevezett") + f"--{BOUNDARY}--\r\n").encode()
    response = client.patch(
        f"/api/decks/{deck.pk}/", body, content_type="multipart/form-data; boundary=OTHER"
    )
    assert response.status_code == 400
    deck.refresh_from_db()
    assert deck.name == "Próba"


def test_a_whole_multipart_form_is_read(client, player, cards):
    body = (_part("game", "alomfogo") + _part("name", "Egész") + f"--{BOUNDARY}--\r\n").encode()
    response = client.post("/api/decks/", body, content_type=MULTIPART)
    assert response.status_code == 201 and response.json()["name"] == "Egész"


@pytest.mark.parametrize(
    "body",
    [
        "This is a preamble.\r\n"
        + _part("game", "alomfogo")
        + _part("name", "Egész")
        + f"--{BOUNDARY}--",
        _part("game", "alomfogo") + _part("name", "Egész") + f"--{BOUNDARY}--\r\nan epilogue\r\n",
        "\r\n" + _part("game", "alomfogo") + _part("name", "Egész") + f"--{BOUNDARY}--",
    ],
)
def test_multipart_with_a_preamble_or_an_epilogue_is_whole_as_the_rfc_says(
    client, player, cards, body
):
    response = client.post("/api/decks/", body.encode(), content_type=MULTIPART)
    assert response.status_code == 201 and response.json()["name"] == "Egész"


def test_a_cut_off_password_change_changes_no_password(client, player):
    body = _part("old_password", PASSWORD) + _part("new_password1", "Uj-jelszo-2026!")
    response = client.post("/accounts/password/", body.encode(), content_type=MULTIPART)
    assert response.status_code == 400
    player.refresh_from_db()
    assert player.check_password(PASSWORD)


@pytest.mark.parametrize("body", [b"name=\xff\xfe", b"name=%ff%fe", b"name=ok&description=%c3"])
def test_a_url_encoded_form_that_is_not_utf8_is_refused(client, player, cards, deck, body):
    response = client.patch(
        f"/api/decks/{deck.pk}/", body, content_type="application/x-www-form-urlencoded"
    )
    assert response.status_code == 400 and "UTF-8" in _message(response)
    deck.refresh_from_db()
    assert deck.name == "Próba"


def test_a_garbled_deck_patch_leaves_the_deck_where_it_was(client, player, cards, deck):
    """A PATCH that changes nothing (an empty form) keeps the deck's place among the recent."""
    updated = deck.updated_at
    response = client.patch(f"/api/decks/{deck.pk}/", b"", content_type=MULTIPART)
    assert response.status_code == 200  # an empty form: no field to change
    response = client.patch(f"/api/decks/{deck.pk}/", {}, content_type="application/json")
    assert response.status_code == 200
    deck.refresh_from_db()
    assert deck.updated_at == updated


@pytest.mark.parametrize("body", [b"null", b"[1, 2]", b'"copies"', b"5"])
def test_a_json_body_that_is_not_an_object_is_refused_in_hungarian(client, player, cards, body):
    before = _snapshot()
    response = client.post("/api/collection/sets/AF1/", body, content_type="application/json")
    _assert_refused(response, before, status=400)
    assert "JSON objektum" in _message(response)


@pytest.mark.parametrize(
    "body",
    [
        b'{"game": "alomfogo", "name": "A", "name": "B"}',
        b'{"game": "alomfogo", "name": "A", "cards": [{"code": "AFD-002", "code": "AFD-003"}]}',
    ],
)
def test_a_json_body_naming_a_key_twice_is_refused_naming_it(client, player, cards, body):
    """Which one was meant? json.loads kept the last without a word."""
    before = _snapshot()
    response = client.post("/api/decks/", body, content_type="application/json")
    _assert_refused(response, before, status=400)
    assert "kétszer" in _message(response)


@pytest.mark.parametrize(("body", "where"), [(b"{", "1. sor 2."), (b'{\n "a": }', "2. sor 7.")])
def test_malformed_json_says_where_in_hungarian(client, player, cards, body, where):
    response = client.post("/api/decks/", body, content_type="application/json")
    assert response.status_code == 400
    assert where in _message(response) and "Expecting" not in _message(response)


def test_a_form_with_too_many_fields_gets_a_page_in_hungarian(client, player, cards):
    fields = "&".join(f"f{n}=1" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1))
    response = client.post("/decks/new/", fields, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    page = response.content.decode()
    assert "Bad Request" not in page and "legfeljebb" in page
    assert str(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS) in page


def test_a_body_over_the_limit_names_the_limit(client, player, cards):
    body = b'{"a": "' + b"x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10) + b'"}'
    response = client.post("/api/decks/", body, content_type="application/json")
    assert response.status_code == 400 and "2,5 MB" in _message(response)  # a Hungarian decimal


def test_an_unknown_match_option_is_named_not_dropped(client, player, cards):
    before = _snapshot()
    response = client.post(
        "/api/matches/",
        {"game": "oniroo", "opponent": "bot:greedy", "options": {"levle": 5}},
        content_type="application/json",
    )
    _assert_refused(response, before, status=400)
    assert "levle" in _message(response)


# --- a lone surrogate: an escape that is no character --------------------------------------
# Written as the escape \ud800 it passes json.loads as a string nothing can store or send
# back as UTF-8: the parser refuses it, as it refuses NUL, wherever JSON comes in.
@pytest.mark.parametrize(
    ("path", "raw"),
    [
        ("/api/decks/", r'{"game": "alomfogo", "name": "Pakli", "visibility": "\ud800"}'),
        ("/api/decks/", r'{"game": "alomfogo", "name": "x\uDBFF"}'),
        ("/api/collection/import/", r'{"text": "code,count", "mode": "\udfff"}'),
        ("/api/print-jobs/", r'{"set": "AF1", "flip": "\uDC00"}'),
        ("/api/matches/", r'{"game": "oniroo", "opponent": "\ud800"}'),
        ("/api/trades/proposals/", r'{"partner": "x", "gives": {"\ud800": 1}, "gets": {}}'),
        # a JSON card list inside the body: the inner text is parsed by the same reader
        (
            "/api/decks/validate/",
            r'{"game": "alomfogo", "list": "{\"cards\": [{\"code\": \"\\ud800\"}]}"}',
        ),
    ],
)
def test_a_lone_surrogate_in_json_is_refused(client, player, cards, path, raw):
    before = _snapshot()
    response = client.post(path, raw, content_type="application/json")
    _assert_refused(response, before, status=400)
    assert "udfff" in _message(response)  # the range it names, in either language


def test_a_pair_of_surrogates_is_one_character_and_welcome(client, player, cards):
    response = client.post(
        "/api/decks/", r'{"game": "alomfogo", "name": "Pakli \ud83c\udccf"}',
        content_type="application/json",
    )  # fmt: skip
    assert response.status_code == 201 and response.json()["name"] == "Pakli \U0001f0cf"


def test_a_pasted_json_list_with_a_lone_surrogate_is_refused_on_the_page(client, player, cards):
    before = _snapshot()
    text = r'{"cards": [{"code": "\ud800", "count": 1}]}'
    response = client.post("/decks/import/", {"game": "alomfogo", "name": "P", "text": text})
    assert (
        response.status_code in (200, 400) and "udfff" in response.content.decode()
    )  # the message names the range
    assert _snapshot() == before


# --- JSON nested deeper than the limit ------------------------------------------------------
@pytest.mark.parametrize(
    "path",
    [
        "/api/decks/validate/",
        "/api/decks/",
        "/api/print-jobs/",
        "/api/matches/",
        "/api/auth/token/",
    ],
)
@pytest.mark.parametrize("depth", [settings.LIMITS["JSON_MAX_DEPTH"] + 1, 50_000])
def test_json_nested_too_deep_is_a_400_on_every_json_endpoint(client, player, cards, path, depth):
    before = _snapshot()
    body = "[" * depth + "]" * depth
    response = client.post(path, body, content_type="application/json")
    _assert_refused(response, before, status=400)
    assert str(settings.LIMITS["JSON_MAX_DEPTH"]) in _message(response)


def test_json_within_the_depth_limit_is_read(client, cards):
    depth = settings.LIMITS["JSON_MAX_DEPTH"] - 1  # the body's own object is one level
    response = client.post(
        "/api/decks/validate/",
        json.dumps(
            {
                "game": "alomfogo",
                "list": "1 Éjlépő Kajtár",
                "x": json.loads("[" * depth + "]" * depth),
            }
        ),
        content_type="application/json",
    )
    # read, and then refused for what it says: a field the endpoint does not have
    assert response.status_code == 400 and "„x”" in _message(response)
    response = client.post(
        "/api/decks/validate/",
        json.dumps({"game": "alomfogo", "list": "1 Éjlépő Kajtár"}),
        content_type="application/json",
    )
    assert response.status_code == 200


CARD = {"code": "AF1-001", "count": 3}


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/api/collection/sets/AF1/", {"copeis": 50}, "copeis"),
        ("/api/decks/", {"game": "alomfogo", "name": "P", "visiblity": "public"}, "visiblity"),
        ("/api/print-jobs/", {"set": "AF1", "quantiy": 2}, "quantiy"),
        ("/api/matches/", {"game": "oniroo", "opponent": "bot:greedy", "publik": True}, "publik"),
        ("/api/tournaments/", {"game": "alomfogo", "name": "Kupa", "round": 3}, "round"),
        # inside a list of cards too: "bord" put a sideboard card in the main deck
        (
            "/api/decks/",
            {"game": "alomfogo", "name": "P", "cards": [CARD, {**CARD, "bord": "side"}]},
            "cards[1].bord",
        ),
        (
            "/api/decks/validate/",
            {"game": "alomfogo", "cards": [{**CARD, "cuont": 4}]},
            "cards[0].cuont",
        ),
    ],
)
def test_a_misspelt_field_is_named_and_changes_nothing(client, player, cards, path, body, field):
    """DRF drops a field it does not know: the default acted instead of what was asked."""
    before = _snapshot()
    response = client.post(path, json.dumps(body), content_type="application/json")
    _assert_refused(response, before, status=400)
    assert f"„{field}”" in _message(response)


def test_a_form_posted_from_a_page_may_carry_its_csrf_token(client, player, cards):
    response = client.post(
        "/api/decks/", {"game": "alomfogo", "name": "Űrlapból", "csrfmiddlewaretoken": "x"}
    )
    assert response.status_code == 201


# --- an address longer than the limit --------------------------------------------------------
@pytest.mark.parametrize("path", ["/cards/", "/api/cards/", "/decks/public/", "/print/new/"])
def test_an_address_over_the_limit_is_a_414_with_a_message(client, cards, path):
    before = _snapshot()
    response = client.get(path, {"q": "a" * settings.LIMITS["URL_MAX_LENGTH"]})
    _assert_refused(response, before, status=414)


# --- numbers that are not numbers, or far too large --------------------------------------------
@pytest.mark.parametrize(
    "url",
    [
        "/print/new/?cards=AFD-005:²",
        PREVIEW + "&cards=AFD-005:²",
        PREVIEW + "&cards=AFD-005:" + "9" * 5000,
        PREVIEW + "&cards=AFD-005:300000000",
        PREVIEW + "&deck=abc",
        "/print/new/?deck=abc",
    ],
)
def test_print_numbers_and_ids_are_checked_where_they_are_read(client, cards, url):
    before = _snapshot()
    response = client.get(url)
    if response.status_code == 200:  # the options page shows the message on its form
        assert "/print/preview.png" not in response.content.decode() or b"error" in response.content
        assert _snapshot() == before
    else:
        _assert_refused(response, before)


@pytest.mark.parametrize("value", ["²", "9" * 5000, "-1", "1e3", "٣"])
def test_deck_history_compares_only_real_version_numbers(client, deck, value):
    before = _snapshot()
    response = client.get(f"/decks/{deck.pk}/history/", {"a": value, "b": "1"})
    assert response.status_code in {200, 400}
    if response.status_code == 400:
        assert _message(response).strip()
    assert _snapshot() == before


@pytest.mark.parametrize(
    ("path", "data"),
    [
        ("/print/new/", {"deck": "abc", "page_size": "a4", "card_size": "poker", "quantity": "1"}),
        ("/play/new/", {"game": "alomfogo", "deck": "abc", "opponent": "bot"}),
        ("/play/new/", {"game": "alomfogo", "deck": "9" * 5000, "opponent": "bot"}),
    ],
)
def test_ids_that_are_not_numbers_get_a_message(client, player, cards, path, data):
    before = _snapshot()
    response = client.post(path, data)
    assert response.status_code < 500
    if response.status_code == 200:  # the form again, with its message
        assert b"errors" in response.content or b"error" in response.content
    assert _snapshot() == before


# --- an id in the address past what a database id can be ----------------------------------
HUGE_ID = str(2**63)  # one past the largest bigint


@pytest.mark.parametrize(
    "url",
    [
        f"/decks/{HUGE_ID}/",
        f"/decks/{'9' * 30}/edit/",
        f"/api/decks/{HUGE_ID}/",
        f"/collection/trades/proposals/{HUGE_ID}/",
        f"/api/trades/proposals/{HUGE_ID}/",
        f"/tournaments/00000000-0000-0000-0000-000000000000/players/{HUGE_ID}/",
    ],
)
def test_an_id_past_the_largest_is_a_404_with_a_message(client, player, cards, url):
    before = _snapshot()
    _assert_refused(client.get(url), before, status=404)


def test_a_result_for_a_pairing_past_the_largest_id_is_a_404(client, player, cards):
    """The organiser's result form posted to a pairing id no database can hold."""
    from tournaments import services as tournament_services

    event = tournament_services.tournament_create(
        organiser=player, game=Game.objects.get(slug="alomfogo"), name="Klubest"
    )
    before = _snapshot()
    response = client.post(
        f"/tournaments/{event.pk}/pairings/{HUGE_ID}/result/", {"wins_a": "2", "wins_b": "0"}
    )
    _assert_refused(response, before, status=404)


# --- `next`: only a path on this site, else where the form would have gone -------------------
@pytest.mark.parametrize(
    "target", ["-1", "decks:index", "https://evil.example/", "//evil.example/", "javascript:x"]
)
def test_a_next_that_is_not_a_path_here_goes_back_where_the_form_came_from(client, deck, target):
    from catalog.models import CardSet

    editor = f"/decks/{deck.pk}/edit/"
    answers = [
        (editor, f"/decks/{deck.pk}/cards/", {"card": "AF1-001", "delta": "1"}),
        (editor, f"/decks/{deck.pk}/built/", {"built": "on"}),
        (CardSet.objects.get(code="AF1").get_absolute_url(), "/collection/sets/AF1/add/", {}),
    ]
    for fallback, path, data in answers:
        response = client.post(path, {**data, "next": target})
        assert response.status_code == 302, response.content[:300]
        assert response["Location"] == fallback


# --- a form's charset: UTF-8 only ------------------------------------------------------------
def _whole(*parts: tuple[str, str]) -> bytes:
    return ("".join(_part(name, value) for name, value in parts) + f"--{BOUNDARY}--\r\n").encode()


LOGIN_FORM = b"username=owner&password=x"


@pytest.mark.parametrize(
    ("path", "kind", "body"),
    [
        # a url-encoded form Django reads only as UTF-8: its alias and other charsets
        ("/accounts/login/", "application/x-www-form-urlencoded; charset=utf8", LOGIN_FORM),
        ("/accounts/login/", "application/x-www-form-urlencoded; charset=latin-1", LOGIN_FORM),
        ("/i18n/setlang/", "application/x-www-form-urlencoded; charset=utf-16", b"language=en"),
        # multipart, decoded by whatever codec is named: codecs that are not text
        ("/accounts/login/", f"{MULTIPART}; charset=rot13", _whole(("username", "owner"))),
        ("/accounts/login/", f"{MULTIPART}; charset=idna", _whole(("username", "owner"))),
        ("/decks/new/", f"{MULTIPART}; charset=hex", _whole(("game", "alomfogo"), ("name", "Ú"))),
        ("/api/auth/token/", f"{MULTIPART}; charset=idna", _whole(("username", "owner"))),
        ("/api/decks/", f"{MULTIPART}; charset=base64", _whole(("game", "alomfogo"))),
        ("/collection/import/", f'{MULTIPART}; charset="zlib"', _whole(("text", "AF1-001,1"))),
    ],
)
def test_a_form_in_another_charset_than_utf8_is_refused_in_words(
    client, player, cards, debug, path, kind, body
):
    """`make run`'s DEBUG page read such a form again and the error left Django: the ASGI
    server's bare 500, 50 KB of log a request, before any sign-in or CSRF check."""
    before = _snapshot()
    # `generic` sends the bytes as they are (`post` would encode them in the named charset)
    response = client.generic("POST", path, body, content_type=kind)
    _assert_refused(response, before, status=400)
    assert "UTF-8" in _message(response)


def test_a_form_that_names_utf8_is_read(client, player, cards):
    kind = f"{MULTIPART}; charset=UTF-8"
    response = client.post("/api/decks/", _whole(("game", "alomfogo"), ("name", "Egész")), kind)
    assert response.status_code == 201 and response.json()["name"] == "Egész"
