"""A refused print option is said by its field, with JavaScript and without.

Without JavaScript the submitted form is drawn again with the field marked (aria-invalid,
its message beside it, named by aria-describedby). The live preview's answer names each
refused field by its id, for print_options.js to show the message there (tests/e2e/
test_print_margin_refused_by_field.py follows it in Chromium).
"""

from __future__ import annotations

import html
import re

import pytest

from tests.factories import PASSWORD
from tests.play_rows import first_cards_deck
from tests.printing.requests import FORM

pytestmark = pytest.mark.django_db

AT_MOST_30 = "Ensure this value is less than or equal to 30."


@pytest.fixture
def deck(owner, cards):
    return first_cards_deck(owner, "Margós pakli", 5)


def _input(page: str, field_id: str) -> str:
    match = re.search(rf'<input[^>]*\bid="{field_id}"[^>]*>', page)
    assert match, f"no input {field_id}"
    return match.group(0)


def test_a_submitted_margin_out_of_range_marks_its_field_without_javascript(english, deck):
    english.login(username="owner", password=PASSWORD)
    response = english.post("/print/new/", {**FORM, "deck": deck.pk, "margin_mm": "99"})

    assert response.status_code == 400
    page = html.unescape(response.content.decode())
    margin = _input(page, "id_margin_mm")
    assert 'aria-invalid="true"' in margin and 'value="99"' in margin
    assert 'aria-describedby="id_margin_mm_helptext id_margin_mm_error"' in margin
    # the message right after the field (its help between), before the next field
    after = page[page.index(margin) : page.index('id="id_gap_mm"')]
    assert re.search(rf'id="id_margin_mm_error"><li>{re.escape(AT_MOST_30)}</li>', after)
    assert page.count("has-error") == 1
    assert 'aria-invalid="true"' not in _input(page, "id_gap_mm")


def test_the_live_preview_names_each_refused_field_by_its_id(english, deck):
    query = {**FORM, "cards": "AF1-001:1", "margin_mm": "99", "gap_mm": "many"}
    response = english.get("/print/preview/", query, HTTP_HX_REQUEST="true")

    assert response.status_code == 400  # swapped in all the same (htmx-config: 4xx swap)
    page = html.unescape(response.content.decode())
    refused = dict(
        re.findall(
            r'data-error-for="([^"]+)"><ul class="errorlist" id="\1_error"><li>(.*?)</li>', page
        )
    )
    assert refused == {"id_margin_mm": AT_MOST_30, "id_gap_mm": "Enter a number."}
    # not the label again: the message goes by the field, whose label names it
    assert "Printer margin (mm)" not in page
    assert "Fix the marked fields to see the sheet." in page
    assert "<img" not in page


def test_a_preview_of_fixed_values_names_no_field(english, deck):
    response = english.get(
        "/print/preview/", {**FORM, "cards": "AF1-001:1"}, HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 200
    page = response.content.decode()
    assert "<img " in page and "data-error-for" not in page
