"""Settings come from the environment and refuse malformed values loudly."""

from __future__ import annotations

import subprocess
import sys

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.env import StrictEnv
from tests.make_run_site import ROOT, environment_without

PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "k" * 20 + "-production-secret-that-is-long-enough-0123456789",
    "ALLOWED_HOSTS": "kartyavar.example,www.kartyavar.example",
}


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = environment_without(
        "DJANGO_SETTINGS_MODULE",
        "DEBUG",
        "SECRET_KEY",
        "ALLOWED_HOSTS",
        "DJANGO_ALLOW_ASYNC_UNSAFE",
    )
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    ("raw", "expected"), [("1", True), ("true", True), ("Yes", True), ("0", False), ("off", False)]
)
def test_booleans_accept_the_usual_spellings(raw, expected):
    assert StrictEnv({"DEBUG": raw}).bool("DEBUG", default=not expected) is expected


def test_a_malformed_boolean_names_the_variable():
    with pytest.raises(ImproperlyConfigured, match="DEBUG='maybe' is not a boolean"):
        StrictEnv({"DEBUG": "maybe"}).bool("DEBUG", default=True)


def test_unset_or_blank_values_take_the_default():
    env = StrictEnv({"PORT": "  "})
    assert env.int("PORT", default=8000) == 8000
    assert env.list("HOSTS", default=["a"]) == ["a"]


def test_lists_are_comma_separated_and_trimmed():
    assert StrictEnv({"H": " a.example , b.example ,"}).list("H", default=[]) == [
        "a.example",
        "b.example",
    ]


def test_database_url_becomes_django_settings():
    config = StrictEnv({"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/test"}).database(
        "DATABASE_URL", default="sqlite:///x.sqlite3"
    )
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["NAME"], config["HOST"], config["PORT"]) == ("test", "127.0.0.1", 5432)


@pytest.mark.parametrize("url", ["not-a-url", "mysql://root@localhost/db"])
def test_unsupported_database_urls_are_refused(url):
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        StrictEnv({"DATABASE_URL": url}).database("DATABASE_URL", default="sqlite:///x")


def test_redis_url_must_be_a_redis_url():
    assert StrictEnv({}).redis_url("REDIS_URL") is None
    with pytest.raises(ImproperlyConfigured, match="not a Redis URL"):
        StrictEnv({"REDIS_URL": "http://127.0.0.1:6379"}).redis_url("REDIS_URL")


def test_start_up_stops_on_a_malformed_value():
    result = manage("check", DEBUG="maybe")
    assert result.returncode != 0
    assert "DEBUG='maybe' is not a boolean" in result.stderr


@pytest.mark.parametrize(
    ("env", "named"),
    [
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL"),
        ({"DATABASE_URL": "postgres://u@127.0.0.1/x", "DB_POOL_TIMEOUT": "0"}, "DB_POOL_TIMEOUT"),
        ({"DATABASE_URL": "postgres://u@127.0.0.1/x", "DB_POOL_MIN_SIZE": "0"}, "DB_POOL_MIN_SIZE"),
        (
            {"DATABASE_URL": "postgres://u@127.0.0.1/x", "DB_POOL_MIN_SIZE": "9"},
            "DB_POOL_MIN_SIZE",
        ),
        ({"PRINT_SWEEP_SECONDS": "soon"}, "PRINT_SWEEP_SECONDS"),
        ({"PRINT_SWEEP_SECONDS": "0"}, "PRINT_SWEEP_SECONDS"),
    ],
)
def test_start_up_names_the_variable_it_cannot_use(env, named):
    result = manage("check", **env)
    assert result.returncode != 0
    assert named in result.stderr.splitlines()[-1], result.stderr[-500:]


def test_a_log_level_in_lower_case_is_read():
    code = "from django.conf import settings as s; print(s.LOGGING['root']['level'])"
    assert manage("shell", "--no-imports", "-c", code, LOG_LEVEL="debug").stdout.strip() == "DEBUG"


def test_production_refuses_to_start_without_a_secret_key():
    result = manage("check", DEBUG="0", ALLOWED_HOSTS="kartyavar.example")
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_settings_pass_the_deploy_check_with_no_warnings():
    result = manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout


def test_redis_url_switches_broker_and_channel_layer():
    code = (
        "from django.conf import settings as s;"
        "print(s.CELERY_BROKER_URL, s.CHANNEL_LAYERS['default']['BACKEND'])"
    )
    embedded = manage("shell", "--no-imports", "-c", code, REDIS_URL="")
    # Without Redis the worker's frames (a bot's moves) still reach the web
    # server: the layer is a SQLite file both processes read, apart from the data.
    assert embedded.stdout.split() == [
        "filesystem://localhost//",
        "channels_lite.layers.core.SQLiteChannelLayer",
    ]
    where = manage(
        "shell",
        "--no-imports",
        "-c",
        "from django.conf import settings as s; from channels.layers import get_channel_layer;"
        "print(s.DATABASES[get_channel_layer().database]['NAME'], s.DATABASES['default']['NAME'])",
        REDIS_URL="",
    )
    layer_file, data_file = where.stdout.split()
    assert layer_file.endswith("channels.sqlite3") and layer_file != data_file
    redis = manage("shell", "--no-imports", "-c", code, REDIS_URL="redis://127.0.0.1:6379/3")
    assert redis.stdout.split() == [
        "redis://127.0.0.1:6379/3",
        "core.channel_layer.FanOutChannelLayer",
    ]


def test_with_debug_on_a_request_warning_is_printed_once():
    """Django's own console handler (on while DEBUG is) and ours both printed each record of
    the "django" loggers: every refused request and traceback twice under `make run`."""
    code = "import logging; logging.getLogger('django.request').warning('Bad Request: /x/')"
    result = manage("shell", "--no-imports", "-c", code, DEBUG="1")
    assert result.stderr.count("Bad Request: /x/") == 1, result.stderr
    assert "WARNING django.request: Bad Request: /x/" in result.stderr
