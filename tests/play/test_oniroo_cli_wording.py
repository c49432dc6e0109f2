"""What the ONIROO terminal game says: the vote's card, why a game ended, attack cards in hand,
card counts; and the engine facts behind them (the vote event's card, the hand's `effect`)."""

from __future__ import annotations

import pytest

from play import cli_oniroo
from play.cli_prompt import cards_count
from play.engines.oniroo import explain_dream
from tests.play.oniroo_helpers import (
    CARDS,
    EYE,
    NIGHTMARE,
    WAKE,
    act,
    arrange,
    complete_dream,
    game,
    one,
    plain_symbols,
)


def _text(g, seat: int = 0, lang: str = "hu") -> str:
    view = g.view(seat)
    return cli_oniroo.format_view(view, lang)


def test_the_vote_event_names_its_card_in_the_engine_and_in_the_terminal():
    g = game(level=5, vote=True, seed=3, shuffle=True)
    first = g.active_player
    filler = plain_symbols(5, set(complete_dream()))
    g = arrange(g, hands={first: [WAKE, *filler]}, dreams={first: [complete_dream()]})
    act(g, "wake_up", card=one(g, WAKE), dream="d1")
    vote = next(e for e in g.s["log"] if e["type"] == "vote")
    assert vote["code"] == g.s["cards"][vote["card"]]
    card = CARDS[vote["code"]]
    view = g.view(0)
    event = next(e for e in view["events"] if e["type"] == "vote")
    hu = cli_oniroo.format_event(event, view, "hu")
    en = cli_oniroo.format_event(event, view, "en")
    assert f"Szavazás: a legmagasabb szám ({card['name']})" in hu and "(?)" not in hu
    assert f"({card.get('name_en') or card['name']})" in en and "(?)" not in en


@pytest.mark.parametrize(
    ("level", "hu", "en"),
    [
        (2, "ébredés a közös álmon", "the wake-up on the shared dream"),
        (3, "ébredés a közös álmon", "the wake-up on the shared dream"),
    ],
)
def test_waking_the_shared_dream_is_not_called_your_own_dream(level, hu, en):
    cards = plain_symbols(15)
    g = arrange(game(level=level), hands={0: [WAKE, *cards[:4]]}, shared=cards[4:14])
    act(g, "wake_up", card=one(g, WAKE), dream="shared")
    # the engine says which dream was woken: the terminal and the table both read it
    assert g.result["reason"] == "wake_up_shared"
    assert g.view(0)["shared_dream"]["winning"]["reason"] == "wake_up_shared"
    view = g.view(0)
    assert f"Nyertél! ({hu})" in cli_oniroo.format_result(g.result, view, "hu")
    text = cli_oniroo.format_result(g.result, view, "en")
    assert f"You won! ({en})" in text and "their own" not in text


def test_waking_your_own_dream_says_so():
    g = arrange(game(level=5), hands={0: [WAKE, *plain_symbols(4, set(complete_dream()))]},
                dreams={0: [complete_dream()]})  # fmt: skip
    act(g, "wake_up", card=one(g, WAKE), dream="d1")
    text = cli_oniroo.format_result(g.result, g.view(0), "en")
    assert "(the wake-up on the winner's own complete dream)" in text


def test_attack_cards_in_hand_say_what_they_would_do():
    g = arrange(game(level=5), hands={0: [NIGHTMARE, *plain_symbols(4)]})
    hand = {c["code"]: c for c in g.view(0)["players"][0]["hand"]}
    assert hand[NIGHTMARE]["effect"] == "nightmare"
    assert all("effect" not in c for c in g.view(0)["players"][0]["hand"] if c["type"] == "symbol")
    hu = _text(g, lang="hu")
    assert "Rémálom (rossz éjszaka) — a megtámadott játékos egyik álma a dobópakliba kerül" in hu
    g = arrange(game(level=4, attack_kind="moon_head"), hands={0: [EYE, *plain_symbols(4)]})
    assert g.view(0)["players"][0]["hand"][0]["effect"] == "eye"
    en = _text(g, lang="en")
    assert "(moon head) — the target plays one card blind on their next turn" in en


def test_at_level_3_a_bad_night_in_hand_tells_of_the_shared_dream():
    g = arrange(game(level=3), hands={0: [NIGHTMARE, *plain_symbols(4)]})
    hand = {c["code"]: c for c in g.view(0)["players"][0]["hand"]}
    assert hand[NIGHTMARE]["effect"] == "wait"
    assert "a közös álomra kerül: a többiek két körükön át nem tehetnek bele" in _text(g)
    # The attack event says the same.
    events = act(g, "attack", card=one(g, NIGHTMARE))
    assert next(e for e in events if e["type"] == "attack")["effect"] == "wait"


def test_one_card_is_one_card_in_english():
    assert cards_count(1, "en") == "1 card"
    assert cards_count(2, "en") == "2 cards"
    assert cards_count(1, "hu") == "1 lap"
    view = game(level=5).view(0)
    view["players"][1]["hand_count"] = 1
    view["draw_count"] = 1
    text = cli_oniroo.format_view(view, "en")
    assert "hand 1 card" in text and "Draw pile: 1 card ·" in text and "1 cards" not in text
    four = [CARDS[c] for c in complete_dream()[:4]]
    why = explain_dream(four, view["options"]["min_dream_length"])
    missing = cli_oniroo.missing_text(why, "en")
    assert missing.startswith("1 card,")
