"""Deck list import and export (text, JSON, deck code) on the shipped card data."""

from __future__ import annotations

import base64
import hashlib
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catalog.vocab import ALOMFOGO, ARCANE_GUARDIAN, GAME_IDS, ONIROO
from decks.codec import (
    DeckCodeError,
    ListTooLarge,
    ParsedList,
    RecordLookup,
    decode_deck_code,
    encode_deck_code,
    export_json,
    export_text,
    parse_json,
    parse_text,
)
from decks.entries import MAIN, SIDE, Entry
from tests.decks.conftest import shipped_cards

B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
CARDS = shipped_cards()
BY_CODE = {card["code"]: card for cards in CARDS.values() for card in cards}
LOOKUPS = {game: RecordLookup(cards) for game, cards in CARDS.items()}
AF = LOOKUPS[ALOMFOGO]
AG = LOOKUPS[ARCANE_GUARDIAN]
ONI = LOOKUPS[ONIROO]
EVERY_GAME = RecordLookup([card for cards in CARDS.values() for card in cards])


def card(code: str) -> dict:
    return BY_CODE[code]


def summary(entries: list[Entry]) -> Counter:
    """(code, board) -> count, copies added up: what a deck holds, order aside."""
    held: Counter = Counter()
    for entry in entries:
        held[(entry.code, entry.board)] += entry.count
    return held


def only_entry(parsed: ParsedList) -> tuple[str | None, int, str]:
    assert not parsed.errors, [e.message_en for e in parsed.errors]
    assert len(parsed.entries) == 1
    entry = parsed.entries[0]
    return entry.code, entry.count, entry.board


# Real decks

# An Álomfogó tournament deck: 15 different cards, 3 of each, and a side board.
ALOMFOGO_MAIN = [
    "AF1-001", "AF1-002", "AF1-003", "AF1-004", "AF1-005", "AF1-006", "AF1-013",
    "AFD-001", "AFD-007", "AFD-010", "AFD-025", "AFD-030", "AFD-040", "AFD-046", "AFD-063",
]  # fmt: skip
ALOMFOGO_DECK = [Entry(card(code), 3) for code in ALOMFOGO_MAIN] + [
    Entry(card("AF1-011"), 2, SIDE),
    Entry(card("AFD-059"), 1, SIDE),
    Entry(card("AF1-005"), 1, SIDE),  # also in the main deck
]
# Arcane Guardian: the whole dungeon but the endings, and three chosen endings.
ARCANE_DECK = [Entry(c, 1) for c in CARDS[ARCANE_GUARDIAN] if c["type"] != "ending"] + [
    Entry(card("AG-060"), 1),
    Entry(card("AG-061"), 1),
    Entry(card("AG-064"), 1),
]
# ONIROO level 3: symbols, a wake-up, bad nights and fairies (names that repeat).
ONIROO_DECK = (
    [Entry(c, 1) for c in CARDS[ONIROO] if c["type"] == "symbol"]
    + [Entry(card("ONI-W01"), 1), Entry(card("ONI-B01"), 1), Entry(card("ONI-B02"), 1)]
    + [Entry(card(f"ONI-D0{n}"), 1) for n in range(1, 6)]
)
DECKS = {
    "alomfogo": (ALOMFOGO, ALOMFOGO_DECK),
    "arcane-guardian": (ARCANE_GUARDIAN, ARCANE_DECK),
    "oniroo": (ONIROO, ONIROO_DECK),
}


# Text: line shapes


@pytest.mark.parametrize(
    "line, expected",
    [
        ("3 Éjlépő Kajtár", ("AF1-001", 3, MAIN)),
        ("3x AF1-001", ("AF1-001", 3, MAIN)),
        ("3X af1-001", ("AF1-001", 3, MAIN)),
        ("3xAF1-001", ("AF1-001", 3, MAIN)),
        ("3 x ejlepo kajtar", ("AF1-001", 3, MAIN)),
        ("3× Éjlépő Kajtár", ("AF1-001", 3, MAIN)),
        ("3 db Éjlépő Kajtár", ("AF1-001", 3, MAIN)),
        ("Éjlépő Kajtár", ("AF1-001", 1, MAIN)),
        ("AF1-001", ("AF1-001", 1, MAIN)),
        ("1 Jégszem Soyana (AF1)", ("AF1-002", 1, MAIN)),
        ("1 Jégszem Soyana (AF9)", ("AF1-002", 1, MAIN)),  # a wrong hint is only a hint
        ("  3    Éjlépő     Kajtár   ", ("AF1-001", 3, MAIN)),
        ("3\tÉjlépő Kajtár\t", ("AF1-001", 3, MAIN)),
        ("3 Éjlépő Kajtár # the heart of the deck", ("AF1-001", 3, MAIN)),
        ("3 Éjlépő Kajtár // the heart of the deck", ("AF1-001", 3, MAIN)),
        ("3 ÉJLÉPŐ KAJTÁR", ("AF1-001", 3, MAIN)),
        ("3 ÉjlépőKajtár", ("AF1-001", 3, MAIN)),
        ("2 Kajtár Nightstepper", ("AF1-001", 2, MAIN)),
        ("2 kajtar nightstepper", ("AF1-001", 2, MAIN)),
        ("Éjlépő Kajtár x3", ("AF1-001", 3, MAIN)),
        ("Éjlépő Kajtár 3x", ("AF1-001", 3, MAIN)),
        ("- 3 Éjlépő Kajtár", ("AF1-001", 3, MAIN)),
        ("2 Csipkebokor manó", ("AFD-025", 2, MAIN)),
        ("2 Csipkebokor-manó", ("AFD-025", 2, MAIN)),
        ("1 Will-o'-the-Wisp", ("AFD-028", 1, MAIN)),
        ("99 Athame", ("AF1-007", 99, MAIN)),
        ("03 Athame", ("AF1-007", 3, MAIN)),
    ],
)
def test_line_shapes(line, expected):
    assert only_entry(parse_text(line, lookup=AF)) == expected


def test_a_card_name_ending_in_a_digit_is_not_a_count():
    assert only_entry(parse_text("Számkód: 3", lookup=ONI)) == ("ONI-C15", 1, MAIN)
    assert only_entry(parse_text("2 Számkód: 3", lookup=ONI)) == ("ONI-C15", 2, MAIN)


def test_a_set_hint_picks_that_sets_printing():
    # Villámcsapás is an Álomfogó card (AFD) and an Arcane Guardian card (AG)
    assert only_entry(parse_text("1 Villámcsapás (AG)", lookup=EVERY_GAME))[0] == "AG-005"
    assert only_entry(parse_text("1 Villámcsapás (AFD)", lookup=EVERY_GAME))[0] == "AFD-040"


def test_a_set_hint_with_a_number_picks_that_printing():
    assert only_entry(parse_text("2 Szintlépés (AG) 54", lookup=AG)) == ("AG-054", 2, MAIN)
    # a number that belongs to another card does not override the name
    assert only_entry(parse_text("1 Szintlépés (AG) 3", lookup=AG))[0] == "AG-053"


def test_blank_and_comment_lines_are_skipped_and_line_numbers_count_them():
    text = "\n# my deck\n\n3 Éjlépő Kajtár\n   \n// side cards later\n2 Nincsilyen\n"
    parsed = parse_text(text, lookup=AF)
    assert summary(parsed.entries)[("AF1-001", MAIN)] == 3
    assert [(e.line_no, e.line) for e in parsed.errors] == [(7, "2 Nincsilyen")]


def test_a_byte_order_mark_and_windows_line_ends_are_fine():
    parsed = parse_text("\ufeff3 Éjlépő Kajtár\r\n2 Athame\r\n", lookup=AF)
    assert parsed.ok
    assert summary(parsed.entries) == {("AF1-001", MAIN): 3, ("AF1-007", MAIN): 2}


def test_duplicated_lines_add_up():
    text = "2 Éjlépő Kajtár\n1 AF1-001\nejlepo kajtar\n1 Athame\n"
    parsed = parse_text(text, lookup=AF)
    assert parsed.ok
    assert [(e.code, e.count) for e in parsed.entries] == [("AF1-001", 4), ("AF1-007", 1)]
    assert parsed.entries[0].line == "2 Éjlépő Kajtár"


def test_copies_adding_up_past_99_are_an_error():
    parsed = parse_text("60 Athame\n50 athame\nSide board:\n50 Athame\n", lookup=AF)
    [error] = parsed.errors
    assert (error.line_no, error.line) == (2, "50 athame")
    assert "110" in error.message_hu and "Athame" in error.message_en
    assert summary(parsed.entries) == {("AF1-007", MAIN): 60, ("AF1-007", SIDE): 50}


@pytest.mark.parametrize(
    "side_header", ["Side board:", "Sideboard", "side board", "Oldalpakli:", "OLDALPAKLI"]
)
@pytest.mark.parametrize("main_header", ["Main", "Pakli:", "main:"])
def test_section_headers_switch_boards(side_header, main_header):
    text = (
        f"3 Éjlépő Kajtár\n{side_header}\n2 Hóförgeteg\n1 Éjlépő Kajtár\n{main_header}\n1 Athame\n"
    )
    parsed = parse_text(text, lookup=AF)
    assert parsed.ok
    assert summary(parsed.entries) == {
        ("AF1-001", MAIN): 3,
        ("AF1-005", SIDE): 2,
        ("AF1-001", SIDE): 1,
        ("AF1-007", MAIN): 1,
    }


def test_a_header_may_carry_a_card_on_its_line():
    parsed = parse_text("3 Athame\nOldalpakli: 2 Hóförgeteg\n", lookup=AF)
    assert summary(parsed.entries) == {("AF1-007", MAIN): 3, ("AF1-005", SIDE): 2}


# Text: errors


def test_an_unknown_name_suggests_the_real_one():
    parsed = parse_text("3 Ejlepo Kajtr", lookup=AF)
    [error] = parsed.errors
    assert error.line_no == 1
    assert error.line == "3 Ejlepo Kajtr"
    assert error.suggestions[0] == "Éjlépő Kajtár"
    assert "Ejlepo Kajtr" in error.message_hu and "Éjlépő Kajtár" in error.message_hu
    assert "Ejlepo Kajtr" in error.message_en and "Did you mean" in error.message_en
    # the line is kept as an unknown entry, for the caller to show next to the error
    assert parsed.entries == [Entry(None, 3, MAIN, "3 Ejlepo Kajtr")]


def test_suggestions_find_english_names_and_partial_names():
    [error] = parse_text("Lightning Strik", lookup=AF).errors
    # found by its English name, offered in each language's (a Hungarian page shows Hungarian)
    assert error.suggested("en") == ["Lightning Strike"]
    assert error.suggested("hu") == ["Villámcsapás"]
    assert "Jégszem Soyana" in AF.suggest("soyana")
    assert AF.suggest("qqqqqq") == []


def test_an_unknown_card_on_the_side_board_stays_there():
    parsed = parse_text("Side board:\n2 Nemlétező Lap\n", lookup=AF)
    assert parsed.entries == [Entry(None, 2, SIDE, "2 Nemlétező Lap")]
    assert len(parsed.errors) == 1


def test_an_unknown_code_is_reported():
    parsed = parse_text("3x AF1-999", lookup=AF)
    [error] = parsed.errors
    assert "AF1-999" in error.message_hu and "AF1-999" in error.message_en
    assert parsed.entries == [Entry(None, 3, MAIN, "3x AF1-999")]


@pytest.mark.parametrize("line", ["abc 3x", "3", "3x", "12 34 !", "-- ?? --", "x3"])
def test_unreadable_lines_are_errors(line):
    parsed = parse_text(f"1 Athame\n{line}\n", lookup=AF)
    assert len(parsed.errors) == 1
    assert parsed.errors[0].line_no == 2
    assert parsed.errors[0].line == line
    assert [(e.code, e.count) for e in parsed.entries if e.card] == [("AF1-007", 1)]


def test_an_unreadable_line_says_how_to_write_one():
    [error] = parse_text("abc 3x", lookup=AF).errors
    assert "3 Éjlépő Kajtár" in error.message_hu
    assert "3 Kajtár Nightstepper" in error.message_en  # the card's English name, in English
    assert "„abc 3x”" in error.message_hu


@pytest.mark.parametrize("count", ["0", "-1", "100", "1000", "9" * 5000])
def test_counts_out_of_range_are_errors(count):
    parsed = parse_text(f"{count} Éjlépő Kajtár", lookup=AF)
    assert parsed.entries == []
    [error] = parsed.errors
    assert "1" in error.message_en and "99" in error.message_en


def test_every_bad_line_is_reported_not_just_the_first():
    text = "3 Éjlépő Kajtár\n0 Athame\nabc 3x\n3 Ejlepo Kajtr\n2 Hóförgeteg\n"
    parsed = parse_text(text, lookup=AF)
    assert [e.line_no for e in parsed.errors] == [2, 3, 4]
    assert summary(parsed.entries)[("AF1-005", MAIN)] == 2


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_parse_text_never_raises(text):
    parsed = parse_text(text, lookup=AF)
    line_count = len(text.lstrip("\ufeff").splitlines())
    for error in parsed.errors:
        assert 1 <= error.line_no <= line_count
        assert error.message_hu and error.message_en
    for entry in parsed.entries:
        assert 1 <= entry.count
        assert entry.board in (MAIN, SIDE)


_LINE_PARTS = st.sampled_from(
    ["3", "x", "3x", " ", "\t", "Éjlépő", "Kajtár", "AF1-001", "(AF1)", "#", "//", ":", "-",
     "Side board:", "Oldalpakli", "Pakli:", "0", "99", "\n", "Számkód"]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_LINE_PARTS, max_size=12).map("".join))
def test_parse_text_never_raises_on_near_miss_lines(text):
    parsed = parse_text(text, lookup=AF)
    assert all(e.count >= 1 for e in parsed.entries)


# Text: export


def test_export_text_groups_and_sorts():
    entries = [
        Entry(card("AF1-007"), 1),  # Athame: általános varázslat, 3
        Entry(card("AF1-005"), 2),  # Hóförgeteg: azonnali, 1
        Entry(card("AF1-003"), 2),  # Széki Hunorka: révülő, 2
        Entry(card("AF1-004"), 3),  # Búbos manó: álomlény, 1
        Entry(card("AF1-001"), 3),  # Éjlépő Kajtár: révülő, 1
        Entry(card("AF1-010"), 1),  # Botlik Zsófi: révülő, 1
        Entry(card("AF1-006"), 2, SIDE),
        Entry(None, 3, MAIN, "3 Nincsilyen"),  # unknown cards are not exported
    ]
    assert export_text(entries, "hu") == (
        "1 Botlik Zsófi\n"
        "3 Éjlépő Kajtár\n"
        "2 Széki Hunorka\n"
        "3 Búbos manó\n"
        "2 Hóförgeteg\n"
        "1 Athame\n"
        "\n"
        "Oldalpakli:\n"
        "2 Lángdárda\n"
    )
    assert export_text(entries, "en") == (
        "3 Kajtár Nightstepper\n"
        "1 Zsófi Botlik\n"
        "2 Hunorka of Szék\n"
        "3 Crested Imp\n"
        "2 Blizzard\n"
        "1 Athame\n"
        "\n"
        "Side board:\n"
        "2 Flame Spear\n"
    )


def test_export_text_of_a_side_board_only_and_of_nothing():
    assert export_text([Entry(card("AF1-006"), 2, SIDE)], "hu") == "Oldalpakli:\n2 Lángdárda\n"
    assert export_text([], "en") == ""


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("deck", sorted(DECKS))
def test_export_text_reads_back_as_the_same_deck(deck, language):
    game, entries = DECKS[deck]
    text = export_text(entries, language)
    parsed = parse_text(text, lookup=LOOKUPS[game])
    assert parsed.ok, [e.message_en for e in parsed.errors]
    assert summary(parsed.entries) == summary(entries)


def test_cards_sharing_a_name_are_exported_with_set_and_number():
    entries = [Entry(card("AG-053"), 1), Entry(card("AG-055"), 2)]
    text = export_text(entries, "hu")
    assert text == "1 Szintlépés (AG) 53\n2 Szintlépés (AG) 55\n"
    assert summary(parse_text(text, lookup=AG).entries) == summary(entries)


def test_with_a_lookup_a_name_that_reads_back_as_another_card_gets_its_number():
    entries = [Entry(card("AG-056"), 1), Entry(card("AG-001"), 1)]
    assert export_text(entries, "en", lookup=AG) == "1 Mage\n1 Level Up (AG) 56\n"
    text = export_text(entries, "en", lookup=AG)
    assert summary(parse_text(text, lookup=AG).entries) == summary(entries)


def test_a_set_key_on_the_record_wins_over_the_code_prefix():
    record = {**card("AF1-001"), "set": "XYZ"}
    assert RecordLookup([record]).by_set_number("xyz", 1) is record
    assert RecordLookup([record]).by_set_number("AF1", 1) is None


# JSON


def test_export_json_shape():
    data = export_json(
        {"game": ALOMFOGO, "format": "standard", "name": "Sámánok"},
        [Entry(card("AF1-005"), 1, SIDE), Entry(card("AF1-001"), 3), Entry(None, 2)],
    )
    assert data == {
        "game": ALOMFOGO,
        "format": "standard",
        "name": "Sámánok",
        "cards": [
            {
                "code": "AF1-001",
                "name": "Éjlépő Kajtár",
                "name_en": "Kajtár Nightstepper",
                "count": 3,
                "board": MAIN,
            },
            {
                "code": "AF1-005",
                "name": "Hóförgeteg",
                "name_en": "Blizzard",
                "count": 1,
                "board": SIDE,
            },
        ],
    }
    json.dumps(data)  # JSON-safe


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_json_round_trip(deck):
    game, entries = DECKS[deck]
    data = export_json({"game": game, "format": "standard", "name": deck}, entries)
    for given_data in (data, json.dumps(data), json.dumps(data).encode()):
        parsed = parse_json(given_data, lookup=LOOKUPS[game])
        assert parsed.ok
        assert summary(parsed.entries) == summary(entries)


def test_json_codes_win_over_names_and_names_work_alone():
    data = {
        "cards": [
            {"code": "AF1-001", "name": "Athame", "count": 2},
            {"name": "jegszem soyana", "count": 1, "board": "side"},
            {"code": "af1-001", "count": 1},
        ]
    }
    parsed = parse_json(data, lookup=AF)
    assert parsed.ok
    assert summary(parsed.entries) == {("AF1-001", MAIN): 3, ("AF1-002", SIDE): 1}


def test_json_unknown_code_and_name_are_reported_like_text():
    data = {
        "cards": [
            {"code": "AF1-999", "name": "Éjlépő Kajtár", "count": 3},
            {"name": "Ejlepo Kajtr", "count": 1},
            {"code": "AF1-007", "count": 1},
        ]
    }
    parsed = parse_json(data, lookup=AF)
    assert [e.line_no for e in parsed.errors] == [1, 2]
    assert "AF1-999" in parsed.errors[0].message_en
    assert parsed.errors[0].suggestions == ["Éjlépő Kajtár"]
    assert "Éjlépő Kajtár" in parsed.errors[1].suggestions
    assert [(e.code, e.count) for e in parsed.entries] == [(None, 3), (None, 1), ("AF1-007", 1)]


@pytest.mark.parametrize(
    "item",
    [
        "AF1-001",
        {"count": 3},
        {"code": "AF1-001", "count": 0},
        {"code": "AF1-001", "count": 100},
        {"code": "AF1-001", "count": "three"},
        {"code": "AF1-001", "count": True},
        {"code": "AF1-001", "count": 2.5},
        {"code": "AF1-001", "count": 1, "board": "attic"},
        {"code": "AF1-001", "count": 1, "board": None},
    ],
)
def test_json_bad_items_are_reported(item):
    parsed = parse_json({"cards": [{"code": "AF1-007", "count": 1}, item]}, lookup=AF)
    [error] = parsed.errors
    assert error.line_no == 2
    assert error.message_hu and error.message_en
    assert summary(parsed.entries) == {("AF1-007", MAIN): 1}


@pytest.mark.parametrize(
    "data", [[], {}, {"cards": 3}, "not json", '{\n"cards": [', b"\xff\xfe", None, 42]
)
def test_json_that_is_not_a_deck_is_reported(data):
    parsed = parse_json(data, lookup=AF)
    assert len(parsed.errors) == 1
    assert parsed.entries == []


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.fixed_dictionaries(
            {},
            optional={
                "code": st.sampled_from(["AF1-001", "AF1-999", "", 3]) | _JSON,
                "name": st.sampled_from(["Athame", "athme", ""]) | _JSON,
                "count": st.integers(-5, 120) | _JSON,
                "board": st.sampled_from(["main", "side", "Oldalpakli"]) | _JSON,
            },
        )
        | _JSON,
        max_size=6,
    )
)
def test_parse_json_never_raises(cards):
    parsed = parse_json({"cards": cards}, lookup=AF)
    assert all(1 <= e.count <= 99 for e in parsed.entries)


# Deck code


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_deck_code_round_trip(deck):
    game, entries = DECKS[deck]
    code = encode_deck_code(game, 2, entries)
    decoded = decode_deck_code(code, lookup=LOOKUPS[game])
    assert (decoded.game, decoded.format_number) == (game, 2)
    assert decoded.parsed.ok
    assert summary(decoded.parsed.entries) == summary(entries)
    # every copy comes back as the very card it was, also where names repeat
    assert {e.code for e in decoded.parsed.entries} == {e.code for e in entries}


def test_deck_code_is_compact_and_stable():
    main = [e for e in ALOMFOGO_DECK if e.board == MAIN]
    assert sum(e.count for e in main) == 45 and len(main) == 15
    code = encode_deck_code(ALOMFOGO, 1, main)
    assert len(code) < 80
    assert set(code) <= set(B64URL)
    # the same deck in another order gives the same code
    assert encode_deck_code(ALOMFOGO, 1, list(reversed(main))) == code


def test_deck_code_of_an_empty_deck_and_large_format_numbers():
    for format_number in (0, 127, 128, 300, 2**20):
        decoded = decode_deck_code(encode_deck_code(ONIROO, format_number, []), lookup=ONI)
        assert (decoded.game, decoded.format_number, decoded.parsed.entries) == (
            ONIROO,
            format_number,
            [],
        )


def test_deck_code_adds_up_copies_and_skips_unknown_cards():
    entries = [Entry(card("AF1-001"), 2), Entry(card("AF1-001"), 1), Entry(None, 3)]
    decoded = decode_deck_code(encode_deck_code(ALOMFOGO, 1, entries), lookup=AF)
    assert [(e.code, e.count, e.board) for e in decoded.parsed.entries] == [("AF1-001", 3, MAIN)]


def test_deck_code_survives_whitespace_and_padding():
    code = encode_deck_code(ALOMFOGO, 1, ALOMFOGO_DECK)
    messy = f"  {code[:10]}\n{code[10:]} ==\n"
    assert summary(decode_deck_code(messy, lookup=AF).parsed.entries) == summary(ALOMFOGO_DECK)


def test_deck_code_with_a_card_the_catalog_lacks():
    only_af1 = RecordLookup([c for c in CARDS[ALOMFOGO] if c["code"].startswith("AF1-")])
    code = encode_deck_code(ALOMFOGO, 1, [Entry(card("AF1-001"), 3), Entry(card("AFD-040"), 2)])
    parsed = decode_deck_code(code, lookup=only_af1).parsed
    assert [(e.code, e.count) for e in parsed.entries] == [("AF1-001", 3), (None, 2)]
    [error] = parsed.errors
    assert "AFD" in error.message_en and "40" in error.message_en
    assert error.line == "AFD 40"


def test_encode_refuses_what_it_cannot_write():
    with pytest.raises(ValueError):
        encode_deck_code("chess", 1, [])
    with pytest.raises(ValueError):
        encode_deck_code(ALOMFOGO, -1, [])
    with pytest.raises(ValueError):
        encode_deck_code(ALOMFOGO, 1, [Entry(card("AF1-001"), 0)])


def _varint(value: int) -> bytes:
    out = bytearray()
    while True:
        out.append((value & 0x7F) | (0x80 if value > 0x7F else 0))
        value >>= 7
        if not value:
            return bytes(out)


def _sealed(payload: bytes) -> str:
    """A code with a correct checksum around any payload."""
    raw = payload + hashlib.sha256(payload).digest()[:2]
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def _raw(code: str) -> bytes:
    return base64.urlsafe_b64decode(code + "=" * (-len(code) % 4))


def test_the_checked_layout_is_the_documented_one():
    code = encode_deck_code(ARCANE_GUARDIAN, 5, [Entry(card("AG-060"), 1, SIDE)])
    expected = _varint(1) + _varint(2) + _varint(5) + b"\x02AG" + _varint(1) + _varint(60)
    assert _raw(code) == expected + _varint(3) + hashlib.sha256(expected + b"\x03").digest()[:2]


@pytest.mark.parametrize(
    "code, reason",
    [
        ("", "empty"),
        ("   \n", "empty"),
        (None, "empty"),
        ("A", "damaged"),
        ("AQAB", "damaged"),
        ("abc$def", "alphabet"),
        ("árvíztűrő", "alphabet"),
        ("AQABA0FGMQ+/", "alphabet"),
        (_sealed(_varint(2) + _varint(0) + _varint(1)), "version"),
        (_sealed(_varint(1) + _varint(9) + _varint(1)), "game"),
        (_sealed(_varint(1)), "damaged"),  # truncated after the version
        (_sealed(_varint(1) + _varint(0) + _varint(1) + b"\x03AF1\x01\x01"), "damaged"),
        (_sealed(_varint(1) + _varint(0) + _varint(1) + b"\x03AF1\x00"), "damaged"),
        (_sealed(_varint(1) + _varint(0) + _varint(1) + b"\x03A\xffB\x01\x01\x06"), "damaged"),
        (_sealed(_varint(1) + _varint(0) + _varint(1) + b"\x03AF1\x01\x01\x00"), "damaged"),
        (_sealed(_varint(1) + _varint(0) + b"\xff\xff\xff\xff\xff\xff\x01"), "damaged"),
        (_sealed(_varint(1) + _varint(0) + _varint(1) + b"\x7fAF1"), "damaged"),
        # the same card twice, 99 + 99 copies
        (
            _sealed(_varint(1) + _varint(0) + _varint(1) + b"\x03AF1\x02\x01\xc6\x01\x01\xc6\x01"),
            "damaged",
        ),
    ],
)
def test_corrupted_codes_raise_deck_code_error(code, reason):
    with pytest.raises(DeckCodeError) as raised:
        decode_deck_code(code, lookup=AF)
    assert raised.value.code == reason
    assert raised.value.message_hu and raised.value.message_en


def test_a_code_longer_than_any_deck_is_refused_naming_the_limit():
    with pytest.raises(ListTooLarge) as raised:
        decode_deck_code("x" * 5000, lookup=AF)
    assert (raised.value.code, raised.value.limit) == ("code_too_long", 4000)
    assert "4000" in raised.value.message("hu") and "4000" in raised.value.message("en")


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_every_truncation_and_every_single_bit_flip_is_caught(deck):
    game, entries = DECKS[deck]
    code = encode_deck_code(game, 1, entries)
    for end in range(len(code)):
        with pytest.raises(DeckCodeError):
            decode_deck_code(code[:end], lookup=LOOKUPS[game])
    raw = _raw(code)
    for bit in range(len(raw) * 8):
        flipped = bytearray(raw)
        flipped[bit // 8] ^= 1 << (bit % 8)
        altered = base64.urlsafe_b64encode(bytes(flipped)).rstrip(b"=").decode()
        with pytest.raises(DeckCodeError):
            decode_deck_code(altered, lookup=LOOKUPS[game])


def test_a_changed_last_character_is_caught_even_in_its_spare_bits():
    # 46 bytes: the last character carries 4 bits beyond the data
    code = encode_deck_code(ALOMFOGO, 1, ALOMFOGO_DECK[:-2])
    assert len(_raw(code)) % 3
    for other in B64URL.replace(code[-1], ""):
        with pytest.raises(DeckCodeError):
            decode_deck_code(code[:-1] + other, lookup=AF)


CODES = [encode_deck_code(game, 1, entries) for game, entries in DECKS.values()]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120) | st.text(B64URL))
def test_random_strings_raise_only_deck_code_error(code):
    try:
        decode_deck_code(code, lookup=AF)
    except DeckCodeError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(CODES), st.data())
def test_bit_flipped_codes_raise_deck_code_error(code, data):
    raw = bytearray(_raw(code))
    bits = data.draw(
        st.lists(st.integers(0, len(raw) * 8 - 1), min_size=1, max_size=4, unique=True)
    )
    for bit in bits:
        raw[bit // 8] ^= 1 << (bit % 8)
    altered = base64.urlsafe_b64encode(bytes(raw)).rstrip(b"=").decode()
    try:
        decode_deck_code(altered, lookup=AF)
    except DeckCodeError:
        return
    # two bytes of checksum let one altered code in 65,536 through; it must still read cleanly
    assert altered != code


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=40))
def test_any_payload_with_a_good_checksum_reads_or_raises_deck_code_error(payload):
    for prefix in (b"", _varint(1) + _varint(0)):
        try:
            decoded = decode_deck_code(_sealed(prefix + payload), lookup=AF)
        except DeckCodeError:
            continue
        assert decoded.game in GAME_IDS
        assert all(1 <= e.count <= 99 for e in decoded.parsed.entries)
