"""Rules engines, one package per game, behind the contract in `base.py`.

No module under `play.engines` imports Django.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from play.engines.base import Engine, GameState, IllegalAction, SetupError

__all__ = ["Engine", "GameState", "IllegalAction", "SetupError", "get_engine", "game_ids"]


def _package(game_id: str) -> str:
    # A game's engine package is named by its room: the id with "_" for "-"
    # (core/games.py, the registry, names the same rooms; this module may not
    # import it because the registry needs Django).
    return f"{__name__}.{game_id.replace('-', '_')}"


def game_ids() -> list[str]:
    """Ids of the games that have an engine: every package here that declares a `game_id`."""
    return list(_found())


@cache
def _found() -> tuple[str, ...]:
    packages = (m.name for m in pkgutil.iter_modules(__path__) if m.ispkg)
    return tuple(sorted(importlib.import_module(f"{__name__}.{p}").game_id for p in packages))


def get_engine(game_id: str) -> Engine:
    """The engine module of `game_id`; KeyError names the games that exist."""
    if game_id not in game_ids():
        raise KeyError(f"no engine for {game_id!r}; engines: {', '.join(game_ids())}")
    return importlib.import_module(_package(game_id))
