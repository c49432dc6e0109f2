"""The Álomfogó table says why a move is missing, and offers the draw the rules allow.

The view carries the reasons (the first turn's no-duel rule, one bűvforrás a
turn, a card's cost above the seat's VP, a pending optional draw); alomfogo.js
only words them. Pure: Node runs the script's model over state messages, in
both languages.
"""

from __future__ import annotations

import pytest

from tests.play.alomfogo_helpers import act, deck, game, in_hand
from tests.play.page_scripts import needs_node
from tests.play.test_table_js import PAGE, first_message, play_through, state_message

DRIVER = r"""
const t = Live.makeT(input.strings);
const out = [];
for (const msg of input.messages) {
  const m = new lib.Table(msg, t, input.lang);
  out.push({
    prompt: m.prompt(),
    labels: m.legal.map((a) => m.labels(a).full),
    hand: (m.seats[m.you].hand || []).map((e) => m.describe(e, "hand")),
    log: (msg.view.events || []).map((e) => m.formatEvent(e)).filter((x) => x !== null),
  });
}
process.stdout.write(JSON.stringify(out));
"""


def run(messages: list[dict], lang: str) -> list[dict]:
    strings = PAGE.strings(first_message(), lang)
    return PAGE.run_node(DRIVER, {"messages": messages, "strings": strings, "lang": lang})


@needs_node
@pytest.mark.parametrize(
    ("lang", "first_turn", "end_main"),
    [
        ("hu", "a kezdő játékos az első körében nem támadhat", "ebben a körben nincs párbaj"),
        ("en", "the starting player cannot attack on their first turn", "no duels this turn"),
    ],
)
def test_the_first_turn_says_why_there_is_no_attack(lang, first_turn, end_main):
    g = game(deck("AF1-009"), deck())
    main = state_message(g, 0)
    act(g, "end_main")
    attack = state_message(g, 0)
    act(g, "end_turn")
    act(g, "end_main")
    act(g, "end_turn")
    later = state_message(g, 0)  # turn 3: duels allowed
    frames = run([main, attack, later], lang)
    assert first_turn in frames[0]["prompt"] and any(end_main in x for x in frames[0]["labels"])
    assert first_turn in frames[1]["prompt"]  # the duel step: only "end your turn" is left
    assert first_turn not in frames[2]["prompt"]
    assert not any(end_main in x for x in frames[2]["labels"])


@needs_node
@pytest.mark.parametrize(
    ("lang", "subtype", "why"),
    [
        ("hu", "bűvforrás", "ebben a körben már nem: már kijátszottál egy bűvforrást"),
        ("en", "spell source", "not this turn: you already played a spell source"),
    ],
)
def test_a_second_buvforras_shows_its_subtype_and_why_not(lang, subtype, why):
    g = game(deck("AFD-063", "AFD-063"), deck())
    before = state_message(g, 0)
    act(g, "play_card", in_hand(g, 0, "AFD-063"))
    after = state_message(g, 0)
    frames = run([before, after], lang)
    sources = [d for d in frames[0]["hand"] if subtype in d]
    assert len(sources) == 2 and not any(why in d for d in sources)
    assert [d for d in frames[1]["hand"] if subtype in d and why in d]


@needs_node
@pytest.mark.parametrize(
    ("lang", "why"),
    [
        ("hu", "most nem: nincs hozzá elég VP-d"),
        ("en", "not now: you do not have enough VP for it"),
    ],
)
def test_a_card_you_cannot_pay_for_says_why_until_you_can(lang, why):
    g = game(deck("AF1-009"), deck())
    g.s["players"][0]["vp"] = 0
    g.forget_legal_actions()
    poor = state_message(g, 0)
    g.s["players"][0]["vp"] = 9
    g.forget_legal_actions()
    rich = state_message(g, 0)
    frames = run([poor, rich], lang)
    costly = [e for e in poor["view"]["players"][0]["hand"] if e["cost"] > 0]
    assert costly and sum(why in d for d in frames[0]["hand"]) == len(costly)
    assert not any(why in d for d in frames[1]["hand"])


@needs_node
@pytest.mark.parametrize(
    ("lang", "prompt", "draw", "decline", "declined"),
    [
        ("hu", "húzhatsz egy lapot", "Húzol egy lapot", "Nem húzol (a pakliban 6 lap marad)",
         "Te: nincs húzás (saját döntés)"),
        ("en", "you may draw a card", "Draw a card", "Do not draw (6 left in your deck)",
         "You: no draw (by choice)"),
    ],
)  # fmt: skip
def test_the_draw_after_an_alomleny_is_offered_as_a_choice(lang, prompt, draw, decline, declined):
    g = game(deck("AF1-004"), deck())
    act(g, "play_card", in_hand(g, 0, "AF1-004"))
    offered = state_message(g, 0)
    act(g, "decline_draw")
    frames = run([offered, state_message(g, 0)], lang)
    assert prompt in frames[0]["prompt"]
    assert frames[0]["labels"] == [draw, decline]
    assert declined in frames[1]["log"]


@needs_node
@pytest.mark.parametrize(("lang", "not_now"), [("hu", "most nem"), ("en", "not now")])
def test_a_finished_game_marks_no_card_in_hand_not_now(lang, not_now):
    """Once the game is over no card is played again: the hand left is shown without a
    reason why not now, which would say it could be played later."""
    ends = [play_through(seed, seat=0)[-1] for seed in (1, 2, 3, 4)]
    assert all(end["status"] == "finished" for end in ends)
    hands = [end["view"]["players"][0]["hand"] for end in ends]
    # the check can fail: some card left in a final hand costs more than the seat's VP
    assert any(
        entry["cost"] > end["view"]["players"][0]["vp"]
        for end, hand in zip(ends, hands, strict=True)
        for entry in hand
    )
    assert not any("why_not" in entry for hand in hands for entry in hand)
    described = [line for frame in run(ends, lang) for line in frame["hand"]]
    assert described and not any(not_now in line for line in described)


@needs_node
@pytest.mark.parametrize(("lang", "not_now"), [("hu", "most nem"), ("en", "not now")])
def test_a_match_given_up_mid_turn_marks_no_card_in_hand_not_now(lang, not_now):
    """A resignation ends the match where the game stands, mid-turn: the engine's view still
    gives its reasons (the game itself is not over), the table no longer says them."""
    g = game(deck("AF1-009"), deck())
    g.s["players"][0]["vp"] = 0
    g.forget_legal_actions()
    running = state_message(g, 0)
    resigned = {
        **running,
        "status": "finished",
        "result": {"winners": [1], "reason": "resigned", "resigned": 0},
    }
    assert any("why_not" in entry for entry in resigned["view"]["players"][0]["hand"])
    frames = run([running, resigned], lang)
    assert any(not_now in line for line in frames[0]["hand"])
    assert frames[1]["hand"] and not any(not_now in line for line in frames[1]["hand"])
