"""The live match table's front end: alomfogo.js parses, the page carries its JSON, the words fit.

Pure tests: no database, no server. Node (when installed) checks the script's
syntax and runs its pure half (event log, button labels, prompts) over every
state of a real bot game, as a browser would receive them.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import uuid
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

from play.bots.decks import all_cards, demo_decks
from play.cli_alomfogo import make_bot
from play.engines import get_engine
from tests.play.page_scripts import NODE, codes_in, needs_node, scripts

ROOT = Path(__file__).resolve().parents[2]
TABLE_JS = ROOT / "static" / "js" / "alomfogo.js"
CATALOG = all_cards()
CARD_FACTS = ("name", "name_en", "type", "cost", "attack", "defense", "text", "text_en")
MATCH_ID = uuid.UUID("00000000-0000-4000-8000-000000000008")


# --- building what the server sends -------------------------------------------
def state_message(state, seat: int | None, status: str = "running") -> dict:
    """A "state" message as the contract describes it, for `seat` (None: a spectator)."""
    view = state.view(seat)
    return {
        "type": "state",
        "version": state.version,
        "seat": seat,
        "status": "finished" if state.is_over else status,
        "view": view,
        "legal": state.legal_actions(seat) if seat is not None else [],
        "result": state.result,
        "players": [{"seat": 0, "name": "zsofi"}, {"seat": 1, "name": "Bot (greedy)"}],
        "cards": {
            code: {k: CATALOG[code].get(k) for k in CARD_FACTS} for code in sorted(codes_in(view))
        },
    }


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


# --- rendering the page ---------------------------------------------------------
def render_table(initial: dict, language: str = "hu", seat: int | None = 0) -> str:
    request = RequestFactory().get(f"/play/matches/{MATCH_ID}/")
    request.user = AnonymousUser()
    match = SimpleNamespace(pk=MATCH_ID, game=SimpleNamespace(slug="alomfogo"), status="running")
    context = {
        "match": match,
        "seat": seat,
        "initial": initial,
        "ws_path": f"/ws/matches/{MATCH_ID}/",
        "api_url": f"/api/matches/{MATCH_ID}/actions/",
        "language": language,
    }
    with translation.override(language):
        return render_to_string("play/table_alomfogo.html", context, request=request)


LIVE_JS = ROOT / "static" / "js" / "live.js"


def page_strings(language: str) -> dict[str, str]:
    """The words the page gives its scripts: the shared live.js block and the table's own."""
    blocks = scripts(render_table(state_message(new_state(), 0), language))
    return {**json.loads(blocks["live-strings"]), **json.loads(blocks["table-strings"])}


def js_keys() -> set[str]:
    found = set()
    for script in (LIVE_JS, TABLE_JS):
        found |= set(re.findall(r'\bt\(\s*"([a-z0-9_]+)"', script.read_text(encoding="utf-8")))
    return found


# --- the script parses -------------------------------------------------------------
@needs_node
def test_table_js_parses():
    for script in (LIVE_JS, TABLE_JS):
        done = subprocess.run(
            [NODE, "--check", str(script)], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, done.stderr


# --- the page ---------------------------------------------------------------------
@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_page_carries_the_initial_state_as_json(language):
    initial = state_message(new_state(), 0)
    html = render_table(initial, language)
    blocks = scripts(html)
    assert json.loads(blocks["match-initial"]) == initial
    assert f'data-ws-path="/ws/matches/{MATCH_ID}/"' in html
    assert f'data-api-url="/api/matches/{MATCH_ID}/actions/"' in html
    assert f'data-language="{language}"' in html
    assert "js/alomfogo.js" in html and "defer" in html
    assert "css/table.css" in html
    assert "<noscript>" in html
    assert 'role="log"' in html and 'aria-live="polite"' in html
    assert 'id="table-hand"' in html


def test_a_spectators_page_hides_the_hand_region():
    initial = state_message(new_state(), None)
    html = render_table(initial, "en", seat=None)
    assert json.loads(scripts(html)["match-initial"])["seat"] is None
    assert re.search(r'id="table-hand"[^>]*\bhidden\b', html)
    assert "data-seat=" not in html


def test_hostile_card_text_cannot_close_the_script_block():
    initial = state_message(new_state(), 0)
    code = next(iter(initial["cards"]))
    initial["cards"][code]["text"] = "</script><script>alert(1)</script>"
    html = render_table(initial, "en")
    assert "<script>alert(1)" not in html
    assert json.loads(scripts(html)["match-initial"])["cards"][code]["text"].startswith("</script>")


@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_strings_block_is_json_with_every_word_the_script_asks_for(language):
    strings = page_strings(language)
    assert strings.pop("_language") == language
    assert all(isinstance(v, str) and v for v in strings.values())
    assert set(strings) == js_keys(), "t(...) keys of live.js, alomfogo.js and the strings differ"


def test_english_strings_keep_their_placeholders():
    for key, text in page_strings("en").items():
        for name in re.findall(r"\{(\w+)\}", text):
            assert re.fullmatch(r"[a-z_]+", name), f"{key}: odd placeholder {name!r}"


# --- the pure half of alomfogo.js, run by node over a whole game ----------------------
NODE_DRIVER = r"""
const lib = require(process.env.TABLE_JS);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
const t = lib.makeT(input.strings);
let keys = [];
const out = [];
for (const msg of input.messages) {
  const m = new lib.Table(msg, t, input.lang);
  const diff = lib.newEvents(keys, (msg.view || {}).events);
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
  });
}
process.stdout.write(JSON.stringify(out));
"""


def run_pure(messages: list[dict], language: str) -> list[dict]:
    payload = json.dumps(
        {"messages": messages, "strings": page_strings(language), "lang": language}
    )
    done = subprocess.run(
        [NODE, "-e", NODE_DRIVER],
        input=payload,
        env={**os.environ, "TABLE_JS": str(TABLE_JS)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


BAD_TEXT = re.compile(r"undefined|NaN|\[object|\bnull\b|\{[a-z_]+\}")
BAR_TYPES = {"end_main", "end_turn", "pass", "no_helper", "decline_defense", "decline_counter"}


def texts_of(frame: dict) -> list[str]:
    found = [*frame["log"], frame["prompt"], frame["summary"], *frame["casting"], *frame["cards"]]
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
