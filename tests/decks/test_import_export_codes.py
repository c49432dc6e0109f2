"""Import and export for a new player: a code in the list box, suggestions that fix a
line, one message per problem, a deck-code page to copy from (issue #19, item 9)."""

from __future__ import annotations

import re
from html import unescape

import pytest

from decks import codec
from decks.models import Deck
from tests.decks.conftest import database, login

pytestmark = pytest.mark.django_db


def entries_of(deck: Deck) -> list:
    return sorted(deck.entries.values_list("card__code", "count", "board"))


def code_of(client, deck: Deck) -> str:
    return client.get(f"/decks/{deck.pk}/export/code/").content.decode()


# --- a code wherever a list goes ---------------------------------------------------------------
def test_a_deck_code_pasted_in_the_list_box_imports_the_deck(client, deck, owner):
    login(client, owner)
    code = code_of(client, deck)
    response = client.post("/decks/import/", {"game": "alomfogo", "name": "Kódból", "text": code})
    copy = Deck.objects.get(owner=owner, name="Kódból")
    assert response.status_code == 302 and response["Location"] == f"/decks/{copy.pk}/edit/"
    assert entries_of(copy) == entries_of(deck)


def test_a_damaged_code_in_the_list_box_is_called_damaged_not_a_card_name(client, deck, owner):
    login(client, owner)
    code = code_of(client, deck)
    damaged = code[:10] + ("A" if code[10] != "A" else "B") + code[11:]
    before = database()
    response = client.post("/decks/import/", {"game": "alomfogo", "text": damaged})
    html = unescape(response.content.decode())
    assert response.status_code == 400
    assert "sérült" in html and "nevű lap" not in html
    assert database() == before


def test_the_validate_api_reads_a_code_as_the_list(client, deck, owner):
    login(client, owner)
    code = code_of(client, deck)
    answer = client.post(
        "/api/decks/validate/", {"game": "alomfogo", "list": code}, content_type="application/json"
    )
    assert answer.status_code == 200 and answer.json()["count"] == 40
    other = client.post(
        "/api/decks/validate/", {"game": "oniroo", "list": code}, content_type="application/json"
    )
    assert other.status_code == 400
    assert other.json()["error"]["code"] == "code_for_other_game"


def test_the_api_creates_a_deck_from_a_code_sent_as_the_list(client, deck, owner):
    login(client, owner)
    code = code_of(client, deck)
    answer = client.post(
        "/api/decks/", {"name": "API", "list": code}, content_type="application/json"
    )
    assert answer.status_code == 201, answer.content
    assert entries_of(Deck.objects.get(owner=owner, name="API")) == entries_of(deck)


def test_a_card_code_or_name_alone_is_still_a_card_line(deck):
    code = codec.encode_deck_code("alomfogo", 0, [])
    assert codec.looks_like_deck_code(code)
    for line in ("AF1-001", "Hóförgeteg", "3 Éjlépő Kajtár", "Kajtar", ""):
        assert not codec.looks_like_deck_code(line), line


# --- suggestions: once, and a click fixes the line ---------------------------------------------
def test_a_suggestion_shows_once_and_its_button_fixes_the_line_and_imports(client, owner, cards):
    login(client, owner)
    text = "3 Éjlépő Kajtár\n2 Jegszem Sojana"
    response = client.post("/decks/import/", {"game": "alomfogo", "name": "Jég", "text": text})
    html = unescape(response.content.decode())
    assert response.status_code == 400
    shown = re.sub(r"<[^>]*>", " ", html)  # what the page says, not its attributes
    assert shown.count("Jégszem Soyana") == 1
    # One message for the refusal: the banner, not the banner and a form error as well.
    assert 'class="form-errors"' not in html
    # ... which heads the list of lines (worded for every problem a line may have)
    assert html.count("Néhány sort nem tudtunk értelmezni") == 1
    fix = re.search(r'name="fix" value="([^"]*)"', html).group(1)
    assert fix == "2:2 Jégszem Soyana"

    fixed = client.post(
        "/decks/import/", {"game": "alomfogo", "name": "Jég", "text": text, "fix": fix}
    )
    deck = Deck.objects.get(owner=owner, name="Jég")
    assert fixed.status_code == 302
    assert entries_of(deck) == [("AF1-001", 3, "main"), ("AF1-002", 2, "main")]


def test_a_fix_rewrites_only_the_line_it_names():
    text = "3 Éjlépő Kajtár\n2 Jegszem Sojana\n1 Nincs Ilyen"
    assert codec.apply_fix(text, "2:2 Jégszem Soyana") == (
        "3 Éjlépő Kajtár\n2 Jégszem Soyana\n1 Nincs Ilyen"
    )
    for broken in ("9:1 X", "²:1 X", "x:1 X", "2:", "", "1" * 50 + ":1 X"):
        assert codec.apply_fix(text, broken) == text, broken


# --- quick add without JavaScript ----------------------------------------------------------------
def test_quick_add_refusal_without_javascript_keeps_the_line_beside_its_message(
    client, deck, owner
):
    login(client, owner)
    before = database()
    response = client.post(f"/decks/{deck.pk}/add/", {"line": "2 Jegszem Sojana"})
    html = unescape(response.content.decode())
    assert response.status_code == 400
    assert 'value="2 Jegszem Sojana"' in html
    feedback = html.split('id="quick-add-feedback"', 1)[1].split("</div>", 1)[0]
    assert "Jegszem Sojana" in feedback and 'value="2 Jégszem Soyana"' in feedback
    assert database() == before
    had = sum(deck.entries.filter(card__code="AF1-002").values_list("count", flat=True))
    client.post(f"/decks/{deck.pk}/add/", {"line": "2 Jegszem Sojana", "fix": "2 Jégszem Soyana"})
    assert deck.entries.get(card__code="AF1-002").count == had + 2


# --- the deck-code page --------------------------------------------------------------------------
def test_the_deck_code_page_names_the_deck_and_offers_a_copy_button(client, deck, owner):
    login(client, owner)
    code = code_of(client, deck)
    html = client.get(f"/decks/{deck.pk}/code/").content.decode()
    assert (
        f'href="/decks/{deck.pk}/code/"' in client.get(f"/decks/{deck.pk}/edit/").content.decode()
    )
    assert f"<h1>{deck.name}</h1>" in html
    assert f">{code}</textarea>" in html and "data-copy=" in html
    Deck.objects.filter(pk=deck.pk).update(visibility="unlisted")
    client.logout()
    shared = client.get(f"/decks/s/{deck.share_token}/code/")
    assert shared.status_code == 200 and code in shared.content.decode()
    assert (
        f'href="/decks/s/{deck.share_token}/code/"'
        in client.get(f"/decks/s/{deck.share_token}/").content.decode()
    )


def test_another_players_private_deck_code_page_is_404(client, deck, stranger):
    login(client, stranger)
    assert client.get(f"/decks/{deck.pk}/code/").status_code == 404


def test_patch_replaces_the_cards_from_a_code_and_refuses_a_new_game(client, deck, owner):
    login(client, owner)
    code = code_of(client, deck)
    empty = Deck.objects.create(owner=owner, game=deck.game, name="Üres", format=deck.format)
    url = f"/api/decks/{empty.pk}/"
    answer = client.patch(url, {"code": code}, content_type="application/json")
    assert answer.status_code == 200, answer.content
    assert entries_of(empty) == entries_of(deck)  # was silently ignored before
    before = database()
    for body, refusal in (
        ({"game": "oniroo"}, "game_fixed"),
        ({"code": code[:10] + ("A" if code[10] != "A" else "B") + code[11:]}, None),
    ):
        refused = client.patch(url, body, content_type="application/json")
        assert refused.status_code == 400, body
        if refusal:
            assert refused.json()["error"]["code"] == refusal
    assert database() == before
