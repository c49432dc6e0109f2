"""What a deck's exports, imports and names must keep (the deck audit's findings 3–7).

A JSON export read back keeps its game, format and name; a text export names the
printing; a set code the loader accepts works on every deck page; a count is written
with the digits 0–9; and the API refuses a name the settings form refuses.
"""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from catalog.cardfile import card_problems, set_problems
from catalog.models import Card, Game
from catalog.records import row_record
from core.text import TextRefused
from decks import codec, services
from decks.entries import Entry
from decks.models import Deck
from tests.decks.conftest import database, demo_entries, login, shipped_cards

pytestmark = pytest.mark.django_db


def entries_of(deck: Deck) -> list:
    return sorted(deck.entries.values_list("card__code", "count", "board"))


def newest(owner) -> Deck:
    return Deck.objects.filter(owner=owner).order_by("-pk").first()


def deck_of(owner, slug: str, codes: dict[str, int], format_id: str = "", name="Mentett"):
    cards = Card.objects.select_related("game", "card_set").filter(code__in=codes)
    entries = [Entry(row_record(card), codes[card.code]) for card in cards]
    game = Game.objects.get(slug=slug)
    return services.deck_create(
        owner=owner, game=game, name=name, entries=entries, format_id=format_id
    )


# --- 3. a JSON export read back keeps its game, format and name --------------------------------
def test_the_json_export_pasted_on_the_import_page_keeps_format_and_name(client, owner, alomfogo):
    login(client, owner)
    deck = services.deck_create(
        owner=owner, game=alomfogo, name="Verseny", entries=demo_entries(45), format_id="tournament"
    )
    body = client.get(f"/decks/{deck.pk}/export/json/").content.decode()
    assert client.post("/decks/import/", {"game": "alomfogo", "text": body}).status_code == 302
    copy = newest(owner)
    assert (copy.name, copy.format, entries_of(copy)) == ("Verseny", "tournament", entries_of(deck))
    # a name typed on the page wins over the file's
    client.post("/decks/import/", {"game": "alomfogo", "name": "Saját", "text": body})
    assert (newest(owner).name, newest(owner).format) == ("Saját", "tournament")


def test_a_json_export_of_another_game_imports_as_that_game_like_a_deck_code(client, owner, cards):
    login(client, owner)
    deck = deck_of(owner, "oniroo", {"ONI-S001": 2, "ONI-F02": 1}, "level-3", name="Álom")
    body = client.get(f"/decks/{deck.pk}/export/json/").content.decode()
    # the page's game field still says Álomfogó, its default
    response = client.post("/decks/import/", {"game": "alomfogo", "text": body})
    assert response.status_code == 302, response.content.decode()[:2000]
    copy = newest(owner)
    assert (copy.game.slug, copy.format, copy.name) == ("oniroo", "level-3", "Álom")
    assert entries_of(copy) == entries_of(deck)


def test_the_api_takes_the_json_export_back_with_its_game_and_format(client, owner, alomfogo):
    login(client, owner)
    deck = services.deck_create(
        owner=owner, game=alomfogo, name="Verseny", entries=demo_entries(45), format_id="tournament"
    )
    file = json.dumps(client.get(f"/api/decks/{deck.pk}/export/?as=json").json())
    created = client.post("/api/decks/", {"list": file}, content_type="application/json")
    assert created.status_code == 201, created.content  # the file names its game
    assert (created.json()["format"], created.json()["name"]) == ("tournament", "Verseny")
    # a format sent with it is what the person chose: it wins over the file's
    chosen = client.post(
        "/api/decks/", {"list": file, "format": "casual"}, content_type="application/json"
    )
    assert chosen.status_code == 201 and chosen.json()["format"] == "casual"
    # a text list still needs its game
    plain = client.post("/api/decks/", {"list": "3 AF1-001"}, content_type="application/json")
    assert plain.status_code == 400 and plain.json()["error"]["code"] == "missing_game"


def test_a_deck_file_of_another_game_is_refused_where_the_game_is_fixed(client, owner, deck):
    login(client, owner)
    other = deck_of(owner, "oniroo", {"ONI-S001": 2})
    file = json.dumps(client.get(f"/api/decks/{other.pk}/export/?as=json").json())
    before = database()
    for answer in (
        client.patch(f"/api/decks/{deck.pk}/", {"list": file}, content_type="application/json"),
        client.post(
            "/api/decks/validate/",
            {"game": "alomfogo", "list": file},
            content_type="application/json",
        ),
    ):
        assert answer.status_code == 400
        assert answer.json()["error"]["code"] == "file_for_other_game"
    assert database() == before


# --- 4. a text export names the printing -------------------------------------------------------
@pytest.mark.parametrize(
    ("slug", "code"),
    [("arcane-guardian", "AG-054"), ("arcane-guardian", "AG-058"), ("oniroo", "ONI-F02"),
     ("oniroo", "ONI-D05")],
)  # fmt: skip
@pytest.mark.parametrize("door", ["page", "api"])
def test_a_text_export_reads_back_as_the_same_printing(client, owner, cards, slug, code, door):
    """Four cards are called Szintlépés: the deck holds one of them, not the first."""
    login(client, owner)
    deck = deck_of(owner, slug, {code: 2})
    url = f"/decks/{deck.pk}/export/text/" if door == "page" else (
        f"/api/decks/{deck.pk}/export/?as=text"
    )  # fmt: skip
    text = client.get(url).content.decode()
    assert client.post("/decks/import/", {"game": slug, "text": text}).status_code == 302
    assert entries_of(newest(owner)) == [(code, 2, "main")]


# --- 5. one rule for set codes -------------------------------------------------------------------
CSV = "number,name,type,rarity,cost\n1,Próba Lény,alomleny,common,1\n"


def csv_import(tmp_path, set_code: str) -> None:
    path = tmp_path / "cards.csv"
    path.write_text(CSV, encoding="utf-8")
    call_command(
        "import_cards_csv", str(path), "--game", "alomfogo", "--set", set_code,
        "--set-name", "Második", verbosity=0,
    )  # fmt: skip


@pytest.mark.parametrize("set_code", ["AF-2", "ABCDEFGHI", "af2"])
def test_the_loader_refuses_a_set_code_the_deck_pages_cannot_use(tmp_path, cards, set_code):
    with pytest.raises(CommandError):
        csv_import(tmp_path, set_code)
    assert not Card.objects.filter(code__startswith=set_code).exists()
    assert any(p.field == "set.code" for p in set_problems({"code": set_code}))


@pytest.mark.parametrize("code", ["AF-2-001", "AF1-001-B", "AF1001", "AF1-001\n", "AF1-ABCDEFGHI"])
def test_the_loader_refuses_a_card_code_with_other_than_one_dash_or_too_long_a_part(code):
    assert any(p.field == "code" for p in card_problems({"code": code}, game=None))


@pytest.mark.parametrize("set_code", ["ABCDEFGH", "9ZZ"])
def test_every_set_code_the_loader_takes_works_on_every_deck_page(
    client, tmp_path, owner, deck, set_code
):
    csv_import(tmp_path, set_code)
    card = Card.objects.get(card_set__code=set_code)
    services.deck_change_card(deck=deck, user=owner, card=card, delta=3)
    login(client, owner)
    for url in (
        f"/decks/{deck.pk}/", f"/decks/{deck.pk}/edit/", f"/decks/{deck.pk}/code/",
        f"/decks/{deck.pk}/export/code/", f"/decks/{deck.pk}/export/text/",
        f"/decks/{deck.pk}/export/json/", f"/api/decks/{deck.pk}/export/?as=code",
    ):  # fmt: skip
        assert client.get(url).status_code == 200, url
    code = client.get(f"/decks/{deck.pk}/export/code/").content.decode()
    client.post("/decks/import/", {"game": "alomfogo", "code": code})
    assert entries_of(newest(owner)) == entries_of(deck)
    # the card is found by its code in a typed list, whatever letters its set code has
    client.post("/decks/import/", {"game": "alomfogo", "text": f"3 {card.code}"})
    assert entries_of(newest(owner)) == [(card.code, 3, "main")]


# --- 6. counts are written with 0-9 --------------------------------------------------------------
LOOKUP = codec.RecordLookup(shipped_cards()["alomfogo"])


@pytest.mark.parametrize(
    "line",
    ["٣ Éjlépő Kajtár", "３ Éjlépő Kajtár", "३x Éjlépő Kajtár", "Éjlépő Kajtár ٣",
     "Éjlépő Kajtár x３", "3 Éjlépő Kajtár (AF1) ١"],
)  # fmt: skip
def test_a_digit_other_than_0_9_is_refused_and_named_wherever_it_stands(line):
    parsed = codec.parse_text(line, lookup=LOOKUP)
    assert parsed.entries == []
    [error] = parsed.errors
    digit = next(c for c in line if c.isdigit() and not c.isascii())
    assert f"„{digit}”" in error.message_hu and "0–9" in error.message_hu
    assert f"“{digit}”" in error.message_en


def test_the_same_line_with_0_9_reads_its_count():
    [entry] = codec.parse_text("3 Éjlépő Kajtár\nÉjlépő Kajtár x2", lookup=LOOKUP).entries
    assert (entry.card["code"], entry.count) == ("AF1-001", 5)


def test_an_arabic_indic_count_saves_nothing(client, owner, deck):
    login(client, owner)
    before = database()
    page = client.post("/decks/import/", {"game": "alomfogo", "text": "٣ Éjlépő Kajtár"})
    quick = client.post(f"/decks/{deck.pk}/add/", {"line": "٣ Éjlépő Kajtár"})
    assert (page.status_code, quick.status_code) == (400, 400)
    assert database() == before


# --- 7. the API refuses a name the settings form refuses -----------------------------------------
@pytest.mark.parametrize("name", ["\u202egg", "gg\u202e", "\u200fPakli", "\u202e"])
def test_the_api_refuses_a_direction_control_at_either_end_of_a_name(client, owner, deck, name):
    login(client, owner)
    before = database()
    answers = [
        client.patch(f"/api/decks/{deck.pk}/", {"name": name}, content_type="application/json"),
        client.post(
            "/api/decks/", {"game": "alomfogo", "name": name}, content_type="application/json"
        ),
        client.post(
            "/api/decks/",
            {"game": "alomfogo", "name": name, "list": "3 AF1-001"},
            content_type="application/json",
        ),
    ]
    for answer in answers:
        assert answer.status_code == 400, answer.content
        assert answer.json()["error"]["code"] == "invisible_control"
    assert database() == before
    form = client.post(
        f"/decks/{deck.pk}/settings/",
        {"name": name, "description": "", "format": deck.format, "visibility": "private"},
    )
    assert form.status_code == 400  # the form said so already


def test_the_services_refuse_it_whoever_calls_them(owner, deck):
    with pytest.raises(TextRefused):
        services.deck_update(
            deck=deck, user=owner, name="\u202egg", description="", format_id=deck.format,
            visibility=deck.visibility,
        )  # fmt: skip
    # spaces and a zero-width space at the ends are still only trimmed
    services.deck_update(
        deck=deck, user=owner, name="  \u200bÚj név ", description="", format_id=deck.format,
        visibility=deck.visibility,
    )  # fmt: skip
    deck.refresh_from_db()
    assert deck.name == "Új név"
