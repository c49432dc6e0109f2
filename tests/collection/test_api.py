"""The collection API: the owner's own collection, and nobody else's."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.authtoken.models import Token

from collection import services
from collection.selectors import owned_counts
from tests.api_client import login, send
from tests.decks.test_schema import assert_matches, response_schema

pytestmark = pytest.mark.django_db

LIST, IMPORT, EXPORT, SHARE = (
    "/api/collection/",
    "/api/collection/import/",
    "/api/collection/export/",
    "/api/collection/share/",
)


@pytest.fixture
def owned(cards, owner, stranger):
    services.collection_set_count(user=owner, code="AF1-001", count=3)
    services.collection_set_count(user=owner, code="ONI-S001", count=1)
    services.collection_set_count(user=stranger, code="AFD-022", count=7)
    return owner


def test_the_owner_gets_their_own_collection(client, owned):
    login(client, owned)
    body = client.get(LIST).json()
    assert [(row["code"], row["count"]) for row in body] == [("AF1-001", 3), ("ONI-S001", 1)]
    first = body[0]
    assert first["name"] == "Éjlépő Kajtár" and first["set"] == "AF1"
    assert first["rarity"] == "common" and first["game"] == "alomfogo"
    assert [row["code"] for row in client.get(LIST, {"game": "oniroo"}).json()] == ["ONI-S001"]
    assert client.get(LIST, {"game": "chess"}).status_code == 400


def test_anonymous_is_refused_everywhere_and_sees_nothing(client, owned):
    for method, url in [
        ("get", LIST),
        ("put", LIST),
        ("patch", LIST),
        ("post", IMPORT),
        ("get", EXPORT),
        ("post", SHARE),
        ("delete", SHARE),
        ("post", "/api/collection/sets/AF1/"),
    ]:
        response = send(client, method, url, {"code": "AF1-001", "count": 5, "text": "AF1-001,9"})
        assert response.status_code in (401, 403), (method, url)
        assert "AF1-001" not in response.content.decode()
    assert client.get(LIST, HTTP_AUTHORIZATION="Token nope").status_code in (401, 403)
    assert owned_counts(owned) == {"AF1-001": 3, "ONI-S001": 1}


def test_a_stranger_sees_and_changes_only_their_own(client, owned, stranger):
    login(client, stranger)
    assert [(r["code"], r["count"]) for r in client.get(LIST).json()] == [("AFD-022", 7)]
    assert "AF1-001" not in client.get(EXPORT).content.decode()
    assert send(client, "put", LIST, {"code": "AF1-001", "count": 0}).status_code == 200
    assert owned_counts(owned) == {"AF1-001": 3, "ONI-S001": 1}  # the owner's are untouched


def test_a_token_works_like_a_session(client, owned):
    token = Token.objects.create(user=owned)
    response = client.get(LIST, HTTP_AUTHORIZATION=f"Token {token.key}")
    assert response.status_code == 200 and len(response.json()) == 2


def test_put_and_patch_set_one_count(client, owned):
    login(client, owned)
    response = send(client, "put", LIST, {"code": "af1-002", "count": 4})
    assert response.status_code == 200 and response.json() == {"code": "AF1-002", "count": 4}
    assert send(client, "patch", LIST, {"code": "AF1-001", "count": 0}).json()["count"] == 0
    assert owned_counts(owned) == {"AF1-002": 4, "ONI-S001": 1}
    for bad in ({"code": "AF1-001", "count": 1000}, {"code": "AF1-001", "count": True},
                {"code": "AF1-001", "count": -1}, {"code": "AF1-001"}):  # fmt: skip
        response = send(client, "put", LIST, bad)
        assert response.status_code == 400, bad
    unknown = send(client, "put", LIST, {"code": "AF1-999", "count": 1})
    assert unknown.status_code == 404
    # in the owner's language (Hungarian), whatever the browser asks for
    assert unknown.json()["error"] == {"code": "no_such_card", "message": "Nincs ilyen lap."}
    assert owned_counts(owned) == {"AF1-002": 4, "ONI-S001": 1}


def test_import_errors_answer_400_with_every_line_and_save_nothing(client, owned):
    login(client, owned)
    text = "code,count\nAF1-002,2\nÉjlépő Kajtra,1\nAF1-003,1000\n"
    response = send(client, "post", IMPORT, {"text": text, "mode": "replace"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "import_failed"
    assert [line["line_no"] for line in error["lines"]] == [3, 4]
    assert error["lines"][0]["line"] == "Éjlépő Kajtra,1"
    assert "Éjlépő Kajtár" in error["lines"][0]["suggestions"]
    assert owned_counts(owned) == {"AF1-001": 3, "ONI-S001": 1}


def test_import_adds_and_answers_a_summary(client, owned):
    login(client, owned)
    response = send(client, "post", IMPORT, {"text": "AF1-001,2\nJégszem Soyana,1"})
    assert response.status_code == 200
    assert response.json() == {"mode": "add", "cards": 2, "copies": 3, "removed": 0}
    assert owned_counts(owned) == {"AF1-001": 5, "AF1-002": 1, "ONI-S001": 1}


def test_import_as_an_uploaded_file(client, owned):
    login(client, owned)
    upload = SimpleUploadedFile("mine.csv", "\ufeffcode,count\nAF1-003,2\n".encode(), "text/csv")
    response = client.post(IMPORT, {"file": upload, "mode": "add"})
    assert response.status_code == 200, response.content
    assert owned_counts(owned)["AF1-003"] == 2
    # what a Hungarian Excel saves as plain "CSV": Windows-1250, read as such
    before = sum(owned_counts(owned).values())
    excel = SimpleUploadedFile("mine.csv", "név;darab\nÉjlépő Kajtár;1\n".encode("cp1250"))
    answer = client.post(IMPORT, {"file": excel, "mode": "add"})
    assert answer.status_code == 200, answer.content
    assert sum(owned_counts(owned).values()) == before + 1
    # bytes that are neither UTF-8 nor Windows-1250 (0x81 and 0x98 mean nothing in it)
    junk = SimpleUploadedFile("mine.csv", b"\x81\x98,1", "text/csv")
    refused = client.post(IMPORT, {"file": junk}, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "not_utf8"


def test_an_oversized_import_names_its_limit(client, owned, settings):
    settings.LIMITS = {**settings.LIMITS, "COLLECTION_CSV_MAX_LINES": 2}
    login(client, owned)
    response = send(client, "post", IMPORT, {"text": "AF1-001,1\nAF1-002,1\nAF1-003,1"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "too_many_lines" and error["limit"] == 2
    assert "COLLECTION_CSV_MAX_LINES" in error["message"]


def test_export_round_trips_through_import(client, owned, stranger):
    services.collection_set_count(user=owned, code="AFD-022", count=2)
    login(client, owned)
    response = client.get(EXPORT)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    text = response.content.decode()
    before = owned_counts(owned)
    # into another account, replacing: the same collection
    client.logout()
    login(client, stranger)
    for game in ("alomfogo", "oniroo"):
        response = send(client, "post", IMPORT, {"text": text, "mode": "replace", "game": game})
        assert response.status_code == 200
    assert owned_counts(stranger) == before
    assert client.get(EXPORT).content.decode() == text


def test_share_and_unshare(client, owned):
    login(client, owned)
    first = send(client, "post", SHARE)
    assert first.status_code == 200
    token = first.json()["token"]
    assert send(client, "post", SHARE).json()["token"] == token
    assert send(client, "delete", SHARE).status_code == 204
    assert send(client, "post", SHARE).json()["token"] != token


def test_add_a_whole_set(client, owned):
    login(client, owned)
    response = send(client, "post", "/api/collection/sets/AF1/", {"copies": 2})
    assert response.status_code == 200
    assert response.json() == {"cards": 13, "copies_added": 26, "capped": 0}
    assert owned_counts(owned)["AF1-001"] == 5
    assert send(client, "post", "/api/collection/sets/NOPE/").status_code == 404


def test_the_schema_documents_the_collection_api(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    assert {"get", "put", "patch"} <= set(paths["/api/collection/"])
    assert "400" in paths["/api/collection/import/"]["post"]["responses"]
    assert "text/csv" in paths["/api/collection/export/"]["get"]["responses"]["200"]["content"]
    assert {"post", "delete"} <= set(paths["/api/collection/share/"])
    assert "/api/collection/sets/{set_code}/" in paths


def test_the_answers_fit_their_documented_schema(client, owned):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    login(client, owned)
    answers = [
        # (only Álomfogó rows: jsonschema reads no OpenAPI `nullable`, and other games'
        # cards have a null rarity, which schemathesis checks against the live site)
        (LIST, "get", "200", client.get(LIST, {"game": "alomfogo"})),
        (LIST, "put", "200", send(client, "put", LIST, {"code": "AF1-002", "count": 2})),
        (IMPORT, "post", "200", send(client, "post", IMPORT, {"text": "AF1-003,1"})),
        (IMPORT, "post", "400", send(client, "post", IMPORT, {"text": "Éjlépő Kajtra,1"})),
        (SHARE, "post", "200", send(client, "post", SHARE)),
        (
            "/api/collection/sets/{set_code}/",
            "post",
            "200",
            send(client, "post", "/api/collection/sets/AF1/"),
        ),
    ]
    for path, method, status, response in answers:
        assert str(response.status_code) == status, (path, method, response.content)
        documented = response_schema(schema, path, method, status, "application/json")
        assert_matches(schema, documented, response.json())
