"""Faces keep their proportions at every card size, in the PDF a job makes.

Each picture placed on a sheet has the proportions of the rectangle it is
drawn into (the slot, or the slot with its bleed): nothing is stretched.
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader
from pypdf.generic import ContentStream

from catalog.models import Card
from printing import services
from printing.layout import CARD_SIZES

pytestmark = pytest.mark.django_db


def placed_pictures(page) -> list[tuple[float, float, float, float]]:
    """(pixel width, pixel height, drawn width, drawn height) of every image on the page.

    ReportLab draws an image as ``q w 0 0 h x y cm /Name Do Q`` inside the
    page's clip states; only scaling matters here, so the ``cm`` matrices'
    diagonals are multiplied up.
    """
    xobjects = page["/Resources"]["/XObject"]
    scale, stack, found = (1.0, 1.0), [], []
    for operands, operator in ContentStream(page.get_contents(), page.pdf).operations:
        if operator == b"q":
            stack.append(scale)
        elif operator == b"Q":
            scale = stack.pop()
        elif operator == b"cm":
            scale = (scale[0] * float(operands[0]), scale[1] * float(operands[3]))
        elif operator == b"Do":
            image = xobjects[operands[0]]
            found.append((float(image["/Width"]), float(image["/Height"]), *scale))
    return found


@pytest.fixture
def two_cards(cards) -> list[dict]:
    codes = Card.objects.filter(game__slug="oniroo").order_by("sort_key")[:2]
    return [{"code": card.code, "count": 1} for card in codes]


@pytest.mark.parametrize("bleed", [0, 3])
@pytest.mark.parametrize("size", ["mini", "bridge", "tarot"])
def test_every_picture_keeps_the_proportions_of_its_place(
    owner, two_cards, django_capture_on_commit_callbacks, size, bleed
):
    with django_capture_on_commit_callbacks(execute=True):
        job = services.print_job_create(
            user=owner, session_key="", source={"cards": two_cards},
            options={"card_size": size, "bleed_mm": bleed},
        )  # fmt: skip
    job.refresh_from_db()
    assert job.status == "done", job.error
    with job.file.open("rb") as handle:
        pages = PdfReader(handle).pages
        pictures = [p for page in pages for p in placed_pictures(page)]
    assert len(pictures) == 4  # two faces, two backs
    width, height = CARD_SIZES[size]
    want = (width + 2 * bleed) / (height + 2 * bleed)
    for pixels_w, pixels_h, drawn_w, drawn_h in pictures:
        assert drawn_w / drawn_h == pytest.approx(want, rel=1e-3)  # drawn on the bleed rect
        assert pixels_w / pixels_h == pytest.approx(drawn_w / drawn_h, rel=0.01)
