"""The bot interface and the one loop that lets bots play a whole game.

A bot decides from what its seat may see and nothing else:

    action = bot.choose(view, legal, rng)

`view` is `state.view(seat)` and `legal` is `state.legal_actions(seat)`; the
bot returns one of the `legal` dicts. `play_game` is the only code here that
holds the `GameState` (through `decide`, which a terminal or server loop may
call for one move): it asks the state for the deciding seat's view and legal
actions, hands them to that seat's bot and applies the answer.

A bot that never reads the view (the random bot) says so with
`needs_view = False` and is given `None` instead: building a view costs more
than an engine step, and the benchmark measures the engine.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from core.games import DEFAULT_GAME, GAMES
from play.engines.base import Action, Engine, GameState, IllegalAction


class Bot(ABC):
    """A player that sees only its own view and the legal actions."""

    kind: str = "bot"
    needs_view: bool = True
    uses_knowledge: bool = False  # built with what its seat knows besides the view (get_bot)

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    @abstractmethod
    def choose(self, view: dict | None, legal: list[Action], rng: random.Random) -> Action:
        """One of `legal` (never empty). `rng` is the only randomness a bot may use."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


# What the lobby and the terminal call the bots: easy, normal, hard.
LEVELS = {"easy": "random", "normal": "greedy", "hard": "search"}


def bot_kinds(game: str = DEFAULT_GAME) -> list[str]:
    """The bot kinds of `game`: "greedy" and "random" everywhere, "search" where it can sample."""
    return sorted(_registry(game))


def _registry(game: str) -> dict[str, type[Bot]]:
    # The greedy bot is one of the game's rooms, named in the registry; the
    # registry needs no Django set up (its labels are lazy translations), so
    # plain-Python callers (terminal games, benchmarks) may read it too.
    from play.bots.random_bot import RandomBot

    if game not in GAMES:
        raise KeyError(f"no bots for the game {game!r}; games: {', '.join(GAMES)}")
    kinds: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GAMES[game].greedy_bot_class()}
    if GAMES[game].searchable:
        from play.bots.search import SearchBot

        kinds["search"] = SearchBot
    return kinds


def get_bot(kind: str, seed: int = 0, game: str = DEFAULT_GAME, **knowledge) -> Bot:
    """A new bot of `kind` (a kind or a level: easy, normal, hard) for `game`.

    `knowledge` is what the seat knows besides its view — `deck` (its own
    cards as given to new_game), `options` (the match options) — and the
    search bot's `seconds` of CPU a decision; only the search bot reads it.
    KeyError names what exists.
    """
    kinds = _registry(game)
    kind = LEVELS.get(kind, kind)
    try:
        cls = kinds[kind]
    except KeyError:
        raise KeyError(f"no bot called {kind!r}; bots: {', '.join(sorted(kinds))}") from None
    if cls.uses_knowledge:
        return cls(seed, game=game, **knowledge)
    return cls(seed)


def bot_rng(seed: int, seat: int, bot: Bot) -> random.Random:
    """The generator a seat's bot gets for one game: fixed by game seed, seat and bot seed."""
    return random.Random(f"{seed}:{seat}:{bot.seed}")


def decide(state: GameState, seat: int, bot: Bot, rng: random.Random) -> Action:
    """What `bot` plays for `seat` now; the bot gets the seat's view and legal actions only."""
    legal = state.legal_actions(seat)
    view = state.view(seat) if bot.needs_view else None
    return bot.choose(view, legal, rng)


def play_game(
    engine: Engine | str,
    decks: list,
    options: dict | None,
    seed: int,
    bots: dict[int, Bot],
    max_actions: int = 5000,
) -> tuple[GameState, list[Action]]:
    """Play one game from `new_game(decks, options, seed)` until it ends or `max_actions`.

    Returns the final state and the actions applied, in order, so
    `(decks, options, seed, actions)` replays the game. Same arguments, same game.
    """
    if isinstance(engine, str):
        from play.engines import get_engine

        engine = get_engine(engine)
    state = engine.new_game(decks, options, seed)
    missing = set(state.players) - set(bots)
    if missing:
        raise ValueError(f"no bot for seats {sorted(missing)}")
    rngs = {seat: bot_rng(seed, seat, bot) for seat, bot in bots.items()}
    actions: list[Action] = []
    while not state.is_over and len(actions) < max_actions:
        seat = state.active_player
        bot = bots[seat]
        action = decide(state, seat, bot, rngs[seat])
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise IllegalAction(exc.code, f"{bot!r} at seat {seat}: {exc.message}") from exc
        actions.append(action)
    return state, actions


def winner_of(state: GameState) -> int | None:
    """The single winning seat, or None (not over, or no single winner)."""
    result = state.result
    if not result or len(result["winners"]) != 1:
        return None
    return result["winners"][0]
