"""A visitor's session is made for a print job and kept only if the job is; expired
sessions are cleared by a daily beat task.

Personas: a visitor with no session who asks for something refused, a visitor whose
job is made, and a visitor who already has a session (their jobs are filed under it).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from config.celery import app as celery_app
from core.tasks import clear_expired_sessions
from printing.models import PrintJob
from tests.printing.requests import FORM, ONE_CARD, api_post

pytestmark = pytest.mark.django_db

NO_SUCH_JOB = "00000000-0000-0000-0000-000000000000"


@pytest.mark.parametrize(
    ("payload", "status"),
    [
        ({"again": NO_SUCH_JOB}, 404),
        ({"cards": [{"code": "ZZ9-999", "count": 1}]}, 400),  # no such card
        ({"cards": [{"code": "AF1-001", "count": 1}], "quantity": 0}, 400),  # bad option
        ({"deck": 999_999}, 404),
    ],
)
def test_a_refused_api_request_of_a_visitor_leaves_no_session(cards, payload, status):
    for _ in range(5):
        response = api_post(Client(), **payload)
        assert response.status_code == status, response.content[:300]
        assert "sessionid" not in response.cookies
    assert Session.objects.count() == 0


@pytest.mark.parametrize(
    "form",
    [
        {},  # nothing to print
        {**FORM, "cards": "ZZ9-999:1"},  # no such card
        {**FORM, "cards": "AF1-001:1", "quantity": 0},  # a refused option
    ],
)
def test_a_refused_print_form_of_a_visitor_leaves_no_session(cards, form):
    for _ in range(3):
        response = Client().post("/print/new/", form)
        assert 400 <= response.status_code < 500, response.status_code
        assert "sessionid" not in response.cookies
    assert Session.objects.count() == 0


def test_a_visitor_refused_by_the_caps_all_visitors_share_gets_no_session(cards, settings):
    """The caps are checked after the session is made (jobs are counted under its key)."""
    settings.LIMITS = {**settings.LIMITS, "PRINT_ACTIVE_JOBS_ALL_VISITORS": 1}
    assert api_post(Client(), **ONE_CARD).status_code == 201  # queued: no worker in tests
    for _ in range(3):
        assert api_post(Client(), **ONE_CARD).status_code == 429
        form = Client().post("/print/new/", {**FORM, "cards": "AF1-002:1"})
        assert form.status_code == 429 and "sessionid" not in form.cookies
    assert Session.objects.count() == 1


def test_a_visitors_accepted_job_is_filed_under_the_session_made_for_it(cards):
    visitor = Client()
    response = api_post(visitor, **ONE_CARD)
    assert response.status_code == 201, response.content[:300]
    job = PrintJob.objects.get(pk=response.json()["id"])
    assert Session.objects.filter(pk=job.session_key).exists()
    assert visitor.cookies["sessionid"].value == job.session_key
    assert visitor.get(f"/api/print-jobs/{job.pk}/").status_code == 200
    form = visitor.post("/print/new/", {**FORM, "cards": "AF1-002:1"})
    assert form.status_code == 302
    assert PrintJob.objects.filter(session_key=job.session_key).count() == 2
    assert Session.objects.count() == 1


def test_a_refusal_keeps_the_session_a_visitor_already_has(cards):
    visitor = Client()
    job = api_post(visitor, **ONE_CARD).json()
    assert api_post(visitor, again=NO_SUCH_JOB).status_code == 404
    assert visitor.post("/print/new/", {**FORM, "cards": "ZZ9-999:1"}).status_code == 400
    assert visitor.get(f"/api/print-jobs/{job['id']}/").status_code == 200
    assert Session.objects.count() == 1


def test_a_visitor_whose_session_expired_gets_a_new_one_for_the_job(cards):
    visitor = Client()
    api_post(visitor, **ONE_CARD)
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    old_key = visitor.cookies["sessionid"].value
    response = api_post(visitor, **ONE_CARD)
    assert response.status_code == 201
    job = PrintJob.objects.get(pk=response.json()["id"])
    assert job.session_key != old_key
    assert visitor.get(f"/api/print-jobs/{job.pk}/").status_code == 200


def test_the_daily_task_clears_expired_sessions_and_keeps_live_ones(cards):
    for _ in range(3):
        api_post(Client(), **ONE_CARD)
    live = Client()
    api_post(live, **ONE_CARD)
    Session.objects.exclude(pk=live.cookies["sessionid"].value).update(
        expire_date=timezone.now() - timedelta(minutes=1)
    )
    clear_expired_sessions.delay()
    assert list(Session.objects.values_list("pk", flat=True)) == [live.cookies["sessionid"].value]


def test_beat_sends_the_session_clearing_daily():
    entries = [
        e
        for e in celery_app.conf.beat_schedule.values()
        if e["task"] == "core.clear_expired_sessions"
    ]
    assert [e["schedule"] for e in entries] == [24 * 3600]
    assert "core.clear_expired_sessions" in celery_app.tasks
