"""Each seat numbers its own dreams: a player's first dream is dream 1 whoever else has dreams.

A dream's id ("d5") counts the whole table's dreams; the engine numbers each seat's dreams
1, 2, … in the order the seat starts them, and a number stays with its dream all game: a
lost dream's number is not given again, so "dream 2" names one dream in every log line.
The table (static/js/oniroo.js, run by Node) and the terminal game read the engine's
number in headings, buttons and the log, and say whose dream another seat's dream is.
"""

from __future__ import annotations

import re

from play import cli_oniroo
from tests.play.oniroo_helpers import NIGHTMARE, act, arrange, game, pass_turn, plain_symbols
from tests.play.page_scripts import needs_node
from tests.play.test_oniroo_table_js import PAGE, first_message, state_message

# One state message after another, as a page receives them (one memory): each seat's dream
# headings and labels, every button's words, and the log lines the new events add.
DRIVER = r"""
const t = Live.makeT(input.strings);
const memory = new Map();
let keys = [];
const out = input.frames.map((msg) => {
  const m = new lib.Oniroo(msg, t, input.lang, memory);
  const layout = m.layout();
  const buttons = [];
  const walk = (value, key) => {
    if (Array.isArray(value)) {
      if (key === "buttons" || key === "bar") buttons.push(...value);
      value.forEach((v) => walk(v, key));
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, k);
    }
  };
  walk(layout, "");
  const diff = Live.newEvents(keys, msg.view.events, lib.eventKey);
  keys = diff.keys;
  return {
    seats: Object.fromEntries(
      layout.seats.map((s) => [s.seat, s.dreams.map((d) => [d.title, d.label])])
    ),
    buttons: buttons.map((b) => [b.short, b.full]),
    log: diff.fresh.map((e) => m.formatEvent(e)),
  };
});
process.stdout.write(JSON.stringify(out));
"""


def table_seen(frames: list[dict], language: str = "en") -> list[dict]:
    strings = PAGE.strings(first_message(), language)
    return PAGE.run_node(DRIVER, {"frames": frames, "strings": strings, "lang": language})


def a_table_where_the_bots_dreams_come_first():
    """Level 5, three seats: seats 1 and 2 have two dreams each (d1–d4), then seat 0 starts
    her first (d5); she is to move with symbol cards and a nightmare in hand."""
    cards = plain_symbols(12)
    return arrange(
        game(level=5, players=3),
        dreams={1: [[cards[0]], [cards[1]]], 2: [[cards[2]], [cards[3]]], 0: [[cards[4]]]},
        hands={0: [NIGHTMARE, *cards[5:9]]},
    )


@needs_node
def test_a_seats_first_dream_is_dream_1_when_other_seats_dreams_came_first():
    g = a_table_where_the_bots_dreams_come_first()
    assert [d["id"] for d in g.s["players"][0]["dreams"]] == ["d5"]
    (seen,) = table_seen([state_message(g, 0)])
    bot, gergo = "Bot (greedy)", "gergo"  # seats 1 and 2 (tests/play/test_oniroo_table_js.py)
    assert seen["seats"] == {
        "0": [["Dream 1", "your dream 1"]],
        "1": [["Dream 1", f"{bot}'s dream 1"], ["Dream 2", f"{bot}'s dream 2"]],
        "2": [["Dream 1", f"{gergo}'s dream 1"], ["Dream 2", f"{gergo}'s dream 2"]],
    }
    words = " ".join(short + " " + full for short, full in seen["buttons"])
    assert "On: Dream 1" in words  # into her own dream: its heading's words
    assert not any(f"ream {n}" in words for n in (3, 4, 5)), words
    # a nightmare names the dream it would take, with whose it is
    attacks = [full for _short, full in seen["buttons"] if "against" in full or "on" in full]
    for owner in (bot, gergo):
        for n in (1, 2):
            assert any(f"{owner}'s dream {n}" in full for full in attacks), attacks


@needs_node
def test_the_hungarian_table_numbers_her_first_dream_1():
    g = a_table_where_the_bots_dreams_come_first()
    (seen,) = table_seen([state_message(g, 0)], "hu")
    assert seen["seats"]["0"] == [["1. álom", "1. álmod"]]
    # another seat's: its number first, the owner after it (a name may end in a number:
    # "Közepes bot 1 6. álma" read as "bot 16")
    labels = [label for _title, label in seen["seats"]["1"]]
    assert [label.split(" (")[0] for label in labels] == ["1. álom", "2. álom"], labels
    assert "Ide: 1. álom" in [short for short, _full in seen["buttons"]]
    assert "Ide: 5. álom" not in [short for short, _full in seen["buttons"]]


def a_play(g, dream: str) -> dict:
    return next(
        a for a in g.legal_actions(g.active_player) if a["type"] == "play" and a["dream"] == dream
    )


@needs_node
def test_the_log_names_a_dream_by_its_owners_number_also_once_it_is_gone():
    """Her nightmare takes gergo's dream 2; the bot adds to its dream 2, gergo starts another
    (now his dream 2 on the table), she adds to her dream 1: each named so in her log."""
    g = a_table_where_the_bots_dreams_come_first()
    frames = [state_message(g, 0)]
    nightmare = next(
        a
        for a in g.legal_actions(0)
        if a["type"] == "attack" and a.get("dream") == "d4"  # gergo's second dream
    )
    act(g, "attack", card=nightmare["card"], target=2, dream="d4")
    while g.s["pending"]:  # gergo may show a dream fairy: he lets it happen
        act(g, "accept")
    assert [d["id"] for d in g.s["players"][2]["dreams"]] == ["d3"]
    frames.append(state_message(g, 0))
    for seat, dream in ((1, "d2"), (2, "new"), (0, "d5")):
        assert g.active_player == seat
        g.apply(a_play(g, dream))
        frames.append(state_message(g, 0))
        if g.active_player == seat:  # a card that may be followed: the turn is ended
            pass_turn(g)
    assert [d["id"] for d in g.s["players"][2]["dreams"]] == ["d3", "d6"]
    first, after_nightmare, bot_played, gergo_played, she_played = table_seen(frames)
    log = after_nightmare["log"]
    assert any(line.endswith("against gergo's dream 2") for line in log), log
    lost = [line for line in log if "discard pile" in line]
    assert lost and lost[0].startswith("gergo's dream 2 "), log
    assert after_nightmare["seats"]["2"] == [["Dream 1", "gergo's dream 1"]]
    said = {name: seen["log"] for name, seen in (("bot", bot_played), ("gergo", gergo_played))}
    assert any(line.endswith("→ Bot (greedy)'s dream 2") for line in said["bot"]), said
    # his new dream is his third: "dream 2" was the one he lost, and stays that one
    assert any(line.endswith("→ gergo's dream 3") for line in said["gergo"]), said
    assert [title for title, _label in gergo_played["seats"]["2"]] == ["Dream 1", "Dream 3"]
    assert any(line.endswith("→ your dream 1") for line in she_played["log"]), she_played["log"]
    assert first["seats"]["0"] == she_played["seats"]["0"] == [["Dream 1", "your dream 1"]]


def nightmare_on(g, seat: int, dream: str) -> None:
    """Seat 0's nightmare takes that dream (its owner lets it happen)."""
    g.apply(
        next(a for a in g.legal_actions(0) if a["type"] == "attack" and a.get("dream") == dream)
    )
    assert g.s["attack"] is None or g.s["attack"]["target"] == seat
    while g.s["pending"]:
        act(g, "accept")


@needs_node
def test_a_dream_keeps_its_number_when_an_earlier_one_is_lost():
    """Her nightmare takes the bot's dream 1: its dream 2 is still "dream 2" on the table,
    in her buttons and in the log, before and after."""
    g = a_table_where_the_bots_dreams_come_first()
    before = state_message(g, 0)
    nightmare_on(g, 1, "d1")
    assert [d["id"] for d in g.s["players"][1]["dreams"]] == ["d2"]
    after = state_message(g, 0)
    bot = "Bot (greedy)"
    _before, seen = table_seen([before, after])
    assert seen["seats"]["1"] == [["Dream 2", f"{bot}'s dream 2"]]
    assert any(line.startswith(f"{bot}'s dream 1 ") for line in seen["log"]), seen["log"]
    # a page opened after the loss never showed that dream: the event still names it
    (fresh,) = table_seen([after])
    assert any(line.startswith(f"{bot}'s dream 1 ") for line in fresh["log"]), fresh["log"]


def test_the_engine_numbers_a_seats_dreams_for_the_whole_game():
    g = a_table_where_the_bots_dreams_come_first()
    numbers = {s["seat"]: [d["number"] for d in s["dreams"]] for s in g.view(0)["players"]}
    assert numbers == {0: [1], 1: [1, 2], 2: [1, 2]}
    nightmare_on(g, 2, "d4")
    lost = [e for e in g.view(0)["events"] if e["type"] == "dream_lost"]
    assert [(e["player"], e["dream"], e["number"]) for e in lost] == [(2, "d4", 2)]
    for seat, dream in ((1, "d2"), (2, "new")):
        g.apply(a_play(g, dream))
        if g.active_player == seat:
            pass_turn(g)
    seats = g.view(1)["players"]
    assert [d["number"] for d in seats[2]["dreams"]] == [1, 3]
    assert seats[2]["dreams_started"] == 3


def test_a_game_saved_before_dreams_were_numbered_numbers_them_by_place():
    g = a_table_where_the_bots_dreams_come_first()
    saved = g.to_dict()
    for seat in saved["players"]:
        del seat["dreams_started"]
        for dream in seat["dreams"]:
            del dream["number"]
    old = type(g).from_dict(saved)
    assert [d["number"] for d in old.view(0)["players"][1]["dreams"]] == [1, 2]
    nightmare_on(old, 2, "d3")  # gergo's first
    for seat, dream in ((1, "d2"), (2, "new")):
        old.apply(a_play(old, dream))
        if old.active_player == seat:
            pass_turn(old)
    # an unnumbered dream is counted by its place, as before numbers were kept; the new one
    # is numbered after it, never beside it
    seat = old.view(0)["players"][2]
    assert [d["number"] for d in seat["dreams"]] == [1, 2]
    assert seat["dreams_started"] == 2


def test_the_terminal_game_names_dreams_with_the_tables_numbers():
    """`python -m play.cli oniroo` says "dream 2" where the web table does, not the id."""
    g = a_table_where_the_bots_dreams_come_first()
    view = g.view(0)
    for lang, mine, theirs in (("en", "  Dream 1", "  Dream 2"), ("hu", "  1. álom", "  2. álom")):
        text = cli_oniroo.format_view(view, lang)
        assert mine + ":" in text and theirs + ":" in text, text
        assert not re.search(r"\bd\d\b", text), text  # no table-wide id
    menu = cli_oniroo.format_actions(g.legal_actions(0), view, "en")
    assert "→ Bot 2 (dream 2)" in menu and "→ dream 1\n" in menu, menu
    assert not re.search(r"\bd\d\b", menu), menu
    nightmare_on(g, 2, "d3")  # gergo's dream 1 goes; his dream 2 is still dream 2
    after = g.view(0)
    lost = next(e for e in after["events"] if e["type"] == "dream_lost")
    assert cli_oniroo.format_event(lost, after, "en").endswith("dream lost — dream 1 (1 card)")
    assert "  Dream 2:" in cli_oniroo.format_view(after, "en")
