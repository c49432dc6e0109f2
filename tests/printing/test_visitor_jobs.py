"""A visitor's print jobs across a login, a job no worker picks up, and the downloaded names.

Personas: a visitor who prints and then logs in (or signs up) as the owner,
another visitor printing at the same time, and the owner's deck in two variants.
"""

from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import unquote

import pytest
from django.utils import timezone
from django.utils.timesince import timesince

from catalog.models import Card
from printing import selectors, services
from printing.models import PrintJob, Status
from printing.views import content_disposition
from tests.factories import PASSWORD
from tests.printing.requests import FORM

pytestmark = pytest.mark.django_db


def print_cards(client, captured, cards: str = "AF1-001:3") -> PrintJob:
    """The visitor opens the print page of a card list and posts its form; the job is made."""
    assert client.get(f"/print/new/?cards={cards}").status_code == 200
    with captured(execute=True):
        response = client.post("/print/new/", {**FORM, "cards": cards})
    assert response.status_code == 302, response.content.decode()[:500]
    job = PrintJob.objects.get(pk=response["Location"].split("/")[-2])
    assert job.status == Status.DONE
    return job


def urls(job: PrintJob) -> tuple[str, str]:
    return f"/print/jobs/{job.pk}/", f"/print/jobs/{job.pk}/download/"


# ---------------------------------------------------------------- 1. a visitor logs in


def test_a_visitors_job_becomes_the_accounts_when_they_log_in(
    client, owner, cards, django_capture_on_commit_callbacks
):
    job = print_cards(client, django_capture_on_commit_callbacks)
    page, download = urls(job)
    assert client.get(page).status_code == 200
    other = type(client)()
    others_job = print_cards(other, django_capture_on_commit_callbacks, "AF1-002:1")

    response = client.post("/accounts/login/", {"username": "owner", "password": PASSWORD})
    assert response.status_code == 302

    assert client.get(page).status_code == 200
    assert client.get(download).status_code == 200
    assert page in client.get("/print/").content.decode()
    job.refresh_from_db()
    assert (job.user, job.session_key) == (owner, "")
    # The other visitor's job stays theirs: only this visitor's jobs were handed over.
    others_job.refresh_from_db()
    assert others_job.user is None
    assert other.get(urls(others_job)[0]).status_code == 200
    assert client.get(urls(others_job)[0]).status_code == 404

    client.post("/accounts/logout/")
    for url in urls(job):
        assert client.get(url).status_code == 404, url
    assert page not in client.get("/print/").content.decode()


def test_a_visitors_job_becomes_the_new_accounts_when_they_sign_up(
    client, cards, django_capture_on_commit_callbacks
):
    job = print_cards(client, django_capture_on_commit_callbacks)
    response = client.post(
        "/accounts/signup/",
        {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    job.refresh_from_db()
    assert job.user.username == "newcomer"
    for url in urls(job):
        assert client.get(url).status_code == 200, url


def test_a_job_made_through_the_api_follows_the_visitor_too(
    client, owner, cards, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        made = client.post(
            "/api/print-jobs/", {"set": "AF1"}, content_type="application/json"
        ).json()
    client.login(username="owner", password=PASSWORD)
    assert client.get(f"/api/print-jobs/{made['id']}/").status_code == 200
    assert PrintJob.objects.get(pk=made["id"]).user == owner


def test_logging_in_without_jobs_claims_nothing_of_anyone_elses(
    client, owner, cards, django_capture_on_commit_callbacks
):
    others_job = print_cards(type(client)(), django_capture_on_commit_callbacks)
    client.get("/print/")  # a session of my own, with no jobs in it
    client.post("/accounts/login/", {"username": "owner", "password": PASSWORD})
    others_job.refresh_from_db()
    assert others_job.user is None and others_job.session_key
    assert not PrintJob.objects.filter(user=owner).exists()


# ---------------------------------------------------------------- 2. no worker picks a job up


@pytest.fixture
def no_worker(monkeypatch):
    """The task is sent to a broker that no worker reads: jobs stay queued."""
    monkeypatch.setattr("printing.tasks.make_sheets.delay", lambda job_id: None)


def queued_job(owner, *, minutes_ago: float, **fields) -> PrintJob:
    job = services.print_job_create(
        user=owner, session_key="", source={"cards": [{"code": "AF1-001", "count": 1}]}, options={}
    )
    assert job.status == Status.QUEUED
    PrintJob.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - timedelta(minutes=minutes_ago), **fields
    )
    job.refresh_from_db()
    return job


def test_a_job_queued_for_eleven_minutes_says_the_worker_seems_not_to_run(
    client, owner, cards, no_worker
):
    job = queued_job(owner, minutes_ago=11)
    client.login(username="owner", password=PASSWORD)
    delete = f'action="/print/jobs/{job.pk}/delete/"'
    full = client.get(f"/print/jobs/{job.pk}/").content.decode()  # without JS: it refreshes
    polled = client.get(f"/print/jobs/{job.pk}/", HTTP_HX_REQUEST="true").content.decode()
    for html in (full, polled):
        # Said once to a screen reader when the state turns (data-say, read by forms.js into
        # the page's lasting status region), not an alert re-read at every poll.
        assert 'role="alert"' not in html and delete in html
        assert 'data-say="Még semmi sem kezdett hozzá ehhez a nyomtatáshoz' in html
        assert timesince(job.created_at) in html  # how long it has waited: "11 minutes"
        assert "every 15s" in html and "every 1s" not in html
    assert '<meta http-equiv="refresh" content="30">' in full
    # The person can do what it says: delete it.
    assert client.post(f"/print/jobs/{job.pk}/delete/").status_code == 302
    assert not PrintJob.objects.filter(pk=job.pk).exists()


def test_a_job_queued_a_minute_ago_just_waits(client, owner, cards, no_worker):
    job = queued_job(owner, minutes_ago=1)
    client.login(username="owner", password=PASSWORD)
    html = client.get(f"/print/jobs/{job.pk}/").content.decode()
    assert 'role="alert"' not in html and "/delete/" not in html
    assert 'hx-trigger="every 1s"' in html and 'content="2"' in html


def test_a_job_queued_again_after_its_worker_was_lost_waits_from_then(owner, cards, no_worker):
    job = queued_job(owner, minutes_ago=30, heartbeat_at=timezone.now() - timedelta(minutes=3))
    assert selectors.print_job_stalled_since(job) is None
    later = timezone.now() + timedelta(minutes=8)
    assert selectors.print_job_stalled_since(job, now=later) == job.heartbeat_at


def test_a_stalled_job_still_holds_its_slot(client, owner, cards, no_worker):
    """A long worker outage must not let the queue pile up: its page says to delete it."""
    queued_job(owner, minutes_ago=11)
    queued_job(owner, minutes_ago=12)
    client.login(username="owner", password=PASSWORD)
    response = client.post("/api/print-jobs/", {"set": "AF1"}, content_type="application/json")
    assert response.status_code == 429
    assert response.json()["error"]["code"] == "too_many_active_jobs"


# ---------------------------------------------------------------- 3. downloaded names


def disposition(response) -> tuple[str, str]:
    """(the plain ASCII filename, the exact filename*) of an attachment."""
    header = response["Content-Disposition"]
    assert header.startswith("attachment; ")
    plain = re.search(r'filename="([^"]*)"', header)
    exact = re.search(r"filename\*=UTF-8''(\S+)", header)
    assert plain, header
    plain.group(1).encode("ascii")  # the fallback every client reads is plain ASCII
    return plain.group(1), unquote(exact.group(1)) if exact else plain.group(1)


def made(owner, captured, source: dict, **options) -> PrintJob:
    with captured(execute=True):
        job = services.print_job_create(user=owner, session_key="", source=source, options=options)
    job.refresh_from_db()
    assert job.status == Status.DONE
    return job


def test_variants_of_one_deck_download_under_names_that_say_which(
    client, owner, cards, django_capture_on_commit_callbacks
):
    source = {
        "cards": [{"code": "AF1-001", "count": 1}, {"code": "AF1-002", "count": 1}],
        "title": "Hősök/ölelés",
    }
    variants = [
        made(owner, django_capture_on_commit_callbacks, source, card_size="poker", backs=True),
        made(owner, django_capture_on_commit_callbacks, source, card_size="poker", backs=False),
        made(owner, django_capture_on_commit_callbacks, source, card_size="mini", backs=True),
    ]
    client.login(username="owner", password=PASSWORD)
    names = []
    for job in variants:
        response = client.get(f"/print/jobs/{job.pk}/download/")
        assert response.status_code == 200
        plain, exact = disposition(response)
        size = job.options["card_size"]
        assert exact.startswith(f"kartyavar-Hősök-ölelés ({size}, ") and exact.endswith(").pdf")
        assert plain.startswith(f"kartyavar-Hosok-oleles ({size}, ") and plain.endswith(").pdf")
        api = client.get(f"/api/print-jobs/{job.pk}/download/")
        assert api["Content-Disposition"] == response["Content-Disposition"]
        names.append(exact)
    assert len(set(names)) == 3, names


def test_a_single_cards_print_downloads_under_the_cards_name(
    client, owner, cards, django_capture_on_commit_callbacks
):
    card = Card.objects.get(code="AF1-001")
    job = made(
        owner, django_capture_on_commit_callbacks, {"cards": [{"code": card.code, "count": 3}]}
    )
    client.login(username="owner", password=PASSWORD)
    _plain, exact = disposition(client.get(f"/print/jobs/{job.pk}/download/"))
    assert exact.startswith(f"kartyavar-{card.name} (poker, ")
    # the job is called so on its page, in the list and on the sheets, not "Card list"
    assert job.title == card.name


def test_the_header_keeps_quotes_and_line_breaks_out_of_the_name():
    assert content_disposition("kartyavar-A.pdf") == 'attachment; filename="kartyavar-A.pdf"'
    header = content_disposition('kartyavar-"Ő"\\\r\nx.pdf')
    assert "\r" not in header and "\n" not in header
    assert header.startswith('attachment; filename="kartyavar--O----x.pdf"; filename*=UTF-8')
