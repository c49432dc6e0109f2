"""A settings page or a PATCH based on an older read of the deck must not undo a newer change.

Two tabs of the settings page each send every field: the older one put back what the
newer one had changed (a deck made private was public again, and the page said
"saved"). The page and the API now carry the deck's `version` and a stale one is
refused with 409; a PATCH without it still writes only the fields it sends.
"""

from __future__ import annotations

import re

import pytest

from decks import api as decks_api
from decks import services
from decks.models import Deck, Visibility
from tests.decks.conftest import database, login

pytestmark = pytest.mark.django_db


def settings_page(client, deck) -> dict:
    """The settings form's fields as the page fills them in (what a tab would send back)."""
    html = client.get(f"/decks/{deck.pk}/settings/").content.decode()
    version = re.search(r'name="version" value="([0-9]+)"', html).group(1)
    deck.refresh_from_db()
    return {
        "name": deck.name,
        "description": deck.description,
        "format": deck.format,
        "visibility": deck.visibility,
        "version": version,
    }


@pytest.fixture
def public_deck(deck):
    Deck.objects.filter(pk=deck.pk).update(visibility=Visibility.PUBLIC)
    deck.refresh_from_db()
    return deck


def test_a_stale_tab_cannot_make_a_private_deck_public_again(client, owner, stranger, public_deck):
    login(client, owner)
    tab_a, tab_b = settings_page(client, public_deck), settings_page(client, public_deck)
    saved = client.post(f"/decks/{public_deck.pk}/settings/", {**tab_a, "visibility": "private"})
    assert saved.status_code == 302

    answer = client.post(
        f"/decks/{public_deck.pk}/settings/", {**tab_b, "description": "Csak a leírás"}
    )

    assert answer.status_code == 409
    html = answer.content.decode()
    assert re.search(r'<div class="form-errors" role="alert">', html)  # said before the form
    assert "Csak a leírás" in html  # what was typed is shown, not lost
    # the form now holds the deck as it is: private, and its new stamp
    assert re.search(r'<option value="private" selected>', html)
    assert f'value="{services.edit_stamp(Deck.objects.get(pk=public_deck.pk))}"' in html
    public_deck.refresh_from_db()
    assert public_deck.visibility == Visibility.PRIVATE and public_deck.description == ""
    client.logout()
    login(client, stranger)
    assert client.get(f"/decks/{public_deck.pk}/").status_code == 404


def test_a_stale_tab_cannot_undo_a_rename_and_a_new_format(client, owner, deck):
    login(client, owner)
    tab_a, tab_b = settings_page(client, deck), settings_page(client, deck)
    saved = client.post(
        f"/decks/{deck.pk}/settings/", {**tab_a, "name": "Új név", "format": "tournament"}
    )
    assert saved.status_code == 302
    versions = deck.versions.count()

    answer = client.post(f"/decks/{deck.pk}/settings/", {**tab_b, "description": "leírás"})

    assert answer.status_code == 409
    deck.refresh_from_db()
    assert (deck.name, deck.format, deck.description) == ("Új név", "tournament", "")
    assert deck.versions.count() == versions


def test_the_form_shown_after_a_refusal_saves(client, owner, deck):
    """The 409 page's form is the deck as it is now with its current stamp: saving it works."""
    login(client, owner)
    stale = settings_page(client, deck)
    services.deck_update(deck=deck, user=owner, visibility=Visibility.PRIVATE, name="Másik")
    refused = client.post(f"/decks/{deck.pk}/settings/", {**stale, "description": "x"})
    assert refused.status_code == 409

    fresh = settings_page(client, deck)
    assert (fresh["name"], fresh["visibility"]) == ("Másik", "private")
    assert (
        client.post(f"/decks/{deck.pk}/settings/", {**fresh, "description": "x"}).status_code == 302
    )
    deck.refresh_from_db()
    assert (deck.name, deck.description) == ("Másik", "x")


def test_a_card_edit_makes_an_open_settings_page_stale_too(client, owner, deck):
    """The stamp is the deck's: any write since the page was made refuses its save."""
    login(client, owner)
    stale = settings_page(client, deck)
    card = deck.entries.first().card
    services.deck_change_card(deck=deck, user=owner, card=card, delta=-1)
    answer = client.post(f"/decks/{deck.pk}/settings/", {**stale, "name": "Más"})
    assert answer.status_code == 409
    deck.refresh_from_db()
    assert deck.name == "Sámánok"


def test_a_page_saved_at_once_is_not_stale(client, owner, deck):
    login(client, owner)
    page = settings_page(client, deck)
    answer = client.post(f"/decks/{deck.pk}/settings/", {**page, "description": "egy"})
    assert answer.status_code == 302
    deck.refresh_from_db()
    assert deck.description == "egy"


# --- the API ------------------------------------------------------------------------------


def patch(client, deck, body: dict):
    return client.patch(f"/api/decks/{deck.pk}/", body, content_type="application/json")


def test_the_api_shows_the_version_a_patch_sends_back(client, owner, deck):
    login(client, owner)
    version = client.get(f"/api/decks/{deck.pk}/").json()["version"]
    assert isinstance(version, int) and version == services.edit_stamp(deck)

    answer = patch(client, deck, {"description": "friss", "version": version})

    assert answer.status_code == 200
    assert answer.json()["description"] == "friss" and answer.json()["version"] != version


def test_a_patch_with_an_old_version_changes_nothing(client, owner, deck):
    login(client, owner)
    version = client.get(f"/api/decks/{deck.pk}/").json()["version"]
    patch(client, deck, {"visibility": "public"})  # another client, meanwhile
    before = database()

    answer = patch(client, deck, {"visibility": "private", "cards": [], "version": version})

    assert answer.status_code == 409
    assert answer.json()["error"]["code"] == "stale"
    assert database() == before


@pytest.mark.parametrize("version", [True, "1.5", -1, 2**64])
def test_a_version_that_is_no_version_is_a_400(client, owner, deck, version):
    login(client, owner)
    before = database()
    answer = patch(client, deck, {"name": "Más", "version": version})
    assert answer.status_code == 400
    assert database() == before


def test_a_patch_keeps_a_rename_made_after_it_read_the_deck(client, owner, deck, monkeypatch):
    """Without a version a PATCH writes only what it sends: the fields it leaves out are
    read under the deck's lock, not taken from the deck as the request read it first."""
    login(client, owner)
    read = decks_api.selectors.deck_for_owner

    def read_then_renamed_meanwhile(**kwargs):
        found = read(**kwargs)
        Deck.objects.filter(pk=found.pk).update(name="Átnevezve", visibility="public")
        return found  # the request goes on with the deck as it was

    monkeypatch.setattr(decks_api.selectors, "deck_for_owner", read_then_renamed_meanwhile)
    answer = patch(client, deck, {"description": "csak ez"})

    assert answer.status_code == 200
    deck.refresh_from_db()
    assert (deck.name, deck.visibility, deck.description) == ("Átnevezve", "public", "csak ez")


def test_the_service_keeps_what_it_is_not_given(owner, deck):
    services.deck_update(deck=deck, user=owner, description="új")
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.format, deck.visibility) == (
        "Sámánok",
        "új",
        "casual",
        "private",
    )
