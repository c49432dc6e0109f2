"""A print job's page says its state in one sentence, for the page's lasting status region.

The progress part is polled every second and swapped whole; static/js/forms.js says its
`data-say` in base.html's #page-said when it changes (queued, making, stalled, done), not at
each percent. A failure is its own alert, swapped in once as the polling ends; the stalled
warning, drawn again at each poll, is no live region (an alert there was read every 15 s).
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from printing.models import PrintJob, Status
from tests.factories import deck_print_job

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def job(owner, make_deck, client):
    client.force_login(owner)
    owner.language = "en"
    owner.save(update_fields=["language"])
    deck = make_deck("Támadó")
    return deck_print_job(owner, deck)


def status_part(client, job, **fields):
    PrintJob.objects.filter(pk=job.pk).update(**fields)
    html = client.get(f"/print/jobs/{job.pk}/", **HTMX).content.decode()
    say = re.search(r'data-say-in="page-said" data-say="([^"]*)"', html)
    assert say, html
    return say.group(1), html


def test_each_state_has_its_sentence_and_the_percent_is_not_in_it(client, job):
    assert status_part(client, job)[0] == "The job is waiting for its turn."
    making, _ = status_part(client, job, status=Status.RUNNING, progress=30)
    assert making == status_part(client, job, progress=70)[0] == "Making the PDF…"
    assert status_part(client, job, status=Status.DONE, progress=100, pages=4)[0] == (
        "The PDF is ready to download."
    )


def test_a_failure_is_an_alert_and_a_stalled_job_no_live_region(client, job):
    said, html = status_part(client, job, status=Status.FAILED, error_code="worker_lost")
    assert said == "" and 'role="alert"' in html
    long_ago = timezone.now() - timedelta(hours=2)
    PrintJob.objects.filter(pk=job.pk).update(status=Status.QUEUED, created_at=long_ago)
    said, html = status_part(client, job)
    assert "the print worker seems not to be running" in said
    assert "role=" not in html
