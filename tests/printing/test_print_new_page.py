"""Issue #19: the print options page previews the first sheet at once and says what it prints."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qsl

import pytest

from printing.forms import PrintOptionsForm
from printing.views import _initial, _preview_query
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(make_deck):
    return make_deck("Első pakli")


def _preview_src(response) -> str:
    match = re.search(r'<img src="([^"]*/print/preview[^"]*)"', response.content.decode())
    assert match, "the page has no preview image"
    return html.unescape(match.group(1))


def test_the_first_preview_query_keeps_options_that_are_zero(rf):
    request = rf.get("/print/new/")
    request.user = type("Anonymous", (), {"is_authenticated": False})()
    initial = _initial(request)
    assert initial["gap_mm"] == 0 and initial["bleed_mm"] == 0

    values = dict(parse_qsl(_preview_query(None, {"deck": 7}, initial)))

    assert values["gap_mm"] == "0" and values["bleed_mm"] == "0"
    assert values["back_offset_x"] == "0" and values["back_offset_y"] == "0"
    assert values["deck"] == "7"
    # the preview reads these with the same form as a job: they must pass it
    assert PrintOptionsForm(values).is_valid(), PrintOptionsForm(values).errors


def test_a_ticked_box_is_sent_and_an_unticked_one_left_out():
    values = dict(
        parse_qsl(_preview_query(None, {"set": "AF1"}, {"crop_marks": True, "cut_lines": False}))
    )
    assert "crop_marks" in values and "cut_lines" not in values


def test_a_deck_page_shows_a_preview_that_loads_before_any_option_changes(client, owner, deck):
    client.login(username="owner", password=PASSWORD)
    page = client.get(f"/print/new/?deck={deck.pk}")
    assert page.status_code == 200

    image = client.get(_preview_src(page))

    assert image.status_code == 200
    assert image["Content-Type"] == "image/png"
    assert image.content.startswith(b"\x89PNG")


def test_a_card_list_page_shows_a_preview_that_loads(client, cards):
    codes = list(cards.filter(game__slug="alomfogo").values_list("code", flat=True)[:3])
    listed = ",".join(f"{code}:2" for code in codes)
    page = client.get(f"/print/new/?cards={listed}")
    assert page.status_code == 200

    image = client.get(_preview_src(page))

    assert image.status_code == 200 and image.content.startswith(b"\x89PNG")


def test_the_page_says_which_deck_and_how_many_cards_it_prints(client, owner, deck):
    client.login(username="owner", password=PASSWORD)
    page = client.get(f"/print/new/?deck={deck.pk}")
    assert "Ezt nyomtatod: <strong>Első pakli</strong>, 45 lap." in page.content.decode()


def test_the_summary_stays_beside_a_refused_form(client, owner, deck):
    client.login(username="owner", password=PASSWORD)
    response = client.post("/print/new/", {"deck": deck.pk, "quantity": "0"})
    assert response.status_code == 400
    assert "Ezt nyomtatod: <strong>Első pakli</strong>, 45 lap." in response.content.decode()


# --- without JavaScript: "Show the preview" -------------------------------------------------
def _options(page) -> dict:
    """The values the page's form would post as it stands."""
    initial = page.context["form"].initial
    # an unticked box is left out as a browser leaves it; a 0 stays (0 == False in Python)
    return {
        name: value for name, value in initial.items() if value is not None and value is not False
    }


def test_without_javascript_the_preview_button_shows_the_sheet_for_the_options_sent(
    client, owner, deck
):
    from printing.models import PrintJob

    client.login(username="owner", password=PASSWORD)
    client.cookies["django_language"] = "en"
    page = client.get(f"/print/new/?deck={deck.pk}")
    assert "Show the preview" in page.content.decode()
    values = {**_options(page), "deck": deck.pk, "margin_mm": 9, "preview": "1"}

    shown = client.post("/print/new/", values)

    assert shown.status_code == 200, shown.context["form"].errors
    assert PrintJob.objects.count() == 0  # no job made
    query = dict(parse_qsl(_preview_src(shown).split("?", 1)[1]))
    assert query["margin_mm"] == "9" and "preview" not in query
    assert client.get(_preview_src(shown)).status_code == 200
    refused = client.post("/print/new/", {**values, "margin_mm": 999})
    assert refused.status_code == 400 and PrintJob.objects.count() == 0
    assert "Fix the marked fields to see the sheet." in refused.content.decode()
    made = client.post("/print/new/", {k: v for k, v in values.items() if k != "preview"})
    assert made.status_code == 302 and PrintJob.objects.count() == 1
