"""What a print file says about itself (a PDF viewer's "Document properties").

The job's name is the title; the site made it, so the site is its author and creator —
never the person who printed it (the file may be shared), and never ReportLab's
placeholders ("anonymous", "unspecified", "untitled"). The back alignment sheet too.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from printing import services
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

PLACEHOLDERS = {"anonymous", "unspecified", "untitled", ""}


def properties(reader: PdfReader) -> dict[str, str]:
    info = reader.metadata
    return {key: str(info.get(f"/{key}", "")) for key in ("Title", "Author", "Subject", "Creator")}


def test_a_print_file_is_titled_by_its_job_and_authored_by_the_site(
    owner, make_deck, django_capture_on_commit_callbacks
):
    deck = make_deck("Őszi pakli")
    with django_capture_on_commit_callbacks(execute=True):
        job = services.print_job_create(
            user=owner, session_key="", source={"deck": deck.pk}, options={}
        )
    job.refresh_from_db()

    said = properties(PdfReader(job.file.path))

    assert said["Title"] == "Őszi pakli"
    assert said["Author"] == said["Creator"] == "Kártyavár"
    assert "print" in said["Subject"]
    assert not PLACEHOLDERS & {value.lower() for value in said.values()}
    assert not any(owner.username in value for value in said.values())


def test_the_alignment_sheet_is_authored_by_the_site_too(client, owner):
    client.login(username="owner", password=PASSWORD)

    said = properties(PdfReader(io.BytesIO(client.get("/print/alignment.pdf").content)))

    assert said["Author"] == said["Creator"] == "Kártyavár"
    assert "alignment" in said["Subject"]
    assert not PLACEHOLDERS & {value.lower() for value in said.values()}
