"""Schemathesis against the live site: every operation of /api/schema/, generated
requests (valid and invalid), anonymous and signed in with a token. No answer
may be a 5xx, and every answer must be one the schema documents (status code,
content type, body)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from django.core.management import call_command
from rest_framework.authtoken.models import Token

from tests.factories import make_user
from tests.integration.live_site import ROOT, start_site

CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_schema_conformance",
    ]
)


@pytest.fixture
def site(postgres, redis_url, transactional_db, tmp_path):
    call_command("load_cards", verbosity=0)
    # A Redis database of its own: print jobs queued here are never worked on
    # and must not reach the workers of other tests.
    site = start_site(tmp_path, REDIS_URL=redis_url.rsplit("/", 1)[0] + "/11")
    yield site
    site.stop()


def _schemathesis(site, *extra: str) -> subprocess.CompletedProcess:
    command = [
        os.path.join(os.path.dirname(sys.executable), "st"), "run", f"{site.url}/api/schema/",
        "--checks", CHECKS,
        "--max-examples", "8",
        # One worker: schemathesis 4.32 imports anyio lazily, and two workers
        # importing it at once crash on Python 3.11 ("AST constructor
        # recursion depth mismatch"), an error of the tool, not of the site.
        "--workers", "1",
        "--seed", "20261201",
        "--max-time", "15",
        "--request-timeout", "20",
        "--suppress-health-check", "all",
        "--exclude-path-regex", "^/api/docs/",
        *extra,
    ]  # fmt: skip
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=240, check=False
    )


def _assert_green(run: subprocess.CompletedProcess, site) -> None:
    tail = run.stdout[-6000:]
    assert run.returncode == 0, (
        f"schemathesis failed:\n{tail}\nserver log:\n{site.log.read_text()[-3000:]}"
    )


def test_anonymous_requests_get_documented_answers_and_no_5xx(site):
    _assert_green(_schemathesis(site, "--phases", "examples,coverage,fuzzing"), site)


def test_token_requests_get_documented_answers_and_no_5xx(site):
    user = make_user("fuzzer")
    token = Token.objects.create(user=user)
    # With a token, the stateful phase also follows the schema's links: a deck
    # or match it creates is then read, changed and deleted.
    run = _schemathesis(
        site,
        "--phases", "examples,coverage,fuzzing,stateful",
        "--header", f"Authorization: Token {token.key}",
    )  # fmt: skip
    _assert_green(run, site)
