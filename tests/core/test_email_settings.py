"""Where the site's mails go: files under var/mail/ by default, SMTP from the environment."""

from __future__ import annotations

import io
import json

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command

from config.env import StrictEnv
from core.management.commands import serve
from tests.core.test_settings import PRODUCTION, manage
from tests.make_run_site import free_port

SHOW = (
    "import json; from django.conf import settings as s;"
    "print(json.dumps({k: str(getattr(s, k, None)) for k in ("
    "'EMAIL_BACKEND', 'EMAIL_FILE_PATH', 'EMAIL_HOST', 'EMAIL_PORT', 'EMAIL_HOST_USER',"
    "'EMAIL_HOST_PASSWORD', 'EMAIL_USE_TLS', 'DEFAULT_FROM_EMAIL', 'VAR_DIR')}))"
)
EMAIL_VARIABLES = {
    name: ""
    for name in ("EMAIL_URL", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD")
}


def email_settings(**env: str) -> dict:
    result = manage("shell", "--no-imports", "-c", SHOW, **{**EMAIL_VARIABLES, **env})
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_with_nothing_set_mails_are_files_under_var(tmp_path):
    found = email_settings(VAR_DIR=str(tmp_path))
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.filebased.EmailBackend"
    assert found["EMAIL_FILE_PATH"] == str(tmp_path / "mail")


def test_an_email_url_sends_through_smtp():
    found = email_settings(
        EMAIL_URL="smtp+tls://kartya%40example.org:s3cret@smtp.example.org:2525",
        DEFAULT_FROM_EMAIL="Kártyavár <noreply@kartyavar.example>",
    )
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"]) == ("smtp.example.org", "2525")
    assert (found["EMAIL_HOST_USER"], found["EMAIL_HOST_PASSWORD"]) == (
        "kartya@example.org",
        "s3cret",
    )
    assert found["EMAIL_USE_TLS"] == "True"
    assert found["EMAIL_FILE_PATH"] == "None"
    assert found["DEFAULT_FROM_EMAIL"] == "Kártyavár <noreply@kartyavar.example>"


def test_separate_variables_send_through_smtp_with_tls_by_default():
    found = email_settings(EMAIL_HOST="mail.example.org", EMAIL_HOST_USER="site")
    assert found["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (found["EMAIL_HOST"], found["EMAIL_PORT"], found["EMAIL_USE_TLS"]) == (
        "mail.example.org",
        "587",
        "True",
    )


@pytest.mark.parametrize("url", ["https://mail.example.org", "consolemail://", "smtp://"])
def test_an_email_url_that_is_not_an_smtp_server_stops_start_up(url):
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL"):
        StrictEnv({"EMAIL_URL": url}).email_url("EMAIL_URL")


def test_the_refusal_does_not_print_the_password():
    with pytest.raises(ImproperlyConfigured) as refused:
        StrictEnv({"EMAIL_URL": "imap://user:hunter2@mail.example.org"}).email_url("EMAIL_URL")
    assert "hunter2" not in str(refused.value)


def test_production_with_smtp_passes_the_deploy_check():
    env = {**PRODUCTION, "EMAIL_URL": "smtp+tls://site:pw@smtp.example.org:587"}
    result = manage("check", "--deploy", "--fail-level", "WARNING", **env)
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


class _ExitedAtOnce:
    """A child process that has already exited, so `serve` stops right after its greeting."""

    returncode = 0

    def __init__(self, *args, **kwargs):
        pass

    def poll(self):
        return 0

    def wait(self, timeout=None):
        return 0


def test_make_run_says_where_the_mails_go(monkeypatch, settings, tmp_path):
    settings.EMAIL_FILE_PATH = tmp_path / "mail"
    settings.VAR_DIR = tmp_path  # serve's lock is this test's own
    monkeypatch.setattr(serve.subprocess, "Popen", _ExitedAtOnce)
    # Whatever else serve prepares before starting its children is not this test's business.
    monkeypatch.setattr(serve.Command, "_prepare_channel_layer", lambda self: None, raising=False)
    out = io.StringIO()
    with pytest.raises(SystemExit):
        call_command("serve", "--port", str(free_port()), stdout=out, stderr=io.StringIO())
    assert f"Mails (password resets) go to {tmp_path / 'mail'}." in out.getvalue()
