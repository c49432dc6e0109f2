"""A scratch database for a benchmark that fills one: on a PostgreSQL server, or SQLite."""

from __future__ import annotations

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
