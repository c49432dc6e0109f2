"""The OpenAPI schema says what the deck API really answers."""

from __future__ import annotations

import jsonschema
import pytest

from decks.models import Deck
from tests.decks.conftest import login

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from django.test import Client

    with django_db_blocker.unblock():
        return Client().get("/api/schema/", HTTP_ACCEPT="application/json").json()


def response_schema(schema: dict, path: str, method: str, status: str, media: str) -> dict:
    return schema["paths"][path][method]["responses"][status]["content"][media]["schema"]


def assert_matches(schema: dict, body_schema: dict, body) -> None:
    """`body` is valid for `body_schema`, and every object in it has exactly the documented
    keys: all of its required ones, none that the schema does not name."""
    document = {**body_schema, "components": schema["components"]}
    jsonschema.validate(body, document)

    def walk(part: dict, value) -> None:
        if "$ref" in part:
            part = schema["components"]["schemas"][part["$ref"].rsplit("/", 1)[1]]
        if part.get("type") == "array":
            for item in value:
                walk(part["items"], item)
        elif part.get("type") == "object" and "properties" in part:
            assert set(part.get("required", [])) <= set(value), value
            assert set(value) <= set(part["properties"]), set(value) - set(part["properties"])
            for key, item in value.items():
                walk(part["properties"][key], item)

    walk(body_schema, body)


def test_deck_list_is_documented_as_the_pages_it_is(client, deck, owner, schema):
    login(client, owner)
    for name in ("B", "C"):
        Deck.objects.create(owner=owner, game=deck.game, name=name, format="casual")
    # the middle page: `next` and `previous` both links (jsonschema reads no `nullable`)
    body = client.get("/api/decks/", {"page": 2, "page_size": 1}).json()
    documented = response_schema(schema, "/api/decks/", "get", "200", "application/json")
    assert isinstance(body["results"], list) and "$ref" in documented
    assert_matches(schema, documented, body)
    assert {"page", "page_size"} <= {
        p["name"] for p in schema["paths"]["/api/decks/"]["get"].get("parameters", [])
    }


def test_deck_detail_create_and_patch_are_documented(client, deck, owner, stranger, schema):
    login(client, owner)
    path = "/api/decks/{deck_id}/"
    assert_matches(
        schema,
        response_schema(schema, path, "get", "200", "application/json"),
        client.get(f"/api/decks/{deck.pk}/").json(),
    )
    patched = client.patch(
        f"/api/decks/{deck.pk}/", {"name": "Más"}, content_type="application/json"
    ).json()
    assert_matches(schema, response_schema(schema, path, "patch", "200", "application/json"),
                   patched)  # fmt: skip
    created = client.post(
        "/api/decks/", {"game": "alomfogo", "list": "3 Éjlépő Kajtár"},
        content_type="application/json",
    )  # fmt: skip
    assert created.status_code == 201
    assert_matches(
        schema,
        response_schema(schema, "/api/decks/", "post", "201", "application/json"),
        created.json(),
    )
    # what a stranger sees of a public deck (no share_token) fits as well
    client.patch(
        f"/api/decks/{deck.pk}/", {"visibility": "public"}, content_type="application/json"
    )
    login(client, stranger)
    seen = client.get(f"/api/decks/{deck.pk}/").json()
    assert "share_token" not in seen
    assert_matches(schema, response_schema(schema, path, "get", "200", "application/json"), seen)


def test_validate_is_documented(client, cards, schema):
    body = client.post(
        "/api/decks/validate/",
        {"game": "alomfogo", "list": "3 Éjlépő Kajtár\nabc 3x\n2 Nincsilyen"},
        content_type="application/json",
    ).json()
    assert body["unreadable_lines"] and body["problems"]
    documented = response_schema(schema, "/api/decks/validate/", "post", "200", "application/json")
    assert_matches(schema, documented, body)


def test_export_is_documented_for_each_form(client, deck, owner, schema):
    login(client, owner)
    path = "/api/decks/{deck_id}/export/"
    content = schema["paths"][path]["get"]["responses"]["200"]["content"]
    assert set(content) == {"text/plain", "application/json"}
    text = client.get(f"/api/decks/{deck.pk}/export/?as=text")
    assert text["Content-Type"].startswith("text/plain")
    for kind in ("json", "code"):
        response = client.get(f"/api/decks/{deck.pk}/export/?as={kind}")
        assert response["Content-Type"].startswith("application/json")
        assert_matches(schema, content["application/json"]["schema"], response.json())


def test_the_schema_is_built_once_and_kept(client, monkeypatch):
    """Building it costs 250–500 ms of CPU: a flood of requests must not build it each time."""
    from core.schema import SchemaApi

    first = client.get("/api/schema/?format=json")
    assert first.status_code == 200 and "max-age=3600" in first["Cache-Control"]
    monkeypatch.setattr(SchemaApi, "generator_class", lambda *a, **k: 1 / 0)  # no second build
    again = client.get("/api/schema/?format=json")
    assert again.status_code == 200 and again.content == first.content
