"""The API schema says what the API answers.

For real requests (a refusal of each kind, a chat line, an expired file, a queue
that is down, a copy still current), the status each answers is documented for its
operation, and an answer with a JSON body has a documented JSON body: a generated
client reads a refusal's `{"error": {"code", "message"}}` only if the schema says
it is there. An auditor's schemathesis run found trade refusals described in words
with no body, a chat line's 201, and 304, 406, 410, 415 and 503 missing; a file
upload typed as a URL; and writes that accept what the schema does not allow
(a body sent to a write that reads none, `true` for a length, `0` for a flag).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from catalog.models import Game
from collection import trades
from play import services as play_services
from printing.models import PrintJob, Status
from tests.core.test_settings import PRODUCTION, manage
from tests.factories import make_user, own, propose
from tests.play_rows import first_cards_deck, oniroo_match
from tests.printing.requests import ONE_CARD, api_post

pytestmark = pytest.mark.django_db

JSON = "application/json"


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    with django_db_blocker.unblock():
        return Client().get("/api/schema/", {"format": "json"}).json()


def assert_documented(schema: dict, method: str, path: str, response) -> None:
    """`response` (to `method` on the schema's `path`) is one the schema documents:
    its status, and a JSON body if it has one (the Error, for a refusal)."""
    operation = schema["paths"][path][method]
    status = str(response.status_code)
    documented = operation["responses"].get(status)
    where = f"{method.upper()} {path}"
    assert documented is not None, (
        f"{where} answered {status}, documented: {sorted(operation['responses'])}"
    )
    if response.content and response["Content-Type"].startswith(JSON):
        content = documented.get("content", {})
        assert JSON in content, f"{where} {status} sends a JSON body the schema does not document"
        if response.status_code >= 400:
            assert content[JSON]["schema"] == {"$ref": "#/components/schemas/Error"}, where
            assert set(response.json()["error"]) >= {"code", "message"}


def send(client, method: str, url: str, body=None, **headers):
    if body is None:
        return getattr(client, method)(url, **headers)
    return getattr(client, method)(url, body, content_type=JSON, **headers)


# ---------------------------------------------------------------- refusals have the Error body


def test_every_refusal_the_schema_documents_has_the_error_body(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            for status, response in operation.get("responses", {}).items():
                if status[0] in "45":
                    assert JSON in response.get("content", {}), f"{method} {path} {status}"


@pytest.fixture
def trading(cards):
    """A maker, a partner (both trading) and a stranger; a proposal between the first two."""
    maker, partner, stranger = (make_user(n) for n in ("maker", "partner", "stranger"))
    own(maker, AF1_001=4)
    own(partner, AF1_002=4)
    proposal = propose(maker, partner, gives={"AF1-001": 1}, gets={"AF1-002": 1})
    return maker, partner, stranger, proposal


def test_trade_refusals_are_documented_with_their_body(schema, trading):
    maker, partner, stranger, proposal = trading
    one = "/api/trades/proposals/{proposal_id}/"
    url = f"/api/trades/proposals/{proposal.pk}/"
    as_ = {user: Client() for user in (maker, partner, stranger)}
    for user, client in as_.items():
        client.force_login(user)
    answers = [
        # (method, schema path, answer, expected status)
        ("post", one + "accept/", send(as_[maker], "post", url + "accept/"), 403),
        ("post", one + "accept/", send(as_[stranger], "post", url + "accept/"), 404),
        ("post", one + "withdraw/", send(as_[partner], "post", url + "withdraw/"), 403),
        ("post", one + "withdraw/", send(as_[stranger], "post", url + "withdraw/"), 404),
        ("post", one + "counter/", send(as_[maker], "post", url + "counter/", {}), 403),
        ("post", one + "counter/", send(as_[stranger], "post", url + "counter/", {}), 404),
        ("post", one + "counter/", send(as_[partner], "post", url + "counter/", {"gets": 1}), 400),
        ("post", one + "decline/", send(as_[partner], "post", url + "decline/"), 200),
        ("post", one + "decline/", send(as_[partner], "post", url + "decline/"), 409),
        ("post", one + "accept/", send(as_[partner], "post", url + "accept/"), 409),
        ("post", one + "withdraw/", send(as_[maker], "post", url + "withdraw/"), 409),
        ("post", one + "counter/", send(as_[partner], "post", url + "counter/", {}), 409),
        ("get", one, send(as_[stranger], "get", url), 404),
    ]
    lists = "/api/trades/lists/"
    not_free = {"code": "AF1-001", "side": "have", "count": 9}
    answers += [
        ("put", lists, send(as_[maker], "put", lists, not_free), 400),
        ("put", lists, send(as_[maker], "put", lists, {**not_free, "code": "NO-1"}), 404),
    ]
    proposals = "/api/trades/proposals/"
    nobody = {"partner": "nobody", "gives": {"AF1-001": 1}}
    answers += [
        ("post", proposals, send(as_[maker], "post", proposals, nobody), 404),
        ("post", proposals, send(as_[maker], "post", proposals, {"partner": "partner"}), 400),
        (
            "post",
            proposals,
            send(as_[maker], "post", proposals, {"partner": "partner", "gets": {"NO-1": 1}}),
            404,
        ),
    ]
    theirs = first_cards_deck(stranger, "Másé", 15)
    want_decks = "/api/trades/want-decks/"
    answers += [
        ("post", want_decks, send(as_[maker], "post", want_decks, {"deck": theirs.pk}), 404),
        ("delete", want_decks, send(as_[maker], "delete", want_decks, {"deck": theirs.pk}), 404),
    ]
    for method, path, response, expected in answers:
        assert response.status_code == expected, (method, path, response.content[:300])
        assert_documented(schema, method, path, response)


def test_each_trade_not_found_names_what_was_not_found(schema):
    paths = schema["paths"]
    want_decks = paths["/api/trades/want-decks/"]
    for method in ("post", "delete"):
        said = want_decks[method]["responses"]["404"]["description"]
        assert "deck" in said and "proposal" not in said
    propose_404 = paths["/api/trades/proposals/"]["post"]["responses"]["404"]["description"]
    assert "no_such_player" in propose_404 and "no_such_card" in propose_404
    assert "proposal" not in propose_404


def test_a_stale_deck_and_a_strangers_deck_are_documented_refusals(schema, owner, stranger, cards):
    deck = first_cards_deck(owner, "Pakli", 15)
    client = Client()
    client.force_login(owner)
    stale = send(client, "patch", f"/api/decks/{deck.pk}/", {"name": "Új", "version": 1})
    assert stale.status_code == 409
    assert_documented(schema, "patch", "/api/decks/{deck_id}/", stale)
    client.force_login(stranger)
    missing = client.get(f"/api/decks/{deck.pk}/missing/")
    assert missing.status_code == 404
    assert_documented(schema, "get", "/api/decks/{deck_id}/missing/", missing)


def test_hint_refusals_are_documented_with_their_body(schema, owner, stranger, cards):
    match = play_services.match_create(
        user=owner, game=Game.objects.get(slug="arcane-guardian"), deck=None, opponent="solo"
    )
    client = Client()
    client.force_login(stranger)
    path, url = "/api/matches/{match_id}/hint/", f"/api/matches/{match.pk}/hint/"
    not_yours = client.get(url)
    assert not_yours.status_code == 404
    assert_documented(schema, "get", path, not_yours)
    match.status = "finished"
    match.save(update_fields=["status"])
    client.force_login(owner)
    not_running = client.get(url)
    assert not_running.status_code == 400
    assert_documented(schema, "get", path, not_running)


# ---------------------------------------------------------------- success answers


def test_a_chat_line_is_201_and_a_mute_200_both_documented(schema, owner, stranger, cards):
    match = oniroo_match(owner, "invite")
    play_services.match_join(match_id=match.pk, user=stranger, deck=None)
    client = Client()
    client.force_login(owner)
    path, url = "/api/matches/{match_id}/chat/", f"/api/matches/{match.pk}/chat/"
    line = send(client, "post", url, {"chat": "Jó játékot!"})
    assert line.status_code == 201
    assert_documented(schema, "post", path, line)
    mute = send(client, "post", url, {"mute": stranger.pk, "on": True})
    assert mute.status_code == 200
    assert_documented(schema, "post", path, mute)


def test_the_card_export_documents_if_none_match_and_its_304(schema, cards):
    client = Client()
    path = "/api/cards/export/"
    first = client.get(path)
    assert first.status_code == 200
    again = client.get(path, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    assert_documented(schema, "get", path, again)
    parameters = schema["paths"][path]["get"]["parameters"]
    assert {"in": "header", "name": "If-None-Match"}.items() <= next(
        p for p in parameters if p["name"] == "If-None-Match"
    ).items()


# ---------------------------------------------------------------- the edges: 406, 415


def test_a_body_of_a_type_no_parser_reads_is_a_documented_415(schema, owner):
    client = Client()
    client.force_login(owner)
    for method, path in [
        ("post", "/api/decks/"),
        ("put", "/api/collection/"),
        ("post", "/api/trades/open/"),
        ("post", "/api/collection/share/"),
    ]:
        response = getattr(client, method)(path, "name=x", content_type="text/plain")
        assert response.status_code == 415, (path, response.content[:200])
        assert response.json()["error"]["code"] == "unsupported_media_type"
        assert_documented(schema, method, path, response)


def test_an_accept_header_naming_no_type_we_answer_in_is_a_documented_406(schema, owner):
    client = Client()
    client.force_login(owner)
    for path in ("/api/cards/", "/api/collection/", "/api/me/"):
        response = client.get(path, HTTP_ACCEPT="text/csv")
        assert response.status_code == 406, path
        assert response.json()["error"]["code"] == "not_acceptable"
        assert_documented(schema, "get", path, response)


def test_the_collection_export_answers_csv_to_a_client_asking_for_csv(schema, owner, cards):
    client = Client()
    client.force_login(owner)
    own(owner, AF1_001=2)
    for accept in ("text/csv", "*/*", "text/csv; charset=utf-8"):
        response = client.get("/api/collection/export/", HTTP_ACCEPT=accept)
        assert response.status_code == 200, accept
        assert response["Content-Type"].startswith("text/csv") and b"AF1-001" in response.content
        assert_documented(schema, "get", "/api/collection/export/", response)
    refused = client.get("/api/collection/export/", {"game": "chess"}, HTTP_ACCEPT="text/csv")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "unknown_game"


# ---------------------------------------------------------------- print jobs: 410, 503


@pytest.fixture
def no_worker(monkeypatch, media):
    monkeypatch.setattr("printing.tasks.make_sheets.delay", lambda job_id: None)


@pytest.fixture
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def test_an_expired_download_is_a_documented_410(schema, cards, no_worker):
    client = Client()
    made = api_post(client, **ONE_CARD)
    assert made.status_code == 201
    assert_documented(schema, "post", "/api/print-jobs/", made)
    job_id = made.json()["id"]
    PrintJob.objects.filter(pk=job_id).update(status=Status.EXPIRED, expires_at=timezone.now())
    gone = client.get(f"/api/print-jobs/{job_id}/download/")
    assert gone.status_code == 410 and gone.json()["error"]["code"] == "expired"
    assert_documented(schema, "get", "/api/print-jobs/{job_id}/download/", gone)


def test_a_job_the_queue_cannot_take_is_a_documented_503(schema, cards, media, monkeypatch):
    from django.db import transaction

    monkeypatch.setattr("printing.services.task_queue.send", lambda *args, **kwargs: False)
    # as on the site, where the request's row is committed and the job sent at once
    monkeypatch.setattr(transaction, "on_commit", lambda send, *args, **kwargs: send())
    response = api_post(Client(), **ONE_CARD)
    assert response.status_code == 503 and response.json()["error"]["code"] == "queue_down"
    assert_documented(schema, "post", "/api/print-jobs/", response)


@pytest.mark.parametrize(
    "option",
    [
        {"margin_mm": True},
        {"gap_mm": False},
        {"back_offset_mm": [True, 0]},
        {"back_offset_mm": 3},
        {"landscape": 0},
        {"backs": 1},
        {"crop_marks": 0.0},
        {"cut_lines": "maybe"},
    ],
    ids=str,
)
def test_a_print_option_of_another_json_type_is_refused(schema, cards, no_worker, option):
    """The schema says a length is a number and a flag a boolean: `true` was read as 1 mm
    and `0` as false, a sheet nobody asked for."""
    response = api_post(Client(), **ONE_CARD, **option)
    assert response.status_code == 400, response.content[:300]
    error = response.json()["error"]
    assert error["code"] == "bad_option" and error["message"]
    assert not PrintJob.objects.exists()
    assert_documented(schema, "post", "/api/print-jobs/", response)


def test_print_options_of_their_own_types_are_still_read(cards, no_worker):
    response = api_post(
        Client(), **ONE_CARD, margin_mm=4.5, landscape=True, backs=False, back_offset_mm=[1, -0.5]
    )
    assert response.status_code == 201, response.json()
    options = PrintJob.objects.get().options
    assert (options["margin_mm"], options["landscape"], options["backs"]) == (4.5, True, False)
    assert options["back_offset_mm"] == [1.0, -0.5]


# ---------------------------------------------------------------- writes that read no body


def _no_body_writes(proposal_id: int) -> list[tuple[str, str]]:
    one = f"/api/trades/proposals/{proposal_id}/"
    return [
        ("post", "/api/trades/open/"),
        ("delete", "/api/trades/open/"),
        ("post", "/api/collection/share/"),
        ("delete", "/api/collection/share/"),
        ("post", one + "accept/"),
        ("post", one + "decline/"),
        ("post", one + "withdraw/"),
    ]


def test_a_write_that_reads_no_body_refuses_a_field_and_changes_nothing(trading):
    maker, partner, _stranger, proposal = trading
    client = Client()
    client.force_login(partner)
    for method, url in _no_body_writes(proposal.pk):
        for body in ({"zzz": 1}, {"open": False}):
            response = send(client, method, url, body)
            assert response.status_code == 400, (method, url, response.content[:300])
            error = response.json()["error"]
            assert error["code"] == "invalid" and next(iter(body)) in error["fields"]
    partner.refresh_from_db()
    assert partner.trades_open  # the refused DELETE hid nothing
    assert trades.TradeProposal.objects.get().status == "open"


def test_a_write_that_reads_no_body_takes_an_empty_one_or_an_empty_object(owner):
    client = Client()
    client.force_login(owner)
    assert send(client, "post", "/api/trades/open/").json() == {"open": True}
    assert send(client, "delete", "/api/trades/open/", {}).json() == {"open": False}
    assert send(client, "post", "/api/collection/share/", {}).status_code == 200
    assert client.post("/api/collection/share/").status_code == 200
    assert send(client, "delete", "/api/collection/share/").status_code == 204


# ---------------------------------------------------------------- the CSV upload


def test_the_csv_upload_is_a_binary_file_of_the_multipart_body_only(schema):
    body = schema["paths"]["/api/collection/import/"]["post"]["requestBody"]["content"]

    def properties(media: str) -> dict:
        ref = body[media]["schema"]["$ref"].rsplit("/", 1)[1]
        return schema["components"]["schemas"][ref]["properties"]

    assert properties("multipart/form-data")["file"]["format"] == "binary"
    assert "file" not in properties(JSON)
    assert {"text", "game", "mode"} <= set(properties(JSON))


def test_a_csv_file_uploaded_as_the_schema_says_is_imported(schema, owner, cards):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = Client()
    client.force_login(owner)
    upload = SimpleUploadedFile("collection.csv", b"code,count\nAF1-001,2\n", "text/csv")
    response = client.post("/api/collection/import/", {"file": upload, "mode": "add"})
    assert response.status_code == 200, response.content[:300]
    assert response.json()["copies"] == 2
    assert_documented(schema, "post", "/api/collection/import/", response)


# ---------------------------------------------------------------- the browsable API


def test_the_browsable_api_is_served_on_a_development_machine_only():
    code = (
        "from rest_framework.settings import api_settings as s;"
        "print(*[c.__name__ for c in s.DEFAULT_RENDERER_CLASSES])"
    )
    production = manage("shell", "--no-imports", "-c", code, **PRODUCTION)
    assert production.stdout.split() == ["JSONRenderer"], production.stderr[-2000:]
    development = manage("shell", "--no-imports", "-c", code, DEBUG="1")
    assert development.stdout.split() == ["JSONRenderer", "BrowsableAPIRenderer"]
