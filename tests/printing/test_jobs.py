"""Print jobs on the site: options, the task, progress, download, reuse and permissions."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from printing import services
from printing.models import PrintJob
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(make_deck):
    return make_deck("Nyomtatás")


def make(client, captured, **payload):
    with captured(execute=True):
        response = client.post("/api/print-jobs/", payload, content_type="application/json")
    return response


def test_a_deck_becomes_a_pdf_through_the_task(
    client, owner, deck, django_capture_on_commit_callbacks
):
    client.login(username="owner", password=PASSWORD)
    response = make(client, django_capture_on_commit_callbacks, deck=deck.pk)
    assert response.status_code == 201
    job_id = response.json()["id"]
    body = client.get(f"/api/print-jobs/{job_id}/").json()
    assert (body["status"], body["progress"]) == ("done", 100)
    pdf = client.get(body["download_url"])
    reader = PdfReader(io.BytesIO(b"".join(pdf.streaming_content)))
    # 45 cards, 9 a sheet: 5 fronts, each followed by its back page
    assert len(reader.pages) == 10
    assert round(float(reader.pages[0].mediabox.width), 2) == 595.28


def test_same_source_and_options_reuse_the_file(
    client, owner, deck, django_capture_on_commit_callbacks
):
    client.login(username="owner", password=PASSWORD)
    first = make(client, django_capture_on_commit_callbacks, deck=deck.pk).json()
    second = make(client, django_capture_on_commit_callbacks, deck=deck.pk).json()
    assert first["id"] != second["id"]
    jobs = PrintJob.objects.filter(pk__in=[first["id"], second["id"]])
    assert len({job.file.name for job in jobs}) == 1
    other = make(client, django_capture_on_commit_callbacks, deck=deck.pk, quantity=2).json()
    assert PrintJob.objects.get(pk=other["id"]).file.name not in {job.file.name for job in jobs}


def test_impossible_options_are_refused_with_a_message(client, owner, deck):
    client.login(username="owner", password=PASSWORD)
    response = client.post(
        "/api/print-jobs/",
        {"deck": deck.pk, "card_size": "tarot", "margin_mm": 40},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"]
    assert not PrintJob.objects.exists()


def test_others_jobs_are_404(client, owner, stranger, deck, django_capture_on_commit_callbacks):
    client.login(username="owner", password=PASSWORD)
    job_id = make(client, django_capture_on_commit_callbacks, deck=deck.pk).json()["id"]
    client.logout()
    client.login(username="stranger", password=PASSWORD)
    for url in (
        f"/api/print-jobs/{job_id}/",
        f"/api/print-jobs/{job_id}/download/",
        f"/print/jobs/{job_id}/",
    ):
        assert client.get(url).status_code == 404, url


def test_someone_elses_private_deck_cannot_be_printed(client, stranger, deck):
    client.login(username="stranger", password=PASSWORD)
    response = client.post("/api/print-jobs/", {"deck": deck.pk}, content_type="application/json")
    assert response.status_code == 404


def test_an_anonymous_visitor_prints_a_set_and_only_they_see_it(
    client, cards, django_capture_on_commit_callbacks
):
    job_id = make(client, django_capture_on_commit_callbacks, set="AF1").json()["id"]
    assert client.get(f"/print/jobs/{job_id}/").status_code == 200
    other = type(client)()
    assert other.get(f"/print/jobs/{job_id}/").status_code == 404


def test_job_page_shows_progress_and_polls_until_done(client, owner, deck):
    client.login(username="owner", password=PASSWORD)
    job = services.print_job_create(
        user=owner, session_key="", source={"deck": deck.pk}, options={}
    )
    html = client.get(f"/print/jobs/{job.pk}/").content.decode()
    assert "<progress" in html and 'hx-trigger="every 1s"' in html
    services.print_job_run(str(job.pk))
    html = client.get(f"/print/jobs/{job.pk}/", HTTP_HX_REQUEST="true").content.decode()
    assert "every 1s" not in html and f"/print/jobs/{job.pk}/download/" in html


def test_a_job_whose_worker_stopped_is_queued_again_then_failed(
    owner, deck, settings, django_capture_on_commit_callbacks, monkeypatch
):
    from datetime import timedelta

    from django.utils import timezone

    settings.PRINT_STUCK_AFTER_SECONDS = 1
    job = services.print_job_create(
        user=owner, session_key="", source={"deck": deck.pk}, options={}
    )
    sent = []
    monkeypatch.setattr("printing.tasks.make_sheets.delay", lambda job_id: sent.append(job_id))
    long_ago = timezone.now() - timedelta(minutes=5)
    PrintJob.objects.filter(pk=job.pk).update(status="running", heartbeat_at=long_ago, attempts=1)
    with django_capture_on_commit_callbacks(execute=True):
        job = services.print_job_for(job_id=job.pk, user=owner, session_key="")
    assert job.status == "queued" and sent == [str(job.pk)]
    PrintJob.objects.filter(pk=job.pk).update(status="running", heartbeat_at=long_ago, attempts=3)
    job = services.print_job_for(job_id=job.pk, user=owner, session_key="")
    assert job.status == "failed" and job.error_message


def test_print_buttons_and_options_form(client, owner, deck):
    client.login(username="owner", password=PASSWORD)
    assert f"/print/new/?deck={deck.pk}" in client.get(f"/decks/{deck.pk}/").content.decode()
    assert "/print/new/?set=AF1" in client.get("/cards/sets/AF1/").content.decode()
    form = client.get("/print/new/", {"deck": deck.pk})
    assert form.status_code == 200 and "/print/preview.png?" in form.content.decode()


def test_preview_is_a_png_of_the_first_sheet(client, owner, deck):
    client.login(username="owner", password=PASSWORD)
    response = client.get(
        "/print/preview.png",
        {"deck": deck.pk, "page_size": "a4", "card_size": "poker", "quantity": 1, "gap_mm": 0,
         "margin_mm": 5,
         "bleed_mm": 0, "crop_marks": "on", "flip": "long", "back_offset_x": 0, "back_offset_y": 0},
    )  # fmt: skip
    assert response["Content-Type"] == "image/png"
    from PIL import Image

    image = Image.open(io.BytesIO(response.content))
    assert abs(image.width / image.height - 210 / 297) < 0.01


def test_form_post_creates_the_job_and_redirects(
    client, owner, deck, django_capture_on_commit_callbacks
):
    client.login(username="owner", password=PASSWORD)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/print/new/",
            {"deck": deck.pk, "page_size": "a4", "card_size": "poker", "quantity": 3, "gap_mm": 0,
             "margin_mm": 5,
             "bleed_mm": 0, "crop_marks": "on", "backs": "on", "flip": "long", "back_offset_x": 0,
             "back_offset_y": 0},
        )  # fmt: skip
    job = PrintJob.objects.get()
    assert response["Location"] == f"/print/jobs/{job.pk}/"
    assert job.status == "done" and job.pages == 30  # 3 copies of 45 cards: 15 fronts + 15 backs


def test_alignment_sheet_uses_the_saved_offset(client, owner):
    owner.back_offset_x_mm, owner.back_offset_y_mm = 1.5, -0.5
    owner.save()
    client.login(username="owner", password=PASSWORD)
    response = client.get("/print/alignment.pdf")
    assert response["Content-Type"] == "application/pdf"
    assert len(PdfReader(io.BytesIO(response.content)).pages) == 2


@pytest.mark.parametrize("query", ["page_size=x", "flip=x", "back_offset_x=1e309"])
def test_an_alignment_sheet_with_a_bad_option_says_why_as_the_preview_does(client, query):
    """It used to print the defaults instead, silently."""
    response = client.get(f"/print/alignment.pdf?{query}")
    assert response.status_code == 400 and response["Content-Type"].startswith("text/html")
    assert client.get(f"/print/preview/?{query}").status_code == 400


@pytest.mark.parametrize(
    ("language", "said"), [("hu", "Nincs ilyen pakli."), ("en", "No such deck.")]
)
def test_a_deck_deleted_just_after_it_was_found_is_gone_not_a_server_error(
    client, owner, deck, monkeypatch, language, said
):
    """The deck is found for its owner, then a delete at that moment takes its versions
    before the newest is read (a race CI met): a 404 that says so, and no job."""
    from decks.models import DeckVersion
    from printing import sources

    found = sources.deck_for_viewer

    def deleted_meanwhile(**kwargs):
        deck_found = found(**kwargs)
        DeckVersion.objects.filter(deck=deck_found).delete()
        return deck_found

    monkeypatch.setattr(sources, "deck_for_viewer", deleted_meanwhile)
    client.login(username="owner", password=PASSWORD)
    client.cookies["django_language"] = language
    response = client.post("/api/print-jobs/", {"deck": deck.pk}, content_type="application/json")
    assert response.status_code == 404
    assert response.json()["error"] == {"code": "not_found", "message": said}
    assert not PrintJob.objects.exists()
