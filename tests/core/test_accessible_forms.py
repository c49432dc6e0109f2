"""Form controls a screen reader can tell apart: each names what it is about (a card, a table,
a side of a trade), a group of choices is asked by its question, and a refusal is tied to
the field it is about. Read from the pages' HTML (tests/html_names.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from collection import services, trades
from tests.factories import make_user
from tests.html_names import controls

pytestmark = pytest.mark.django_db


def repeated_names(html: str) -> dict[str, int]:
    names = Counter(c.name for c in controls(html) if c.kind not in ("radio", "checkbox"))
    return {name: n for name, n in names.items() if n > 1}


def test_every_count_box_and_button_of_the_trade_pages_names_its_card(client, catalog_data):
    anna = make_user("anna", language="en", trades_open=True)
    bela = make_user("bela", language="en", trades_open=True)
    for code in ("AF1-001", "AF1-002", "AF1-003"):
        services.collection_set_count(user=anna, code=code, count=6)
        services.collection_set_count(user=bela, code=code.replace("AF1", "AFD"), count=6)
        trades.trade_entry_set(user=anna, code=code, side="have", count=2)
        trades.trade_entry_set(user=anna, code=code.replace("AF1", "AFD"), side="want", count=1)
    trades.trade_lists_refresh(user=bela)
    client.force_login(anna)
    lists = client.get("/collection/trades/").content.decode()
    assert repeated_names(lists) == {}
    names = [c.name for c in controls(lists)]
    assert any(name.startswith("Copies ") and len(name) > len("Copies ") for name in names)
    assert any(name.startswith("Save ") for name in names)
    propose = client.get("/collection/trades/propose/bela/").content.decode()
    assert repeated_names(propose) == {}
    boxes = [c.name for c in controls(propose) if c.kind == "number"]
    assert boxes and all(name.endswith(("You give", "You get from bela")) for name in boxes)


def test_a_group_of_choices_is_asked_by_its_question(client, catalog_data):
    client.force_login(make_user("cili", language="en"))
    for path in ("/tournaments/new/", "/collection/import/"):
        radios = [c for c in controls(client.get(path).content.decode()) if c.kind == "radio"]
        assert radios and all(c.group for c in radios), path


def test_a_deadline_in_the_past_is_said_at_its_field(client, catalog_data):
    client.force_login(make_user("dani", language="en"))
    past = "2020-01-15T12:00"  # not "yesterday, this time": in a clock change's gap it never was
    answer = client.post(
        "/tournaments/new/",
        {
            "name": "Kupa",
            "game": "alomfogo",
            "format": "tournament",
            "best_of": "1",
            "top_cut": "0",
            "round_minutes": "50",
            "listed": "1",
            "registration_closes_at": past,
        },
    )
    assert answer.status_code == 400
    html = answer.content.decode()
    deadline = next(
        c for c in controls(html) if c.element.attrs.get("name") == "registration_closes_at"
    )
    assert deadline.element.attrs.get("aria-invalid") == "true"
    assert "The registration deadline must be in the future." in html
    assert 'class="form-errors"' not in html  # not above the form, away from its field
