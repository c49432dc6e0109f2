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
