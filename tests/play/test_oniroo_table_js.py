"""The live ONIROO table's front end: the page, its words, and oniroo.js run by Node on games.

Pure tests: no database, no server. The engine plays whole games (table levels
1–5 for 2–6 players, a series with the vote, solitaire levels 1–3) and every
state is turned into the message a seat receives; Node runs the pure half of
static/js/oniroo.js (`Oniroo.layout()`: everything the page draws) on each.
Checked on every state: each legal action has exactly one button, no text reads
"undefined", "null" or a left-over {placeholder}, nothing the seat may not see
is shown, and each dream's explanation (the engine's, carried by the view)
agrees with its `complete` flag. Every card is drawn as a card: a face-up one
by its own face picture (the `face` its printed facts carry) with words for a
screen reader that start with its name, a face-down one by the back; each has
an id of its own on the page (what move animations follow); and a dream's
marks say what the explanation says: each card's place, the cards of the code
set, the group links.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from play.bots import decide, get_bot
from play.bots.oniroo_cards import oniroo_cards
from play.engines import get_engine
from play.engines.oniroo import solitaire as solitaire_rules
from play.engines.oniroo import table as table_rules
from tests.play.page_scripts import needs_node
from tests.play.table_js import BAD_TEXT, TablePage, TablePageTests, seat_message

PAGE = TablePage("oniroo")
ENGINE = get_engine("oniroo")
# The printed facts with the picture URLs play.selectors.public_cards adds to each.
CATALOG = {
    card["code"]: dict(
        card,
        face=f"/cards/{card['code']}/thumb.webp?v=t",
        zoom=f"/cards/{card['code']}/large.webp?v=t",
    )
    for card in oniroo_cards()
}
CARD_FACTS = ("code", "name", "name_en", "type", "text", "text_en", "face", "zoom")
NAMES = ["zsofi", "Bot (greedy)", "gergo", "Bot (easy)", "anna", "bence"]


# --- what the server sends --------------------------------------------------------------
def ids_in(value) -> set[str]:
    """Every card id anywhere in a view: card entries and the ids events carry."""
    found = set()
    if isinstance(value, dict):
        for key, item in value.items():
            if key in ("id", "card", "replaced") and isinstance(item, str):
                found.add(item)
            elif key in ("cards", "cut", "fairies") and isinstance(item, list):
                found |= {c for c in item if isinstance(c, str)}
            found |= ids_in(item)
    elif isinstance(value, list):
        for item in value:
            found |= ids_in(item)
    return found


def state_message(state, seat: int | None) -> dict:
    """A "state" message as play.frames.match_payload builds it (seat None: a spectator)."""
    mover = seat is not None and state.active_player == seat
    legal = state.legal_actions(seat) if mover else []
    players = NAMES[: len(state.players)]
    return seat_message(state, seat, players, CATALOG, CARD_FACTS, legal)


def hidden_ids(state, seat: int | None) -> set[str]:
    """The cards `seat` may not see now: the draw pile, other hands (but the cards it knows), and
    its own hand while a moon eye makes it play blind."""
    s = state.s
    hidden = set(s["draw"])
    if s["mode"] == "solitaire":
        if seat is None:
            hidden |= set(s["players"][0]["hand"])
        return hidden
    for p, player in enumerate(s["players"]):
        for card in player["hand"]:
            if p == seat:
                if s["step"] == "blind" and s["active"] == seat:
                    hidden.add(card)
            elif seat not in s["known"].get(card, ()):  # None: the whole table saw it arrive
                hidden.add(card)
    return hidden


def frame_input(state, seat: int | None, language: str) -> dict:
    """A message plus what Node must not find in what the page shows."""
    msg = state_message(state, seat)
    hidden = hidden_ids(state, seat)
    shown = ids_in(msg["view"]) - hidden
    key = "name_en" if language == "en" else "name"
    card_name = {iid: CATALOG[code][key] for iid, code in state.s["cards"].items()}
    visible_names = {card_name[i] for i in shown if i in card_name}
    # Only a name one card alone carries tells which card it is; a shared one
    # ("Álomtündér" on all five fairies) is also the word for the card type.
    name_counts = Counter(card[key] for card in CATALOG.values())
    unique = {name for name, count in name_counts.items() if count == 1}
    forbidden = sorted(({card_name[i] for i in hidden} & unique) - visible_names)
    return {"msg": msg, "hidden": sorted(hidden), "forbidden": forbidden}


def play_through(options: dict, seed: int, kinds: list[str]):
    """Yield the state before every decision of a bot game, and the finished state last."""
    state = ENGINE.new_game(oniroo_cards(), options, seed)
    bots = {p: get_bot(kinds[p % len(kinds)], seed + p, game="oniroo") for p in state.players}
    rng = random.Random(seed)
    for _ in range(3000):
        yield state
        if state.is_over:
            return
        mover = state.active_player
        state.apply(decide(state, mover, bots[mover], rng))
    raise AssertionError("the bot game should end")


# --- the page -------------------------------------------------------------------------------
def first_message(seat: int | None = 0) -> dict:
    return state_message(ENGINE.new_game(oniroo_cards(), {"level": 5, "players": 3}, 1), seat)


class TestTablePage(TablePageTests):
    page = PAGE
    first_message = staticmethod(first_message)
    styles = ("css/oniroo.css",)
    regions = ("oni-info", "oni-scores", "table-others", "oni-shared", "oni-attack", "oni-turn")
    regions += ("oni-solo", "table-own", "table-hand", "oni-discard", "table-log")


def test_a_spectators_page_hides_the_hand_region():
    html = PAGE.assert_spectator_page(first_message(None))
    assert re.search(r'id="table-hand"[^>]*\bhidden\b', html)


# --- the pure half of oniroo.js over whole games -----------------------------------------------
NODE_DRIVER = r"""
const t = Live.makeT(input.strings);
const BAD = new RegExp(input.bad);
const SKIP = new Set(["id", "domId", "code", "key", "home", "type", "k", "mode", "explanation"]);
["face", "zoom"].forEach((k) => SKIP.add(k));
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const memory = new Map();
let keys = [];
const out = [];
for (const frame of input.frames) {
  const msg = frame.msg;
  const m = new lib.Oniroo(msg, t, input.lang, input.stream ? memory : new Map());
  const layout = m.layout();
  const texts = [];
  const buttons = [];
  const ids = new Set();
  const dreams = [];
  const cards = [];
  const walk = (value, key) => {
    if (typeof value === "string") {
      if (!SKIP.has(key)) texts.push(value);
    } else if (Array.isArray(value)) {
      if (key === "buttons" || key === "bar") buttons.push(...value);
      value.forEach((v) => walk(v, key === "buttons" || key === "bar" ? "button" : key));
    } else if (value && typeof value === "object") {
      if (typeof value.id === "string" && typeof value.code === "string") ids.add(value.id);
      if (typeof value.domId === "string") cards.push(value);
      if (value.explanation && value.id !== "staging") dreams.push(value);
      if (value.explanation && Array.isArray(value.cards)) {
        // the marks say what the engine's explanation says, card by card
        const x = value.explanation;
        const marked = (k) => value.cards.filter((c) => c.marks.some((m) => m.k === k)).length;
        const at = (c, i) => c.marks.some((m) => m.k === "pos" && m.text === String(i + 1));
        const placed = value.cards.every(at);
        const inSet = x.code_sets.length ? x.code_sets[0].positions.length : 0;
        if (!placed || marked("role") !== inSet || marked("up") !== x.group_links.length) {
          markErrors.push(value.id);
        }
      }
      for (const [k, v] of Object.entries(value)) if (!SKIP.has(k)) walk(v, k);
    }
  };
  const markErrors = [];
  walk(layout, "");
  const seenIds = new Set();
  const cardErrors = [];
  for (const c of cards) {
    if (seenIds.has(c.domId)) cardErrors.push("twice: " + c.domId);
    seenIds.add(c.domId);
    if (!c.alt || !c.name || !c.alt.includes(c.name)) cardErrors.push("no words: " + c.domId);
    if (c.back) {
      if (c.code || c.face) cardErrors.push("a back with a face: " + c.domId);
    } else if (!msg.cards[c.code] || c.face !== msg.cards[c.code].face || !c.face) {
      cardErrors.push("not its face: " + c.domId);
    }
  }
  const hidden = new Set(frame.hidden);
  const named = new Set();
  if (frame.forbidden.length) {
    const names = frame.forbidden.map(escape).join("|");
    const re = new RegExp("(?<![\\p{L}])(" + names + ")(?![\\p{L}])", "gu");
    for (const text of texts) for (const found of text.matchAll(re)) named.add(found[1]);
  }
  const result = {
    version: msg.version,
    keys: buttons.map((b) => b.key).sort(),
    labels: buttons.map((b) => b.full),
    unlabelled: buttons.filter((b) => !b.short || !b.full).length,
    bad: texts.filter((x) => BAD.test(x)),
    leakIds: [...ids].filter((id) => hidden.has(id)),
    leakNames: [...named],
    explainer: dreams.filter((d) => d.explanation.complete !== d.complete).map((d) => d.id),
    dreams: dreams.length,
    cards: cards.length,
    backs: cards.filter((c) => c.back).length,
    cardErrors,
    markErrors,
    prompt: layout.prompt,
    result: layout.result ? layout.result.headline : null,
  };
  if (input.stream) {
    const diff = Live.newEvents(keys, (msg.view || {}).events, lib.eventKey);
    keys = diff.keys;
    result.gap = diff.gap;
    result.fresh = diff.fresh.map((e) => e.type);
    result.log = diff.fresh.map((e) => m.formatEvent(e));
  }
  out.push(result);
}
process.stdout.write(JSON.stringify(out));
"""


def run_node(frames: list[dict], language: str, stream: bool = False) -> list[dict]:
    strings = PAGE.strings(first_message(), language)
    payload = {"frames": frames, "strings": strings, "lang": language, "stream": stream}
    return PAGE.run_node(NODE_DRIVER, dict(payload, bad=BAD_TEXT.pattern))


def action_key(action: dict) -> str:
    """What `KartyavarLive.actionKey` makes of an action (JSON of the sorted pairs)."""
    pairs = [[key, action[key]] for key in sorted(action)]
    return json.dumps(pairs, separators=(",", ":"), ensure_ascii=False)


# (options, seed, bot kinds by seat, language): table levels 1–5 with 2–6 players, both
# attack kinds at level 4, a series with the vote, and the three solitaire levels. Random
# bots take every kind of choice; the seeds were picked so that between them every action
# of the vocabulary is offered (a moon eye's blind pick, a moon ear's take, reveals, ...).
GAMES = [
    ({"level": 1, "players": 2}, 1, ["random"], "en"),
    ({"level": 1, "players": 3, "free_cards": True}, 2, ["greedy"], "hu"),
    ({"level": 2, "players": 4, "free_cards": True}, 3, ["random"], "en"),
    ({"level": 3, "players": 3}, 4, ["random"], "hu"),
    ({"level": 3, "players": 5}, 5, ["greedy", "random"], "en"),
    ({"level": 4, "players": 4, "attack_kind": "bad_night"}, 6, ["random"], "en"),
    ({"level": 4, "players": 4, "attack_kind": "moon_head"}, 23, ["random"], "en"),
    ({"level": 4, "players": 3, "attack_kind": "moon_head"}, 19, ["random"], "hu"),
    # a moon ear: its cards taken by the other player
    ({"level": 4, "players": 2, "attack_kind": "moon_head"}, 18, ["greedy", "random"], "en"),
    ({"level": 5, "players": 3, "any_digit_run": True}, 8, ["random"], "en"),
    ({"level": 5, "players": 3}, 9, ["greedy", "random", "random"], "hu"),
    ({"level": 5, "players": 6}, 10, ["random"], "en"),
    ({"level": 5, "players": 2, "games": 2, "vote": True}, 22, ["greedy"], "en"),  # a reveal
    ({"level": 1, "players": 1}, 12, ["random"], "en"),
    ({"level": 2, "players": 1}, 13, ["random"], "hu"),
    ({"level": 3, "players": 1, "free_cards": True}, 14, ["random"], "en"),
    ({"level": 3, "players": 1}, 15, ["greedy"], "en"),
]
GAME_IDS = [
    f"{'solitaire' if o['players'] == 1 else str(o['players']) + 'p'}-level{o['level']}-seed{s}"
    for o, s, _, _ in GAMES
]


def check_frames(frames: list[dict], results: list[dict]) -> None:
    assert len(results) == len(frames)
    for frame, got in zip(frames, results, strict=True):
        msg, where = frame["msg"], f"version {frame['msg']['version']}"
        assert got["bad"] == [], f"{where}: {got['bad'][:3]}"
        assert got["leakIds"] == [], f"{where}: hidden cards shown: {got['leakIds']}"
        assert got["leakNames"] == [], f"{where}: hidden card names shown: {got['leakNames']}"
        assert got["explainer"] == [], f"{where}: explainer and engine disagree on {got}"
        assert got["cardErrors"] == [], f"{where}: {got['cardErrors'][:5]}"
        assert got["markErrors"] == [], (
            f"{where}: marks and explanation disagree on {got['markErrors']}"
        )
        # every legal action is one button, and every button is a legal action
        assert got["keys"] == sorted(action_key(a) for a in msg["legal"]), where
        assert got["unlabelled"] == 0, where
        if msg["legal"]:
            assert got["prompt"], f"{where}: no prompt on a move"
        # events may name a card seen long ago that has since gone back into the draw pile
        table = {k: v for k, v in msg["view"].items() if k != "events"}
        assert not set(frame["hidden"]) & ids_in(table), f"{where}: the view shows hidden cards"


@needs_node
@pytest.mark.parametrize(("options", "seed", "kinds", "language"), GAMES, ids=GAME_IDS)
def test_every_legal_action_of_a_game_is_one_button_and_the_page_reads_cleanly(
    options, seed, kinds, language
):
    """At each state, the page of the seat that decides: its buttons are its legal actions."""
    frames = []
    for state in play_through(options, seed, kinds):
        seat = state.active_player if state.active_player is not None else 0
        frames.append(frame_input(state, seat, language))
    results = run_node(frames, language)
    check_frames(frames, results)
    assert results[-1]["result"], "the finished game shows its result"
    assert sum(r["dreams"] for r in results) > 0 or options["players"] == 1


def test_between_them_the_games_offer_every_action_of_the_vocabulary():
    offered = set()
    for options, seed, kinds, _ in GAMES:
        for state in play_through(options, seed, kinds):
            if state.active_player is not None:
                offered.update(a["type"] for a in state.legal_actions(state.active_player))
    assert offered == set(table_rules.ACTION_TYPES) | set(solitaire_rules.ACTION_TYPES)


STREAMS = [
    ({"level": 4, "players": 4, "attack_kind": "moon_head"}, 23, ["random"], 0, "en"),
    ({"level": 5, "players": 3}, 9, ["greedy", "random", "random"], 1, "hu"),
    ({"level": 5, "players": 2, "games": 2, "vote": True}, 11, ["greedy"], None, "en"),
    ({"level": 3, "players": 3}, 4, ["random"], 2, "en"),
    ({"level": 2, "players": 1}, 13, ["random"], 0, "en"),
]


@needs_node
@pytest.mark.parametrize(("options", "seed", "kinds", "seat", "language"), STREAMS)
def test_one_seat_follows_a_whole_game_and_its_log_shows_each_event_once(
    options, seed, kinds, seat, language
):
    """The messages one seat (or a spectator) receives, in order, as the browser gets them."""
    frames, expected = [], []
    state = None
    for state in play_through(options, seed, kinds):
        frames.append(frame_input(state, seat, language))
        if len(frames) % 10 == 0:
            frames.append(frames[-1])  # a reconnect resends the same state
    results = run_node(frames, language, stream=True)
    check_frames(frames, results)
    expected = [e["type"] for e in state.view(seat)["events"]]
    shown = [t for r in results for t in r["fresh"]]
    assert shown[-len(expected) :] == expected
    assert not any(r["gap"] for r in results)
    for result in results:
        for line in result["log"]:
            assert line and not BAD_TEXT.search(line), line
    if seat is None:
        assert all(r["keys"] == [] for r in results)


@needs_node
def test_a_match_still_waiting_for_players_reads_cleanly():
    msg = {
        "type": "state", "version": 0, "seat": 0, "status": "waiting", "view": None,
        "legal": [], "result": None, "players": [{"seat": 0, "name": "zsofi"}], "cards": {},
    }  # fmt: skip
    (got,) = run_node([{"msg": msg, "hidden": [], "forbidden": []}], "en")
    assert got["prompt"] == "Waiting for the other players to join…"
    assert got["bad"] == [] and got["keys"] == []


def bad_night_at_level_3():
    """A level-3 table of three where seat 0's bad night makes seats 1 and 2 wait."""
    from tests.play.oniroo_helpers import NIGHTMARE, act, arrange, game, one, plain_symbols

    g = arrange(game(level=3, players=3), hands={0: [NIGHTMARE, *plain_symbols(5)]})
    act(g, "attack", card=one(g, NIGHTMARE))
    act(g, "accept")
    act(g, "accept")
    return g


@needs_node
def test_a_level_3_bad_night_button_says_the_others_wait_as_the_cards_effect_says():
    from tests.play.oniroo_helpers import NIGHTMARE, arrange, game, plain_symbols

    g = arrange(game(level=3, players=3), hands={0: [NIGHTMARE, *plain_symbols(5)]})
    (page,) = run_node([frame_input(g, 0, "en")], "en")
    assert any("the others wait two turns" in label for label in page["labels"])


@needs_node
def test_a_bad_night_prompt_says_how_long_you_wait_as_the_view_says():
    g = bad_night_at_level_3()
    assert g.active_player == 1 and g.view(1)["this_turn"]["held_back"] == 2
    waiting, spectator = run_node([frame_input(g, 1, "en"), frame_input(g, None, "en")], "en")
    assert "A bad night" in waiting["prompt"] and "2 waiting turn" in waiting["prompt"]
    assert "A bad night" not in (spectator["prompt"] or "")


def test_the_terminal_says_how_long_a_bad_night_holds_you_back():
    from play import cli_oniroo

    g = bad_night_at_level_3()
    assert "A bad night" in cli_oniroo.format_view(g.view(1), "en")
    assert "A bad night" not in cli_oniroo.format_view(g.view(2), "en")


def moon_ear_take(into: str):
    """Two players, a moon-head ear on seat 1's dream of two: seat 0 takes its last card
    `into` their hand, the discard pile or a new dream."""
    from tests.play.oniroo_helpers import EAR, act, arrange, game, one, plain_symbols

    g = arrange(
        game(level=4, players=2, attack_kind="moon_head"),
        hands={0: [EAR, *plain_symbols(5)]},
        dreams={1: [["ONI-S001", "ONI-S015"]]},
    )
    act(g, "attack", card=one(g, EAR), target=1)
    act(g, "accept")
    events = act(g, "take", card=one(g, "ONI-S001"), to=into)
    return g, next(e for e in events if e["type"] == "take")


@pytest.mark.parametrize(
    ("into", "hu", "en"),
    [
        ("hand", "kézbe", "to hand"),
        ("discard", "dobópakliba", "to the discard pile"),
        ("new", "új álomba", "into a new dream"),
    ],
)
def test_a_card_taken_from_a_moon_ear_is_told_where_it_went(into, hu, en):
    """The take event says where the card went (it was lost: `to` is emit's own keyword
    for the seats a secret is for), and the terminal says it."""
    from play import cli_oniroo

    g, event = moon_ear_take(into)
    assert event["into"] == into
    view = g.view(1)
    logged = next(e for e in view["events"] if e["type"] == "take")
    assert cli_oniroo.format_event(logged, view, "hu").endswith(hu)
    assert cli_oniroo.format_event(logged, view, "en").endswith(en)


@needs_node
def test_the_tables_log_says_where_a_card_taken_from_a_moon_ear_went():
    g, _event = moon_ear_take("hand")
    (other,) = run_node([frame_input(g, 1, "en")], "en", stream=True)
    (spectator,) = run_node([frame_input(g, None, "en")], "en", stream=True)
    for page in (other, spectator):
        assert any(line.endswith("→ hand") for line in page["log"]), page["log"]
        assert not any("To your hand" in line for line in page["log"])


# --- the lobby's options, as the view names them ------------------------------------------------
OPTION_ROWS_DRIVER = r"""
const t = Live.makeT(input.strings);
const out = input.frames.map((msg) => new lib.Oniroo(msg, t, "en", new Map()).optionList());
process.stdout.write(JSON.stringify(out.map((rows) => rows.map((row) => row.label))));
"""
# the option rows each level may list, by the option they show
OPTION_LABELS = {
    "free_cards": "opt_free_cards",
    "attack_kind": "opt_attacks",
    "any_digit_run": "opt_digit_runs",
}


@needs_node
def test_the_options_summary_lists_the_options_the_view_says_were_chosen():
    """Which of the level's options the summary lists is the view's `chosen_options` (the
    engine's `choices_at`): the table works none of it out from the level."""
    strings = PAGE.strings(first_message(), "en")
    levels = [*((3, level) for level in (1, 2, 3, 4, 5)), (1, 1), (1, 2), (1, 3)]
    messages = []
    for players, level in levels:
        state = ENGINE.new_game(oniroo_cards(), {"players": players, "level": level}, 1)
        messages.append(state_message(state, 0))
    # a view that names fewer: the summary follows it, not the level
    doctored = state_message(ENGINE.new_game(oniroo_cards(), {"players": 3, "level": 4}, 1), 0)
    doctored["view"]["chosen_options"] = ["games", "min_dream_length", "vote"]
    messages.append(doctored)
    rows = PAGE.run_node(OPTION_ROWS_DRIVER, {"frames": messages, "strings": strings})
    for msg, labels in zip(messages, rows, strict=True):
        view = msg["view"]
        chosen = set(view["chosen_options"])
        if view["mode"] == "table":
            chosen.add("free_cards")  # the table says at every level whether it has them
        expected = {strings[key] for option, key in OPTION_LABELS.items() if option in chosen}
        listed = {
            label for label in labels if label in {strings[k] for k in OPTION_LABELS.values()}
        }
        assert listed == expected, (view["level"], view["mode"], labels)


# --- attacks against one player, the level-3 completer (DECISIONS ONIROO 5 and 7) --------------
@needs_node
def test_the_moon_mouths_buttons_and_log_name_its_target():
    """Each mouth is played against one other player, in or out of the exchange: four
    different buttons for two others, and the table says whom it was played against."""
    from tests.play.oniroo_helpers import MOUTH, act, arrange, game, one, plain_symbols

    g = arrange(
        game(level=4, players=3, attack_kind="moon_head"), hands={0: [MOUTH, *plain_symbols(5)]}
    )
    (page,) = run_node([frame_input(g, 0, "en")], "en")
    mouth = [label for label in page["labels"] if "pass" in label and "to the left" in label]
    assert len(mouth) == len(set(mouth)) == 4
    assert sum("against gergo" in label for label in mouth) == 2
    act(g, "attack", card=one(g, MOUTH), target=2, join=False)
    (seen,) = run_node([frame_input(g, 1, "en")], "en", stream=True)
    assert any("against gergo, the other hands pass to the left" in line for line in seen["log"])
    assert g.active_player == 2 and len(g.s["pending"]) == 1  # the target alone decides


@needs_node
def test_insomnias_attack_says_whose_hand_it_takes_from():
    from tests.play.oniroo_helpers import INSOMNIA, act, arrange, game, one, plain_symbols
    from tests.play.test_oniroo_readings import table_words

    g = arrange(game(level=5, players=3), hands={0: [INSOMNIA, *plain_symbols(5)]})
    act(g, "attack", card=one(g, INSOMNIA), target=2)
    lines = " ".join(table_words(state_message(g, 1))["lines"])
    said = "Target: gergo. One card is taken unseen from the hand, for zsofi; a new one is drawn."
    assert said in lines


@needs_node
def test_the_level_3_shared_dream_says_who_completed_it_and_may_wake_it():
    from tests.play.oniroo_helpers import act, arrange, game, one, plain_symbols, symbols
    from tests.play.test_oniroo_readings import table_words

    a_cards = symbols(letter="A")
    rest = plain_symbols(5, set(a_cards))
    g = arrange(game(level=3, players=2), hands={0: [a_cards[9], *rest]}, shared=a_cards[:9])
    assert "completed it" not in " ".join(table_words(state_message(g, 1))["lines"])
    act(g, "play", card=one(g, a_cards[9]), dream="shared")
    mine = " ".join(table_words(state_message(g, 0))["lines"])
    theirs = " ".join(table_words(state_message(g, 1))["lines"])
    assert "You completed it: only you may play the wake-up on it." in mine
    assert "zsofi completed it: only they may play the wake-up on it." in theirs
