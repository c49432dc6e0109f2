"""The pure deck validator and the format table, on the shipped card data."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from catalog.vocab import ALOMFOGO, ARCANE_GUARDIAN, GAME_IDS, ONIROO, RULES
from decks.entries import SIDE, Entry
from decks.formats import all_formats, default_format, format_by_number, formats_for, get_format
from decks.validation import PROBLEM_CODES, Problem, validate, verdicts
from play.engines.base import SetupError
from tests.decks.conftest import shipped_cards

CARDS = shipped_cards()
AF = [c for c in CARDS[ALOMFOGO] if c["code"].startswith("AFD-")]


def fmt(game: str, id: str):
    found = get_format(game, id)
    assert found is not None
    return found


def af_deck(size: int, cards: list[dict] = AF, copies: int = 3) -> list[Entry]:
    """`size` cards, `copies` of each card in data order (the last one may be fewer)."""
    entries, left = [], size
    for card in cards:
        if left == 0:
            break
        n = min(copies, left)
        entries.append(Entry(card, n))
        left -= n
    assert left == 0
    return entries


def codes(problems: list[Problem]) -> list[str]:
    return [p.code for p in problems]


def of_type(game: str, *types: str) -> list[dict]:
    return [c for c in CARDS[game] if c["type"] in types]


# Álomfogó: size and copies


def test_four_copies_of_a_card_names_that_card():
    star = AF[0]
    entries = [Entry(star, 4), *af_deck(32, AF[1:])]
    problems = validate(entries, ALOMFOGO, fmt(ALOMFOGO, "casual"))
    assert codes(problems) == ["too_many_copies"]
    (problem,) = problems
    assert problem.cards == (star["code"],)
    assert star["name"] in problem.message_hu and star["name_en"] in problem.message_en
    assert problem.hint_hu == f"Vegyél ki 1 „{star['name']}” lapot."
    assert problem.hint_en == f"Remove 1 copy of {star['name_en']}."


def test_thirty_four_cards_are_one_short_for_casual():
    problems = validate(af_deck(34), ALOMFOGO, fmt(ALOMFOGO, "casual"))
    assert codes(problems) == ["too_few_cards"]
    assert problems[0].hint_en == "Add 1 more card."
    assert problems[0].hint_hu == "Tegyél bele még 1 lapot."
    assert "34" in problems[0].message_hu and "35" in problems[0].message_en


def test_forty_cards_pass_casual_but_not_tournament():
    deck = af_deck(40)
    assert validate(deck, ALOMFOGO, fmt(ALOMFOGO, "casual")) == []
    problems = validate(deck, ALOMFOGO, fmt(ALOMFOGO, "tournament"))
    assert codes(problems) == ["too_few_cards"]
    assert problems[0].hint_en == "Add 5 more cards."


def test_forty_five_cards_pass_tournament():
    assert validate(af_deck(45), ALOMFOGO, fmt(ALOMFOGO, "tournament")) == []


def test_the_builder_and_the_table_agree_on_size_and_copies():
    """A deck the casual format passes is one the engine deals; one it refuses, the engine
    refuses too (the format's numbers are the engine's)."""
    from play.engines import get_engine

    engine = get_engine(ALOMFOGO)

    def deal(entries: list[Entry]) -> bool:
        cards = [e.card for e in entries for _ in range(e.count)]
        try:
            engine.new_game([cards, cards], {}, seed=1)
        except SetupError:
            return False
        return True

    casual = fmt(ALOMFOGO, "casual")
    first = AF[0]
    # reprints that write the name in capitals or without its accents are the same card
    shouting = {**first, "code": "AFX-001", "name": first["name"].upper()}
    plain = {**first, "code": "AFX-002", "name": "Gyogyfuves Panna"}
    assert first["name"] == "Gyógyfüves Panna"
    decks = {
        "35 cards": af_deck(35),
        "34 cards": af_deck(34),
        "4 copies": [Entry(first, 4), *af_deck(32, AF[1:])],
        "4 across printings": [Entry(first, 2), Entry(shouting, 1), Entry(plain, 1)],
        "3 across printings": [Entry(first, 1), Entry(shouting, 1), Entry(plain, 1)],
    }
    decks["4 across printings"] += af_deck(32, AF[1:])
    decks["3 across printings"] += af_deck(32, AF[1:])
    verdicts = {}
    for name, entries in decks.items():
        passes = validate(entries, ALOMFOGO, casual) == []
        assert passes == deal(entries), name
        verdicts[name] = passes
    assert verdicts == {
        "35 cards": True,
        "34 cards": False,
        "4 copies": False,
        "4 across printings": False,
        "3 across printings": True,
    }


def test_too_many_cards_when_a_format_sets_a_maximum():
    capped = dataclasses.replace(fmt(ALOMFOGO, "casual"), id="capped", max_cards=40)
    problems = validate(af_deck(43), ALOMFOGO, capped)
    assert codes(problems) == ["too_many_cards"]
    assert problems[0].hint_en == "Remove 3 cards."


def test_printings_of_one_name_add_up():
    first = AF[0]
    # a reprint in another set: another code, the same name (case and accents
    # need not match: names are compared folded)
    reprint = {**first, "code": "AFX-001", "name": first["name"].upper()}
    entries = [Entry(first, 2), Entry(reprint, 2), *af_deck(33, AF[1:])]
    problems = validate(entries, ALOMFOGO, fmt(ALOMFOGO, "casual"))
    assert codes(problems) == ["too_many_copies"]
    assert problems[0].cards == ("AFD-001", "AFX-001")
    assert "4" in problems[0].message_en and "printings" in problems[0].message_en
    assert problems[0].hint_hu.startswith("Vegyél ki 1 ")

    within = [Entry(first, 2), Entry(reprint, 1), *af_deck(33, AF[1:])]
    assert validate(within, ALOMFOGO, fmt(ALOMFOGO, "casual")) == []


def test_unknown_card_names_the_line():
    entries = [*af_deck(35), Entry(None, 2, line="2 Nincsilyen Lap")]
    problems = validate(entries, ALOMFOGO, fmt(ALOMFOGO, "casual"))
    assert codes(problems) == ["unknown_card"]
    assert "2 Nincsilyen Lap" in problems[0].message_hu
    assert "2 Nincsilyen Lap" in problems[0].message_en
    assert problems[0].cards == ()


def test_card_of_another_game_is_wrong_game():
    symbol = of_type(ONIROO, "symbol")[0]
    entries = [*af_deck(35), Entry(symbol, 1)]
    problems = validate(entries, ALOMFOGO, fmt(ALOMFOGO, "casual"))
    assert codes(problems) == ["wrong_game"]
    assert problems[0].cards == (symbol["code"],)
    assert "ONIROO" in problems[0].message_hu and "Álomfogó" in problems[0].message_en
    assert symbol["name"] in problems[0].hint_hu


def test_record_without_game_key_is_placed_by_its_type():
    ending = {k: v for k, v in of_type(ARCANE_GUARDIAN, "ending")[0].items() if k != "game"}
    problems = validate([*af_deck(35), Entry(ending, 1)], ALOMFOGO, fmt(ALOMFOGO, "casual"))
    assert codes(problems) == ["wrong_game"]


def test_events_are_banned_under_no_events():
    event = next(c for c in AF if c["type"] == "esemeny")
    others = [c for c in AF if c["type"] != "esemeny"]
    entries = [*af_deck(33, others), Entry(event, 2)]
    assert validate(entries, ALOMFOGO, fmt(ALOMFOGO, "casual")) == []
    problems = validate(entries, ALOMFOGO, fmt(ALOMFOGO, "no-events"))
    assert codes(problems) == ["banned_type"]
    assert problems[0].cards == (event["code"],)
    assert "esemény" in problems[0].message_hu and "event" in problems[0].message_en
    assert problems[0].hint_hu == f"Vegyél ki 2 „{event['name']}” lapot."
    assert validate(entries, ALOMFOGO, fmt(ALOMFOGO, "no-general-spells")) == []


def test_side_board_is_checked_but_not_counted():
    event = next(c for c in AF if c["type"] == "esemeny")
    others = [c for c in AF if c["type"] != "esemeny"]
    entries = [
        *af_deck(34, others),
        Entry(event, 3, SIDE),
        Entry(None, 1, SIDE, "Sehol Sincs"),
    ]
    problems = validate(entries, ALOMFOGO, fmt(ALOMFOGO, "no-events"))
    assert codes(problems) == ["too_few_cards", "unknown_card", "banned_type"]
    assert problems[0].hint_en == "Add 1 more card."


def test_empty_deck():
    for game in GAME_IDS:
        for f in formats_for(game):
            assert codes(validate([], game, f)) == ["empty_deck"]
    problems = validate([Entry(AF[0], 0)], ALOMFOGO, fmt(ALOMFOGO, "tournament"))
    assert codes(problems) == ["empty_deck"]
    assert "45" in problems[0].hint_en


def test_problems_come_in_documented_order():
    symbol = of_type(ONIROO, "symbol")[0]
    event = next(c for c in AF if c["type"] == "esemeny")
    entries = [
        Entry(symbol, 1),
        Entry(None, 1, line="zzz"),
        Entry(event, 1),
        Entry(AF[1], 5),
        Entry(None, 1, line="aaa"),
        Entry(AF[0], 4),
    ]
    problems = validate(entries, ALOMFOGO, fmt(ALOMFOGO, "no-events"))
    assert codes(problems) == [
        "too_few_cards",
        "too_many_copies",
        "too_many_copies",
        "unknown_card",
        "unknown_card",
        "wrong_game",
        "banned_type",
    ]
    assert [p.cards for p in problems[1:3]] == [(AF[0]["code"],), (AF[1]["code"],)]
    assert "aaa" in problems[3].message_en and "zzz" in problems[4].message_en
    assert validate(list(reversed(entries)), ALOMFOGO, fmt(ALOMFOGO, "no-events")) == problems


# ONIROO: the pool of each level


def test_oniroo_levels_accept_their_own_pool():
    for f in formats_for(ONIROO):
        pool = [c for c in CARDS[ONIROO] if f.allowed_types is None or c["type"] in f.allowed_types]
        assert validate([Entry(c, 1) for c in pool], ONIROO, f) == [], f.id


def test_moon_head_is_not_in_level_three():
    pool = of_type(ONIROO, "symbol", "wake_up", "bad_night", "dream_fairy")
    moon = of_type(ONIROO, "moon_head")[0]
    entries = [*(Entry(c, 1) for c in pool), Entry(moon, 1)]
    problems = validate(entries, ONIROO, fmt(ONIROO, "level-3"))
    assert codes(problems) == ["not_in_pool"]
    assert problems[0].cards == (moon["code"],)
    assert "holdfej" in problems[0].message_hu and "moon head" in problems[0].message_en
    assert moon["name_en"] in problems[0].hint_en
    assert validate(entries, ONIROO, fmt(ONIROO, "level-4-moon-head")) != []  # bad nights


def test_whole_box_is_only_solitaire():
    box = [Entry(c, 1) for c in CARDS[ONIROO]]
    valid = [f.id for f in formats_for(ONIROO) if not validate(box, ONIROO, f)]
    assert valid == ["solitaire"]
    level5 = validate(box, ONIROO, fmt(ONIROO, "level-5"))
    assert {p.code for p in level5} == {"not_in_pool"}
    assert len(level5) == len(of_type(ONIROO, "moon_head", "magic_code"))


# Arcane Guardian: exactly three endings


@pytest.mark.parametrize("endings, hint_en", [(2, "Add 1 more ending card."), (4, None)])
def test_arcane_guardian_needs_three_endings(endings, hint_en):
    rest = [Entry(c, 1) for c in CARDS[ARCANE_GUARDIAN] if c["type"] != "ending"]
    chosen = of_type(ARCANE_GUARDIAN, "ending")[:endings]
    problems = validate(
        [*rest, *(Entry(c, 1) for c in chosen)], ARCANE_GUARDIAN, fmt(ARCANE_GUARDIAN, "standard")
    )
    assert codes(problems) == ["wrong_type_count"]
    assert problems[0].message_en == f"Choose exactly 3 ending cards: you have {endings}."
    assert "véglap" in problems[0].message_hu and str(endings) in problems[0].message_hu
    assert problems[0].cards == tuple(sorted(c["code"] for c in chosen))
    assert problems[0].hint_en == (hint_en or "Remove 1 ending card.")


def test_arcane_guardian_three_endings_is_valid():
    rest = [Entry(c, 1) for c in CARDS[ARCANE_GUARDIAN] if c["type"] != "ending"]
    chosen = [Entry(c, 1) for c in of_type(ARCANE_GUARDIAN, "ending")[:3]]
    assert validate([*rest, *chosen], ARCANE_GUARDIAN, default_format(ARCANE_GUARDIAN)) == []


# Messages, verdicts, formats


def test_every_problem_speaks_both_languages():
    symbol = of_type(ONIROO, "symbol")[0]
    event = next(c for c in AF if c["type"] == "esemeny")
    entries = [Entry(symbol, 1), Entry(None, 1, line="x"), Entry(event, 1), Entry(AF[0], 4)]
    problems = validate(entries, ALOMFOGO, fmt(ALOMFOGO, "no-events"))
    assert len(problems) == 5
    for p in problems:
        assert p.message_hu and p.message_en and p.message_hu != p.message_en
        assert p.hint_hu and p.hint_en and p.hint_hu != p.hint_en
        assert p.message("hu") == p.message_hu and p.message("en") == p.message_en
        assert p.hint("en") == p.hint_en
        assert p.as_dict("en") == {
            "code": p.code,
            "message": p.message_en,
            "hint": p.hint_en,
            "cards": list(p.cards),
        }
        if p.cards and p.code != "wrong_type_count":
            card = next(c for c in [symbol, event, AF[0]] if c["code"] == p.cards[0])
            assert card["name"] in p.hint_hu and card["name_en"] in p.hint_en


def test_verdicts_cover_every_format():
    deck = af_deck(40)
    for game in GAME_IDS:
        result = verdicts(deck, game)
        assert list(result) == [f.id for f in formats_for(game)]
    result = verdicts(deck, ALOMFOGO)
    assert result["casual"] == [] and codes(result["tournament"]) == ["too_few_cards"]


def test_format_table():
    FORMATS = all_formats()
    assert len({f.number for f in FORMATS}) == len(FORMATS)
    assert len({(f.game, f.id) for f in FORMATS}) == len(FORMATS)
    for f in FORMATS:
        types = RULES[f.game].types
        assert f.banned_types <= types
        assert f.allowed_types is None or f.allowed_types <= types
        assert set(f.exact_type_counts) <= types
        assert f.name("hu") == f.name_hu and f.name("en") == f.name_en
        assert f.description_hu and f.description_en
        assert format_by_number(f.game, f.number) is f
        assert hash(f) == hash(f)
    assert [f.id for f in formats_for(ALOMFOGO)] == [
        "casual",
        "tournament",
        "no-events",
        "no-general-spells",
    ]
    assert [f.id for f in formats_for(ONIROO)] == [
        "level-1-2",
        "level-3",
        "level-4-bad-night",
        "level-4-moon-head",
        "level-5",
        "solitaire",
    ]
    for game in GAME_IDS:
        assert default_format(game) in formats_for(game)
    assert get_format(ALOMFOGO, "level-3") is None
    assert format_by_number(ONIROO, 1) is None
    # magic codes are solitaire only
    assert [f.id for f in formats_for(ONIROO) if f.allowed_types is None] == ["solitaire"]
    assert all("magic_code" not in (f.allowed_types or ()) for f in formats_for(ONIROO))


def test_format_of_another_game_is_a_programming_error():
    with pytest.raises(ValueError):
        validate(af_deck(35), ONIROO, fmt(ALOMFOGO, "casual"))


# Property: any entry list gives a list of documented problems

ALL_CARDS = [c for game in GAME_IDS for c in CARDS[game]]
records = st.one_of(
    st.none(),
    st.sampled_from(ALL_CARDS),
    st.builds(
        lambda card, name, kind: {**card, "name": name, "type": kind},
        st.sampled_from(ALL_CARDS),
        st.text(max_size=12),
        st.sampled_from([*sorted({t for r in RULES.values() for t in r.types}), "bogus", None]),
    ),
    st.builds(
        lambda card: {k: v for k, v in card.items() if k != "game"}, st.sampled_from(ALL_CARDS)
    ),
)
entry_lists = st.lists(
    st.builds(
        Entry,
        records,
        st.integers(min_value=-2, max_value=8),
        st.sampled_from(["main", "side"]),
        st.one_of(st.none(), st.text(max_size=20)),
    ),
    max_size=30,
)


@settings(max_examples=300, deadline=None)
@given(entries=entry_lists, game=st.sampled_from(GAME_IDS))
def test_validate_never_raises_and_speaks_documented_codes(entries, game):
    for problems in verdicts(entries, game).values():
        assert all(p.code in PROBLEM_CODES for p in problems)
        order = [PROBLEM_CODES.index(p.code) for p in problems]
        assert order == sorted(order)
        for p in problems:
            assert p.message_hu and p.message_en and p.hint_hu and p.hint_en
