"""Printing one card from its page ("Print this card") names it as the reader reads it.

Éjlépő Kajtár is "Kajtár Nightstepper" on the English site: the print page, the job's
name, the label on each sheet, the PDF's title and the downloaded file's name say so.
The job keeps the name it was given in its creator's language.
"""

from __future__ import annotations

from urllib.parse import unquote

import pytest
from pypdf import PdfReader

from printing.models import PrintJob
from tests.printing.requests import FORM

pytestmark = pytest.mark.django_db

ONE_CARD = "AF1-001:3"
ENGLISH_NAME, HUNGARIAN_NAME = "Kajtár Nightstepper", "Éjlépő Kajtár"


def print_one_card(client, captured) -> PrintJob:
    with captured(execute=True):
        response = client.post("/print/new/", {**FORM, "cards": ONE_CARD})
    assert response.status_code == 302, response.content.decode()[:500]
    return PrintJob.objects.get(pk=response["Location"].split("/")[-2])


def test_the_english_print_page_names_the_card_in_english(english, cards):
    page = english.get(f"/print/new/?cards={ONE_CARD}").content.decode()

    assert f"You are printing <strong>{ENGLISH_NAME}</strong>: 3 cards." in page
    assert HUNGARIAN_NAME not in page


def test_an_english_readers_job_its_sheets_and_its_file_carry_the_english_name(
    english, cards, django_capture_on_commit_callbacks
):
    job = print_one_card(english, django_capture_on_commit_callbacks)

    assert job.title == ENGLISH_NAME
    assert ENGLISH_NAME in english.get(f"/print/jobs/{job.pk}/").content.decode()
    download = english.get(f"/print/jobs/{job.pk}/download/")
    assert ENGLISH_NAME in unquote(download["Content-Disposition"])
    reader = PdfReader(job.file.path)
    assert reader.metadata.title == ENGLISH_NAME
    assert f"{ENGLISH_NAME} · 1/1" in reader.pages[0].extract_text()
    assert HUNGARIAN_NAME not in reader.pages[0].extract_text()


def test_a_hungarian_readers_job_keeps_the_cards_own_name(
    client, cards, django_capture_on_commit_callbacks
):
    job = print_one_card(client, django_capture_on_commit_callbacks)

    assert job.title == HUNGARIAN_NAME
    assert PdfReader(job.file.path).metadata.title == HUNGARIAN_NAME
