"""Issue #24: the collection in the builder, the "built" mark, and the deck's missing list."""

from __future__ import annotations

import re

import pytest

from catalog.models import Card
from collection.models import OwnedCard
from core.errors import NotFound
from decks import services
from decks.models import Deck
from tests.decks.conftest import login
from tests.decks.test_schema import assert_matches, response_schema

pytestmark = pytest.mark.django_db


def own(user, code: str, count: int) -> None:
    OwnedCard.objects.update_or_create(
        user=user, card=Card.objects.get(code=code), defaults={"count": count}
    )


def make_deck(owner, alomfogo, name: str, counts: dict[str, int], *, built=False) -> Deck:
    deck = services.deck_create(owner=owner, game=alomfogo, name=name)
    for code, count in counts.items():
        card = Card.objects.get(code=code)
        services.deck_change_card(deck=deck, user=owner, card=card, delta=count)
    if built:
        services.deck_set_built(deck=deck, user=owner, built=True)
    return deck


def make_public(deck) -> None:
    Deck.objects.filter(pk=deck.pk).update(visibility="public")


def search_html(client, deck, query: str) -> str:
    return client.get(f"/decks/{deck.pk}/search/", {"q": query}).content.decode()


def missing_rows(html: str) -> dict[str, int]:
    """The deck page's missing list: card code -> copies missing."""
    rows = re.findall(r'<tr data-code="([^"]+)">.*?<td class="count">(\d+)</td>', html, re.S)
    return {code: int(n) for code, n in rows}


@pytest.fixture
def kajtar_deck(owner, alomfogo):
    """3 Éjlépő Kajtár, 2 Jégszem Soyana, 1 Ébredés Ajtaja (rare), 2 Sárkányúr Bendegúz (unique)."""
    return make_deck(
        owner, alomfogo, "Kajtár", {"AF1-001": 3, "AF1-002": 2, "AF1-008": 1, "AFD-016": 2}
    )


# --- owned and free beside each card ------------------------------------------------------
def test_the_builder_shows_owned_and_free_copies(client, owner, alomfogo, kajtar_deck):
    own(owner, "AF1-001", 3)
    make_deck(owner, alomfogo, "Másik", {"AF1-001": 2}, built=True)
    login(client, owner)

    html = search_html(client, kajtar_deck, "Éjlépő Kajtár")
    assert "Éjlépő Kajtár" in html and "3 van · 1 szabad" in html
    # a card the owner has none of says so too
    assert "0 van · 0 szabad" in search_html(client, kajtar_deck, "Jégszem Soyana")
    # and the deck's own list, on the builder and on the deck page
    for page in (f"/decks/{kajtar_deck.pk}/edit/", f"/decks/{kajtar_deck.pk}/"):
        assert "3 van · 1 szabad" in client.get(page).content.decode(), page


def test_the_figures_are_in_english_on_request(client, owner, kajtar_deck):
    own(owner, "AF1-001", 2)
    login(client, owner)
    client.cookies["django_language"] = "en"
    html = client.get(f"/decks/{kajtar_deck.pk}/edit/").content.decode()
    assert "2 owned · 2 free" in html
    html = client.get(f"/decks/{kajtar_deck.pk}/").content.decode()
    assert "Missing copies in total: 6" in html and "<li>common: 3</li>" in html


def test_the_builder_search_finds_only_owned_cards(client, owner, kajtar_deck):
    own(owner, "AF1-004", 1)
    own(owner, "AFD-001", 2)
    login(client, owner)
    html = search_html(client, kajtar_deck, "own>=1")
    assert "Búbos manó" in html and "Gyógyfüves Panna" in html
    assert "Éjlépő Kajtár" not in html
    assert "Éjlépő Kajtár" in search_html(client, kajtar_deck, "own:0 t:révülő cost:1")
    bad = client.get(f"/decks/{kajtar_deck.pk}/search/", {"q": "own>=lots"})
    assert bad.status_code == 400 and "0 és 999" in bad.content.decode()


def test_strangers_never_see_the_owners_collection(client, owner, stranger, kajtar_deck):
    own(owner, "AF1-001", 3)
    make_public(kajtar_deck)
    login(client, stranger)
    html = client.get(f"/decks/{kajtar_deck.pk}/").content.decode()
    assert "Kajtár" in html  # the public deck itself is there
    for private in ('class="holding', " van · ", "deck-missing", "/print/new/?cards=", "/built/"):
        assert private not in html, private
    # nor through its link, nor signed out
    client.logout()
    html = client.get(f"/decks/s/{kajtar_deck.share_token}/").content.decode()
    assert 'class="holding' not in html and "deck-missing" not in html


# --- the built mark -----------------------------------------------------------------------
def test_marking_a_deck_built_takes_its_copies_from_the_other_decks(
    client, owner, alomfogo, kajtar_deck
):
    own(owner, "AF1-001", 4)
    other = make_deck(owner, alomfogo, "Másik", {"AF1-001": 3})
    login(client, owner)
    assert "4 van · 4 szabad" in search_html(client, kajtar_deck, "Éjlépő Kajtár")

    answer = client.post(f"/decks/{other.pk}/built/", {"built": "1"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert 'id="deck-panel"' in answer.content.decode() and "<html" not in answer.content.decode()
    assert "Már nincs összerakva" in answer.content.decode()  # the switch now takes it off
    assert "4 van · 1 szabad" in search_html(client, kajtar_deck, "Éjlépő Kajtár")

    # without JavaScript: a redirect back, and the mark is off again
    answer = client.post(f"/decks/{other.pk}/built/", {"built": "0"})
    assert answer.status_code == 302 and answer["Location"] == f"/decks/{other.pk}/edit/"
    assert "4 van · 4 szabad" in search_html(client, kajtar_deck, "Éjlépő Kajtár")


def test_a_built_deck_does_not_take_copies_from_itself(client, owner, kajtar_deck):
    own(owner, "AF1-001", 3)
    login(client, owner)
    client.post(f"/decks/{kajtar_deck.pk}/built/", {"built": "1"})
    kajtar_deck.refresh_from_db()
    assert kajtar_deck.built
    assert "3 van · 3 szabad" in search_html(client, kajtar_deck, "Éjlépő Kajtár")
    assert "AF1-001" not in missing_rows(client.get(f"/decks/{kajtar_deck.pk}/").content.decode())


def test_only_the_owner_may_mark_a_deck_built(client, owner, stranger, kajtar_deck):
    make_public(kajtar_deck)
    login(client, stranger)
    assert client.post(f"/decks/{kajtar_deck.pk}/built/", {"built": "1"}).status_code == 404
    client.logout()  # signed out: sent to sign in
    assert client.post(f"/decks/{kajtar_deck.pk}/built/", {"built": "1"}).status_code == 302
    kajtar_deck.refresh_from_db()
    assert not kajtar_deck.built
    with pytest.raises(NotFound):
        services.deck_set_built(deck=kajtar_deck, user=stranger, built=True)


def test_an_unreadable_switch_is_refused_in_the_panel(client, owner, kajtar_deck):
    login(client, owner)
    answer = client.post(
        f"/decks/{kajtar_deck.pk}/built/", {"built": "yes"}, HTTP_HX_REQUEST="true"
    )
    assert answer.status_code == 400
    assert (
        'role="alert"' in answer.content.decode() and 'id="deck-panel"' in answer.content.decode()
    )
    kajtar_deck.refresh_from_db()
    assert not kajtar_deck.built


def test_the_builder_warns_when_built_decks_need_more_than_owned(
    client, owner, alomfogo, kajtar_deck
):
    own(owner, "AF1-001", 4)
    make_deck(owner, alomfogo, "Első", {"AF1-001": 3}, built=True)
    login(client, owner)
    html = client.get(f"/decks/{kajtar_deck.pk}/edit/").content.decode()
    assert "overbooked" not in html  # 3 needed, 4 owned: fine

    make_deck(owner, alomfogo, "Második", {"AF1-001": 2, "AF1-004": 1}, built=True)
    html = client.get(f"/decks/{kajtar_deck.pk}/edit/").content.decode()
    warning = html.split('class="message error overbooked"', 1)[1].split("</div>", 1)[0]
    assert "Éjlépő Kajtár: 5 kell, 4 van" in warning
    assert "Búbos manó: 1 kell, 0 van" in warning
    assert "Jégszem Soyana" not in warning  # no built deck holds it


# --- the missing list -----------------------------------------------------------------------
def test_the_deck_page_lists_what_is_missing_with_totals_by_rarity(
    client, owner, alomfogo, kajtar_deck
):
    own(owner, "AF1-001", 3)  # enough, but a built deck holds 2 of them
    own(owner, "AF1-002", 5)  # more than enough
    own(owner, "AFD-016", 1)
    make_deck(owner, alomfogo, "Másik", {"AF1-001": 2}, built=True)
    login(client, owner)
    html = client.get(f"/decks/{kajtar_deck.pk}/").content.decode()

    assert missing_rows(html) == {"AF1-001": 2, "AF1-008": 1, "AFD-016": 1}
    assert "Hiányzó példányok összesen: 4" in html
    by_rarity = html.split('class="missing-by-rarity"', 1)[1].split("</ul>", 1)[0]
    assert re.findall(r"<li>([^<]+)</li>", by_rarity) == ["bronz: 2", "arany: 1", "zöld: 1"]


def test_a_deck_with_nothing_missing_says_so(client, owner, kajtar_deck):
    for code, count in {"AF1-001": 3, "AF1-002": 2, "AF1-008": 1, "AFD-016": 2}.items():
        own(owner, code, count)
    login(client, owner)
    html = client.get(f"/decks/{kajtar_deck.pk}/").content.decode()
    assert "A pakli minden lapja megvan neked" in html
    assert "/print/new/?cards=" not in html


def test_the_missing_api_for_the_owner_and_404_for_everyone_else(
    client, owner, stranger, kajtar_deck
):
    own(owner, "AF1-001", 1)
    make_public(kajtar_deck)
    login(client, owner)
    answer = client.get(f"/api/decks/{kajtar_deck.pk}/missing/")
    assert answer.status_code == 200
    assert answer.json() == {
        "cards": [
            {"code": "AF1-001", "name": "Éjlépő Kajtár", "rarity": "common", "missing": 2},
            {"code": "AF1-002", "name": "Jégszem Soyana", "rarity": "common", "missing": 2},
            {"code": "AF1-008", "name": "Ébredés Ajtaja", "rarity": "rare", "missing": 1},
            {"code": "AFD-016", "name": "Sárkányúr Bendegúz", "rarity": "unique", "missing": 2},
        ],
        "total": 7,
        "by_rarity": {"common": 4, "rare": 1, "unique": 2},
    }

    login(client, stranger)  # a public deck, but not the stranger's collection
    refused = client.get(f"/api/decks/{kajtar_deck.pk}/missing/")
    missing = client.get(f"/api/decks/{kajtar_deck.pk + 1000}/missing/")
    assert refused.status_code == missing.status_code == 404
    assert refused.json() == missing.json()
    client.logout()
    assert client.get(f"/api/decks/{kajtar_deck.pk}/missing/").status_code == 404


def test_the_missing_api_is_in_the_schema(client, owner, kajtar_deck):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    documented = response_schema(
        schema, "/api/decks/{deck_id}/missing/", "get", "200", "application/json"
    )
    login(client, owner)
    assert_matches(schema, documented, client.get(f"/api/decks/{kajtar_deck.pk}/missing/").json())


def test_my_decks_list_says_which_decks_are_built(client, owner, alomfogo, kajtar_deck):
    make_deck(owner, alomfogo, "Összerakott", {"AF1-001": 1}, built=True)
    login(client, owner)
    rows = client.get("/decks/").content.decode().split("<tr>")[2:]
    built = {row.split('">', 2)[1].split("<", 1)[0]: "· összerakva" in row for row in rows}
    assert built == {"Összerakott": True, "Kajtár": False}
