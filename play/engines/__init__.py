"""Rules engines, one package per game, behind the contract in `base.py`.

No module under `play.engines` imports Django.
"""

from __future__ import annotations

import importlib

from play.engines.base import Engine, GameState, IllegalAction, SetupError

# game id -> module that exposes `game_id`, `new_game` and `from_dict`
_ENGINES = {
    "alomfogo": "play.engines.alomfogo",
    "oniroo": "play.engines.oniroo",
    "arcane-guardian": "play.engines.arcane_guardian",
}

__all__ = ["Engine", "GameState", "IllegalAction", "SetupError", "get_engine", "game_ids"]


def game_ids() -> list[str]:
    """Ids of the games that have an engine."""
    return sorted(_ENGINES)


def get_engine(game_id: str) -> Engine:
    """The engine module of `game_id`; KeyError names the games that exist."""
    try:
        module = _ENGINES[game_id]
    except KeyError:
        raise KeyError(f"no engine for {game_id!r}; engines: {', '.join(game_ids())}") from None
    return importlib.import_module(module)
