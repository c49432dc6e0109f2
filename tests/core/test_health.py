"""/healthz reports each service and answers 503 when one is down."""

from __future__ import annotations

import pytest
from django.db import OperationalError, connections

from config.celery import app as celery_app
from core import health
from core.channel_layer import FanOutChannelLayer

CLOSED_PORT_REDIS = "redis://127.0.0.1:1/0"  # nothing listens on port 1


@pytest.fixture
def client_get(client):
    def get(url="/healthz"):
        response = client.get(url)
        return response.status_code, response.json()

    return get


@pytest.mark.django_db
def test_all_services_up(client_get):
    status, body = client_get()
    assert status == 200
    assert body["status"] == "ok"
    assert set(body["checks"]) == {"database", "broker", "channel_layer"}
    assert all(check["status"] == "up" for check in body["checks"].values())


@pytest.mark.django_db
def test_broker_down_gives_503(client_get, monkeypatch):
    monkeypatch.setattr(celery_app.conf, "broker_url", CLOSED_PORT_REDIS)
    monkeypatch.setitem(celery_app.conf, "broker_transport", None)  # make run's: files
    status, body = client_get()
    assert status == 503
    assert body["status"] == "unavailable"
    assert body["checks"]["broker"]["status"] == "down"
    assert body["checks"]["database"]["status"] == "up"


@pytest.mark.django_db
def test_channel_layer_down_gives_503(client_get, monkeypatch):
    unreachable = FanOutChannelLayer(hosts=[CLOSED_PORT_REDIS])
    monkeypatch.setattr(health, "get_channel_layer", lambda: unreachable)
    status, body = client_get()
    assert status == 503
    assert body["checks"]["channel_layer"]["status"] == "down"
    assert body["checks"]["channel_layer"]["backend"] == "FanOutChannelLayer"


@pytest.mark.django_db
def test_database_down_gives_503(client_get, monkeypatch):
    def refuse():
        raise OperationalError("connection refused")

    monkeypatch.setattr(connections["default"], "ensure_connection", refuse)
    status, body = client_get()
    assert status == 503
    assert body["checks"]["database"]["status"] == "down"
    assert "connection refused" in body["checks"]["database"]["detail"]


@pytest.mark.django_db
def test_worker_round_trip_is_reported_on_request(client_get):
    # Tests run tasks eagerly, so this exercises the probe task itself.
    status, body = client_get("/healthz?worker=1")
    assert status == 200
    assert body["checks"]["worker"]["status"] == "up"


def test_health_is_never_cached(client):
    response = client.get("/healthz")
    assert "no-cache" in response["Cache-Control"]


def test_worker_probes_run_one_at_a_time_and_share_their_verdict(monkeypatch):
    """Fifty load-balancer probes at once must not queue fifty tasks behind each other (they
    reported a healthy worker down): one probe runs, the others share its verdict a while."""
    import time

    from core import health
    from tests.concurrency import run_together

    probes = []

    def probe(ok: bool):
        def run():
            probes.append(ok)
            time.sleep(0.2)
            return health.Check("worker", ok, "celery", "answered" if ok else "no answer", 200.0)

        return run

    clock = [1000.0]
    monkeypatch.setattr(health, "_now", lambda: clock[0])
    monkeypatch.setattr(health, "_worker_verdict", None)
    verdicts = run_together(*[lambda: health.worker_verdict(probe(True))] * 20)
    assert probes == [True] and all(v.ok for v in verdicts)
    clock[0] += health.WORKER_UP_SECONDS - 1
    assert health.worker_verdict(probe(False)).ok and probes == [True]  # still trusted
    clock[0] += 2
    assert not health.worker_verdict(probe(False)).ok  # asked again: it is down now
    clock[0] += health.WORKER_DOWN_SECONDS - 1
    assert not health.worker_verdict(probe(True)).ok and probes == [True, False]
    clock[0] += 2
    assert health.worker_verdict(probe(True)).ok and probes == [True, False, True]
