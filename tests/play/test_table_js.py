"""The live match table's front end: alomfogo.js parses, the page carries its JSON, the words fit.

Pure tests: no database, no server. Node (when installed) checks the script's
syntax and runs its pure half (event log, button labels, prompts) over every
state of a real bot game, as a browser would receive them.
"""

from __future__ import annotations

import re

import pytest

from play.bots.alomfogo_cards import all_cards, demo_decks
from play.cli_alomfogo import make_bot
from play.engines import get_engine
from tests.play.page_scripts import needs_node
from tests.play.table_js import BAD_TEXT, TablePage, TablePageTests, seat_message

PAGE = TablePage("alomfogo")
CATALOG = all_cards()
CARD_FACTS = (
    *("name", "name_en", "type", "cost", "attack", "defense", "glory_bonus", "text", "text_en"),
)


# --- building what the server sends -------------------------------------------
def state_message(state, seat: int | None) -> dict:
    """A "state" message as the contract describes it, for `seat` (None: a spectator)."""
    return seat_message(state, seat, ["zsofi", "Bot (greedy)"], CATALOG, CARD_FACTS)


def new_state(seed: int = 3):
    return get_engine("alomfogo").new_game(demo_decks(), None, seed)


def play_through(seed: int, seat: int | None = 0, kind: str = "greedy") -> list[dict]:
    """Every state message `seat` would receive in a game between two bots, first to last."""
    state = new_state(seed)
    bots = {p: make_bot(kind, seed, p) for p in state.players}
    messages = [state_message(state, seat)]
    for _ in range(2000):
        if state.is_over:
            break
        mover = state.active_player
        state.apply(bots[mover](state, mover))
        messages.append(state_message(state, seat))
    assert state.is_over, "the bot game should end"
    return messages


# --- the page ---------------------------------------------------------------------
def first_message(seat: int | None = 0) -> dict:
    return state_message(new_state(), seat)


class TestTablePage(TablePageTests):
    page = PAGE
    first_message = staticmethod(first_message)
    styles = ("css/alomfogo.css",)
    regions = ("table-hand", "table-hand-cards", "table-others", "table-own", "table-duel")


def test_a_spectators_page_hides_the_hand_region():
    html = PAGE.assert_spectator_page(first_message(None))
    assert re.search(r'id="table-hand"[^>]*\bhidden\b', html)


# --- the pure half of alomfogo.js, run by node over a whole game ----------------------
NODE_DRIVER = r"""
const t = Live.makeT(input.strings);
let keys = [];
const out = [];
for (const msg of input.messages) {
  const m = new lib.Table(msg, t, input.lang);
  const diff = Live.newEvents(keys, (msg.view || {}).events, lib.eventKey);
  keys = diff.keys;
  const sorted = m.sortActions();
  out.push({
    version: msg.version,
    fresh: diff.fresh.map((e) => e.type),
    gap: diff.gap,
    log: diff.fresh.map((e) => m.formatEvent(e)).filter((x) => x !== null),
    labels: m.legal.map((a) => m.labels(a)),
    onCards: [...sorted.onCards.values()].reduce((n, list) => n + list.length, 0),
    bar: sorted.bar.map((a) => a.type),
    prompt: m.prompt(),
    summary: m.summary(),
    duel: m.duelInfo(),
    casting: m.castingLines(),
    result: m.resultInfo(),
    cards: [...m.seen.values()].map((e) => m.describe(e, e.zone)),
    alts: [...m.seen.values()].map((e) => m.altText(e, e.zone)),
    marks: [...m.seen.values()].flatMap((e) => m.marks(e, e.zone)),
  });
}
process.stdout.write(JSON.stringify(out));
"""


def run_pure(messages: list[dict], language: str) -> list[dict]:
    strings = PAGE.strings(first_message(), language)
    payload = {"messages": messages, "strings": strings, "lang": language}
    return PAGE.run_node(NODE_DRIVER, payload, timeout=120)


BAR_TYPES = {
    *("end_main", "end_turn", "pass", "no_helper", "decline_defense", "decline_counter"),
    *("draw_card", "decline_draw"),
}


def texts_of(frame: dict) -> list[str]:
    found = [*frame["log"], frame["prompt"], frame["summary"], *frame["casting"], *frame["cards"]]
    found += frame["alts"]
    for mark in frame["marks"]:
        found += [mark["text"], mark.get("title") or ""]
    for label in frame["labels"]:
        found += [label["short"], label["full"]]
    if frame["duel"]:
        for side in ("attacker", "defender"):
            found += [v for v in frame["duel"][side].values() if isinstance(v, str)]
        found.append(frame["duel"]["now"])
    if frame["result"]:
        found += [frame["result"]["headline"], frame["result"]["reason"]]
    return found


# random bots with these seeds use every action but `activate` (no demo card has one)
GAMES = [
    ("random", 1, 0, "en"),
    ("random", 5, 1, "hu"),
    ("random", 4, 0, "hu"),
    ("greedy", 11, 0, "en"),
]


@needs_node
@pytest.mark.parametrize(("kind", "seed", "seat", "language"), GAMES)
def test_every_state_of_a_game_reads_cleanly(kind, seed, seat, language):
    messages = play_through(seed, seat, kind)
    frames = run_pure(messages, language)
    assert len(frames) == len(messages)
    for frame, msg in zip(frames, messages, strict=True):
        for text in texts_of(frame):
            assert not BAD_TEXT.search(text), f"version {frame['version']}: {text!r}"
        # each legal action has exactly one home: on a visible card or in the action bar
        assert frame["onCards"] + len(frame["bar"]) == len(msg["legal"])
        assert set(frame["bar"]) <= BAR_TYPES, frame["bar"]
        if msg["legal"]:
            assert frame["prompt"], f"version {frame['version']}: no prompt on your move"
    assert frames[-1]["result"]["headline"]
    # the first frame shows the deal; after that nothing is missed or repeated
    assert not any(f["gap"] for f in frames)


@needs_node
def test_the_log_shows_each_event_once():
    """Events arrive as a sliding window; the diff must yield each new event exactly once."""
    state = new_state(5)
    bots = {p: make_bot("greedy", 5, p) for p in state.players}
    messages = [state_message(state, 0)]
    expected = [e["type"] for e in messages[0]["view"]["events"]]
    while not state.is_over and len(messages) < 400:
        mover = state.active_player
        events = state.apply(bots[mover](state, mover))
        expected += [e["type"] for e in events]
        messages.append(state_message(state, 0))
        messages.append(state_message(state, 0))  # a reconnect resends the same state
    frames = run_pure(messages, "en")
    assert [t for f in frames for t in f["fresh"]] == expected


@needs_node
def test_a_spectator_sees_no_hand_and_has_no_moves():
    messages = play_through(2, None, "random")
    frames = run_pure(messages, "hu")
    for frame in frames:
        assert frame["labels"] == [] and frame["bar"] == []
        for text in texts_of(frame):
            assert not BAD_TEXT.search(text), text


# --- what a card's picture says beyond its face ------------------------------------
MARKS_DRIVER = r"""
const t = Live.makeT(input.strings);
const m = new lib.Table(input.message, t, input.lang);
const out = {};
for (const [id, entry] of m.seen) {
  out[id] = { marks: m.marks(entry, entry.zone), alt: m.altText(entry, entry.zone) };
}
process.stdout.write(JSON.stringify(out));
"""


def a_message_with_a_board(seat: int = 0) -> dict:
    """The first state message of a greedy game in which seat 0 has a révülő on the board."""
    for msg in play_through(11, seat, "greedy"):
        board = msg["view"]["players"][0]["board"]
        if any(msg["cards"][entry["code"]]["type"] == "revulo" for entry in board):
            return msg
    raise AssertionError("no révülő reached the board")


@needs_node
def test_a_cards_marks_say_what_its_face_does_not():
    msg = a_message_with_a_board()
    seat = msg["view"]["players"][0]
    revulo = next(e for e in seat["board"] if msg["cards"][e["code"]]["type"] == "revulo")
    printed = msg["cards"][revulo["code"]]
    plain = next(e for e in seat["board"] if e is not revulo) if len(seat["board"]) > 1 else None
    # the engine's figures now: a boost on attack, resting, the duel's attacker
    revulo.update(attack=printed["attack"] + 2, defense=printed["defense"], state="resting")
    power = printed["attack"] + 3  # the duel's total: the figure and a boost of 1
    duel = {"a": revulo["id"], "d": None, "helpers": [None, None], "power": [power, None]}
    msg["view"]["duel"] = duel
    hand = seat.get("hand") or []
    if hand:  # a card that costs less than printed now
        hand[0]["cost"] = msg["cards"][hand[0]["code"]]["cost"] - 1
    strings = PAGE.strings(first_message(), "en")
    payload = {"message": msg, "strings": strings, "lang": "en"}
    found = PAGE.run_node(MARKS_DRIVER, payload)

    marks = found[revulo["id"]]["marks"]
    figure = f"{printed['attack'] + 2}/{printed['defense']}"
    assert {
        "k": "up",
        "text": figure,
        "title": strings["stats_words"].format(
            attack=printed["attack"] + 2, defense=printed["defense"]
        ),
    } in marks
    assert {"k": "up", "text": f"power {power}", "title": f"Attack power: {power}"} in marks
    assert {"k": "state", "text": "resting"} in marks
    assert {"k": "role", "text": "Attacker"} in marks
    name = printed["name_en"] or printed["name"]
    assert found[revulo["id"]]["alt"] == f"{name}, resting, Attacker"
    if plain is not None and plain["state"] == "active":
        assert found[plain["id"]]["marks"] == []  # as printed, active, no role: nothing to add
    if hand:
        assert found[hand[0]["id"]]["marks"][0]["k"] == "up"  # cheaper helps its owner
        assert found[hand[0]["id"]]["marks"][0]["text"].endswith("VP")


@needs_node
@pytest.mark.parametrize("language", ["en", "hu"])
def test_a_match_given_up_mid_duel_says_it_is_over_not_whose_move_it_is(language):
    """The view of a match that ended mid-turn still names its turn player, phase and the
    duel's step: the summary says the game is over and the duel waits for nobody."""
    state = new_state(5)
    bots = {p: make_bot("greedy", 5, p) for p in state.players}
    while state.s["duel"] is None and not state.is_over:
        state.apply(bots[state.active_player](state, state.active_player))
    assert state.s["duel"] is not None
    running = state_message(state, 0)
    over = {**running, "status": "finished", "legal": []}
    over["result"] = {"winners": [1], "reason": "resigned", "resigned": 0}
    before, after = run_pure([running, over], language)
    assert before["duel"]["now"] and str(state.s["turn"]) in before["summary"]
    assert after["duel"]["now"] is None
    turn = state.s["turn"]
    assert (
        after["summary"]
        == {
            "en": f"Turn {turn} · the game is over",
            "hu": f"{turn}. kör · a játszma véget ért",
        }[language]
    )


@needs_node
def test_the_counter_prompt_names_the_card_that_can_answer_or_says_none_can():
    """Every opponent holding cards is asked (the window tells nothing of the hand); the
    prompt then names the counter whose button is on its card, far down the hand maybe,
    or says no card of theirs can answer this spell."""
    from tests.play.alomfogo_helpers import act, in_hand
    from tests.play.test_alomfogo_rules import _duel_before_an_instant

    prompts = {}
    for holds in ("AFD-049", "AF1-010"):
        g, _mirror = _duel_before_an_instant(holds)
        act(g, "play_instant", in_hand(g, 0, "AF1-005"))
        (frame,) = run_pure([state_message(g, 1)], "en")
        prompts[holds] = frame["prompt"]
    mirror = CATALOG["AFD-049"]["name_en"]
    assert f"Counter it with {mirror}? Its button is on the card." in prompts["AFD-049"]
    assert "You can’t counter this one" in prompts["AF1-010"]
