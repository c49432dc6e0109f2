"""Bounded deck input: every way in refuses an oversized list, name or description whole,
with a 400 that names the limit, before a card is looked up, and changes nothing."""

from __future__ import annotations

import json

import pytest
from django.conf import settings
from django.test import override_settings

from catalog.models import Card
from core.errors import ApplicationError
from decks import codec, services
from decks.models import Deck
from tests.decks.conftest import database, login

pytestmark = pytest.mark.django_db

LINES = settings.LIMITS["DECK_LIST_MAX_LINES"]
CHARS = settings.LIMITS["DECK_LIST_MAX_CHARS"]
ENTRIES = settings.LIMITS["DECK_MAX_ENTRIES"]
DESCRIPTION = settings.LIMITS["DECK_DESCRIPTION_MAX_CHARS"]


def limits(**changes) -> dict:
    return {**settings.LIMITS, **changes}


def unknown_lines(n: int) -> str:
    return "\n".join(f"1 Nincsilyen{i:05d}" for i in range(n))


def post_json(client, url, body):
    return client.post(url, body, content_type="application/json")


def assert_refused(response, code: str, *numbers: int) -> dict:
    assert response.status_code == 400, response.content[:300]
    error = response.json()["error"]
    assert error["code"] == code
    for number in numbers:
        assert str(number) in error["message"]
    return error


# --- the codec refuses before reading a line -----------------------------------------------


class CountingLookup(codec.RecordLookup):
    """A lookup that fails the test if the reader asks it anything."""

    def by_code(self, code):
        raise AssertionError("a card was looked up")

    by_name = by_set_number = suggest = by_code


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("1 Kajtár\n" * (codec.DEFAULT_LIMITS.max_lines + 1), "too_many_lines"),
        ("x" * (codec.DEFAULT_LIMITS.max_chars + 1), "list_too_long"),
        ("1 Kajtár\n" * 30_000, "list_too_long"),
    ],
    ids=["lines", "chars", "both"],
)
def test_parse_text_refuses_before_looking_up_a_card(text, code):
    with pytest.raises(codec.ListTooLarge) as raised:
        codec.parse_text(text, lookup=CountingLookup([]))
    assert raised.value.code == code


def test_blank_comment_and_header_lines_do_not_count():
    bounds = codec.ListLimits(max_lines=2, max_chars=10_000, max_entries=10)
    text = "\n\n# mine\nPakli:\n1 A\n\nOldalpakli:\n// x\n1 B\n"
    codec.check_size(text, bounds)  # two card lines: fine
    with pytest.raises(codec.ListTooLarge):
        codec.check_size(text + "1 C\n", bounds)


def test_json_and_deck_code_readers_are_bounded_too():
    bounds = codec.ListLimits(max_lines=10, max_chars=200, max_entries=2)
    items = [{"code": f"AF1-00{i}", "count": 1} for i in range(1, 4)]
    with pytest.raises(codec.ListTooLarge) as raised:
        codec.parse_json({"cards": items}, lookup=CountingLookup([]), limits=bounds)
    assert (raised.value.code, raised.value.limit) == ("too_many_entries", 2)
    with pytest.raises(codec.ListTooLarge) as raised:
        codec.parse_json(" " * 201, lookup=CountingLookup([]), limits=bounds)
    assert raised.value.code == "list_too_long"
    with pytest.raises(codec.ListTooLarge):
        codec.decode_deck_code("A" * 201, lookup=CountingLookup([]), limits=bounds)


# --- API: POST /api/decks/ -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "code", "numbers"),
    [
        ({"game": "alomfogo", "list": unknown_lines(LINES + 1)}, "too_many_lines", [LINES]),
        ({"game": "alomfogo", "list": "x" * (CHARS + 1)}, "list_too_long", [CHARS]),
        (
            {"game": "alomfogo", "cards": [{"code": "AF1-001", "count": 1}] * (ENTRIES + 1)},
            "too_many_entries",
            [ENTRIES, ENTRIES + 1],
        ),
        (
            {
                "game": "alomfogo",
                "list": json.dumps(
                    {"cards": [{"code": f"AF1-{i:03d}", "count": 1} for i in range(ENTRIES + 1)]}
                ),
            },
            "too_many_entries",
            [ENTRIES],
        ),
        ({"code": "A" * 5000}, "code_too_long", [4000]),
        ({"code": "A" * (CHARS + 1)}, "list_too_long", [CHARS]),
        ({"game": "alomfogo", "name": "N" * 121}, "name_too_long", [120]),
        (
            {"game": "alomfogo", "name": "N" * 121, "list": "3 Éjlépő Kajtár"},
            "name_too_long",
            [120],
        ),
        (
            {"game": "alomfogo", "description": "d" * (DESCRIPTION + 1)},
            "description_too_long",
            [DESCRIPTION],
        ),
        ({"game": "alomfogo", "description": "d" * 1_000_000}, "description_too_long", []),
        ({"game": "alomfogo", "name": "A\u0000B"}, "bad_json", []),  # refused by the JSON parser
    ],
    ids=[
        "lines", "chars", "cards-items", "json-items", "code-chars", "code-huge", "name",
        "name-with-list", "description", "description-1mb", "name-nul",
    ],
)  # fmt: skip
def test_api_create_refuses_oversized_input(client, owner, cards, body, code, numbers):
    login(client, owner)
    before = database()
    error = assert_refused(post_json(client, "/api/decks/", body), code, *numbers)
    if code != "bad_json":
        assert error["limit"] == (numbers[0] if numbers else DESCRIPTION)
    assert database() == before


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "alomfogo", "cards": [{"code": "AF1-001", "count": 100}]}, "cards"),
        ({"game": "alomfogo", "cards": [{"code": "AF1-001", "count": 0}]}, "cards"),
    ],
)
def test_api_counts_are_bounded(client, owner, cards, body, field):
    login(client, owner)
    before = database()
    response = post_json(client, "/api/decks/", body)
    assert response.status_code == 400
    assert field in response.json()["error"]["fields"]
    assert database() == before


def test_a_text_count_over_99_is_refused_naming_the_line(client, owner, cards):
    login(client, owner)
    before = database()
    response = post_json(client, "/api/decks/", {"game": "alomfogo", "list": "100 Éjlépő Kajtár"})
    error = assert_refused(response, "import_failed")
    assert "99" in error["lines"][0]["message"] and error["lines"][0]["line_no"] == 1
    # two lines that add up past 99 are refused too
    response = post_json(
        client, "/api/decks/", {"game": "alomfogo", "list": "60 Éjlépő Kajtár\n60 AF1-001"}
    )
    assert "99" in assert_refused(response, "import_failed")["lines"][0]["message"]
    assert database() == before


def test_a_list_at_the_limits_is_accepted(client, owner, cards):
    login(client, owner)
    names = list(Card.objects.filter(game__slug="alomfogo").values_list("name", flat=True))
    blanks = "\n# a comment\n\n" * 100  # free: they name no card
    body = {
        "game": "alomfogo",
        "name": "N" * 120,
        "description": "d" * DESCRIPTION,
        "list": blanks + "\n".join(f"1 {name}" for name in names[:LINES]),
    }
    response = post_json(client, "/api/decks/", body)
    assert response.status_code == 201, response.content[:300]
    assert response.json()["name"] == "N" * 120


# --- API: PATCH, validate ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"list": unknown_lines(LINES + 1)}, "too_many_lines"),
        ({"list": "y" * (CHARS + 1)}, "list_too_long"),
        ({"cards": [{"code": "AF1-001", "count": 1}] * (ENTRIES + 1)}, "too_many_entries"),
        ({"description": "d" * (DESCRIPTION + 1)}, "description_too_long"),
        ({"name": "N" * 121, "list": "3 Éjlépő Kajtár"}, "name_too_long"),
        ({"name": "New", "description": "d" * (DESCRIPTION + 1), "list": "1 AF1-001"},
         "description_too_long"),
    ],
    ids=["lines", "chars", "entries", "description", "name", "description-with-cards"],
)  # fmt: skip
def test_api_patch_refuses_oversized_input_and_changes_nothing(client, deck, owner, body, code):
    login(client, owner)
    before = database()
    assert_refused(
        client.patch(f"/api/decks/{deck.pk}/", body, content_type="application/json"), code
    )
    assert database() == before


@pytest.mark.parametrize(
    ("body", "code", "limit"),
    [
        ({"game": "alomfogo", "list": unknown_lines(LINES + 1)}, "too_many_lines", LINES),
        ({"game": "alomfogo", "list": "z\n" * 20_000}, "too_many_lines", LINES),
        ({"game": "alomfogo", "list": unknown_lines(40_000)}, "list_too_long", CHARS),
        (
            {"game": "alomfogo", "cards": [{"code": "X-1", "count": 1}] * (ENTRIES + 1)},
            "too_many_entries",
            ENTRIES,
        ),
    ],
    ids=["501-lines", "20000-lines", "40000-lines", "entries"],
)
def test_validate_refuses_oversized_lists(client, cards, body, code, limit):
    before = database()
    error = assert_refused(post_json(client, "/api/decks/validate/", body), code, limit)
    assert error["limit"] == limit
    assert database() == before


def test_limits_come_from_the_settings_at_request_time(client, owner, cards):
    login(client, owner)
    small = limits(
        DECK_LIST_MAX_LINES=2, DECK_LIST_MAX_CHARS=100, DECK_DESCRIPTION_MAX_CHARS=5,
        DECK_MAX_ENTRIES=1,
    )  # fmt: skip
    with override_settings(LIMITS=small):
        three = "1 AF1-001\n1 AF1-002\n1 AF1-003"
        assert_refused(
            post_json(client, "/api/decks/validate/", {"game": "alomfogo", "list": three}),
            "too_many_lines",
            2,
        )
        assert_refused(
            post_json(client, "/api/decks/", {"game": "alomfogo", "description": "123456"}),
            "description_too_long",
            5,
        )
        two = [{"code": "AF1-001", "count": 1}, {"code": "AF1-002", "count": 1}]
        assert_refused(
            post_json(client, "/api/decks/", {"game": "alomfogo", "cards": two}),
            "too_many_entries",
            1,
        )
    assert not Deck.all_objects.exists()


def test_the_builder_cannot_add_an_entry_past_the_limit(client, deck, owner):
    login(client, owner)
    held = deck.entries.count()
    new_card = Card.objects.filter(game__slug="alomfogo").exclude(deck_entries__deck=deck).first()
    with override_settings(LIMITS=limits(DECK_MAX_ENTRIES=held)):
        before = database()
        response = client.post(
            f"/decks/{deck.pk}/cards/",
            {"code": new_card.code, "delta": 1},
            HTTP_HX_REQUEST="true",
        )
        assert response.status_code == 400
        assert str(held) in response.content.decode()
        assert database() == before
        # more copies of a card already in the deck are fine
        kept = deck.entries.first().card
        response = client.post(
            f"/decks/{deck.pk}/cards/", {"code": kept.code, "delta": -1}, HTTP_HX_REQUEST="true"
        )
        assert response.status_code == 200


# --- HTML forms ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "numbers"),
    [
        ({"game": "alomfogo", "text": unknown_lines(LINES + 1)}, [LINES]),
        ({"game": "alomfogo", "text": "x" * (CHARS + 1)}, [CHARS]),
        ({"game": "alomfogo", "code": "A" * (CHARS + 1)}, [CHARS]),
        ({"game": "alomfogo", "code": "A" * 5000}, [4000]),
        ({"game": "alomfogo", "name": "N" * 121, "text": "3 Éjlépő Kajtár"}, [120]),
        (
            {
                "game": "alomfogo",
                "text": json.dumps(
                    {"cards": [{"code": "AF1-001", "count": 1}] * (ENTRIES + 1)}, indent=2
                ),
            },
            [ENTRIES],
        ),
    ],
    ids=["lines", "chars", "code-chars", "code-too-long", "name", "json-entries"],
)
def test_import_form_shows_the_limit_and_saves_nothing(client, owner, cards, data, numbers):
    login(client, owner)
    before = database()
    response = client.post("/decks/import/", data)
    assert response.status_code == 400
    html = response.content.decode()
    for number in numbers:
        assert str(number) in html
    assert 'role="alert"' in html
    assert database() == before


def test_import_form_reads_a_json_export(client, deck, owner):
    login(client, owner)
    exported = client.get(f"/decks/{deck.pk}/export/json/").content.decode()
    response = client.post("/decks/import/", {"game": "alomfogo", "text": exported})
    assert response.status_code == 302
    copy = Deck.objects.exclude(pk=deck.pk).get()
    assert sorted(copy.entries.values_list("card__code", "count")) == sorted(
        deck.entries.values_list("card__code", "count")
    )


@pytest.mark.parametrize(
    ("data", "number"),
    [
        ({"description": "d" * (DESCRIPTION + 1)}, DESCRIPTION),
        ({"description": "d" * 1_000_000}, DESCRIPTION),
        ({"name": "N" * 121}, 120),
    ],
    ids=["description", "description-1mb", "name"],
)
def test_settings_form_shows_the_limit_and_saves_nothing(client, deck, owner, data, number):
    login(client, owner)
    before = database()
    form = {"name": deck.name, "description": "", "format": "casual", "visibility": "private"}
    response = client.post(f"/decks/{deck.pk}/settings/", {**form, **data})
    assert response.status_code == 400
    assert str(number) in response.content.decode()
    assert database() == before


def test_new_deck_form_refuses_a_long_name(client, owner, cards):
    login(client, owner)
    response = client.post("/decks/new/", {"game": "alomfogo", "name": "N" * 121})
    assert response.status_code == 400 and "120" in response.content.decode()
    assert not Deck.all_objects.exists()


def test_quick_add_line_is_bounded(client, deck, owner):
    login(client, owner)
    before = database()
    response = client.post(
        f"/decks/{deck.pk}/add/", {"line": "3 " + "x" * (CHARS + 1)}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 400 and str(CHARS) in response.content.decode()
    assert database() == before


# --- the services refuse too (any other caller) --------------------------------------------


def test_services_refuse_long_names_instead_of_cutting_them(deck, owner, alomfogo):
    from decks.limits import LimitExceeded

    before = database()
    with pytest.raises(LimitExceeded):
        services.deck_create(owner=owner, game=alomfogo, name="N" * 121)
    with pytest.raises(LimitExceeded):
        services.deck_update(
            deck=deck, user=owner, name="N" * 121, description="", format_id="casual",
            visibility="private",
        )  # fmt: skip
    with pytest.raises(ApplicationError) as raised:  # forms and DRF refuse NUL first
        services.deck_create(owner=owner, game=alomfogo, name="A", description="b\x00")
    assert raised.value.code == "nul_character"
    assert database() == before
    # a copy's name is ours, so it is shortened instead
    deck.name = "N" * 120
    deck.save()
    copy = services.deck_clone(deck=deck, user=owner)
    assert len(copy.name) == 120 and copy.name.endswith("…")


def test_a_deck_saved_before_the_limits_can_still_be_renamed_and_copied(client, deck, owner):
    from decks.models import Deck

    Deck.objects.filter(pk=deck.pk).update(description="d" * 1_000_000)
    login(client, owner)
    response = client.patch(
        f"/api/decks/{deck.pk}/", {"name": "Új név"}, content_type="application/json"
    )
    assert response.status_code == 200
    assert len(response.json()["description"]) == 1_000_000
    copy = services.deck_clone(deck=Deck.objects.get(pk=deck.pk), user=owner)
    assert len(copy.description) == DESCRIPTION
    # but it cannot be saved with a description still over the limit and changed
    response = client.patch(
        f"/api/decks/{deck.pk}/", {"description": "e" * 1_000_000},
        content_type="application/json",
    )  # fmt: skip
    assert response.status_code == 400


# --- plain text: names and descriptions show as typed ---------------------------------------

DESCRIPTION_LINES = settings.LIMITS["DECK_DESCRIPTION_MAX_LINES"]


@pytest.mark.parametrize(
    ("body", "code", "shown"),
    [
        ({"name": "gg\u202eti sniw"}, "invisible_control", "U+202E"),
        ({"name": "csengő\x07"}, "invisible_control", "U+0007"),
        ({"name": "\x1b[31mpiros"}, "invisible_control", "U+001B"),
        ({"name": "a\x9bb"}, "invisible_control", "U+009B"),
        ({"description": "jó \u202epakli"}, "invisible_control", "U+202E"),
        ({"description": "a\x7fb"}, "invisible_control", "U+007F"),
        ({"description": "x" + "\n" * 9_998 + "x"}, "too_many_lines", str(DESCRIPTION_LINES)),
        ({"description": "x\n" * DESCRIPTION_LINES + "x"}, "too_many_lines", "200"),
    ],
    ids=["name-rlo", "name-bell", "name-escape", "name-csi", "description-rlo",
         "description-del", "description-9999-lines", "description-201-lines"],
)  # fmt: skip
def test_api_refuses_control_characters_and_endless_lines(client, deck, owner, body, code, shown):
    login(client, owner)
    before = database()
    created = post_json(client, "/api/decks/", {"game": "alomfogo", **body})
    assert shown in assert_refused(created, code)["message"]
    patched = client.patch(f"/api/decks/{deck.pk}/", body, content_type="application/json")
    assert shown in assert_refused(patched, code)["message"]
    assert database() == before


def test_a_hungarian_name_with_a_joiner_and_a_long_description_are_kept(client, owner, cards):
    login(client, owner)
    name = "Őrző\u200dÉjlépő Kajtár"
    description = "Első sor\r\n\tbehúzva\r\n" + "sor\n" * (DESCRIPTION_LINES - 3) + "vége"
    response = post_json(client, "/api/decks/", {
        "game": "alomfogo", "name": name, "description": description,
    })  # fmt: skip
    assert response.status_code == 201, response.content[:300]
    deck = Deck.objects.get()
    assert deck.name == name
    assert deck.description == description.replace("\r\n", "\n")  # as the page shows it
    assert deck.description.count("\n") + 1 == DESCRIPTION_LINES


def test_the_forms_show_the_control_character_and_save_nothing(client, deck, owner):
    login(client, owner)
    before = database()
    response = client.post("/decks/new/", {"game": "alomfogo", "name": "gg\u202eti sniw"})
    assert response.status_code == 400 and "U+202E" in response.content.decode()
    response = client.post(
        "/decks/import/", {"game": "alomfogo", "name": "a\x07b", "text": "3 Éjlépő Kajtár"}
    )
    assert response.status_code == 400 and "U+0007" in response.content.decode()
    form = {"name": deck.name, "format": "casual", "visibility": "private"}
    for description, shown in [("jó \u202epakli", "U+202E"), ("a" + "\r\n" * 300 + "b", "200")]:
        response = client.post(f"/decks/{deck.pk}/settings/", {**form, "description": description})
        assert response.status_code == 400 and shown in response.content.decode()
    assert database() == before


def test_a_deck_stored_with_a_control_character_still_loads_saves_and_copies(client, deck, owner):
    # saved before the refusal existed
    old_description = "a \u202eb\n" * 300
    Deck.objects.filter(pk=deck.pk).update(name="gg\u202eti sniw", description=old_description)
    login(client, owner)
    assert client.get(f"/api/decks/{deck.pk}/").json()["name"] == "gg\u202eti sniw"
    response = client.patch(
        f"/api/decks/{deck.pk}/", {"list": "3 Éjlépő Kajtár"}, content_type="application/json"
    )
    assert response.status_code == 200, response.content[:300]
    deck.refresh_from_db()
    assert (deck.name, deck.description) == ("gg\u202eti sniw", old_description)
    assert sum(deck.entries.values_list("count", flat=True)) == 3
    response = client.patch(
        f"/api/decks/{deck.pk}/", {"visibility": "public"}, content_type="application/json"
    )
    assert response.status_code == 200
    # a copy is new text: it leaves the controls and the extra lines behind
    copy = services.deck_clone(deck=Deck.objects.get(pk=deck.pk), user=owner)
    assert "\u202e" not in copy.name and "ggti sniw" in copy.name
    assert "\u202e" not in copy.description
    assert copy.description.count("\n") + 1 == DESCRIPTION_LINES
    # but a changed name is checked
    response = client.patch(
        f"/api/decks/{deck.pk}/", {"name": "gg\u202eti sniw!"}, content_type="application/json"
    )
    assert_refused(response, "invisible_control")


def test_the_settings_form_keeps_an_old_name_with_a_control_character_but_checks_a_new_one(
    client, deck, owner
):
    # saved before the refusal existed: the owner may still change the deck's other settings
    Deck.objects.filter(pk=deck.pk).update(name="gg\u202eti sniw")
    login(client, owner)
    form = {"name": "gg\u202eti sniw", "format": "casual", "visibility": "public"}
    response = client.post(f"/decks/{deck.pk}/settings/", form)
    assert response.status_code == 302, response.content[:300]
    deck.refresh_from_db()
    assert (deck.name, deck.visibility) == ("gg\u202eti sniw", "public")
    response = client.post(
        f"/decks/{deck.pk}/settings/", {**form, "name": "gg\u202eti sniw!", "visibility": "private"}
    )
    assert response.status_code == 400 and "U+202E" in response.content.decode()
    deck.refresh_from_db()
    assert (deck.name, deck.visibility) == ("gg\u202eti sniw", "public")
