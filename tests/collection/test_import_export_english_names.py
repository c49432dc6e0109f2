"""An English reader of the collection import and export meets the cards' English names.

The import's help said “Éjlépő Kajtár,3” (name, count) on English pages, as did the
refusals of a line it could not read; the CSV export named each card only in Hungarian.
Persona: a collector with a few cards, on an English page.
"""

from __future__ import annotations

import csv
import io
import re
from html import unescape

import pytest

from collection import services
from collection.models import OwnedCard
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def collector(catalog_data, owner, client):
    """The owner holds 3 Éjlépő Kajtár, 2 Gyógyfüves Panna and a Sárkány; reads English."""
    for code, count in (("AF1-001", 3), ("AFD-001", 2), ("ONI-S001", 1)):
        services.collection_set_count(user=owner, code=code, count=count)
    client.login(username=owner.username, password=PASSWORD)
    client.cookies["django_language"] = "en"
    return owner


def counts(user) -> dict[str, int]:
    return dict(OwnedCard.objects.filter(user=user).values_list("card__code", "count"))


def import_text(client, text: str, mode: str = "add", game: str = "alomfogo"):
    return client.post("/collection/import/", {"text": text, "game": game, "mode": mode})


def test_the_import_help_names_its_example_card_in_english(client, collector):
    page = unescape(client.get("/collection/import/").content.decode())
    help_text = re.search(r"One card a line:[^<]*", page).group(0)
    assert "“Kajtár Nightstepper,3” (name, count)" in help_text and "Éjlépő" not in help_text
    # the example reads as written
    assert import_text(client, "Kajtár Nightstepper,3").status_code == 302
    assert counts(collector)["AF1-001"] == 6


@pytest.mark.parametrize("line", ["Kajtár Nightstepper", "3,Kajtár Nightstepper"])
def test_a_line_it_cannot_read_is_answered_with_an_english_example(client, collector, line):
    page = unescape(import_text(client, line).content.decode())
    assert "“Kajtár Nightstepper,3”" in page and "Éjlépő" not in page


def test_the_export_names_each_card_in_english_too_and_reads_back_unchanged(client, collector):
    exported = client.get("/collection/export.csv").content.decode()
    rows = list(csv.DictReader(io.StringIO(exported.lstrip("\ufeff"))))
    assert list(rows[0]) == ["code", "count", "name", "name_en", "set"]
    kajtar = next(row for row in rows if row["code"] == "AF1-001")
    assert kajtar["name"] == "Éjlépő Kajtár" and kajtar["name_en"] == "Kajtár Nightstepper"

    before = counts(collector)
    for game in ("alomfogo", "oniroo"):  # replacing one game's cards keeps the others
        assert import_text(client, exported, mode="replace", game=game).status_code == 302
    assert counts(collector) == before
