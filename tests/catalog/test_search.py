"""The card search language: parser (pure), compiler, reading, and searches on a small catalog."""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catalog import search_keys
from catalog.models import Card, CardSet, Game
from catalog.search import (
    And,
    Loose,
    Not,
    Or,
    ParsedQuery,
    SearchError,
    Term,
    cards_search,
    describe,
    parse,
    to_q,
)
from core.errors import ApplicationError

DEFAULT_ORDER = ["sort_key"]  # game, set and number in one indexed column


def node(query: str):
    return parse(query).node


def error(query: str) -> SearchError:
    with pytest.raises(SearchError) as caught:
        parse(query)
    return caught.value


# --- structure ------------------------------------------------------------------
def test_empty_query_has_no_condition_and_the_default_order():
    parsed = parse("   ")
    assert parsed.node is None
    assert parsed.order == DEFAULT_ORDER
    assert parsed.warnings == []


def test_and_binds_tighter_than_or():
    assert node("a b or c") == Or(
        (And((Loose("a", False, 0), Loose("b", False, 2))), Loose("c", False, 7))
    )


def test_or_is_case_insensitive_and_has_a_hungarian_spelling():
    assert node("a VAGY b") == Or((Loose("a", False, 0), Loose("b", False, 7)))
    assert node("a Or b") == Or((Loose("a", False, 0), Loose("b", False, 5)))


def test_parentheses_group():
    assert node("a (b or c)") == And(
        (Loose("a", False, 0), Or((Loose("b", False, 3), Loose("c", False, 8))))
    )


def test_dash_negates_a_term_and_a_group():
    assert node("-t:révülő") == Not(Term("type", "=", "revulo", 1))
    assert node("-(a or b)") == Not(Or((Loose("a", False, 2), Loose("b", False, 7))))
    assert node("--a") == Not(Not(Loose("a", False, 2)))


def test_a_dash_inside_a_word_is_part_of_the_word():
    assert node("csipkebokor-manó") == Loose("csipkebokor-manó", False, 0)


def test_quoted_phrase_and_quoted_value():
    assert node('"éjlépő kajtár"') == Loose("éjlépő kajtár", True, 0)
    assert node("„éjlépő kajtár”") == Loose("éjlépő kajtár", True, 0)
    assert node('o:"+4 erő"') == Term("text", "=", "+4 erő", 0)
    assert node('t:"rossz éjszaka"') == Term("type", "=", "bad_night", 0)


def test_a_closing_parenthesis_ends_a_value():
    assert node("(t:révülő)") == Term("type", "=", "revulo", 1)


# --- keys -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("name:kajtár", ("name", "=", "kajtár")),
        ("név:kajtár", ("name", "=", "kajtár")),
        ("t:révülő", ("type", "=", "revulo")),
        ("type:instant", ("type", "=", "azonnali")),
        ("típus:révülő", ("type", "=", "revulo")),
        ("t:vajákos", ("subtype", "=", "vajakosok")),
        ("sub:bűvforrás", ("subtype", "=", "buvforras")),
        ("ház:sámán", ("subtype", "=", "samanok")),
        ("house:hunter", ("subtype", "=", "vadaszok")),
        ("altípus:ellenvarázs", ("subtype", "=", "ellenvarazs")),
        ("r:arany", ("rarity", "=", "rare")),
        ("ritkaság:arany", ("rarity", "=", "rare")),
        ("rarity:u+", ("rarity", "=", "unique")),
        ("cost:1", ("cost", "=", "1")),
        ("költség>=2", ("cost", ">=", "2")),
        ("c<3", ("cost", "<", "3")),
        ("erő>4", ("attack", ">", "4")),
        ("támadás=4", ("attack", "=", "4")),
        ("def<=3", ("defense", "<=", "3")),
        ("védelem!=3", ("defense", "!=", "3")),
        ("védekezés:3", ("defense", "=", "3")),
        ("dicsőség>=1", ("glory", ">=", "1")),
        ("szám:5", ("digit", "=", "5")),
        ("számjegy:5", ("digit", "=", "5")),
        ("o:erő", ("text", "=", "erő")),
        ("szöveg:erő", ("text", "=", "erő")),
        ("ft:jurta", ("flavor", "=", "jurta")),
        ("hangulat:jurta", ("flavor", "=", "jurta")),
        ("set:af1", ("set", "=", "AF1")),
        ("e:ONI", ("set", "=", "ONI")),
        ("készlet:AF1", ("set", "=", "AF1")),
        ("game:oniroo", ("game", "=", "oniroo")),
        ("játék:álomfogó", ("game", "=", "alomfogo")),
        ("g:ag", ("game", "=", "arcane-guardian")),
        ("letter:a", ("letter", "=", "A")),
        ("betű:F", ("letter", "=", "F")),
        ("shape:cross", ("shape", "=", "cross")),
        ("forma:kereszt", ("shape", "=", "cross")),
        ("group:állatok", ("group", "=", "animals")),
        ("csoport:mítosz", ("group", "=", "myth")),
        ("next:tárgyak", ("next", "=", "objects")),
        ("következő:növény", ("next", "=", "plants")),
        ("kovetkezo:ember", ("next", "=", "people")),
        ("mark:P", ("mark", "=", "P")),
        ("jel:a", ("mark", "=", "Á")),
        ("jel:Á", ("mark", "=", "Á")),
        ("prov:demó", ("provenance", "=", "demo")),
        ("eredet:szabálykönyv", ("provenance", "=", "rulebook")),
        ("is:unique", ("is", "=", "unique")),
        ("van:segítő", ("is", "=", "helper")),
        ("is:counter", ("is", "=", "counter")),
        ("van:bűvforrás", ("is", "=", "source")),
    ],
)
def test_every_key_family(query, expected):
    term = node(query)
    assert isinstance(term, Term)
    assert (term.key, term.op, term.value) == expected
    to_q(term)  # and it compiles


def test_keys_ignore_accents_and_case():
    assert node("TIPUS:Revulo") == Term("type", "=", "revulo", 0)
    assert node("Nev:kajtar") == Term("name", "=", "kajtar", 0)


def test_a_hand_built_term_with_an_alias_compiles():
    assert to_q(Term("t", ":", "révülő", 0)) == to_q(Term("type", "=", "revulo", 0))


# --- errors ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("query", "code", "position"),
    [
        ('kajtár "éjlépő', "unclosed_quote", 7),
        ('o:"+4 erő', "unclosed_quote", 2),
        ("(t:révülő", "unbalanced_parenthesis", 0),
        ("a (b (c)", "unbalanced_parenthesis", 2),
        ("t:révülő)", "unbalanced_parenthesis", 8),
        ("cost<<", "missing_value", 5),
        ("cost:", "missing_value", 5),
        ("cost: 3", "missing_value", 5),
        ('t:""', "missing_value", 2),
        ("foo:bar", "unknown_key", 0),
        ("a foo:", "unknown_key", 2),
        ("a tpye:révülő", "unknown_key", 2),
        ("t:sárkánykirály", "unknown_value", 2),
        ("r:platina", "unknown_value", 2),
        ("is:foo", "unknown_value", 3),
        ("letter:G", "unknown_value", 7),
        ("cost:sok", "bad_number", 5),
        ("atk>=1.5", "bad_number", 5),
        ("t<révülő", "bad_operator", 1),
        ("name>=a", "bad_operator", 4),
        ("order!=cost", "bad_operator", 5),
        ("()", "empty_group", 0),
        ("a ( ) b", "empty_group", 2),
        ("or a", "dangling_operator", 0),
        ("a vagy", "dangling_operator", 2),
        ("a or or b", "dangling_operator", 2),
        ("(a or)", "dangling_operator", 3),
        ("a -", "dangling_operator", 2),
        ("-", "dangling_operator", 0),
        ("(-)", "dangling_operator", 1),
    ],
)
def test_error_codes_and_positions(query, code, position):
    problem = error(query)
    assert (problem.code, problem.position) == (code, position)
    assert problem.extra == {"position": position}
    assert isinstance(problem, ApplicationError) and problem.status_code == 400
    assert problem.message


def test_double_comparison_explains_itself():
    with translation.override("en"):
        problem = error("cost<<")
    assert problem.position == 5
    assert "“cost<” is followed by “<”" in problem.message
    assert "cost<=2" in problem.message  # an example of the right form


def test_unknown_key_suggests_the_closest_key():
    with translation.override("en"):
        assert "Did you mean “type”?" in error("tpye:révülő").message
        assert "“költség”" in error("költsg:1").message
        assert "“foo”" in error("foo:bar").message


def test_unknown_value_lists_spellings():
    with translation.override("en"):
        assert "dreamwalker" in error("t:sárkánykirály").message
        assert "arany" in error("r:aranyy").message


def test_absurdly_long_or_deep_queries_are_refused():
    assert error(" ".join(["a"] * 100)).code == "too_complex"
    assert error("(" * 50 + "a" + ")" * 50).code == "too_complex"
    assert error("-" * 50 + "a").code == "too_complex"


def phrase(words: list[str]) -> str:
    return '"' + " ".join(words) + '"'


@pytest.mark.parametrize(
    ("query", "position"),
    [
        (phrase(["e"] * 51), 0),  # one quoted phrase of 51 words
        ("-".join(["e"] * 51), 0),  # one unquoted word that folds to 51
        ("o:" + phrase(["e"] * 51), 0),  # a text key's value
        ("o:" + phrase(["-1"] * 51), 0),  # signed numbers in the rules text
        ("kajtar " + phrase(["e"] * 50), 7),  # 1 + 50: the phrase is one too many
    ],
)
def test_each_word_of_a_phrase_counts_against_the_term_limit(query, position):
    problem = error(query)
    assert (problem.code, problem.position) == ("too_complex", position)
    assert problem.status_code == 400


def test_an_over_long_phrase_is_refused_in_the_searchers_language():
    with translation.override("en"):
        assert error(phrase(["e"] * 4000)).message == (
            "This search is too long; use at most 50 terms."
        )
    with translation.override("hu"):
        assert "legfeljebb 50 feltételt" in error(phrase(["e"] * 4000)).message


def test_phrases_and_text_values_up_to_the_limit_still_parse():
    assert node(phrase(["e"] * 50)) == Loose(" ".join(["e"] * 50), True, 0)
    assert node("o:" + phrase(["-1"] * 50)) == Term("text", "=", " ".join(["-1"] * 50), 0)
    # a key that is not text counts once, however its value is written
    assert node(" ".join(["t:révülő"] * 50)) is not None


@pytest.mark.parametrize(
    "value", ["card:" * 887 + "A", "letter:letter:A", "digit:card:5", "shape:" * 3000 + "kereszt"]
)
def test_a_code_typed_inside_codes_is_refused_not_recursed(value):
    problem = error(f"code:{value}")
    assert (problem.code, problem.position) == ("unknown_value", 5)


def test_a_code_already_normalised_still_holds():
    assert node("code:letter:A") == node("code:a")
    assert node("code:card:oni-s023") == node("code:ONI-S023")


# --- ordering -------------------------------------------------------------------------
def test_order_and_dir_set_the_ordering_and_never_filter():
    parsed = parse("t:révülő order:cost dir:desc")
    assert parsed.node == Term("type", "=", "revulo", 0)
    assert parsed.order == ["-cost"]
    assert parsed.warnings == []


def test_hungarian_order_and_direction():
    assert parse("sorrend:név irány:csökkenő").order == ["-sort_name_hu"]
    assert parse("sorrend:költség irány:növekvő").order == ["cost"]
    assert parse("dir:desc").order == [f"-{f}" for f in DEFAULT_ORDER]


def test_unknown_order_or_direction_is_ignored_with_a_warning():
    parsed = parse("kajtár order:colour dir:sideways")
    assert parsed.node == Loose("kajtár", False, 0)
    assert parsed.order == DEFAULT_ORDER
    assert [w.position for w in parsed.warnings] == [13, 24]
    with translation.override("en"):
        message = parse("order:colour").warnings[0].message
    assert "colour" in message and "cost" in message


def test_a_word_without_letters_is_ignored_with_a_warning():
    parsed = parse("kajtár !!")
    assert parsed.node == Loose("kajtár", False, 0)
    assert [w.position for w in parsed.warnings] == [7]


# --- reading ------------------------------------------------------------------------
def test_describe_in_english():
    with translation.override("en"):
        parsed = parse("t:révülő cost<=1 order:name")
        assert describe(parsed) == (
            "cards whose type is dreamwalker and whose cost is at most 1, sorted by name"
        )
        assert describe(parse("")) == "all cards"
        assert describe(parse("r>=arany")) == "cards whose rarity is at least rare"
        assert "not" in describe(parse("-t:révülő"))
        assert describe(parse("a b or c")).startswith("cards (whose name matches")


def test_describe_uses_the_labels_of_the_active_language():
    with translation.override("hu"):
        assert "arany" in describe(parse("r:rare"))
        assert "kereszt" in describe(parse("shape:cross"))
    with translation.override("en"):
        assert "cross" in describe(parse("forma:kereszt"))


# --- properties -----------------------------------------------------------------------
ALIASES = sorted({a for k in search_keys.KEYS for a in (k.name, *k.aliases)})
# values after a key, and atoms between terms: real words, near misses and broken syntax
VALUES = [
    "révülő", "arany", "1", "-2", "99999999", "x", "A", "cross", "oniroo", "AF1",
    "unique", "cost", "desc", '"+4 erő"', '"', '""', "", "kajtár", "u+", "Á",
]  # fmt: skip
ATOMS = [
    "(", ")", "-", "or", "VAGY", '"', "„", '"éjlépő kajtár"', "ejlepo", "kajtárral",
    "()", "-(", "!!", "\x00", "kentaur",
]  # fmt: skip
term = st.builds(
    lambda key, op, value: f"{key}{op}{value}",
    st.sampled_from([*ALIASES, "foo", "tpye", "Név", "TIPUS"]),
    st.sampled_from([":", "=", "!=", "<", "<=", ">", ">=", "<<", "==", ""]),
    st.one_of(
        st.sampled_from(VALUES),
        st.text(max_size=6),
    ),
)
atom = st.one_of(
    term,
    st.sampled_from(ATOMS),
    st.text(max_size=4),
)
queries = st.one_of(
    st.text(),
    st.tuples(st.lists(atom, max_size=12), st.sampled_from([" ", "", "  "])).map(
        lambda parts: parts[1].join(parts[0])
    ),
)


@settings(max_examples=400, deadline=None)
@given(queries)
def test_parse_returns_a_query_or_a_search_error(query):
    try:
        parsed = parse(query)
    except SearchError as problem:
        assert 0 <= problem.position <= len(query)
        assert problem.message
        return
    assert isinstance(parsed, ParsedQuery)
    to_q(parsed.node)
    describe(parsed)
    for warning in parsed.warnings:
        assert 0 <= warning.position <= len(query)


# --- searching a small catalog ------------------------------------------------------
# Codes of their own, and searches limited to them, so the shipped catalog may be
# loaded in the same test database without changing any answer here.
PREFIX = "TST-"


def make_card(card_set: CardSet, number: int, name: str, type_: str, **fields) -> Card:
    return Card.objects.create(
        code=f"{PREFIX}{card_set.code}-{number:03}",
        game=card_set.game,
        card_set=card_set,
        number=number,
        name=name,
        type=type_,
        provenance="demo",
        **fields,
    )


COMMON = {"rarity": "common"}
CARDS = [
    ("AF1", 1, "Éjlépő Kajtár", "revulo",
     {**COMMON, "name_en": "Kajtár Nightstepper", "cost": 1, "attack": 0, "defense": 3}),
    ("AF1", 2, "Jégszem Soyana", "revulo",
     {**COMMON, "cost": 1, "attack": 3, "defense": 0, "helper_mark": "P",
      "text": "Segítő (P): +1 erő.", "text_en": "Helper (P): +1 power."}),
    ("AF1", 3, "Széki Hunorka", "revulo", {**COMMON, "cost": 2, "attack": 4, "defense": 0}),
    ("AF1", 4, "Búbos manó", "alomleny",
     {"rarity": "uncommon", "cost": 1, "helper_mark": "S",
      "text": "Segítő (S): +4 erő.", "text_en": "Helper (S): +4 power."}),
    ("AF1", 5, "Hóförgeteg", "azonnali",
     {**COMMON, "cost": 1, "text": "+4 erő.", "text_en": "+4 power."}),
    ("AF1", 7, "Athame", "altalanos",
     {"subtypes": ["buvforras"], "rarity": "uncommon", "cost": 3, "text": "Kapsz 5 VP-t."}),
    ("AF1", 8, "Ébredés Ajtaja", "esemeny", {"rarity": "rare", "cost": 4}),
    ("AF1", 13, "Csendharang", "esemeny",
     {"subtypes": ["ellenvarazs"], "rarity": "rare", "cost": 2}),
    ("AFD", 16, "Sárkányúr Bendegúz", "revulo",
     {"subtypes": ["garabonciasok"], "rarity": "unique", "cost": 6, "attack": 7, "defense": 7,
      "glory_bonus": 2}),
    ("AFD", 37, "Álomszövő pók", "alomleny",
     {"rarity": "uncommon", "cost": 2, "helper_mark": "Á",
      "text": "Segítő (Á): az ellenfél párbajozója -4 erő."}),
    ("ONI", 23, "Kentaur", "symbol",
     {"name_en": "Centaur", "letter": "A", "shape": "cross", "digit": 5, "group": "myth",
      "next_group": "objects"}),
    ("ONI", 117, "Csiga", "symbol",
     {"name_en": "Snail", "letter": "A", "shape": "cross", "digit": 6, "group": "animals",
      "next_group": "people"}),
    ("ONI", 19, "Sellő", "symbol",
     {"name_en": "Mermaid", "letter": "A", "shape": "star", "digit": 5, "group": "myth",
      "next_group": "plants"}),
]  # fmt: skip


@pytest.fixture
def catalog(db):
    games = {}
    for slug, name, position in (("alomfogo", "Álomfogó", 1), ("oniroo", "ONIROO", 2)):
        games[slug], _ = Game.objects.get_or_create(
            slug=slug, defaults={"name": name, "position": position}
        )
    sets = {}
    for code, slug, position in (
        ("AF1", "alomfogo", 1),
        ("AFD", "alomfogo", 2),
        ("ONI", "oniroo", 1),
    ):
        sets[code], _ = CardSet.objects.get_or_create(
            code=code,
            defaults={
                "game": games[slug],
                "name": code,
                "position": position,
                "provenance": "demo",
            },
        )
    for set_code, number, name, type_, fields in CARDS:
        make_card(sets[set_code], number, name, type_, **fields)
    return Card.objects.filter(code__startswith=PREFIX)


def names(query: str, catalog) -> list[str]:
    return [card.name for card in cards_search(query, queryset=catalog).cards]


REVULOK = {"Éjlépő Kajtár", "Jégszem Soyana", "Széki Hunorka", "Sárkányúr Bendegúz"}


def test_a_name_without_accents(catalog):
    assert names("ejlepo", catalog) == ["Éjlépő Kajtár"]
    assert names("EJLEPO kajtar", catalog) == ["Éjlépő Kajtár"]


def test_an_inflected_name(catalog):
    assert names("kajtárral", catalog) == ["Éjlépő Kajtár"]
    assert names("kentaurral", catalog) == ["Kentaur"]


def test_the_english_name_matches_too(catalog):
    assert names("nightstepper", catalog) == ["Éjlépő Kajtár"]
    assert names("centaur", catalog) == ["Kentaur"]


def test_a_quoted_phrase_keeps_its_word_order(catalog):
    assert names('"éjlépő kajtár"', catalog) == ["Éjlépő Kajtár"]
    assert names('"kajtár éjlépő"', catalog) == []


def queries_to_search(query: str, catalog) -> int:
    with CaptureQueriesContext(connection) as captured:
        list(cards_search(query, queryset=catalog).cards)
    return len(captured)


def test_a_word_repeated_in_a_phrase_is_looked_up_once(catalog):
    once = queries_to_search('"kajtár"', catalog)
    assert queries_to_search('"kajtár kajtár kajtár kajtár"', catalog) == once
    assert queries_to_search("név:" + phrase(["kajtar"] * 50), catalog) == once
    # looked up once, the phrase still has to stand in the name as typed
    assert names('"kajtár kajtár"', catalog) == []


def test_cheap_revulok(catalog):
    found = cards_search("t:révülő cost<=1", queryset=catalog).cards
    assert {c.name for c in found} == {"Éjlépő Kajtár", "Jégszem Soyana"}
    assert all(c.type == "revulo" and c.cost <= 1 for c in found)


def test_an_oniroo_code(catalog):
    assert names("letter:A shape:cross digit:5", catalog) == ["Kentaur"]


def test_negation(catalog):
    found = set(names("-t:révülő", catalog))
    assert found and not found & REVULOK
    assert "Kentaur" in found


def test_rarity_comparison(catalog):
    assert set(names("r>=rare", catalog)) == {"Ébredés Ajtaja", "Csendharang", "Sárkányúr Bendegúz"}
    assert set(names("r>=arany", catalog)) == set(names("r>=rare", catalog))


def test_rules_text_keeps_the_sign_of_a_number(catalog):
    assert set(names('o:"+4 erő"', catalog)) == {"Búbos manó", "Hóförgeteg"}
    assert set(names('o:"+4 power"', catalog)) == {"Búbos manó", "Hóförgeteg"}
    assert names('o:"-4 erő"', catalog) == ["Álomszövő pók"]


def test_subtypes_and_is(catalog):
    assert names("sub:bűvforrás", catalog) == ["Athame"]
    assert names("is:source", catalog) == ["Athame"]
    assert names("is:counter", catalog) == ["Csendharang"]
    assert names("is:unique", catalog) == ["Sárkányúr Bendegúz"]
    assert names("t:garabonciás", catalog) == ["Sárkányúr Bendegúz"]
    assert set(names("is:helper", catalog)) == {"Jégszem Soyana", "Búbos manó", "Álomszövő pók"}
    assert names("jel:a", catalog) == ["Álomszövő pók"]


def test_game_and_set(catalog):
    assert set(names("game:oniroo", catalog)) == {"Kentaur", "Csiga", "Sellő"}
    assert len(names("set:AF1", catalog)) == 8
    assert names("set:af1", catalog) == names("set:AF1", catalog)


def test_or_and_groups(catalog):
    assert set(names("kentaur or kajtár", catalog)) == {"Kentaur", "Éjlépő Kajtár"}
    assert set(names("group:mítosz (digit:5 vagy digit:6)", catalog)) == {"Kentaur", "Sellő"}


def test_not_equal_keeps_only_cards_that_have_the_field(catalog):
    found = names("cost!=1", catalog)
    assert "Kentaur" not in found and "Éjlépő Kajtár" not in found
    assert "Kentaur" in names("-cost:1", catalog)


def test_order_by_cost_descending_puts_cards_without_cost_last(catalog):
    costs = [c.cost for c in cards_search("order:cost dir:desc", queryset=catalog).cards]
    with_cost = [c for c in costs if c is not None]
    assert with_cost == sorted(with_cost, reverse=True) and with_cost[0] == 6
    assert costs[len(with_cost) :] == [None] * (len(costs) - len(with_cost))


def test_order_by_name_and_rarity(catalog):
    ordered = names("game:oniroo order:name", catalog)
    assert ordered == ["Csiga", "Kentaur", "Sellő"]
    rarities = [c.rarity for c in cards_search("set:AF1 order:rarity", queryset=catalog).cards]
    assert rarities == sorted(rarities, key=search_keys.RARITY_ORDER.index)


def test_default_order_is_set_then_number(catalog):
    found = list(cards_search("set:AF1", queryset=catalog).cards)
    assert [c.number for c in found] == sorted(c.number for c in found)


def test_result_carries_the_reading_and_warnings(catalog):
    with translation.override("en"):
        result = cards_search("t:révülő order:colour", queryset=catalog)
    assert result.description == "cards whose type is dreamwalker"
    assert len(result.warnings) == 1 and result.parsed.node == Term("type", "=", "revulo", 0)


def test_a_bad_query_raises(catalog):
    with pytest.raises(SearchError):
        cards_search("cost<<", queryset=catalog)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(query=queries)
def test_random_queries_never_break_the_database(catalog, query):
    try:
        result = cards_search(query)
    except SearchError:
        return
    assert result.cards.count() >= 0


# --- the syntax help ------------------------------------------------------------------
HELP = Path(django_settings.BASE_DIR) / "templates" / "catalog"
LINK = re.compile(r'<a href="(/cards/\?[^"]*)"><code>(.*?)</code></a>')


def help_examples(language: str) -> tuple[list[str], list[str]]:
    """The example queries of the help page: (ones that find cards, ones that show an error)."""
    text = (HELP / f"syntax_{language}.html").read_text(encoding="utf-8")
    body, errors = text.split('id="syntax-errors"')
    found = []
    for part in (body, errors):
        queries = []
        for href, shown in LINK.findall(part):
            query = parse_qs(urlsplit(html.unescape(href)).query)["q"][0]
            assert query == html.unescape(shown), "a link must run the query it shows"
            queries.append(query)
        found.append(queries)
    return found[0], found[1]


@pytest.mark.parametrize("language", ["hu", "en"])
def test_every_help_example_finds_cards_in_the_shipped_catalog(cards, language):
    working, broken = help_examples(language)
    assert len(working) > 30 and broken
    with translation.override(language):
        for query in working:
            result = cards_search(query)
            assert result.cards.exists(), query
            assert not result.warnings, query
        for query in broken:
            with pytest.raises(SearchError):
                cards_search(query)
