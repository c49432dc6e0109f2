"""The print page after a refusal: no broken preview, no options form that leads nowhere,
the back offset named as the profile names it, and one CSRF token in the form."""

from __future__ import annotations

import html
import re

import pytest

from tests.factories import PASSWORD
from tests.play_rows import first_cards_deck
from tests.printing.requests import FORM

pytestmark = pytest.mark.django_db

PRINT_FORM = re.compile(r'<form method="post" id="print-form".*?</form>', re.S)


@pytest.fixture
def signed_in(client, owner):
    client.login(username="owner", password=PASSWORD)
    return client


@pytest.fixture
def deck(owner, cards):
    return first_cards_deck(owner, "Teli pakli", 5)


@pytest.fixture
def empty_deck(owner, cards):
    return first_cards_deck(owner, "Üres pakli", 0)


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _back_link(response) -> tuple[str, str]:
    match = re.search(r'<a class="button" href="([^"]*)">([^<]*)</a>', response.content.decode())
    assert match, "the page has no link back"
    return html.unescape(match.group(1)), html.unescape(match.group(2))


def assert_no_options_form(response) -> None:
    page = response.content.decode()
    assert 'id="print-form"' not in page
    assert "/print/preview" not in page


# --- 1. a refused option: where the picture would be, what to do -------------------------------


def test_a_refused_option_shows_what_to_do_where_the_preview_would_be(english, signed_in, deck):
    response = signed_in.post("/print/new/", {**FORM, "deck": deck.pk, "margin_mm": "999"})

    assert response.status_code == 400
    page = _text(response)
    # the preview would draw with 999 mm, and be refused itself: a broken image
    assert "/print/preview.png" not in page
    preview = re.search(r'<div id="preview">(.*?)</div>', page, re.S).group(1)
    assert "Fix the marked fields to see the sheet." in preview
    # the form stays, with the value to correct and its message
    assert 'id="print-form"' in page and 'value="999"' in page


def test_a_valid_form_refused_for_its_copies_keeps_the_form(english, signed_in, deck, settings):
    settings.LIMITS = {**settings.LIMITS, "PRINT_MAX_CARDS": 20}  # the deck has 15 cards
    response = signed_in.post("/print/new/", {**FORM, "deck": deck.pk, "quantity": 2})

    assert response.status_code == 400
    assert 'id="print-form"' in response.content.decode()  # fewer copies would print


def test_the_htmx_preview_of_a_refused_option_says_why_for_its_field(english, deck):
    query = {**FORM, "cards": "AF1-001:1", "margin_mm": "999"}
    response = english.get("/print/preview/", query, HTTP_HX_REQUEST="true")

    assert response.status_code == 400  # swapped in all the same (htmx-config: 4xx swap)
    page = _text(response)
    # the message, for print_options.js to show by the field it names (its id)
    assert 'role="alert"' in page and 'data-error-for="id_margin_mm"' in page
    assert "Ensure this value is less than or equal to 30." in page
    assert "Fix the marked fields to see the sheet." in page  # where the picture would be
    assert "<img" not in page


# --- 2. a list no option can print: why, and the way back ---------------------------------------


def test_an_empty_deck_offers_no_print_link_and_says_why(english, signed_in, empty_deck, deck):
    for page in (f"/decks/{empty_deck.pk}/edit/", f"/decks/{empty_deck.pk}/"):
        text = _text(signed_in.get(page))
        assert f"/print/new/?deck={empty_deck.pk}" not in text
        assert "Add cards to the main deck to print it." in text
    # a deck with cards keeps its link
    assert f"/print/new/?deck={deck.pk}" in _text(signed_in.get(f"/decks/{deck.pk}/edit/"))


def test_printing_an_empty_deck_says_why_and_links_back_to_the_deck(english, signed_in, empty_deck):
    response = signed_in.get("/print/new/", {"deck": empty_deck.pk})

    assert response.status_code == 400
    assert 'role="alert"' in response.content.decode()
    assert_no_options_form(response)
    assert "Make the PDF" not in _text(response)
    assert _back_link(response) == (f"/decks/{empty_deck.pk}/", "Back to the deck")


def test_the_way_back_is_the_page_the_visitor_came_from(english, signed_in, empty_deck):
    came_from = f"http://testserver/decks/{empty_deck.pk}/edit/"
    response = signed_in.get("/print/new/", {"deck": empty_deck.pk}, HTTP_REFERER=came_from)

    assert _back_link(response) == (came_from, "Back to the previous page")


@pytest.mark.parametrize(
    "came_from",
    ["https://evil.example/decks/", "javascript:alert(1)", "http://testserver/print/new/?deck=1"],
)
def test_a_way_back_to_another_site_or_to_this_page_is_not_offered(
    english, signed_in, empty_deck, came_from
):
    response = signed_in.get("/print/new/", {"deck": empty_deck.pk}, HTTP_REFERER=came_from)

    assert _back_link(response) == (f"/decks/{empty_deck.pk}/", "Back to the deck")


def test_an_unknown_deck_links_back_to_the_decks(english, signed_in, cards):
    for deck_id in ("424242", "abc"):
        response = signed_in.get("/print/new/", {"deck": deck_id})
        assert response.status_code in (400, 404)
        assert_no_options_form(response)
        assert _back_link(response) == ("/decks/", "Back to the decks")


def test_a_set_over_the_limits_links_back_to_the_set(english, cards, settings):
    settings.LIMITS = {**settings.LIMITS, "PRINT_MAX_ENTRIES": 5}  # AF1 has 13 cards
    response = english.get("/print/new/", {"set": "af1"})

    assert response.status_code == 400
    assert_no_options_form(response)
    assert _back_link(response) == ("/cards/sets/AF1/", "Back to the set")


def test_one_card_too_many_times_links_back_to_the_card(english, cards, settings):
    settings.LIMITS = {**settings.LIMITS, "PRINT_MAX_CARDS": 2}
    response = english.post("/print/new/", {**FORM, "cards": "AF1-001:3"})

    assert response.status_code == 400
    assert_no_options_form(response)
    assert _back_link(response) == ("/cards/AF1-001/", "Back to the card")


def test_unknown_card_codes_link_back_to_the_cards(english, cards):
    response = english.get("/print/new/", {"cards": "NOPE-404:1,AF1-001:1"})

    assert response.status_code == 400
    assert "NOPE-404" in _text(response)
    assert_no_options_form(response)
    assert _back_link(response) == ("/cards/", "Back to the cards")


# --- 3. the back offset, named as the profile names it -----------------------------------------


def _label(page: str, field: str) -> str:
    match = re.search(rf'<label for="id_{field}"[^>]*>([^<]*)</label>', page)
    assert match, f"no label for {field}"
    return html.unescape(match.group(1)).rstrip(":")


def test_the_print_form_names_the_back_offset_as_the_profile_does(signed_in, deck):
    profile = signed_in.get("/accounts/profile/").content.decode()
    form = signed_in.get("/print/new/", {"deck": deck.pk}).content.decode()

    assert _label(form, "back_offset_x") == _label(profile, "back_offset_x_mm")
    assert _label(form, "back_offset_y") == _label(profile, "back_offset_y_mm")
    assert _label(form, "back_offset_x") == "Hátlap eltolása vízszintesen (mm)"
    assert " dx " not in form and " dy " not in form


# --- 4. one CSRF token in the posted form --------------------------------------------------------


def test_the_print_form_holds_exactly_one_csrf_token(signed_in, deck):
    page = signed_in.get("/print/new/", {"deck": deck.pk}).content.decode()

    form = PRINT_FORM.search(page).group()
    assert form.count('name="csrfmiddlewaretoken"') == 1
