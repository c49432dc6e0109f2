"""Decks on the site: building, history, sharing, permissions, import/export, API."""

from __future__ import annotations

import re
from html import unescape

import pytest

from catalog.models import Card, Game
from catalog.records import row_record
from decks import services
from decks.entries import Entry
from decks.history import deck_history
from decks.models import Deck, DeckVersion
from tests.decks.conftest import demo_entries, login, odds_answer

pytestmark = pytest.mark.django_db


def change_settings(deck, owner, *, format_id="casual", visibility="private") -> None:
    """The owner saves the deck's settings with this format and visibility, name kept."""
    services.deck_update(
        deck=deck,
        user=owner,
        name=deck.name,
        description="",
        format_id=format_id,
        visibility=visibility,
    )


# --- building and history ------------------------------------------------------------------
def test_each_change_stores_a_version_with_a_summary(deck, owner):
    kajtar = Card.objects.get(code="AF1-001")
    services.deck_change_card(deck=deck, user=owner, card=kajtar, delta=-1)
    versions = list(deck.versions.order_by("number"))
    assert [v.number for v in versions] == [1, 2]
    assert versions[1].changes == [{"code": "AF1-001", "board": "main", "before": 3, "after": 2}]
    assert deck_history(deck).rows[0].summary == "−1 Éjlépő Kajtár"
    assert sum(e["count"] for e in versions[1].entries) == 39


def test_restore_makes_an_old_version_current_as_a_new_version(deck, owner):
    kajtar = Card.objects.get(code="AF1-001")
    services.deck_change_card(deck=deck, user=owner, card=kajtar, delta=-3)
    services.deck_restore(deck=deck, user=owner, number=1)
    assert deck.versions.count() == 3
    assert deck.entries.get(card=kajtar).count == 3


def test_history_page_shows_diffs_and_compares(client, deck, owner):
    services.deck_change_card(
        deck=deck, user=owner, card=Card.objects.get(code="AF1-001"), delta=-2
    )
    login(client, owner)
    html = client.get(f"/decks/{deck.pk}/history/", {"a": 1, "b": 2}).content.decode()
    assert "-2 Éjlépő Kajtár" in html
    assert "(3 → 1)" in html


def test_versions_are_immutable_snapshots(deck, owner):
    first = DeckVersion.objects.get(deck=deck, number=1)
    snapshot = list(first.entries)
    services.deck_change_card(
        deck=deck, user=owner, card=Card.objects.get(code="AF1-002"), delta=-3
    )
    first.refresh_from_db()
    assert first.entries == snapshot


# --- the builder page ---------------------------------------------------------------------------
def test_plus_button_without_javascript_adds_and_returns_to_the_builder(client, deck, owner):
    login(client, owner)
    response = client.post(
        f"/decks/{deck.pk}/cards/", {"code": "AFD-002", "delta": 1, "board": "main"}
    )
    assert response.status_code == 302
    assert deck.entries.get(card__code="AFD-002").count == 1


def test_plus_button_with_htmx_returns_the_panel(client, deck, owner):
    login(client, owner)
    response = client.post(
        f"/decks/{deck.pk}/cards/", {"code": "AFD-001", "delta": 1}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert 'id="deck-panel"' in html and "<html" not in html
    assert "41" in html
    # the count and verdict go to the page's lasting status line, which a screen reader says
    status = re.search(r'<p id="deck-status"[^>]*hx-swap-oob="innerHTML"[^>]*>(.*?)</p>', html)
    assert status and status.group(1) == "41 lap — legális"
    page = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert '<p id="deck-status" class="visually-hidden" role="status">41 lap' in page
    assert 'id="deck-panel" class="deck-panel" aria-labelledby' in page  # swapped: not live


def test_panel_flips_from_invalid_to_valid(client, deck, owner):
    login(client, owner)
    html = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert "is-valid" in html  # 40 cards: legal for casual
    change_settings(deck, owner, format_id="tournament")
    html = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert "is-invalid" in html and 'data-code="too_few_cards"' in html


def test_quick_add_by_name_and_a_typo_is_explained(client, deck, owner):
    login(client, owner)
    before = deck.entries.get(card__code="AFD-001").count
    client.post(f"/decks/{deck.pk}/add/", {"line": "2 Gyógyfüves Panna"})
    assert deck.entries.get(card__code="AFD-001").count == before + 2
    response = client.post(
        f"/decks/{deck.pk}/add/", {"line": "1 Gyogyfuves Pana"}, HTTP_HX_REQUEST="true"
    )
    assert response.status_code == 400
    assert "Gyógyfüves Panna" in response.content.decode()


@pytest.mark.parametrize("htmx", [True, False])
def test_a_refused_quick_add_line_leaves_the_whole_deck_as_it_was(client, deck, owner, htmx):
    login(client, owner)
    before = sorted(deck.entries.values_list("card__code", "count", "board"))
    versions = deck.versions.count()
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    # the first line alone is fine; the second passes the per-card cap of 99
    for lines in ("2 AFD-002\n99 AFD-001", "1 AFD-003\n1 AFD-004\n98 AFD-001\n5 AFD-001"):
        response = client.post(f"/decks/{deck.pk}/add/", {"line": lines}, **headers)
        assert response.status_code == 400
        assert "99" in response.content.decode()  # the cap, named beside the box
        assert sorted(deck.entries.values_list("card__code", "count", "board")) == before
        assert deck.versions.count() == versions


def test_builder_search_is_limited_to_the_decks_game(client, deck, owner):
    login(client, owner)
    html = client.get(f"/decks/{deck.pk}/search/", {"q": "t:révülő cost<=1"}).content.decode()
    assert "Éjlépő Kajtár" in html
    assert "ONI-" not in html
    bad = client.get(f"/decks/{deck.pk}/search/", {"q": "cost<<"})
    assert bad.status_code == 400 and 'role="alert"' in bad.content.decode()


def test_without_javascript_adding_a_search_result_comes_back_to_the_search(client, deck, owner):
    login(client, owner)
    page = client.get(f"/decks/{deck.pk}/edit/", {"q": "Kajtár"}).content.decode()
    assert f'name="next" value="/decks/{deck.pk}/edit/?q=Kajt%C3%A1r"' in page
    back = client.post(
        f"/decks/{deck.pk}/cards/",
        {"code": "AF1-001", "board": "main", "delta": "1", "next": f"/decks/{deck.pk}/edit/?q=x"},
    )
    assert back.status_code == 302 and back["Location"] == f"/decks/{deck.pk}/edit/?q=x"


def test_sample_hand_and_goldfish(client, deck, owner):
    login(client, owner)
    html = client.get(
        f"/decks/{deck.pk}/sample/", {"seed": 7}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert html.count("thumb.webp") == 5
    assert "VP" in html


def test_start_a_deck_with_this_card(client, owner, cards):
    login(client, owner)
    page = client.get("/cards/ONI-S023/").content.decode()
    assert "/decks/new/?card=ONI-S023" in page
    response = client.post("/decks/new/", {"game": "oniroo", "name": "Álmok", "card": "ONI-S023"})
    deck = Deck.objects.get(name="Álmok")
    assert response["Location"] == f"/decks/{deck.pk}/edit/"
    assert deck.entries.get().card.code == "ONI-S023"
    # a card of another game (or none): the deck starts empty, and the page says why
    page = client.post(
        "/decks/new/", {"game": "alomfogo", "name": "Üres", "card": "ONI-S023"}, follow=True
    ).content.decode()
    assert not Deck.objects.get(name="Üres").entries.exists()
    assert "ONI-S023" in page and "üresen indul" in page


# --- import and export ----------------------------------------------------------------------------
def test_import_with_unknown_lines_lists_them_and_saves_nothing(client, owner, cards):
    login(client, owner)
    response = client.post(
        "/decks/import/",
        {"game": "alomfogo", "name": "X", "text": "3 Éjlépő Kajtár\n2 Éjlépő Kajtr\n1 Nincs Ilyen"},
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert "Éjlépő Kajtr" in html and "Nincs Ilyen" in html
    assert not Deck.objects.filter(owner=owner).exists()


def test_text_and_code_exports_import_back(client, deck, owner):
    login(client, owner)
    text = client.get(f"/decks/{deck.pk}/export/text/").content.decode()
    code = client.get(f"/decks/{deck.pk}/export/code/").content.decode()
    client.post("/decks/import/", {"game": "alomfogo", "name": "from text", "text": text})
    client.post("/decks/import/", {"game": "alomfogo", "name": "from code", "code": code})
    original = sorted(deck.entries.values_list("card__code", "count", "board"))
    for name in ("from text", "from code"):
        copy = Deck.objects.get(owner=owner, name=name)
        assert sorted(copy.entries.values_list("card__code", "count", "board")) == original


# --- who may see and change ---------------------------------------------------------
def test_a_private_deck_is_404_for_others(client, deck, stranger):
    login(client, stranger)
    for url in (f"/decks/{deck.pk}/", f"/decks/{deck.pk}/edit/", f"/decks/{deck.pk}/history/",
                f"/decks/{deck.pk}/export/text/", f"/api/decks/{deck.pk}/"):  # fmt: skip
        assert client.get(url).status_code == 404, url
    assert (
        client.post(f"/decks/{deck.pk}/cards/", {"code": "AF1-001", "delta": 1}).status_code == 404
    )
    assert (
        client.patch(
            f"/api/decks/{deck.pk}/", {"name": "mine"}, content_type="application/json"
        ).status_code
        == 404
    )
    assert client.delete(f"/api/decks/{deck.pk}/").status_code == 404
    deck.refresh_from_db()
    assert deck.name == "Sámánok"


def test_a_strangers_deck_and_a_missing_one_get_the_same_404(client, deck, stranger):
    login(client, stranger)
    answers = [client.get(f"/api/decks/{pk}/") for pk in (deck.pk, deck.pk + 1000)]
    assert [a.status_code for a in answers] == [404, 404]
    assert answers[0].json() == answers[1].json()
    assert answers[0].json()["error"]["code"] == "not_found"
    pages = [client.get(f"/decks/{pk}/") for pk in (deck.pk, deck.pk + 1000)]
    assert [p.status_code for p in pages] == [404, 404]
    message = answers[0].json()["error"]["message"]
    assert all(message in p.content.decode() for p in pages)


def test_an_unlisted_deck_opens_only_by_its_link(client, deck, owner, stranger):
    change_settings(deck, owner, visibility="unlisted")
    login(client, stranger)
    assert client.get(f"/decks/{deck.pk}/").status_code == 404
    assert client.get(f"/decks/s/{deck.share_token}/").status_code == 200
    assert client.get(f"/decks/s/{deck.share_token}x/").status_code == 404


def test_by_its_link_an_unlisted_deck_draws_hands_and_answers_odds(client, deck, owner):
    """The page seen by the link asks by the link: the deck's number leads a stranger nowhere."""
    change_settings(deck, owner, visibility="unlisted")
    client.logout()
    link = f"/decks/s/{deck.share_token}/"
    page = client.get(link).content.decode()
    assert f"{link}sample/" in page and f"{link}odds/" in page
    assert f"/decks/{deck.pk}/sample/" not in page and f"/decks/{deck.pk}/odds/" not in page
    hand = client.get(f"{link}sample/", {"seed": 5}, HTTP_HX_REQUEST="true")
    assert hand.status_code == 200 and f"{link}sample/?seed=5" in hand.content.decode()
    code = deck.entries.first().card.code
    odds_page = client.get(f"{link}odds/", {"target": f"card:{code}", "turn": 3})
    assert odds_page.status_code == 200 and "%" in odds_page.content.decode()
    assert client.get(f"/decks/s/{deck.share_token}x/sample/").status_code == 404


def test_only_the_owner_sees_a_decks_share_link(client, deck, owner, stranger):
    """A public deck's page showed its link to everyone, who kept it once the deck went
    unlisted (link-only)."""
    change_settings(deck, owner, visibility="public")
    login(client, stranger)
    assert deck.share_token not in client.get(f"/decks/{deck.pk}/").content.decode()
    login(client, owner)
    assert deck.share_token in client.get(f"/decks/{deck.pk}/").content.decode()


def test_making_a_deck_private_ends_its_old_link_for_good(client, deck, owner, stranger):
    change_settings(deck, owner, visibility="unlisted")
    old_link = f"/decks/s/{deck.share_token}/"
    change_settings(deck, owner, visibility="private")
    change_settings(deck, owner, visibility="unlisted")  # shared again: a new link
    login(client, stranger)
    assert client.get(old_link).status_code == 404
    deck.refresh_from_db()
    assert client.get(f"/decks/s/{deck.share_token}/").status_code == 200
    change_settings(deck, owner, visibility="public")  # link to public keeps the link
    assert client.get(f"/decks/s/{deck.share_token}/").status_code == 200


def test_a_public_deck_is_listed_searchable_and_clonable(client, deck, owner, stranger):
    change_settings(deck, owner, visibility="public")
    assert "Sámánok" in client.get("/decks/public/", {"card": "AF1-001"}).content.decode()
    assert "Sámánok" not in client.get("/decks/public/", {"card": "ONI-S023"}).content.decode()
    login(client, stranger)
    response = client.post(f"/decks/{deck.pk}/clone/")
    copy = Deck.objects.get(owner=stranger)
    assert response["Location"] == f"/decks/{copy.pk}/edit/"
    assert copy.cloned_from == deck and copy.visibility == "private"
    assert copy.entries.count() == deck.entries.count()


def test_a_visitor_must_log_in_to_build(client, deck):
    assert client.get("/decks/new/").status_code == 302
    before = list(deck.entries.values_list("card__code", "count"))
    answer = client.post(f"/decks/{deck.pk}/cards/", {"code": "AF1-001", "delta": 1})
    assert answer.status_code == 302 and answer["Location"].startswith("/accounts/login/")
    assert list(deck.entries.values_list("card__code", "count")) == before


# --- API -------------------------------------------------------------------------------
def test_api_validate_without_saving(client, cards):
    lines = "\n".join(
        f"3 {c.name}" for c in Card.objects.filter(game__slug="alomfogo").order_by("sort_key")[:12]
    )
    body = client.post(
        "/api/decks/validate/",
        {"game": "alomfogo", "format": "tournament", "list": lines},
        content_type="application/json",
    ).json()
    assert (body["valid"], body["count"]) == (False, 36)
    assert body["problems"][0]["code"] == "too_few_cards"
    casual = client.post(
        "/api/decks/validate/",
        {"game": "alomfogo", "format": "casual", "cards": [{"code": "AF1-001", "count": 4}]},
        content_type="application/json",
    ).json()
    assert {p["code"] for p in casual["problems"]} == {"too_few_cards", "too_many_copies"}
    assert not Deck.objects.exists()


def test_api_crud_for_the_owner(client, owner, cards):
    login(client, owner)
    created = client.post(
        "/api/decks/",
        {"game": "alomfogo", "name": "API", "cards": [{"code": "AF1-001", "count": 3}]},
        content_type="application/json",
    )
    assert created.status_code == 201
    deck_id = created.json()["id"]
    patched = client.patch(
        f"/api/decks/{deck_id}/",
        {"name": "API 2", "list": "2 Éjlépő Kajtár"},
        content_type="application/json",
    ).json()
    assert patched["name"] == "API 2" and patched["count"] == 2
    assert client.get("/api/decks/").json()["results"][0]["id"] == deck_id
    code = client.get(f"/api/decks/{deck_id}/export/", {"as": "code"}).json()["code"]
    imported = client.post(
        "/api/decks/", {"code": code, "name": "again"}, content_type="application/json"
    )
    assert imported.status_code == 201 and imported.json()["count"] == 2
    assert client.delete(f"/api/decks/{deck_id}/").status_code == 204


def test_the_deck_list_api_reads_every_deck_in_the_same_few_queries(client, owner, alomfogo):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    login(client, owner)

    def listed(decks: int) -> tuple[list, int]:
        while Deck.objects.filter(owner=owner).count() < decks:
            services.deck_create(
                owner=owner, game=alomfogo, name="Pakli", entries=demo_entries(10 + decks)
            )
        with CaptureQueriesContext(connection) as queries:
            body = client.get("/api/decks/").json()["results"]
        return body, len(queries)

    (_few, few_queries), (many, many_queries) = listed(2), listed(8)
    assert len(many) == 8 and many_queries == few_queries  # not one more query per deck


def test_the_deck_list_api_comes_a_page_at_a_time(client, owner, alomfogo):
    """Each deck comes whole and checked: a person's thousand decks at once took half a
    minute and gigabytes. Fifty a page, newest change first; a page past the end is a 404."""
    login(client, owner)
    for n in range(53):
        Deck.objects.create(owner=owner, game=alomfogo, name=f"P{n}", format="casual")
    first = client.get("/api/decks/").json()
    assert first["count"] == 53 and len(first["results"]) == 50
    assert first["previous"] is None and first["next"].endswith("/api/decks/?page=2")
    second = client.get(first["next"]).json()
    seen = [d["id"] for d in first["results"] + second["results"]]
    assert len(set(seen)) == 53 and second["next"] is None
    assert len(client.get("/api/decks/", {"page_size": 500}).json()["results"]) == 53
    assert len(client.get("/api/decks/", {"page_size": 20}).json()["results"]) == 20
    response = client.get("/api/decks/", {"page": 9})
    assert response.status_code == 404 and response.json()["error"]["message"]


def test_the_deck_list_api_gives_each_deck_as_its_own_page_does(client, owner, alomfogo):
    login(client, owner)
    for n in range(3):
        services.deck_create(owner=owner, game=alomfogo, name="Pakli", entries=demo_entries(12 + n))
    many = client.get("/api/decks/").json()["results"]
    for deck in many:  # the same cards, in the same order, as each deck's own page gives
        assert deck == client.get(f"/api/decks/{deck['id']}/").json()


def test_api_import_with_a_bad_line_is_400_naming_it(client, owner, cards):
    login(client, owner)
    response = client.post(
        "/api/decks/",
        {"game": "alomfogo", "list": "3 Ejlepo Kajtr"},
        content_type="application/json",
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "import_failed"
    assert "Éjlépő Kajtár" in error["lines"][0]["suggestions"]


def test_api_needs_login_to_write(client, cards):
    response = client.post("/api/decks/", {"game": "alomfogo"}, content_type="application/json")
    assert response.status_code in (401, 403)


def test_odds_for_a_chosen_type_by_turn_n(client, deck, owner):
    from decks import odds

    login(client, owner)
    html = odds_answer(client, deck, target="type:revulo", turn=2, k=1, play="1")
    revulok = sum(e.count for e in demo_entries(40) if e.card["type"] == "revulo")
    expected = odds.format_percent(odds.prob_at_least(40, revulok, 6, 1), "hu")
    assert expected in html and "6" in html
    page = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert 'name="target"' in page and "card:AF1-001" in page


def test_a_deck_of_a_game_without_draw_odds_gets_no_odds_and_no_goldfish(client, owner, cards):
    """The builder models Álomfogó's draws only: another game's deck is not counted by them."""
    login(client, owner)
    oniroo = Game.objects.get(slug="oniroo")
    symbol = Card.objects.get(code="ONI-S023")
    deck = services.deck_create(
        owner=owner, game=oniroo, name="Álmok", entries=[Entry(card=row_record(symbol), count=6)]
    )
    response = client.get(f"/decks/{deck.pk}/odds/", {"target": "type:symbol", "turn": 2})
    assert response.status_code == 404
    edit = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    assert 'name="target"' not in edit  # no odds form either
    sample = client.get(f"/decks/{deck.pk}/sample/", {"seed": 7}, HTTP_HX_REQUEST="true")
    assert sample.status_code == 200 and sample.content.decode().count("thumb.webp") == 5


@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_steppers_name_a_card_as_the_page_does(client, deck, owner, language):
    """A screen reader hears "Remove one Kajtár Nightstepper" on the English page, where
    the list shows that name, and the Hungarian name on the Hungarian page."""
    login(client, owner)
    client.cookies["django_language"] = language
    html = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    card = Card.objects.get(code=deck.entries.order_by("card__code").first().card.code)
    shown, other = (card.name_en, card.name) if language == "en" else (card.name, card.name_en)
    assert card.name_en and card.name_en != card.name
    less = re.search(rf'id="entry-main-{card.code}-less" aria-label="([^"]*)"', html)
    assert less and shown in unescape(less.group(1)) and other not in unescape(less.group(1))


def test_each_formats_problems_stand_one_a_line(client, deck, owner):
    """The table of every format listed a format's problems run together in one cell, each a
    whole sentence; each is a line of its own now, under the format's verdict."""
    login(client, owner)
    client.cookies["django_language"] = "en"
    html = client.get(f"/decks/{deck.pk}/edit/").content.decode()
    table = html[
        html.index('<table class="formats">') : html.index(
            "</table>", html.index('<table class="formats">')
        )
    ]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)
    refused = [row for row in rows if "✗" in row]
    assert refused  # a 40-card deck is short of the tournament's 45
    for row in refused:
        assert "✗ not legal</span>" in row
        problems = re.search(r'<ul class="problems bad">(.*?)</ul>', row, re.S).group(1)
        assert problems.count("<li>") >= 1 and problems.count("<li>") == problems.count("</li>")
