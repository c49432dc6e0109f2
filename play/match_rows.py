"""The two statements every move makes, written once as SQL: the locked read and the logged move.

A move reads the match row under its lock and then appends to the action log
and updates the row. Through the ORM those cost more in building the SQL
than in running it: measured with bench/live.py (100 matches at full speed),
Django's query compiler took about a millisecond and a half of a move's
four of server CPU, most of it for the locked read with its deferred
column and joined game. Here the SQL is made once per process from the
models' own metadata (columns, table names, value preparation), so a new
column needs no edit, and the log entry and the row's update go to
PostgreSQL as one statement, one round trip.

The rules do not change: the row is locked (FOR UPDATE where the database
has it; SQLite's IMMEDIATE transactions lock the file instead), the log entry
is written in the same transaction as the new version, and the snapshot
column is read only when a state must be rebuilt.
"""

from __future__ import annotations

import functools
import time

from django.db import connection
from django.utils import timezone

from catalog.models import Game
from play.models import Match, MatchAction

# Games change only when the catalogue is loaded again; every move needs its match's.
_GAMES_TTL = 300.0
_games: dict[int, tuple[float, Game]] = {}
# The log entry's fields, in the order `log_move` gives their values.
_LOGGED = ("match", "seq", "seat", "action", "created_at")


def locked(match_id) -> Match | None:
    """The match row, locked until the transaction ends, with its game; None if there is none.

    The snapshot column is left out (a deferred field, loaded if a state
    must be rebuilt), as the ORM's `.defer("snapshot")` would.
    """
    key = _prepared(Match, "id", match_id)  # a malformed id is refused as the ORM would
    match = next(iter(Match.objects.raw(_locked_sql(connection.vendor), [key])), None)
    if match is not None:
        match.game = _game(match.game_id)
    return match


@functools.cache
def _locked_sql(vendor: str) -> str:
    quote = connection.ops.quote_name
    columns = ", ".join(
        quote(f.column) for f in Match._meta.concrete_fields if f.name != "snapshot"
    )
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    table, pk = quote(Match._meta.db_table), quote(Match._meta.pk.column)
    return f"SELECT {columns} FROM {table} WHERE {pk} = %s{lock}"  # noqa: S608 - names only


def _game(game_id: int) -> Game:
    found = _games.get(game_id)
    if found is None or time.monotonic() - found[0] > _GAMES_TTL:
        found = _games[game_id] = (time.monotonic(), Game.objects.get(pk=game_id))
    return found[1]


def log_move(match: Match, position: int, action: dict, fields: list[str]) -> None:
    """Append the move `match.version` to the log and write the row's `fields`, together.

    PostgreSQL takes both as one statement; other databases get the ORM's two.
    """
    if connection.vendor != "postgresql":
        MatchAction.objects.create(match=match, seq=match.version, seat=position, action=action)
        match.save(update_fields=fields)
        return
    logged = zip(_LOGGED, (match.pk, match.version, position, action, timezone.now()), strict=True)
    params = [_prepared(MatchAction, name, value) for name, value in logged]
    params += [_prepared(Match, name, getattr(match, name)) for name in fields]
    params.append(_prepared(Match, "id", match.pk))
    with connection.cursor() as cursor:
        cursor.execute(_log_move_sql(tuple(fields)), params)


@functools.cache
def _log_move_sql(fields: tuple[str, ...]) -> str:
    quote = connection.ops.quote_name
    log_columns = ", ".join(quote(MatchAction._meta.get_field(name).column) for name in _LOGGED)
    assignments = ", ".join(f"{quote(Match._meta.get_field(name).column)} = %s" for name in fields)
    return (
        f"WITH logged AS (INSERT INTO {quote(MatchAction._meta.db_table)} ({log_columns})"  # noqa: S608
        f" VALUES (%s, %s, %s, %s, %s))"
        f" UPDATE {quote(Match._meta.db_table)} SET {assignments}"
        f" WHERE {quote(Match._meta.pk.column)} = %s"
    )


def _prepared(model, name: str, value):
    """`value` as the field's own save would hand it to the database driver."""
    field = model._meta.get_field(name)
    if field.is_relation:
        field = field.target_field
    return field.get_db_prep_save(value, connection)
