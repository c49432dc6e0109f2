"""The collection pages: my cards with − / +, import, export, the unlisted link, the set button.

Personas: the owner, a stranger and an anonymous visitor. Each test asserts what
one of them would see or get back.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.template import Context, Template
from django.test import RequestFactory

from collection import services
from collection.models import OwnedCard
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

KAJTAR = "AF1-001"  # Éjlépő Kajtár, a common of the rulebook's set AF1
# A card's row links to its page (its name differs between the languages).
KAJTAR_ROW = 'href="/cards/AF1-001/"'
PANNA_ROW = 'href="/cards/AFD-001/"'  # Gyógyfüves Panna, of the demo set AFD


def login(client, user, language: str = "hu") -> None:
    client.login(username=user.username, password=PASSWORD)
    client.cookies["django_language"] = language


def owned(user, code: str = KAJTAR) -> int:
    row = OwnedCard.objects.filter(user=user, card__code=code).first()
    return row.count if row else 0


def press(client, code: str, delta: int, *, htmx: bool = True, **extra):
    """A press of + (delta 1) or − (delta -1) on `code`, as the button sends it."""
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": f"owned-{code}"} if htmx else {}
    data = {"code": code, "delta": delta, "next": "/collection/", **extra}
    return client.post("/collection/cards/", data, **headers)


@pytest.fixture
def collection(catalog_data, owner):
    """The owner holds 3 Éjlépő Kajtár and 1 Gyógyfüves Panna."""
    services.collection_set_count(user=owner, code=KAJTAR, count=3)
    services.collection_set_count(user=owner, code="AFD-001", count=1)
    return owner


# --- who may see what ---------------------------------------------------------------------
def test_anonymous_visitors_are_sent_to_sign_in(client, catalog_data):
    for path in ("/collection/", "/collection/import/", "/collection/export.csv"):
        response = client.get(path)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/")


def test_anonymous_press_changes_nothing_and_asks_to_sign_in(client, collection):
    response = press(client, KAJTAR, 1, htmx=False)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert OwnedCard.objects.filter(card__code=KAJTAR).count() == 1


@pytest.mark.parametrize(
    ("language", "title", "set_heading"),
    [("hu", "Gyűjteményem", "Készlet"), ("en", "My collection", "Set")],
)
def test_collection_page_lists_my_cards_with_counts_in_each_language(
    client, collection, language, title, set_heading
):
    login(client, collection, language)
    response = client.get("/collection/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f"<h1>{title}</h1>" in html
    assert KAJTAR_ROW in html and PANNA_ROW in html
    assert 'class="owned-count">3<' in html
    # the summary: every set of the catalog, with completion as text beside its bar
    assert set_heading in html
    assert "1 / 13 (7%)" in html  # AF1: one of its 13 cards
    assert "/collection/import/" in html and "/collection/export.csv" in html


def test_a_stranger_sees_only_their_own_empty_collection(client, collection, stranger):
    login(client, stranger, "en")
    html = client.get("/collection/").content.decode()
    assert KAJTAR_ROW not in html
    assert "Your collection is empty." in html


def test_search_is_limited_to_owned_cards(client, collection):
    login(client, collection, "en")
    html = client.get("/collection/", {"q": "set:AFD"}).content.decode()
    assert PANNA_ROW in html
    assert KAJTAR_ROW not in html
    assert "AFD-002" not in html  # in the set, not owned


def test_search_answers_htmx_with_the_results_only(client, collection):
    login(client, collection, "en")
    response = client.get(
        "/collection/", {"q": "kajtar"}, HTTP_HX_REQUEST="true", HTTP_HX_TARGET="collection-results"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert KAJTAR_ROW in html and PANNA_ROW not in html


def test_a_bad_query_is_explained_with_a_400(client, collection):
    login(client, collection, "en")
    response = client.get("/collection/", {"q": "cost<=("})
    assert response.status_code == 400
    assert "The search was not understood:" in response.content.decode()


# --- − and + ----------------------------------------------------------------------------
def test_plus_with_htmx_answers_the_count_in_place(client, collection):
    login(client, collection)
    response = press(client, KAJTAR, 1)
    html = response.content.decode()
    assert response.status_code == 200
    assert "<html" not in html
    assert 'id="owned-AF1-001"' in html and 'class="owned-count">4<' in html
    assert owned(collection) == 4


def test_minus_without_javascript_comes_back_to_the_page(client, collection):
    login(client, collection)
    response = press(client, KAJTAR, -1, htmx=False)
    assert response.status_code == 302
    assert response["Location"] == "/collection/"
    assert owned(collection) == 2


def test_the_last_copy_removed_leaves_zero_and_a_plus(client, collection):
    login(client, collection)
    html = press(client, "AFD-001", -1).content.decode()
    assert 'class="owned-count">0<' in html
    assert OwnedCard.objects.filter(user=collection, card__code="AFD-001").count() == 0


def test_plus_at_999_is_refused_with_a_message_where_the_button_is(client, collection):
    services.collection_set_count(user=collection, code=KAJTAR, count=999)
    login(client, collection, "en")
    response = press(client, KAJTAR, 1)
    html = response.content.decode()
    assert response.status_code == 400
    assert 'role="alert"' in html and "999" in html
    assert 'class="owned-count">999<' in html
    assert owned(collection) == 999


def test_plus_at_999_without_javascript_says_why_on_the_page(client, collection):
    services.collection_set_count(user=collection, code=KAJTAR, count=999)
    login(client, collection, "en")
    response = press(client, KAJTAR, 1, htmx=False, next="/collection/")
    page = client.get(response["Location"]).content.decode()
    assert "at most 999" in page
    assert owned(collection) == 999


def test_a_strangers_press_changes_only_their_own_collection(client, collection, stranger):
    login(client, stranger)
    press(client, KAJTAR, 1)
    assert owned(stranger) == 1
    assert owned(collection) == 3


def test_an_unknown_card_is_a_404(client, collection):
    login(client, collection, "en")
    assert press(client, "XX-999", 1).status_code == 404


def test_a_next_address_on_another_site_is_not_followed(client, collection):
    login(client, collection)
    response = press(client, KAJTAR, 1, htmx=False, next="https://example.com/")
    assert response["Location"] == "/cards/AF1-001/"


# --- the buttons on the card and set pages -------------------------------------------------
def render_tag(tag: str, user, obj) -> str:
    request = RequestFactory().get("/cards/somewhere/")
    request.user = user
    template = Template("{% load collection_tags %}" + tag)
    return template.render(Context({"request": request, "obj": obj}))


def test_card_page_buttons_show_my_count_or_a_sign_in_link(collection):
    from django.contrib.auth.models import AnonymousUser

    from catalog.models import Card

    kajtar = Card.objects.get(code=KAJTAR)
    mine = render_tag("{% card_owned obj %}", collection, kajtar)
    assert 'class="owned-count">3<' in mine and 'name="delta" value="1"' in mine
    theirs = render_tag("{% card_owned obj %}", AnonymousUser(), kajtar)
    assert "/accounts/login/?next=/cards/somewhere/" in theirs
    assert "delta" not in theirs


def test_set_button_adds_every_card_of_the_set(client, collection):
    login(client, collection, "en")
    response = client.post(
        "/collection/sets/AF1/add/",
        {"copies": "1", "next": "/cards/sets/AF1/"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert "every card of the set (13)" in html
    assert "You own 13 of the 13 cards of this set." in html
    assert OwnedCard.objects.filter(user=collection, card__card_set__code="AF1").count() == 13
    assert owned(collection) == 4


def test_set_button_without_javascript_goes_back_with_a_message(client, collection):
    login(client, collection, "en")
    response = client.post("/collection/sets/AFD/add/", {"copies": "2"})
    assert response.status_code == 302
    assert response["Location"] == "/cards/sets/AFD/"
    assert owned(collection, "AFD-002") == 2


@pytest.mark.parametrize("code", ["afd", "Afd", "aFD"])
def test_set_button_finds_the_set_in_any_case(client, collection, code):
    login(client, collection, "en")
    response = client.post(f"/collection/sets/{code}/add/", {"copies": "2"})
    assert response.status_code == 302
    assert owned(collection, "AFD-002") == 2


def test_past_the_counted_limit_the_collection_pages_on_without_a_total(
    client, collection, monkeypatch
):
    from catalog import paging
    from collection import views

    services.collection_add_set(user=collection, set_code="AF1", copies=1)
    monkeypatch.setattr(paging, "COUNT_LIMIT", 5)
    monkeypatch.setattr(views, "PAGE_SIZE", 4)
    login(client, collection, "en")
    html = client.get("/collection/", {"page": 3}).content.decode()
    assert "Page 3<" in html and "Page 3 of" not in html
    assert 'rel="next"' in html and 'rel="prev"' in html


def test_set_button_refuses_a_silly_number_of_copies(client, collection):
    login(client, collection, "en")
    response = client.post("/collection/sets/AF1/add/", {"copies": "5000"}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert "1 to 999" in response.content.decode()
    assert owned(collection, "AF1-002") == 0


def test_set_tag_for_anonymous_is_a_sign_in_link(catalog_data):
    from django.contrib.auth.models import AnonymousUser

    from catalog.models import CardSet

    html = render_tag("{% set_add obj %}", AnonymousUser(), CardSet.objects.get(code="AF1"))
    assert "/accounts/login/" in html and "<form" not in html


# --- import and export -----------------------------------------------------------------------
def test_import_lists_every_bad_line_and_saves_nothing(client, collection):
    login(client, collection, "en")
    text = "code,count\nAF1-002,2\nEjlepo Kajtarr,1\nAF1-003,lots\n"
    response = client.post("/collection/import/", {"text": text, "game": "alomfogo", "mode": "add"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "nothing was saved" in html
    assert "Line 3" in html and "Line 4" in html
    assert "Kajtár Nightstepper" in html  # the suggestion for the typo, in English
    assert owned(collection, "AF1-002") == 0
    assert owned(collection) == 3


def test_import_lists_bad_lines_in_hungarian_too(client, collection):
    login(client, collection, "hu")
    response = client.post(
        "/collection/import/", {"text": "Nincs ilyen lap,1\n", "game": "alomfogo", "mode": "add"}
    )
    assert response.status_code == 400
    assert "1. sor" in response.content.decode()


def test_import_success_redirects_to_the_collection_with_a_message(client, collection):
    login(client, collection, "en")
    text = "AF1-002,2\nÉjlépő Kajtár,1\n"
    response = client.post(
        "/collection/import/", {"text": text, "game": "alomfogo", "mode": "add"}, follow=True
    )
    assert response.redirect_chain == [("/collection/", 302)]
    assert "Import done. Cards: 2, copies: 3." in response.content.decode()
    assert owned(collection) == 4 and owned(collection, "AF1-002") == 2


def test_import_replace_removes_the_games_cards_not_in_the_file(client, collection):
    login(client, collection, "en")
    upload = SimpleUploadedFile("mine.csv", b"code,count\nAF1-005,1\n", "text/csv")
    response = client.post(
        "/collection/import/", {"file": upload, "game": "alomfogo", "mode": "replace"}
    )
    assert response.status_code == 302
    assert owned(collection) == 0 and owned(collection, "AF1-005") == 1


def test_an_oversized_file_is_refused_before_it_is_read(client, collection, settings):
    settings.LIMITS = {**settings.LIMITS, "COLLECTION_CSV_MAX_CHARS": 40}
    login(client, collection, "en")
    upload = SimpleUploadedFile("big.csv", b"AF1-002,1\n" * 10, "text/csv")
    response = client.post(
        "/collection/import/", {"file": upload, "game": "alomfogo", "mode": "add"}
    )
    assert response.status_code == 400
    assert "at most 40 bytes" in response.content.decode()
    assert owned(collection, "AF1-002") == 0


def test_an_empty_import_asks_for_a_csv(client, collection):
    login(client, collection, "en")
    response = client.post("/collection/import/", {"text": "  ", "game": "alomfogo", "mode": "add"})
    assert response.status_code == 400
    assert "Paste the CSV or choose a file." in response.content.decode()


def test_import_page_renders_in_hungarian(client, collection):
    login(client, collection, "hu")
    html = client.get("/collection/import/").content.decode()
    assert "Gyűjtemény importálása" in html and 'enctype="multipart/form-data"' in html


def test_export_downloads_my_collection_as_csv(client, collection, stranger):
    services.collection_set_count(user=stranger, code="AF1-009", count=7)
    login(client, collection)
    response = client.get("/collection/export.csv")
    body = response.content.decode()
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    assert body.splitlines()[0] == "\ufeffcode,count,name,name_en,set"  # BOM: Excel reads UTF-8
    assert "AF1-001,3," in body and "AFD-001,1," in body
    assert "AF1-009" not in body


# --- the unlisted link -------------------------------------------------------------------------
def share_link(client, owner) -> str:
    login(client, owner, "en")
    client.post("/collection/share/", {"action": "make"})
    return f"/collection/s/{owner.collection_share.token}/"


def test_the_shared_link_shows_the_collection_read_only(client, collection, stranger):
    link = share_link(client, collection)
    client.logout()
    response = client.get(link)
    html = response.content.decode()
    assert response.status_code == 200
    assert "owner gyűjteménye" in html and KAJTAR_ROW in html  # Hungarian by default
    assert "<strong>3</strong>" in html
    assert "/collection/cards/" not in html and "delta" not in html


def test_the_shared_link_searches_within_that_collection(client, collection):
    link = share_link(client, collection)
    html = client.get(link, {"q": "panna"}).content.decode()
    assert PANNA_ROW in html and KAJTAR_ROW not in html


def test_a_wrong_or_withdrawn_token_is_a_404(client, collection):
    link = share_link(client, collection)
    assert client.get("/collection/s/not-a-token/").status_code == 404
    client.post("/collection/share/", {"action": "drop"})
    assert client.get(link).status_code == 404


def test_the_collection_page_shows_the_link_once_made(client, collection):
    link = share_link(client, collection)
    html = client.get("/collection/").content.decode()
    assert link in html and "Withdraw the link" in html


def test_the_card_page_shows_my_count_and_the_set_page_its_button(client, collection):
    login(client, collection, "en")
    card_page = client.get("/cards/AF1-001/").content.decode()
    assert 'class="owned-count">3<' in card_page
    set_page = client.get("/cards/sets/AF1/").content.decode()
    assert "Add the whole set to my collection" in set_page
    assert "You own 1 of the 13 cards of this set." in set_page


def test_duplicates_are_one_search_away(client, collection):
    login(client, collection, "en")
    html = client.get("/collection/", {"q": "own>=2"}).content.decode()
    assert KAJTAR_ROW in html and PANNA_ROW not in html


def test_a_press_on_the_collection_page_brings_the_set_counts_up_to_date(client, collection):
    login(client, collection, "en")
    html = press(client, "AF1-002", 1, compact="1").content.decode()
    assert 'class="owned-count">1<' in html
    assert 'id="collection-summary"' in html and 'hx-swap-oob="true"' in html
    assert "2 / 13 (15%)" in html
