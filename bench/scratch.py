"""A scratch database for a benchmark that fills one: on a PostgreSQL server, or SQLite."""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def scratch_database(postgres: str | None, name: str, folder: Path) -> str:
    """The URL of an empty database `name`: made anew on the `postgres` server if given
    (any database there of that name is dropped first), else a SQLite file in `folder`."""
    if not postgres:
        return f"sqlite:///{folder / f'{name}.sqlite3'}"
    import psycopg

    with psycopg.connect(postgres, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        conn.execute(f"CREATE DATABASE {name}")
    return postgres.rsplit("/", 1)[0] + f"/{name}"


def setup_django(database_url: str, var_dir: Path) -> None:
    """Django on `database_url` with production-like settings: no query log growing in a run."""
    import os

    os.environ["DATABASE_URL"] = database_url
    os.environ["VAR_DIR"] = str(var_dir)
    os.environ.pop("REDIS_URL", None)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ["DEBUG"] = "0"
    os.environ.setdefault("SECRET_KEY", "bench-" + "x" * 60)
    os.environ["ALLOWED_HOSTS"] = "testserver"
    os.environ["SECURE_SSL_REDIRECT"] = "0"
    import django

    django.setup()


@contextmanager
def scratch_django(postgres: str | None, name: str) -> Iterator[Path]:
    """Django set up on a scratch database `name` (scratch_database) with a var/ folder of
    its own, which is deleted afterwards with the SQLite file in it; yields the folder."""
    scratch = Path(tempfile.mkdtemp(prefix="kartyavar-bench-"))
    try:
        setup_django(scratch_database(postgres, name, scratch), scratch)
        yield scratch
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
