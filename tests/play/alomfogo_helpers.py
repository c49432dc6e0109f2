"""Shared helpers for Álomfogó engine tests: fixed-order games and short action calls."""

from __future__ import annotations

from play.bots.alomfogo_cards import all_cards
from play.engines import get_engine

ENGINE = get_engine("alomfogo")
CARDS = all_cards()
FILLER = "AFD-019"  # Kobold Kálmán, a 0-cost révülő with no text


def by_name(name: str) -> dict:
    return next(c for c in CARDS.values() if c["name"] == name)


def deck(*codes_or_names: str, filler: int = 10) -> list[dict]:
    cards = [CARDS[x] if x in CARDS else by_name(x) for x in codes_or_names]
    return cards + [CARDS[FILLER]] * filler


def game(*decks: list[dict], **options):
    """A game of one seat per deck (two, or more for a table), each deck in the given order."""
    opts = {"shuffle": False, "first_player": 0, "min_deck_size": 0, "max_copies": 0}
    opts.update(options)
    return ENGINE.new_game(list(decks), opts, seed=1)


def act(g, type_: str, card: str | None = None, **extra):
    """Apply an action for whoever decides now."""
    action = {"type": type_, "player": g.active_player}
    if card is not None:
        action["card"] = card
    action.update(extra)
    return g.apply(action)


def answer_draw(g, take: bool = True) -> list[dict]:
    """Answer the draw the rules allow after an álomlény or a cycled instant, if one is offered."""
    pending = g.s["pending"]
    if pending is None or pending["kind"] != "draw":
        return []
    return act(g, "draw_card" if take else "decline_draw")


def let_resolve(g) -> list[dict]:
    """Let the spell just cast resolve: each seat asked whether to counter it declines,
    having no counter it may use; the events.

    Every opponent holding a card is asked (DECISIONS 6, read so that the window tells
    nobody what a hand holds), so a spell waits for their answers before it resolves.
    """
    events = []
    while g.s["pending"] is not None and g.s["pending"]["kind"] == "counter":
        assert types(g) == {"decline_counter"}, "asked while holding a counter it may use"
        events += act(g, "decline_counter")
    return events


def codes(g, p: int, zone: str) -> list[str]:
    return [g.s["inst"][i]["code"] for i in g.s["players"][p][zone]]


def states(g, p: int) -> dict[str, str]:
    return {g.s["inst"][i]["code"]: g.s["inst"][i]["state"] for i in g.s["players"][p]["board"]}


def in_hand(g, p: int, code: str) -> str:
    return next(i for i in g.s["players"][p]["hand"] if g.s["inst"][i]["code"] == code)


def on_board(g, p: int, code: str) -> str:
    return next(i for i in g.s["players"][p]["board"] if g.s["inst"][i]["code"] == code)


def types(g) -> set[str]:
    return {a["type"] for a in g.legal_actions(g.active_player)}


def pass_turn(g) -> None:
    """From the main phase: end it and the turn."""
    act(g, "end_main")
    act(g, "end_turn")
