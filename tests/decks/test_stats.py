"""Deck analysis: breakdown, exact draw odds, sample hand, goldfish, SVG charts."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from fractions import Fraction
from functools import cache
from math import comb
from pathlib import Path

import pytest

from decks import charts, odds, odds_alomfogo
from decks.entries import SIDE, Entry
from decks.stats import breakdown, cost_bucket

DATA = Path(__file__).resolve().parents[2] / "catalog" / "data"
SVG = "{http://www.w3.org/2000/svg}"


@cache
def _cards(game: str) -> dict[str, dict]:
    cards = {}
    for path in sorted((DATA / game).glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for card in data["cards"]:
            cards[card["code"]] = {**card, "game": data["game"]}
    return cards


def card(code: str) -> dict:
    game = {"AF": "alomfogo", "ON": "oniroo", "AG": "arcane-guardian"}[code[:2]]
    return _cards(game)[code]


# A 45-card tournament deck from the shipped demo set, three of each:
# 7 révülők (4 of them cost at most 2), 2 álomlény, 2 esemény, 2 azonnali, 2 általános.
DECK_CODES = [
    "AFD-004", "AFD-005", "AFD-010", "AFD-017", "AFD-002", "AFD-014", "AFD-006",  # révülő
    "AFD-025", "AFD-027",  # álomlény
    "AFD-055", "AFD-060",  # esemény (055 is a bűvforrás)
    "AFD-040", "AFD-041",  # azonnali
    "AFD-063", "AFD-070",  # általános (063 is a bűvforrás)
]  # fmt: skip


def tournament_deck() -> list[Entry]:
    return [Entry(card(code), 3) for code in DECK_CODES]


def exact(population: int, successes: int, draws: int) -> Fraction:
    """P(at least one hit), straight from the definition."""
    return 1 - Fraction(comb(population - successes, draws), comb(population, draws))


# --- breakdown ------------------------------------------------------------------------------


def test_breakdown_counts_the_main_board_by_type_house_and_rarity():
    entries = [
        *tournament_deck(),
        Entry(card("AFD-050"), 2, SIDE),
        Entry(None, 2, line="2 Nemlétező Lap"),
    ]
    b = breakdown(entries, "hu")
    assert b.game == "alomfogo"
    assert (b.total, b.side_total, b.unknown, b.uncosted) == (45, 2, 2, 0)
    assert [(r.id, r.label, r.count) for r in b.by_type] == [
        ("revulo", "révülő", 21),
        ("alomleny", "álomlény", 6),
        ("esemeny", "esemény", 6),
        ("azonnali", "azonnali varázslat", 6),
        ("altalanos", "általános varázslat", 6),
    ]
    assert [(r.id, r.count) for r in b.by_house] == [
        ("vajakosok", 3),
        ("samanok", 12),  # three révülők and the álomlény Táltosparipa
        ("boszorkanyok", 3),
        ("garabonciasok", 3),
        ("vadaszok", 3),
    ]
    assert b.by_house[1].label == "Sámánok Jurtája"
    assert [(r.label, r.count) for r in b.by_rarity] == [("bronz", 24), ("ezüst", 15), ("arany", 6)]
    assert b.average_cost == round(93 / 45, 2) == 2.07


def test_breakdown_labels_follow_the_language():
    b = breakdown(tournament_deck(), "en")
    assert [r.label for r in b.by_type][:2] == ["dreamwalker", "dream creature"]
    assert b.by_house[1].label == "House of Shamans"
    assert [r.label for r in b.by_rarity] == ["common", "uncommon", "rare"]


def test_cost_curve_buckets_and_their_split_by_type():
    b = breakdown(tournament_deck())
    assert b.curve_pairs() == [(0, 12), (1, 3), (2, 15), (3, 6), (4, 6), (5, 0), (6, 3), ("7+", 0)]
    by_cost = {bucket.cost: bucket.by_type for bucket in b.curve}
    assert by_cost[0] == {"revulo": 3, "alomleny": 3, "azonnali": 3, "altalanos": 3}
    assert list(by_cost[2]) == ["revulo", "alomleny", "esemeny"]  # the game's type order
    assert by_cost[2] == {"revulo": 9, "alomleny": 3, "esemeny": 3}
    assert by_cost[5] == {}
    for bucket in b.curve:
        assert sum(bucket.by_type.values()) == bucket.count


def test_costs_from_seven_up_share_one_bucket_and_null_costs_stay_off_the_curve():
    base = card("AFD-006")
    entries = [
        Entry({**base, "code": "X-7", "cost": 7}, 1),
        Entry({**base, "code": "X-9", "cost": 9}, 2),
        Entry({**base, "code": "X-N", "cost": None}, 3),
        Entry(card("AFD-004"), 1),
    ]
    b = breakdown(entries)
    assert cost_bucket(7) == cost_bucket(12) == "7+"
    assert cost_bucket(6) == 6
    assert b.curve_pairs()[-1] == ("7+", 3)
    assert b.uncosted == 3
    assert b.total == 7
    assert b.average_cost == round((7 + 18 + 0) / 4, 2)


def test_breakdown_of_nothing():
    b = breakdown([])
    assert (b.game, b.total, b.average_cost, b.by_type) == (None, 0, None, [])
    assert [n for _, n in b.curve_pairs()] == [0] * 8


# --- exact maths ----------------------------------------------------------------------------


def test_prob_at_least_is_the_exact_hypergeometric_tail():
    assert odds.exact_at_least(45, 20, 5) == 1 - Fraction(comb(25, 5), comb(45, 5))
    assert odds.prob_at_least(45, 20, 5) == pytest.approx(float(exact(45, 20, 5)), abs=1e-12)
    assert odds.prob_at_least(60, 24, 7) == pytest.approx(float(exact(60, 24, 7)), abs=1e-12)
    assert odds.prob_at_least(60, 24, 7) == pytest.approx(0.9783854727408821, abs=1e-12)


def test_textbook_values():
    # at least one ace in a five-card poker hand: 1 - C(48,5)/C(52,5) = 18472/54145 ≈ 34.1%
    assert odds.exact_at_least(52, 4, 5) == Fraction(18472, 54145)
    assert odds.prob_at_least(52, 4, 5) == pytest.approx(0.341158, abs=1e-6)
    # exactly both aces of two in a 2-card draw from 4 cards: 1/6
    assert odds.exact_at_least(4, 2, 2, k=2) == Fraction(1, 6)


def test_prob_at_least_k_sums_the_tail():
    tail = sum(
        Fraction(comb(12, i) * comb(33, 7 - i), comb(45, 7)) for i in range(2, 8)
    )  # at least 2 of 12 in 7 draws
    assert odds.exact_at_least(45, 12, 7, k=2) == tail


def test_prob_at_least_edges():
    assert odds.prob_at_least(45, 0, 5) == 0.0
    assert odds.prob_at_least(45, 45, 5) == 1.0
    assert odds.prob_at_least(45, 3, 5, k=0) == 1.0
    assert odds.prob_at_least(45, 3, 5, k=4) == 0.0
    assert odds.prob_at_least(4, 1, 10) == 1.0  # more draws than cards: all of them are seen
    for bad in ((10, 11, 5), (-1, 0, 1), (10, 2, -1)):
        with pytest.raises(ValueError):
            odds.prob_at_least(*bad)


def test_cards_seen_by_turn_follows_the_draw_rules():
    # opening hand of 5; the starting player skips the first draw; one card a turn after
    assert (
        odds_alomfogo.cards_seen_by_turn(0, True) == odds_alomfogo.cards_seen_by_turn(0, False) == 5
    )
    assert odds_alomfogo.cards_seen_by_turn(1, True) == 5
    assert odds_alomfogo.cards_seen_by_turn(1, False) == 6
    assert odds_alomfogo.cards_seen_by_turn(2, True) == 6
    assert odds_alomfogo.cards_seen_by_turn(2, False) == 7
    assert odds_alomfogo.cards_seen_by_turn(4, True) == 8
    with pytest.raises(ValueError):
        odds_alomfogo.cards_seen_by_turn(-1, True)


def test_the_odds_count_the_cards_the_engine_deals():
    """The draw rule lives in the engine; the builder's odds follow its deal, turn by turn."""
    from play.bots.alomfogo_cards import demo_decks
    from play.engines import get_engine

    game = get_engine("alomfogo").new_game(demo_decks(), {"first_player": 0}, 7)
    seen = {0: [], 1: []}
    while game.s["turn"] <= 4:
        player = game.active_player
        turn = (game.s["turn"] + 1) // 2
        if len(seen[player]) < turn:  # the cards this player has seen as their turn begins
            view = game.view(player)["players"][player]
            gone = len(view["board"]) + len(view["discard"]) + len(view["casting"])
            seen[player].append(view["hand_count"] + gone)
        ending = [a for a in game.legal_actions(player) if a["type"] in ("end_main", "end_turn")]
        game.apply(ending[0] if ending else game.legal_actions(player)[0])
    assert seen[0] == [odds_alomfogo.cards_seen_by_turn(t, True) for t in (1, 2)]
    assert seen[1] == [odds_alomfogo.cards_seen_by_turn(t, False) for t in (1, 2)]


# --- odds on a deck -------------------------------------------------------------------------


def test_odds_report_on_a_real_45_card_deck():
    lines = {line.key: line for line in odds_alomfogo.odds_report(tournament_deck(), "hu")}
    assert list(lines) == ["revulo_opening", "cheap_revulo_t2_play", "cheap_revulo_t2_draw"]

    opening = lines["revulo_opening"]
    assert opening.probability == pytest.approx(float(exact(45, 21, 5)), abs=1e-12)
    assert opening.cards_seen == 5
    assert opening.percent == "96,5%"
    assert "révülő" in opening.text and "5" in opening.text

    play, draw = lines["cheap_revulo_t2_play"], lines["cheap_revulo_t2_draw"]
    assert (play.cards_seen, draw.cards_seen) == (6, 7)
    assert play.probability == pytest.approx(float(exact(45, 12, 6)), abs=1e-12)
    assert draw.probability == pytest.approx(float(exact(45, 12, 7)), abs=1e-12)
    assert draw.probability > play.probability
    assert "ha te kezdesz" in play.text and "ha az ellenfeled kezd" in draw.text


def test_odds_report_in_english_and_for_other_games():
    lines = odds_alomfogo.odds_report(tournament_deck(), "en")
    assert lines[0].text == "At least 1 dreamwalker in your opening 5 cards"
    assert lines[0].percent == "96.5%"
    assert "if you go first" in lines[1].text
    oniroo = [Entry(card(code), 1) for code in list(_cards("oniroo"))[:40]]
    guardian = [Entry(card(code), 1) for code in _cards("arcane-guardian")]
    assert odds_alomfogo.odds_report(oniroo, "hu") == []
    assert odds_alomfogo.odds_report(guardian, "en") == []


def test_format_percent_never_claims_certainty_it_lacks():
    assert odds.format_percent(0.9999) == ">99,9%"
    assert odds.format_percent(0.0001, "en") == "<0.1%"
    assert odds.format_percent(1.0, "en") == "100.0%"
    assert odds.format_percent(0.0) == "0,0%"


def test_odds_for_a_card_a_list_of_codes_or_a_type():
    deck = [*tournament_deck(), Entry(card("AFD-050"), 3, SIDE)]
    # one code, 3 copies, by turn 3 on the draw: 5 + 3 = 8 cards seen
    assert odds_alomfogo.odds_for(deck, "AFD-006", 3, False) == pytest.approx(
        float(exact(45, 3, 8)), abs=1e-12
    )
    assert odds_alomfogo.odds_for(deck, ["AFD-006", "AFD-002"], 1, True) == pytest.approx(
        float(exact(45, 6, 5)), abs=1e-12
    )
    assert odds_alomfogo.odds_for(deck, odds.of_type("azonnali"), 2, True, k=2) == pytest.approx(
        odds.prob_at_least(45, 6, 6, k=2), abs=1e-12
    )
    assert odds_alomfogo.odds_for(deck, "AFD-050", 4, True) == 0.0  # side board only


# --- sample hand ----------------------------------------------------------------------------


def test_sample_hand_is_seeded_and_from_the_main_board():
    deck = [*tournament_deck(), Entry(card("AFD-050"), 3, SIDE), Entry(None, 1, line="?")]
    hand = odds.sample_hand(deck, 42)
    assert len(hand) == 5
    assert odds.sample_hand(deck, 42) == hand
    assert odds.sample_hand(list(reversed(deck)), 42) == hand  # the list's order does not matter
    main_codes = set(DECK_CODES)
    hands = [tuple(c["code"] for c in odds.sample_hand(deck, seed)) for seed in range(40)]
    assert all(set(h) <= main_codes for h in hands)
    assert len(set(hands)) > 30


def test_sample_hand_for_oniroo_and_arcane_guardian():
    oniroo = [Entry(card(code), 1) for code in list(_cards("oniroo"))[:40]]
    assert len(odds.sample_hand(oniroo, 1)) == 5
    guardian = [Entry(card(code), 1) for code in _cards("arcane-guardian")]
    assert odds.sample_hand(guardian, 1) == []


def test_sample_hand_of_a_tiny_deck_is_the_whole_deck():
    assert [c["code"] for c in odds.sample_hand([Entry(card("AFD-004"), 2)], 3)] == ["AFD-004"] * 2


# --- goldfish -------------------------------------------------------------------------------


def _check_turns(lines, vp_per_turn):
    # The engine plays the goldfish, so card texts apply: a start-of-turn text's VP (AFD-055)
    # and draws (AFD-060), a played text's VP (AFD-063) count too. Without texts every
    # figure below is what it was when the goldfish played by hand.
    vp_before = 0
    hand_size = 5
    for line in lines:
        # unspent VP carries over
        assert line.vp_available == vp_before + vp_per_turn + line.vp_from_texts
        spent = sum(p.cost for p in line.played)
        gained = sum(p.vp_gained for p in line.played)
        assert spent == line.vp_spent <= line.vp_available + gained
        assert line.vp_left == line.vp_available - spent + gained >= 0
        assert all(p.card["type"] != "azonnali" for p in line.played)
        assert sum("buvforras" in p.card["subtypes"] for p in line.played) <= 1
        for p in line.played:
            assert (p.drew is not None) == (p.card["type"] == "alomleny")
        hand_size += (
            (line.drawn is not None)
            + len(line.start_drew)
            - len(line.played)
            + sum(p.drew is not None for p in line.played)
            + sum(len(p.text_drew) + len(p.to_hand) - len(p.discarded) for p in line.played)
        )
        assert len(line.hand) == hand_size
        vp_before = line.vp_left


def test_goldfish_is_deterministic_and_follows_the_turn_rules():
    deck = tournament_deck()
    lines = odds_alomfogo.goldfish(deck, seed=7)
    assert lines == odds_alomfogo.goldfish(deck, seed=7)
    assert lines == odds_alomfogo.goldfish(list(reversed(deck)), seed=7)
    assert [line.turn for line in lines] == [1, 2, 3, 4]
    assert lines[0].drawn is None  # the starting player does not draw on turn 1
    assert all(line.drawn is not None for line in lines[1:])
    for seed in range(60):
        for on_the_play in (True, False):
            _check_turns(odds_alomfogo.goldfish(deck, seed, on_the_play=on_the_play), 3)
    _check_turns(odds_alomfogo.goldfish(deck, 5, turns=6, vp_per_turn=2), 2)


def test_goldfish_on_the_draw_draws_on_turn_one():
    lines = odds_alomfogo.goldfish(tournament_deck(), seed=3, on_the_play=False)
    assert lines[0].drawn is not None


def test_goldfish_starts_from_the_sample_hand():
    deck = tournament_deck()
    hand = odds.sample_hand(deck, 11)
    first = odds_alomfogo.goldfish(deck, 11, turns=1)[0]
    assert Counter(c["code"] for c in hand) == Counter(
        c["code"] for c in [*first.hand, *(p.card for p in first.played)]
    ) - Counter(p.drew["code"] for p in first.played if p.drew)


def test_goldfish_plays_revulok_first_priciest_that_fits_and_leaves_nothing_playable():
    # no álomlény (its extra draw would reorder plays) and no bűvforrás (its limit)
    codes = ["AFD-004", "AFD-005", "AFD-002", "AFD-006", "AFD-060", "AFD-040", "AFD-070", "AFD-052"]
    deck = [Entry(card(code), 3) for code in codes]
    seen_revulo_then_other = False
    for seed in range(80):
        for line in odds_alomfogo.goldfish(deck, seed, turns=5):
            kinds = [p.card["type"] for p in line.played]
            first_other = next((i for i, k in enumerate(kinds) if k != "revulo"), len(kinds))
            assert all(k != "revulo" for k in kinds[first_other:])
            revulo_costs = [p.cost for p in line.played if p.card["type"] == "revulo"]
            assert revulo_costs == sorted(revulo_costs, reverse=True)
            # greedy to the end: nothing castable in the main phase is left that fits (but
            # Rontás, AFD-070: the engine applies its text, which needs a resting révülő to
            # discard, and a goldfish never attacks, so none rests and the engine refuses it)
            assert not [
                c
                for c in line.hand
                if c["type"] != "azonnali" and c["cost"] <= line.vp_left and c["code"] != "AFD-070"
            ]
            seen_revulo_then_other |= 0 < first_other < len(kinds)
    assert seen_revulo_then_other


def test_goldfish_describes_each_turn_in_both_languages():
    lines = odds_alomfogo.goldfish(tournament_deck(), seed=7)
    assert lines[0].text("hu").startswith("1. kör: nem húzol (te kezdesz). 3 VP.")
    assert lines[0].text("en").startswith("Turn 1: no draw (you go first). 3 VP.")
    second = lines[1]
    assert f"húzod: {second.drawn['name']}." in second.text("hu")
    assert f"Marad {second.vp_left} VP." in second.text("hu")
    assert f"{second.vp_left} VP left." in second.text("en")


def test_goldfish_stops_when_the_deck_runs_out():
    lines = odds_alomfogo.goldfish(
        [Entry(card("AFD-040"), 3), Entry(card("AFD-041"), 3)], 1, turns=4
    )
    # 6 instants: 5 in hand, turn 2 draws the last, turn 3 finds the deck empty
    assert [line.deck_out for line in lines] == [False, False, True]
    assert all(not line.played for line in lines)
    assert lines[-1].vp_available == 9
    assert "Elfogyott a paklid" in lines[-1].text("hu")


def test_goldfish_lays_down_what_the_engine_allows_even_with_an_empty_deck():
    """An álomlény's draw is a choice the engine does not offer from an empty deck: the
    creature is still played (the goldfish once held it back, as if the draw would lose)."""
    from play.engines import get_engine

    creature, instant = card("AF1-004"), card("AFD-040")  # Búbos manó (1 VP), an instant
    deck = [Entry(creature, 1), Entry(instant, 4)]
    (first,) = odds_alomfogo.goldfish(deck, 1, turns=1)
    assert [p.card["code"] for p in first.played] == ["AF1-004"] and first.played[0].drew is None
    # the engine, dealt the same five cards and an opponent's deck, lets it be played
    game = get_engine("alomfogo").new_game(
        [[creature, *[instant] * 4], [instant] * 6],
        {"min_deck_size": 0, "max_copies": 0, "shuffle": False, "first_player": 0},
        1,
    )
    creature_id = next(i for i in game.view(0)["players"][0]["hand"] if i["code"] == "AF1-004")
    assert {"type": "play_card", "player": 0, "card": creature_id["id"]} in game.legal_actions(0)


def test_goldfish_is_for_alomfogo_only():
    oniroo = [Entry(card(code), 1) for code in list(_cards("oniroo"))[:40]]
    assert odds_alomfogo.goldfish(oniroo, 1) == []


# --- charts ---------------------------------------------------------------------------------


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)  # noqa: S314 (our own output) - raises unless valid XML
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("viewBox", "").startswith("0 0 ")
    assert root.get("width") is None  # scales to its box
    assert root.find(f"{SVG}title").text
    assert not list(root.iter(f"{SVG}script")) and not list(root.iter(f"{SVG}style"))
    assert "href" not in svg and "url(" not in svg
    return root


def test_cost_curve_svg_is_accessible_valid_xml():
    b = breakdown(tournament_deck(), "en")
    root = _parse(charts.cost_curve_svg(b, "en"))
    assert root.find(f"{SVG}title").text == "Cost curve"
    assert root.get("aria-label") == (
        "Cost curve: 12 cards at cost 0, 3 at cost 1, 15 at cost 2, 6 at cost 3, "
        "6 at cost 4, 0 at cost 5, 3 at cost 6, 0 at cost 7 or more."
    )
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "Cost" in texts and "Cards" in texts and "7+" in texts
    assert "dream creature" in texts  # legend


def test_cost_curve_svg_in_hungarian():
    b = breakdown(tournament_deck(), "hu")
    root = _parse(charts.cost_curve_svg(b, "hu"))
    assert root.find(f"{SVG}title").text == "Költséggörbe"
    assert root.get("aria-label").startswith("Költséggörbe: 0 költségű: 12 lap, 1 költségű: 3 lap")
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert {"Költség", "Lapok", "álomlény", "általános varázslat"} <= set(texts)


def test_cost_curve_bars_are_stacked_by_type_and_proportional_to_counts():
    b = breakdown(tournament_deck())
    root = _parse(charts.cost_curve_svg(b))
    groups = [g for g in root.iter(f"{SVG}g") if g.get("data-cost") is not None]
    assert [g.get("data-cost") for g in groups] == ["0", "1", "2", "3", "4", "5", "6", "7+"]
    per_card = set()
    for group, bucket in zip(groups, b.curve, strict=True):
        rects = group.findall(f"{SVG}rect")
        assert {r.get("data-type"): int(r.get("data-count")) for r in rects} == bucket.by_type
        for rect in rects:
            assert rect.get("fill") == charts.TYPE_COLOURS[rect.get("data-type")]
            per_card.add(round(float(rect.get("height")) / int(rect.get("data-count")), 1))
        height = sum(float(r.get("height")) for r in rects)
        if bucket.count:
            per_card.add(round(height / bucket.count, 1))
            label = group.find(f"{SVG}text")
            assert label.text == str(bucket.count)  # count label on the bar
        else:
            assert height == 0
    assert len(per_card) == 1  # one height per card everywhere
    tallest = max(float(r.get("height")) for r in root.iter(f"{SVG}rect") if r.get("data-type"))
    assert tallest > 0


def test_cost_curve_of_an_empty_deck_still_renders():
    root = _parse(charts.cost_curve_svg(breakdown([]), "en"))
    assert root.get("aria-label") == "Cost curve: no cards with a cost yet."
    assert not [r for r in root.iter(f"{SVG}rect") if r.get("data-type")]


def test_type_bars_svg():
    b = breakdown(tournament_deck(), "hu")
    root = _parse(charts.type_bars_svg(b, "hu"))
    bars = {r.get("data-type"): float(r.get("width")) for r in root.iter(f"{SVG}rect")}
    assert bars["revulo"] == pytest.approx(bars["alomleny"] * 21 / 6, abs=0.05)
    assert "révülő: 21" in root.get("aria-label")
