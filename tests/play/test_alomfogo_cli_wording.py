"""What the Álomfogó terminal game explains: the bűvforrás subtype and its one-a-turn limit,
why the first turn has no duels, the draw the rules allow, English words in English, card
counts."""

from __future__ import annotations

from play import cli_alomfogo as cli
from play.bots.alomfogo_cards import DEMO_DECKS, all_cards, deck
from play.engines import get_engine
from tests.play import alomfogo_helpers as h

CARDS = all_cards()
NO_DUELS_HU = "Az első körben nincs párbaj: a kezdő játékos az első körében nem támadhat."
NO_DUELS_EN = "No duels on the first turn: the starting player cannot attack on their first turn."


def _game(seed: int, first: int = 0):
    decks = [deck(DEMO_DECKS["tamado"]), deck(DEMO_DECKS["vedo"])]
    return get_engine("alomfogo").new_game(decks, {"first_player": first}, seed)


def _do(state, kind: str) -> None:
    seat = state.active_player
    state.apply(next(a for a in state.legal_actions(seat) if a["type"] == kind))


def _menu(state, lang: str = "hu") -> str:
    view = state.view(0)
    return cli.format_actions(state.legal_actions(0), view, lang)


def _is_buvforras(state, card_id: str) -> bool:
    code = cli.visible_cards(state.view(0))[card_id]["code"]
    return "buvforras" in (CARDS[code].get("subtypes") or [])


def test_the_first_turn_says_why_no_attack_is_offered():
    state = _game(seed=1)
    assert state.view(0)["no_duels"] == "first_turn"
    menu = _menu(state)
    assert NO_DUELS_HU in menu and "Befejezed a fő fázist (ebben a körben nincs párbaj)" in menu
    assert NO_DUELS_EN in _menu(state, "en")
    _do(state, "end_main")
    assert NO_DUELS_HU in _menu(state)  # the duel step: only "end your turn" is left
    _do(state, "end_turn")
    _do(state, "end_main")  # the other player's turn
    _do(state, "end_turn")
    assert state.view(0)["no_duels"] is None
    menu = _menu(state)
    assert NO_DUELS_HU not in menu and "jöhetnek a párbajok" in menu


def test_a_second_buvforras_is_shown_and_its_absence_explained():
    for seed in range(200):
        state = _game(seed)
        hand = state.view(0)["players"][0]["hand"]
        sources = [c["id"] for c in hand if _is_buvforras(state, c["id"])]
        if len(sources) < 2:
            continue
        view = state.view(0)
        assert "(bűvforrás)" in cli.format_view(view, "hu")
        assert "(spell source)" in cli.format_view(view, "en")
        play = next(
            a
            for a in state.legal_actions(0)
            if a["type"] == "play_card" and a["card"] in sources and "free" not in a
        )
        state.apply(play)
        h.let_resolve(state)  # seat 1, holding cards, is asked to counter it, and cannot
        view = state.view(0)
        assert view["buvforras_played"] is True
        left = [s for s in sources if s != play["card"]]
        actions = state.legal_actions(0)
        assert not any(a.get("card") in left and a["type"] == "play_card" for a in actions)
        text = cli.format_view(view, "hu")
        assert "(bűvforrás) — ebben a körben már nem: már kijátszottál egy bűvforrást" in text
        menu = cli.format_actions(actions, view, "hu")
        assert "Bűvforrás lapból körönként csak egyet játszhatsz ki" in menu
        assert "You may play only one spell source (bűvforrás) card a turn" in (
            cli.format_actions(actions, view, "en")
        )
        return
    raise AssertionError("no seed dealt two bűvforrás cards to seat 0")


def test_english_names_the_revulo_in_english_and_counts_cards_right():
    # the first deal that puts a révülő in the opening hand
    state = next(
        game
        for game in map(_game, range(50))
        if any(
            game.card(card["id"])["type"] == "revulo" for card in game.view(0)["players"][0]["hand"]
        )
    )
    view = state.view(0)
    view["players"][1]["hand_count"] = 1
    text = cli.format_view(view, "en")
    hand_lines = [line for line in text.splitlines() if line.startswith("    ")]
    revulok = [line for line in hand_lines if "dreamwalker" in line]
    assert revulok, text
    assert all(" — révülő" not in line for line in hand_lines)
    assert "hand 1 card ·" in text and "1 cards" not in text
    assert " — révülő " in cli.format_view(view, "hu")


def test_the_draw_after_an_alomleny_is_a_choice_in_the_menu():
    """ "Minden álomlény kijátszásakor húzhatsz egy új lapot": the terminal asks, and with
    an empty deck says why nothing was drawn."""
    state = h.game(h.deck("AF1-004"), h.deck())
    h.act(state, "play_card", h.in_hand(state, 0, "AF1-004"))
    view = state.view(0)
    text, menu = cli.format_view(view, "hu"), _menu(state)
    assert "Döntés: húz-e egy lapot az álomlény után (Te)" in text
    assert "1) Húzol egy lapot (szabad választás)" in menu
    assert "2) Nem húzol (a pakliban 6 lap marad)" in menu
    assert "Do not draw (6 left in your deck)" in _menu(state, "en")
    events = h.act(state, "decline_draw")
    assert cli.format_event(events[0], state.view(0), "hu") == "Te: nincs húzás — saját döntés"
    # an empty deck: no question, and the log says why
    state = h.game(h.deck("AF1-004", filler=4), h.deck())
    events = h.act(state, "play_card", h.in_hand(state, 0, "AF1-004"))
    lines = [cli.format_event(e, state.view(0), "hu") for e in events]
    assert "Te: nincs húzás — üres a pakli (ez nem vereség: a húzás nem kötelező)" in lines
