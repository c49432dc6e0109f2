"""Issue #19 item 13: the search takes the ONIROO rulebook's numbers and words.

The rulebook numbers its eight groups 1-8 and names them "állatvilág",
"növényvilág", ...; it calls the codes betűkód, formakód, számkód and the
kinds of card SZIMBÓLUM, SZABAD, ÉBREDÉS, ... A player reading it types those.
"""

from __future__ import annotations

import pytest
from django.utils import translation

from catalog.search import SearchError, cards_search, describe, parse

pytestmark = pytest.mark.django_db


def codes(query: str) -> set[str]:
    return set(cards_search(query).cards.values_list("code", flat=True))


@pytest.mark.parametrize(
    ("number", "group", "rulebook_hu", "rulebook_en"),
    [
        ("1", "animals", "állatvilág", "animal world"),
        ("2", "plants", "növényvilág", "plant world"),
        ("3", "objects", "tárgyak vagy ásványvilág", "objects or mineral world"),
        ("4", "places", "helyek (élőhelyek)", "habitats"),
        ("5", "people", "emberek", "people"),
        ("6", "myth", "képzeletbeli alkotások", "myths and legends"),
        ("7", "landscapes", "tájak vagy események", "landscapes or events"),
        ("8", "energy", "energia", "energy"),
    ],
)
def test_a_group_by_its_rulebook_number_and_name(cards, number, group, rulebook_hu, rulebook_en):
    expected = codes(f"group:{group}")
    assert len(expected) == 16 or len(expected) == 17  # docs/data/oniroo.md
    assert codes(f"group:{number}") == expected
    assert codes(f'csoport:"{rulebook_hu}"') == expected
    assert codes(f'group:"{rulebook_en}"') == expected
    assert codes(f"next:{number}") == codes(f"next:{group}")


def test_the_words_from_the_issue(cards):
    animals = codes("group:animals")
    assert codes("group:1") == animals
    assert codes("group:állatvilág") == animals
    assert codes("csoport:ALLATVILAG") == animals  # accents and case do not matter


def test_a_group_number_outside_1_to_8_lists_the_groups():
    for language, first in (("hu", "1 állatok"), ("en", "1 animals")):
        with translation.override(language), pytest.raises(SearchError) as caught:
            parse("group:9")
        assert first in caught.value.message
        assert "8 " in caught.value.message
        assert caught.value.position == len("group:")


def test_the_reading_names_the_group_in_the_active_language():
    with translation.override("hu"):
        assert describe(parse("group:1")) == "lapok, amelyek csoportja állatok"
    with translation.override("en"):
        assert describe(parse("csoport:állatvilág")) == "cards whose group is animals"


@pytest.mark.parametrize(
    ("query", "type_id"),
    [
        ('t:"SZIMBÓLUM kártya"', "symbol"),
        ("t:szimbólum", "symbol"),
        ('t:"symbol card"', "symbol"),
        ('t:"SZABAD kártya"', "free"),
        ("t:ÉBREDÉS", "wake_up"),
        ("t:awakening", "wake_up"),
        ('t:"ROSSZ ÉJSZAKA"', "bad_night"),
        ("t:holdfejkártya", "moon_head"),
        ('t:"moon head card"', "moon_head"),
        ("t:ÁLOMTÜNDÉR", "dream_fairy"),
        ("t:VARÁZSKÓD", "magic_code"),
        ('t:"magic code cards"', "magic_code"),
    ],
)
def test_a_card_type_in_the_rulebook_words(cards, query, type_id):
    found = cards_search(query).cards
    assert found.exists()
    assert set(found.values_list("type", flat=True)) == {type_id}


def test_the_word_card_alone_is_not_a_type():
    with pytest.raises(SearchError) as caught:
        parse("t:kártya")
    assert caught.value.code == "unknown_value"


def test_the_three_kinds_of_magic_code_card(cards):
    # 21 magic code cards: 6 letters, 5 shapes, 10 digits (rulebook N)
    assert len(codes("sub:betűkód")) == 6
    assert len(codes('sub:"shape code"')) == 5
    assert len(codes("sub:számkód")) == 10
    assert codes("t:varázskód") == codes("sub:betűkód or sub:formakód or sub:számkód")


def test_the_code_keys_in_the_rulebook_words(cards):
    assert codes("betűkód:A") == codes("letter:A")
    assert codes("formakód:+") == codes("shape:cross")
    assert codes("számkód:5") == codes("digit:5")


def test_the_rulebook_example_by_its_three_codes(cards):
    # Rulebook N: letter A, shape cross (+) and digit 5 name card 023, the centaur.
    assert codes("kód:A kód:+ kód:5 t:szimbólum") == {"ONI-S023"}
    assert codes("code:a code:kereszt code:5 t:symbol") == {"ONI-S023"}
    assert codes("varázskód:oni-s023") == {"ONI-S023"}


def test_one_code_finds_symbol_and_magic_code_cards_alike(cards):
    found = cards_search("kód:kereszt").cards
    assert set(found.values_list("type", flat=True)) == {"symbol", "magic_code"}
    assert codes("kód:kereszt") == codes("shape:cross")
    # a card with no shape is not "a different shape"
    assert codes("code!=cross") == codes("shape!=cross")


def test_a_value_that_is_no_code_says_what_a_code_is():
    for language, shape in (("hu", "kereszt"), ("en", "cross")):
        with translation.override(language), pytest.raises(SearchError) as caught:
            parse("kód:G")
        assert shape in caught.value.message and "ONI-S023" in caught.value.message
        assert caught.value.position == len("kód:")
