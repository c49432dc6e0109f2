"""A card list mixing games prints each card with its own game's back."""

from __future__ import annotations

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from catalog import render
from catalog.models import Card
from printing import pdf, services
from printing.layout import SheetOptions, back_slots, sheet_layout

pytestmark = pytest.mark.django_db


def drawn_images(page) -> list[tuple[bytes, float]]:
    """The JPEG bytes of each image the page draws, in order, with its x in points."""
    xobjects = page["/Resources"]["/XObject"]
    found = []
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        if operator == b"cm":
            x = float(operands[4])
        elif operator == b"Do":
            found.append((xobjects[operands[0]].get_object()._data, x))
    return found


def test_each_card_is_backed_by_its_own_game(cards, owner, django_capture_on_commit_callbacks):
    games = ["alomfogo", "oniroo", "alomfogo", "arcane-guardian"]
    picked = {
        game: list(Card.objects.filter(game__slug=game).order_by("sort_key")[:2])
        for game in set(games)
    }
    codes = [picked[game].pop().code for game in games]
    source = {"cards": [{"code": code, "count": 1} for code in codes]}
    with django_capture_on_commit_callbacks(execute=True):
        job = services.print_job_create(user=owner, session_key="", source=source, options={})
    job.refresh_from_db()
    assert job.status == "done", job.error

    with job.file.open("rb") as handle:
        reader = PdfReader(handle)
        assert len(reader.pages) == 2
        backs = drawn_images(reader.pages[1])
    expected = {
        game: pdf.as_jpeg(render.back_file(game, fmt="png")[0]).read_bytes() for game in games
    }
    assert len({*expected.values()}) == 3
    assert [data for data, _x in backs] == [expected[game] for game in games]
    # still behind their fronts: slot 0's back is mirrored to the right on a portrait page
    layout = sheet_layout(SheetOptions())
    mirrored = back_slots(layout, flip="long")
    assert [x for _data, x in backs] == pytest.approx(
        [slot.x * pdf.PT_PER_MM for slot in mirrored[:4]], abs=0.01
    )
