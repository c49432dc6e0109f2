"""The site against real PostgreSQL, Redis and a Celery worker process."""

from __future__ import annotations

import pytest
from django.conf import settings

from core.tasks import probe

pytestmark = pytest.mark.integration


def test_a_task_goes_through_redis_to_a_worker_and_back(celery_worker, redis_url):
    assert settings.CELERY_BROKER_URL == redis_url
    result = probe.apply_async()
    answer = result.get(timeout=30)
    assert result.successful()
    assert answer["database"] in {"postgresql", "sqlite"}
    assert not result.__class__.__name__.startswith("Eager")


def test_health_reports_postgres_and_redis(postgres, redis_url, client):
    body = client.get("/healthz").json()
    assert body["status"] == "ok"
    assert body["checks"]["database"]["backend"] == "postgresql"
    assert body["checks"]["broker"]["backend"] == "redis"
    assert body["checks"]["channel_layer"]["backend"] == "FanOutChannelLayer"


def test_health_waits_for_a_real_worker_on_request(celery_worker, client):
    body = client.get("/healthz?worker=1").json()
    assert body["checks"]["worker"]["status"] == "up"
    assert "answered by" in body["checks"]["worker"]["detail"]


def test_accounts_work_on_postgres(postgres, client):
    from tests.factories import PASSWORD

    response = client.post(
        "/accounts/signup/",
        {"username": "pg-player", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302
    assert client.get("/api/me/").json()["username"] == "pg-player"
