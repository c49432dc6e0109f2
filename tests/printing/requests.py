"""What the printing tests send: the print form's fields as a browser posts them, and the API."""

from __future__ import annotations

# Every field of the print form with its default, as the page posts it.
FORM = {
    "page_size": "a4", "card_size": "poker", "quantity": 1, "margin_mm": 5, "gap_mm": 0,
    "bleed_mm": 0, "flip": "long", "back_offset_x": 0, "back_offset_y": 0,
    "crop_marks": "on", "backs": "on",
}  # fmt: skip
ONE_CARD = {"cards": [{"code": "AF1-001", "count": 1}]}


def api_post(client, **payload):
    return client.post("/api/print-jobs/", payload, content_type="application/json")
