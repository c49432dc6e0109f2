"""A collection CSV from a Hungarian spreadsheet: accents that survive Excel, and a card
of another game named as such. Persona: the owner, importing and exporting on a
Hungarian page.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from collection import csvio, services
from collection.selectors import owned_counts

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in(client, owner, cards):
    client.force_login(owner)
    client.cookies["django_language"] = "hu"
    return owner


def test_a_name_of_another_game_is_named_as_such(client, signed_in):
    response = client.post(
        "/collection/import/",
        {"text": "Éjlépő Kajtár,1\nSárkány,2", "game": "alomfogo", "mode": "add"},
    )
    assert response.status_code == 400
    shown = unescape(re.sub(r"<[^>]*>", " ", response.content.decode()))
    assert "„Sárkány” egy másik játék lapja: ONIROO." in shown
    assert "Nincs „Sárkány”" not in shown
    assert owned_counts(signed_in) == {}


def test_the_export_starts_with_a_byte_order_mark_and_reads_back(client, signed_in):
    services.collection_set_count(user=signed_in, code="AF1-001", count=2)
    body = client.get("/collection/export.csv").content
    assert body.startswith(b"\xef\xbb\xbf")
    text, encoding = csvio.decode_csv(body)
    assert encoding == "utf-8" and text.startswith("code,count")
    services.collection_import(user=signed_in, text=text, game_slug="alomfogo", mode="replace")
    assert owned_counts(signed_in) == {"AF1-001": 2}


def test_a_windows_1250_file_is_read_as_such():
    raw = "név;darab\nÉjlépő Kajtár;3\n".encode("cp1250")
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    text, encoding = csvio.decode_csv(raw)
    assert (text, encoding) == ("név;darab\nÉjlépő Kajtár;3\n", "cp1250")
