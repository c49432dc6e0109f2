"""The Arcane Guardian table's front end: the page, its words, arcane_guardian.js over whole games.

Pure tests: no database, no server. Node runs the pure half of
static/js/arcane_guardian.js (labels, where each action goes, prompts, regions, the
event log) over every state message a player or a spectator would receive in
bot games, and the tests check that every legal action gets exactly one
button, that nothing reads "undefined" or an unfilled placeholder, and that
no face-down card shows through anything the page can display.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter

import pytest

import play.engines.arcane_guardian as engine
from play.bots.arcane_guardian_cards import arcane_cards
from play.bots.arcane_guardian_greedy import ArcaneGuardianGreedyBot
from play.bots.base import bot_rng, decide
from play.bots.random_bot import RandomBot
from tests.play.page_scripts import codes_in, needs_node
from tests.play.table_js import BAD_TEXT, TablePage, TablePageTests, seat_message

PAGE = TablePage("arcane-guardian")
CATALOG = {c["code"]: c for c in arcane_cards()}
# what the match service puts in a frame's `cards` (play/selectors.py PUBLIC_CARD_FIELDS)
FRAME_FACTS = ("code", "name", "name_en", "type", "cost", "attack", "defense", "glory_bonus")
FRAME_TEXT = ("text", "text_en")


# --- what the server sends ----------------------------------------------------------
def state_message(state, seat: int | None) -> dict:
    """A "state" message as the match service builds it, for `seat` (None: a spectator): the
    facts of every card the view names (its `cards` too, play/selectors.public_cards) with
    the addresses of its pictures."""
    fields = FRAME_FACTS + FRAME_TEXT
    msg = seat_message(state, seat, ["zsofi"], CATALOG, fields)
    for code in codes_in(msg["view"]) | set(msg["view"]["cards"]):
        if code not in CATALOG:
            continue  # a scenario's own card, as unknown to the catalog as to public_cards
        facts = {k: CATALOG[code].get(k) for k in fields}
        facts["face"] = f"/cards/{code}/thumb.webp?v=1"
        facts["zoom"] = f"/cards/{code}/large.webp?v=1"
        msg["cards"][code] = facts
    return msg


def card_api_facts() -> dict[str, dict]:
    """What arcane_guardian.js reads from the card API (`/api/cards/?q=game:ag`), by code."""
    return {
        code: {k: card.get(k) for k in ("text", "text_en", "effects", "subtypes")}
        for code, card in CATALOG.items()
    }


def new_state(seed: int):
    return engine.new_game(arcane_cards(), None, seed)


def make_bot(kind: str, seed: int):
    bot = RandomBot(seed) if kind == "random" else ArcaneGuardianGreedyBot(seed)
    rng = bot_rng(seed, 0, bot)
    return lambda state: decide(state, 0, bot, rng)


def hidden_cards(state) -> set[str]:
    """Every card lying face down: the piles but for each face-up top."""
    s = state.to_dict()
    hidden = set()
    for pile, up in zip(s["piles"], s["up"], strict=True):
        hidden.update(pile[:-1] if up and pile else pile)
    return hidden


@functools.cache  # the same games serve several tests; nobody changes the messages
def play_through(kind: str, seed: int, seat: int | None = 0) -> list[dict]:
    """Every state message `seat` receives in a bot's game, first to last, with its secrets.

    Each message gets a `_test` entry (stripped before node sees it): the cards
    lying face down at that moment and the greedy bot's choice (a hint).
    """
    state = new_state(seed)
    move = make_bot(kind, seed)
    greedy = ArcaneGuardianGreedyBot(0)
    messages = []
    for _ in range(500):
        msg = state_message(state, seat)
        hint = None
        if not state.is_over:
            hint = decide(state, 0, greedy, bot_rng(seed, 0, greedy))
        msg["_test"] = {"hidden": sorted(hidden_cards(state)), "hint": hint}
        messages.append(msg)
        if state.is_over:
            break
        state.apply(move(state))
    assert state.is_over, "the bot game should end"
    return messages


# --- the page ---------------------------------------------------------------------
def first_message(seat: int | None = 0) -> dict:
    return state_message(new_state(3), seat)


class TestTablePage(TablePageTests):
    page = PAGE
    first_message = staticmethod(first_message)
    styles = ("css/arcane_guardian.css",)
    regions = ("ag-mage", "ag-spell-list", "ag-encounter", "ag-piles", "ag-held", "ag-endings")
    regions += ("ag-discard", "ag-discard-more", "ag-hint-button", "ag-solve-button")


def test_the_board_knows_where_the_card_texts_are():
    html = PAGE.render(first_message(), "en")
    assert "data-cards-url=" in html and "game%3Aag" in html


def test_spectators_and_replays_get_no_hint_buttons():
    watching = PAGE.assert_spectator_page(first_message(None))
    assert 'id="ag-hint"' not in watching
    replay = PAGE.render(
        first_message(), "en", replay=True, replay_url="/x/", steps=3, turns=[], seats=[], step=0
    )
    assert 'id="ag-hint"' not in replay


# --- the pure half of arcane_guardian.js, run by node over whole games ------------------------
NODE_DRIVER = r"""
// a card as the page draws it: what the picture shows and says, and where its buttons go
const cardOut = (m, c) => ({
  id: c.id, code: c.code, home: c.home, pose: c.pose,
  face: c.code && m.faceFacts(c.code) ? m.faceFacts(c.code).face : null,
  texts: [c.name || "", c.alt, c.description, c.note || "", ...c.marks.map((k) => k.text)],
});
// every card the table draws at once (the older discards wait in their closed list)
const drawnCards = (m, all) =>
  [all.mage, ...all.spells, all.facing, ...all.piles.map((p) => p.card), ...all.held,
   ...all.endings, all.discard.top].filter(Boolean).map((c) => cardOut(m, c));
const games = [];
for (const game of input.games) {
  const t = Live.makeT(input.strings[game.lang]);
  let keys = [];
  const frames = [];
  for (const msg of game.messages) {
    const m = new lib.ArcaneTable(msg, t, game.lang, game.catalog);
    const diff = Live.newEvents(keys, (msg.view || {}).events, lib.eventKey);
    keys = diff.keys;
    const sorted = m.sortActions();
    const placed = [];
    const place = (where, list) => list.forEach((a) => placed.push([where, Live.actionKey(a)]));
    for (const [home, list] of sorted.homes) place(home, list);
    place("bar", sorted.bar);
    const mage = m.mageInfo();
    const facing = m.facingInfo();
    const result = m.resultInfo();
    const discard = m.discardInfo();
    const piles = m.pilesInfo();
    frames.push({
      version: msg.version,
      fresh: diff.fresh.map((e) => e.type),
      gap: diff.gap,
      log: diff.fresh.map((e) => m.formatEvent(e)),
      labels: m.legal.map((a) => m.labels(a)),
      placed,
      bar: sorted.bar.map((a) => a.type),
      prompt: m.prompt(),
      summary: m.summary(),
      mage: [
        ...mage.stats.map((s) => s.label + " " + s.value),
        ...mage.lasting,
        mage.lastRoll ? mage.lastRoll.line : "",
      ],
      spells: m.spellsInfo().map((s) => [s.name, s.state, s.describe]),
      piles: piles.map((p) => ({
        faceUp: p.faceUp,
        texts: [p.title, p.countText, p.describe, ...p.notes],
      })),
      facing: facing
        ? [facing.name, facing.type, facing.text, facing.pile, facing.roll ? facing.roll.text : "",
           facing.chest || ""]
        : [],
      pending: m.pendingLine(),
      held: m.heldInfo().map((c) => c.describe),
      endings: m.endingsInfo().map((e) => [e.name, e.text, e.where]),
      discard: [discard.summary, ...discard.cards.map((c) => c.describe)],
      result: result ? [result.headline, result.reason, result.stats] : null,
      cards: drawnCards(m, m.tableCards()),
      older: m.discardCards().rest.map((c) => cardOut(m, c)),
      hint: msg._hint ? m.hintLine(msg._hint) : null,
      hintLabel: msg._hint ? m.labels(msg._hint).full : null,
      verdicts: [
        "winnable",
        "lost",
        "unknown",
        { verdict: "unknown", deals: 8, winnable: 3, lost: 4, unknown: 1 },
        { verdict: "lost", deals: 8, winnable: 0, lost: 8, unknown: 0 },
        { verdict: "unknown", deals: 8, winnable: 6, lost: 0, unknown: 2 },
        { verdict: "winnable", deals: 8, winnable: 8, lost: 0, unknown: 0 },
      ].map((v) => m.verdictLine(v)),
    });
  }
  games.push(frames);
}
process.stdout.write(JSON.stringify(games));
"""


def run_pure(games: list[dict]) -> list[list[dict]]:
    """games: [{messages, lang, catalog}] → the frames node computed for each message."""
    strings = {lang: PAGE.strings(first_message(), lang) for lang in {g["lang"] for g in games}}
    payload = []
    for game in games:
        messages = []
        for msg in game["messages"]:
            clean = {k: v for k, v in msg.items() if k != "_test"}
            clean["_hint"] = msg.get("_test", {}).get("hint")
            messages.append(clean)
        payload.append({"messages": messages, "lang": game["lang"], "catalog": game["catalog"]})
    return PAGE.run_node(NODE_DRIVER, {"games": payload, "strings": strings})


CODE = re.compile(r"AG-\d{3}")


def texts_of(frame: dict) -> list[str]:
    found = [*(line for line in frame["log"] if line is not None), frame["prompt"]]
    found += [frame["summary"], frame["pending"], *frame["mage"], *frame["held"]]
    found += [*frame["facing"], *frame["discard"], *frame["verdicts"]]
    for spell in frame["spells"]:
        found += spell
    for pile in frame["piles"]:
        found += pile["texts"]
    for ending in frame["endings"]:
        found += ending
    for label in frame["labels"]:
        found += [label["short"], label["full"]]
    found += [key for _, key in frame["placed"]]  # the data-action attributes
    if frame["result"]:
        found += frame["result"]
    if frame["hint"]:
        found += [frame["hint"]]
    for card in frame["cards"] + frame["older"]:  # names, pictures' words, descriptions, marks
        found += card["texts"]
    return found


def faces_shown(view: dict) -> set[str]:
    """The cards the view shows face up where the table draws them at once: the mage, the
    spells, the one faced, each pile's face-up top, those held, the endings in play and the
    top of the discard (tests/e2e/test_table_cards_arcane.py asks the page for the same)."""
    codes = {spell["code"] for spell in view["spells"]}
    codes |= set(view["held"]) | set(view["endings"])
    codes |= {pile["top"] for pile in view["piles"] if pile["face_up"] and pile["top"]}
    if view["facing"]:
        codes.add(view["facing"]["card"])
    if view["discard"]:
        codes.add(view["discard"][-1])
    if view["mage"].get("code"):
        codes.add(view["mage"]["code"])
    return codes


def assert_cards_are_drawn(msg: dict, frame: dict) -> None:
    """Each card the view shows face up is drawn by its face, once per place; each face-down
    pile by the back; every card has words for a screen reader and a page-wide unique id; and
    each card's actions have that card on the table."""
    version = frame["version"]
    view = msg["view"]
    cards = frame["cards"]
    ids = [card["id"] for card in cards + frame["older"]]
    assert len(ids) == len(set(ids)), f"version {version}: ids {sorted(ids)}"
    face_up = {card["code"] for card in cards if card["code"]}
    assert face_up == faces_shown(view), f"version {version}"
    for card in cards:
        assert card["texts"][1].strip(), f"version {version}: {card['id']} has no alt text"
        if card["code"]:
            assert card["face"].startswith(f"/cards/{card['code']}/thumb.webp?v="), card
    backs = [card for card in cards if not card["code"]]
    closed = [p for p in view["piles"] if p["count"] and not p["face_up"]]
    assert len(backs) == len(closed), f"version {version}"
    assert {card["code"] for card in frame["older"]} == set(view["discard"][:-1])
    homes = {card["home"] for card in cards if card["home"]}
    for place, _ in frame["placed"]:
        if place != "bar":
            assert place in homes, f"version {version}: no card on the table for {place}"
    sideways = {s["code"] for s in view["spells"] if not s["upright"]}
    for card in cards:
        if card["code"] in sideways and card["home"] == "card:" + card["code"]:
            assert card["pose"] == "resting"


def card_names(code: str) -> set[str]:
    card = CATALOG[code]
    return {n for n in (card["name"], card.get("name_en")) if n}


def names_in(text: str, name: str, shown: set[str]) -> bool:
    """Whether `name` occurs in `text` other than inside a shown card's longer name.

    ("Torch" may lie face down while "Bluefire Torch" is shown.)
    """
    covered = [
        (m.start(), m.end())
        for other in shown
        if name in other and other != name
        for m in re.finditer(re.escape(other), text)
    ]
    for m in re.finditer(re.escape(name), text):
        if not any(a <= m.start() and m.end() <= b for a, b in covered):
            return True
    return False


def assert_reads_cleanly(msg: dict, frame: dict) -> None:
    version = frame["version"]
    texts = texts_of(frame)
    for text in texts:
        assert not BAD_TEXT.search(text), f"version {version}: {text!r}"
    # every legal action has exactly one button: on its pile, on its card or in the bar
    keys = [key for _, key in frame["placed"]]
    assert len(keys) == len(set(keys)) == len(msg["legal"]), f"version {version}"
    legal = {json.dumps(sorted(a.items()), separators=(",", ":")) for a in msg["legal"]}
    assert len(legal) == len(msg["legal"])
    for place, key in frame["placed"]:
        kind, _, where = place.partition(":")
        action = dict(json.loads(key))
        if kind == "pile":
            assert action["type"] == "choose_pile" and int(where) == action["pile"]
        elif kind == "card":
            assert action["type"] in ("use", "discard_curse") and action["card"] == where
        elif kind == "facing" and action["type"] == "pay":
            # an ending turned up to be paid for now lies in front of the player, its
            # payments under it (not on its pile, maybe far below on a phone)
            assert msg["view"]["pending"]["kind"] == "ending", f"version {version}"
            faced = [c["code"] for c in frame["cards"] if c["home"] == "facing"]
            assert faced == [msg["view"]["pending"]["card"]], f"version {version}"
        elif kind == "facing":
            assert action["type"] in ("fight", "cast", "roll", "open_chest", "accept_roll")
            assert msg["view"]["facing"], f"version {version}"
    # what acts on the card in front of the player is under that card: the bar keeps the rest
    assert set(frame["bar"]) <= {"choose", "end_step"}, f"version {version}: {frame['bar']}"
    if msg["legal"]:
        assert frame["prompt"], f"version {version}: no prompt on the player's move"
    assert all(line for line in frame["log"]), f"version {version}: an event without words"
    # nothing face down shows: no code, and no name that only a face-down card carries
    view = msg["view"]
    hidden = set(msg["_test"]["hidden"])
    shown_names = set().union(*(card_names(c) for c in view["cards"]))
    secret_names = set().union(set(), *(card_names(c) for c in hidden)) - shown_names
    # a shown card's printed text may name other cards (Frostball names the enemies it defeats)
    printed = [CATALOG[c][k] for c in view["cards"] for k in ("text", "text_en") if CATALOG[c][k]]
    for text in texts:
        for code in CODE.findall(text):
            assert code not in hidden, f"version {version}: face-down {code} in {text!r}"
        suspects = [name for name in secret_names if name in text]
        if not suspects:
            continue
        for words in printed:
            text = text.replace(words, "")
        for name in suspects:
            assert not names_in(text, name, shown_names), f"v{version}: {name!r} in {text!r}"
    assert_cards_are_drawn(msg, frame)
    # the frame itself names no face-down card (the three endings in play are public)
    raw = json.dumps({k: v for k, v in msg.items() if k != "_test"}, ensure_ascii=False)
    for code in hidden - set(view["endings"]):
        assert code not in raw, f"version {version}: face-down {code} in the frame"
    # a face-down pile says nothing of what lies in it, an ending least of all
    ending_names = set().union(*(card_names(c) for c in view["endings"]))
    for pile in frame["piles"]:
        if not pile["faceUp"]:
            for text in pile["texts"]:
                assert not any(n in text for n in ending_names | secret_names), text


GAMES = [("random", seed) for seed in range(12)] + [("greedy", seed) for seed in range(12)]


@needs_node
@pytest.mark.parametrize("language", ["en", "hu"])
@pytest.mark.parametrize("facts", ["frame", "catalog"])
def test_every_state_of_many_bot_games_reads_cleanly(language, facts):
    """Random and greedy games, every message: one button per legal action, clean words, no leak.

    "frame": the card facts the match service sends (names; texts of a few);
    "catalog": with the card API's text and effects as well, as arcane_guardian.js fetches them.
    """
    catalog = card_api_facts() if facts == "catalog" else {}
    games = [
        {"messages": play_through(kind, seed), "lang": language, "catalog": catalog}
        for kind, seed in GAMES
    ]
    results = run_pure(games)
    seen_actions: Counter = Counter()
    seen_pending: Counter = Counter()
    outcomes: Counter = Counter()
    for game, frames in zip(games, results, strict=True):
        messages = game["messages"]
        assert len(frames) == len(messages)
        for msg, frame in zip(messages, frames, strict=True):
            assert_reads_cleanly(msg, frame)
            pending = msg["view"]["pending"]
            seen_pending[pending["kind"] if pending else None] += 1
            for action in msg["legal"]:
                seen_actions[action["type"] + ("+cost" if "cost" in action else "")] += 1
            hint = msg["_test"]["hint"]
            if hint is not None:
                assert frame["hintLabel"] in frame["hint"], "the hint names the button's action"
        assert not any(f["gap"] for f in frames), "the log missed events"
        last = frames[-1]
        assert last["result"] and last["result"][0] and last["result"][1]
        assert last["prompt"] and not last["labels"]
        outcomes[messages[-1]["result"]["reason"]] += 1
    # the games exercised every kind of decision the table offers
    assert set(seen_actions) >= {
        "choose_pile", "use", "discard_curse", "fight", "cast", "roll", "open_chest",
        "accept_roll", "choose", "pay+cost", "end_step",
    }  # fmt: skip
    assert set(seen_pending) >= {
        None, "enemy", "trap", "chest", "after_roll", "dying", "lose_mana", "gain_mana",
        "discard", "level_up_curse", "ending", "before_reveal",
    }  # fmt: skip
    assert {"escaped", "died"} <= set(outcomes)


@needs_node
def test_a_spectator_reads_the_same_dungeon_without_moves():
    games = [
        {"messages": play_through("greedy", seed, seat=None), "lang": "hu", "catalog": {}}
        for seed in (2, 5)
    ]
    for game, frames in zip(games, run_pure(games), strict=True):
        for msg, frame in zip(game["messages"], frames, strict=True):
            assert frame["labels"] == [] and frame["placed"] == []
            assert_reads_cleanly(msg, frame)
            if not msg["view"]["result"]:
                assert "zsofi" in frame["prompt"]


@needs_node
def test_the_log_shows_each_event_once():
    """Events come as a sliding window of 30; the diff yields each new one exactly once."""
    expected = []
    messages = []
    state = new_state(7)
    move = make_bot("greedy", 7)
    expected += [e["type"] for e in state.view(0)["events"]]
    messages.append(state_message(state, 0))
    while not state.is_over:
        expected += [e["type"] for e in state.apply(move(state))]
        messages.append(state_message(state, 0))
        messages.append(state_message(state, 0))  # a reconnect sends the same state again
    (frames,) = run_pure([{"messages": messages, "lang": "en", "catalog": {}}])
    assert [t for f in frames for t in f["fresh"]] == expected


@needs_node
def test_words_follow_the_card_data_when_it_is_known():
    """With the view's worded effects, fights, paid steps, payments for a revealed ending, kept
    rolls and open chests say what they do (the catalog's card data is not needed for that);
    without them, a plain label."""
    from tests.play.test_arcane_guardian_rules import game, step

    found = {}
    for kind, seed in GAMES:
        for msg in play_through(kind, seed):
            for action in msg["legal"]:
                key = action["type"] + ("+cost" if action["type"] == "choose_pile" else "")
                if key in ("fight", "pay", "accept_roll", "open_chest"):
                    found.setdefault(key, msg)
        if len(found) == 4:
            break
    assert len(found) == 4, sorted(found)
    # a step onto an ending that waited for its cost (revealed, a cost that can be paid is
    # paid at once, so bot games seldom meet one): the Portal, revealed at 3 mana, then 4
    g = game(["AG-006"], ["AG-036"], [], endings=["AG-066", "AG-060", "AG-061"])
    step(g, 0)
    g.apply({"type": "cast", "player": 0, "spells": ["AG-002"]})
    step(g, 0)
    step(g, 1)
    g.apply({"type": "use", "player": 0, "card": "AG-036"})  # the Elixir: 4 mana
    assert {"type": "choose_pile", "player": 0, "pile": 0, "cost": 0} in g.legal_actions(0)
    messages = [*found.values(), state_message(g, 0)]
    (frames,) = run_pure([{"messages": messages, "lang": "en", "catalog": {}}])
    words = " | ".join(label["full"] for frame in frames for label in frame["labels"])
    assert re.search(r"Fight: (−\d+ (life|mana)|discard \d)", words), words
    assert re.search(r"Step onto pile \d: .+, paying ", words), words
    assert re.search(r"(The Arcane Guardian|Ancient Portal): pay −\d+ (life|mana)", words), words
    assert re.search(r"Keep the roll \(\d\): ", words), words
    unworded = json.loads(json.dumps(messages))
    for msg in unworded:
        for card in msg["view"]["cards"].values():
            del card["says"]
    (plain,) = run_pure([{"messages": unworded, "lang": "en", "catalog": card_api_facts()}])
    words = " | ".join(label["full"] for frame in plain for label in frame["labels"])
    assert "Fight: option 1" in words and "cost 1" in words


# --- the real frames: a whole dungeon through the API, hints included -----------------
@needs_node
@pytest.mark.django_db(transaction=True)  # the hint view reads the match from its own thread
def test_a_whole_dungeon_through_the_api_reads_cleanly_and_never_leaks(client):
    """The match service's own frames, move by move, and the real hint endpoint's choices."""
    from django.core.management import call_command

    from catalog.models import Game
    from play import selectors, services
    from play.models import Match
    from tests.factories import PASSWORD, make_user

    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language="en")
    game = Game.objects.get(slug="arcane-guardian")
    match = services.match_create(user=zsofi, game=game, deck=None, opponent="solo")
    client.login(username="zsofi", password=PASSWORD)
    messages = []
    verdict = None
    for _ in range(500):
        body = client.get(f"/api/matches/{match.pk}/").json()
        state = selectors.match_state(Match.objects.get(pk=match.pk))
        hint = None
        if body["status"] == "running":
            answer = client.get(f"/api/matches/{match.pk}/hint/")
            assert answer.status_code == 200, answer.content
            hint = answer.json()["action"]
            assert hint in body["legal"]
            if verdict is None:
                solved = client.get(f"/api/matches/{match.pk}/hint/?solve=1").json()
                verdict = solved["solver"]["verdict"]
        body["_test"] = {"hidden": sorted(hidden_cards(state)), "hint": hint}
        messages.append(body)
        if body["status"] != "running":
            break
        response = client.post(
            f"/api/matches/{match.pk}/actions/",
            {"action": hint, "version": body["version"]},
            content_type="application/json",
        )
        assert response.status_code == 200, response.content
    assert messages[-1]["status"] == "finished"
    assert verdict in ("winnable", "lost", "unknown")
    (frames,) = run_pure([{"messages": messages, "lang": "en", "catalog": card_api_facts()}])
    for msg, frame in zip(messages, frames, strict=True):
        assert_reads_cleanly(msg, frame)
        if msg["_test"]["hint"]:
            assert frame["hint"].startswith("The normal bot would choose: ")
    assert not any(f["gap"] for f in frames)
    # a stranger gets no hint at all
    client.logout()
    assert client.get(f"/api/matches/{match.pk}/hint/").status_code == 404


@needs_node
def test_the_solvers_answer_leads_with_a_plain_verdict_and_counts_no_zeros():
    (frames,) = run_pure([{"messages": [first_message()], "lang": "en", "catalog": {}}])
    winnable, lost, _unknown, mixed, none_won, some_unknown, all_won = frames[0]["verdicts"]
    assert (none_won, all_won) == (lost, winnable)  # 0 of 8 / 8 of 8: the plain sentence
    assert "3 can still be won, 4 cannot, and on 1 it ran out of time" in mixed
    assert some_unknown.endswith("6 can still be won; on 2 it ran out of time.")
    assert " 0 " not in " ".join(frames[0]["verdicts"])


@needs_node
@pytest.mark.parametrize("language", ["en", "hu"])
def test_a_chest_prompt_offers_only_the_ways_the_table_has(language):
    """Below the chest's level the only way is the roll: the prompt does not say "open it"
    (the Iron Chest asks for level 2); at its level both ways are offered and said."""
    from tests.play.test_arcane_guardian_rules import (
        BATTERED_CHEST,
        IRON_CHEST,
        SPELLS,
        game,
        step,
        turn_down,
    )

    locked = game([IRON_CHEST], [], [])
    turn_down(locked, *SPELLS)
    step(locked, 0)
    opens = game([BATTERED_CHEST], [], [])
    step(opens, 0)
    assert {a["type"] for a in locked.legal_actions(0)} == {"roll"}
    assert {"open_chest", "roll"} <= {a["type"] for a in opens.legal_actions(0)}
    messages = [state_message(locked, 0), state_message(opens, 0)]
    (frames,) = run_pure([{"messages": messages, "lang": language, "catalog": {}}])
    strings = PAGE.strings(first_message(), language)
    iron, battered = (
        CATALOG[c]["name" if language == "hu" else "name_en"] for c in (IRON_CHEST, BATTERED_CHEST)
    )
    assert frames[0]["prompt"] == strings["prompt_chest_roll"].replace("{card}", iron)
    assert frames[1]["prompt"] == strings["prompt_chest"].replace("{card}", battered)
    assert frames[0]["facing"][-1] == strings["chest_locked"]
    assert frames[1]["facing"][-1] == strings["chest_opens"]
