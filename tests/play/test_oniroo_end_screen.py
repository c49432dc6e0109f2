"""The end of an ONIROO game, as the table shows it: it says what happened, and offers nothing.

Every way a game ends, each seat's table and a spectator's (static/js/oniroo.js run
by Node on the engine's views): the dream a game was won on says so (who played the
wake-up on it, or that its seven free cards won, and for how many points) and shows
the wake-up card lying on it, not on the discard pile; every other dream's
explanation says the game is over instead of waiting for a wake-up; and nothing
promises a move that will not come (more cards on a dream this turn, a waiting or
blind turn, "now" and "next" on the solitaire's last pair).
"""

from __future__ import annotations

import pytest

from play.engines.oniroo import table as table_rules
from tests.play.oniroo_helpers import (
    EYE,
    FREES,
    WAKE,
    act,
    arrange,
    complete_dream,
    game,
    one,
    pass_turn,
    plain_symbols,
    symbols,
)
from tests.play.page_scripts import needs_node
from tests.play.test_oniroo_table_js import PAGE, first_message, state_message

pytestmark = needs_node

# Runs oniroo.js on one message: the layout's dreams, piles, solitaire pair and every text.
END_DRIVER = r"""
const t = Live.makeT(input.strings);
const m = new lib.Oniroo(input.msg, t, "en", new Map());
const layout = m.layout();
const texts = [];
const walk = (value, key) => {
  if (typeof value === "string") { if (key !== "explanation") texts.push(value); }
  else if (Array.isArray(value)) value.forEach((v) => walk(v, key));
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) walk(v, k);
  }
};
walk(layout, "");
const dream = (d) => ({
  id: d.id, status: d.status, headline: d.headline, lines: d.lines, won: d.won,
  wake: d.wake ? d.wake.code : null,
  cards: d.cards.map((c) => c.code),
});
const dreams = {};
for (const s of layout.seats) for (const d of s.dreams) dreams[d.id] = dream(d);
if (layout.shared) dreams.shared = dream(layout.shared);
const solo = layout.solo
  ? { note: layout.solo.note, drawn: layout.solo.drawn.map((c) => c.marks.map((x) => x.text)) }
  : null;
process.stdout.write(JSON.stringify({
  dreams, solo, texts, prompt: layout.prompt, turn: layout.turn,
  badges: layout.seats.map((s) => s.badges.map((b) => b.text)),
  pileTop: layout.piles && layout.piles.top ? layout.piles.top.code : null,
}));
"""

STRINGS = PAGE.strings(first_message(), "en")
# what the table says of a complete dream while the game goes on
WAITS_FOR_WAKE_UP = STRINGS["explain_complete"]  # "Complete: the wake-up may go on it."


def table(g, seat: int | None) -> dict:
    """What the ONIROO table shows `seat` (None: a spectator), in English."""
    return PAGE.run_node(END_DRIVER, {"msg": state_message(g, seat), "strings": STRINGS})


def promises_nothing(page: dict) -> None:
    """Nothing on a finished table waits for a wake-up or a turn that will not come."""
    said = " | ".join(page["texts"])
    assert WAITS_FOR_WAKE_UP not in said
    assert STRINGS["dream_building"] not in page["texts"]  # "being built": no more building
    assert "may add more cards" not in said
    assert "only you may play the wake-up" not in said and "only they may" not in said
    assert not any(page["badges"]), page["badges"]
    assert page["turn"] is None
    assert page["prompt"] == "The game is over."


def level_5_wake_up_on_own_dream():
    """Four players, level 5: zsofi (seat 0) completes her dream 1 with a free card, then
    plays the wake-up on it; gergo (seat 2) has a complete dream of his own."""
    mine = ["ONI-S001", *FREES[:3]]  # four cards: one short of complete
    theirs = ["ONI-S002", *FREES[4:8]]
    hand = [FREES[3], WAKE, *plain_symbols(4)]
    g = arrange(game(level=5, players=4), hands={0: hand}, dreams={0: [mine], 2: [theirs]})
    act(g, "play", card=one(g, FREES[3]), dream="d1")
    assert g.s["players"][0]["dreams"][0]["complete"]
    act(g, "wake_up", card=one(g, WAKE), dream="d1")
    assert g.result["winners"] == [0] and g.result["reason"] == "wake_up"
    return g


@pytest.mark.parametrize("seat", [0, 1, 2, None])
def test_the_dream_woken_up_shows_the_wake_up_card_and_says_who_won_on_it(seat):
    g = level_5_wake_up_on_own_dream()
    page = table(g, seat)
    won = page["dreams"]["d1"]
    who = "You" if seat == 0 else "zsofi"
    assert won["headline"] == f"{who} played the wake-up on it and won 15 points."
    assert won["status"] == "winning dream" and won["won"] is True
    assert won["wake"] == WAKE  # the card lies on the dream...
    assert WAKE not in won["cards"]  # ...beside its cards, which the explanation numbers
    assert page["pileTop"] != WAKE  # ...and not on the discard pile
    assert one(g, WAKE) not in g.s["discard"]
    # the other complete dream: the game is over, no wake-up will go on it
    other = page["dreams"]["d2"]
    assert other["headline"] == "Complete. The game is over: nothing more goes on it."
    assert other["wake"] is None and other["won"] is False
    promises_nothing(page)


def test_the_wake_up_on_another_players_dream_lies_on_that_dream():
    done = complete_dream()
    g = arrange(game(level=5, players=3), hands={0: [WAKE, *plain_symbols(5)]}, dreams={1: [done]})
    act(g, "wake_up", card=one(g, WAKE), dream="d1")
    assert g.result["reason"] == "wake_up_other"
    for seat, who in ((0, "You"), (1, "zsofi"), (None, "zsofi")):
        page = table(g, seat)
        woken = page["dreams"]["d1"]
        assert woken["headline"] == f"{who} played the wake-up on it and won 5 points."
        assert woken["wake"] == WAKE and page["pileTop"] != WAKE
        promises_nothing(page)


def test_seven_free_cards_say_they_won_and_the_turn_offers_no_more_cards():
    g = arrange(game(level=5, players=2), hands={0: [FREES[6], *plain_symbols(5)]})
    g = arrange(g, dreams={0: [FREES[:6]]})
    act(g, "play", card=one(g, FREES[6]), dream="d1")
    assert g.result["reason"] == "seven_free"
    mine, theirs = table(g, 0), table(g, 1)
    assert mine["dreams"]["d1"]["headline"] == "Seven free cards: this dream won you 20 points."
    assert theirs["dreams"]["d1"]["headline"] == "Seven free cards: this dream won zsofi 20 points."
    assert mine["dreams"]["d1"]["wake"] is None
    for page in (mine, theirs):
        promises_nothing(page)


def test_level_3_the_completer_woke_the_shared_dream():
    a_cards = symbols(letter="A")
    rest = plain_symbols(4, set(a_cards))
    g = arrange(game(level=3, players=2), hands={0: [a_cards[9], WAKE, *rest]}, shared=a_cards[:9])
    act(g, "play", card=one(g, a_cards[9]), dream="shared")
    act(g, "wake_up", card=one(g, WAKE), dream="shared")
    assert g.result["winners"] == [0]
    mine, theirs = table(g, 0), table(g, 1)
    assert mine["dreams"]["shared"]["lines"][0] == "You completed it."
    assert theirs["dreams"]["shared"]["lines"][0] == "zsofi completed it."
    assert mine["dreams"]["shared"]["headline"] == (
        "You played the wake-up on it and won 10 points."
    )
    assert theirs["dreams"]["shared"]["wake"] == WAKE
    for page in (mine, theirs):
        promises_nothing(page)


def test_level_1_the_dream_of_ten_woken_up():
    g = arrange(game(level=1, players=2), hands={0: [WAKE, *plain_symbols(5)]})
    g = arrange(g, into={"p0": plain_symbols(10, set(plain_symbols(5)))})
    act(g, "wake_up", card=one(g, WAKE), dream="p0")
    page = table(g, 1)
    assert page["dreams"]["p0"]["headline"] == "zsofi played the wake-up on it and won 5 points."
    assert page["dreams"]["p0"]["wake"] == WAKE
    promises_nothing(page)


def test_a_game_ended_by_the_turn_limit_leaves_complete_dreams_unwoken():
    """No wake-up, no winner: a complete dream says the game is over, an incomplete one
    that it was not completed, and nobody waits for a turn."""
    g = arrange(
        game(level=5, players=2, max_turns=1),
        hands={0: plain_symbols(6)},
        dreams={0: [complete_dream()], 1: [["ONI-S010", "ONI-S011"]]},
    )
    while not g.is_over:
        pass_turn(g)
    assert g.result["reason"] == "turn_limit"
    page = table(g, 0)
    assert page["dreams"]["d1"]["headline"] == (
        "Complete. The game is over: nothing more goes on it."
    )
    assert page["dreams"]["d2"]["headline"] == "Not completed before the game ended."
    # its badge says so too, not that it is being built (the badge drawn beside the headline)
    assert page["dreams"]["d2"]["status"] == "not completed"
    assert page["dreams"]["d1"]["status"] == "complete"
    promises_nothing(page)


def test_a_blind_turn_to_come_is_not_promised_once_the_game_is_over():
    """A moon eye makes gergo play blind on his next turn; anna wakes up first."""
    g = arrange(
        game(level=4, players=3, attack_kind="moon_head"),
        hands={0: [EYE, *plain_symbols(5)], 1: [WAKE, *plain_symbols(5, set(plain_symbols(5)))]},
        dreams={1: [complete_dream()]},
    )
    act(g, "attack", card=one(g, EYE), target=2)
    act(g, "accept")
    assert g.view(0)["players"][2]["blind"] and g.active_player == 1
    act(g, "wake_up", card=one(g, WAKE), dream="d1")
    assert g.view(0)["players"][2]["blind"] is False
    promises_nothing(table(g, 0))


def test_the_solitaires_pair_left_when_the_wake_up_is_drawn_is_not_now_or_next():
    """The wake-up drawn as the pair's first card ends the solitaire: the second card is
    still on show, but nothing is to be done with it."""
    from play.bots.oniroo_cards import oniroo_cards
    from play.engines import get_engine

    engine = get_engine("oniroo")
    for seed in range(50):
        g = engine.new_game(oniroo_cards(), {"level": 3, "players": 1}, seed)
        while not g.is_over:
            legal = g.legal_actions(0)
            g.apply(next((a for a in legal if a["type"] == "discard"), legal[0]))
        if g.view(0)["drawn"]:
            break
    else:
        raise AssertionError("no solitaire ended with a card of its pair left")
    page = table(g, 0)
    assert page["solo"]["drawn"] == [[]]  # no "now", no "next"
    assert page["solo"]["note"] == "The game ended before this card was dealt with."
    assert page["prompt"] == "The game is over."


def test_the_engine_keeps_the_wake_up_card_on_the_dream():
    g = level_5_wake_up_on_own_dream()
    dream = g.s["players"][0]["dreams"][0]
    assert dream["wake_up"] == one(g, WAKE)
    assert dream["winning"] == {"player": 0, "reason": "wake_up", "points": 15}
    assert table_rules.find_dream(g.s, "d1")[1] is dream
    assert g.view(None)["players"][0]["dreams"][0]["wake_up"]["code"] == WAKE
