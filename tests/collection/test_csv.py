"""Reading and writing a collection CSV (collection.csvio), on the shipped card data.

Pure: no database. The refusals that reach a user through the import are in
test_services.py and test_api.py.
"""

from __future__ import annotations

import pytest

from catalog.records import shipped_records
from catalog.vocab import GAME_IDS
from collection import csvio
from collection.csvio import CsvLimits, export_csv, parse_csv
from decks.codec import ListTooLarge, RecordLookup

EVERY = [card for game in GAME_IDS for card in shipped_records(game)]
CODES = RecordLookup(EVERY)
ALOMFOGO = RecordLookup(shipped_records("alomfogo"))
BY_CODE = {card["code"]: card for card in EVERY}


def read(text: str, limits: CsvLimits = csvio.DEFAULT_LIMITS) -> csvio.ParsedCollection:
    return parse_csv(text, codes=CODES, names=ALOMFOGO, limits=limits)


class CountingLookup(RecordLookup):
    """A lookup that counts every question asked of it."""

    asked = 0

    def by_code(self, code):
        CountingLookup.asked += 1
        return super().by_code(code)

    def by_name(self, name, *, set_code=None):
        CountingLookup.asked += 1
        return super().by_name(name, set_code=set_code)


def test_code_and_name_lines_with_or_without_a_header():
    with_header = read("code,count\nAF1-001,3\nJégszem Soyana,2\n")
    without = read("AF1-001,3\nJégszem Soyana,2")
    assert with_header.ok and without.ok
    assert with_header.counts == without.counts == {"AF1-001": 3, "AF1-002": 2}


def test_names_match_as_deck_lists_do_and_codes_are_case_blind():
    parsed = read("ejlepo kajtar,1\nKAJTÁR NIGHTSTEPPER,1\naf1-003,2\n  Széki  Hunorka ; 9")
    # the last line has a semicolon but the file's separator is the comma of line 1
    assert [e.line_no for e in parsed.errors] == [4]
    assert parsed.counts == {"AF1-001": 2, "AF1-003": 2}


def test_a_quoted_name_with_a_comma_and_a_semicolon_file():
    assert read('"Emese, az álomlátó ősanya",2').counts == {"AFD-022": 2}
    # an unquoted comma in a name still reads when the count is last
    assert read("Emese, az álomlátó ősanya,2").counts == {"AFD-022": 2}
    # what a Hungarian spreadsheet saves: semicolons, a header in Hungarian
    assert read("Kártya;Darab\nEmese, az álomlátó ősanya;2\nAF1-001;1").counts == {
        "AFD-022": 2,
        "AF1-001": 1,
    }


def test_names_are_the_games_codes_are_every_games():
    # Villámcsapás is an Álomfogó and an Arcane Guardian card: the name is the game's,
    # the code may be any card's.
    assert read("Villámcsapás,1\nAG-005,2\nONI-S001,1").counts == {
        "AFD-040": 1,
        "AG-005": 2,
        "ONI-S001": 1,
    }


def test_the_same_card_twice_adds_up_and_zero_means_none():
    parsed = read("AF1-001,2\nÉjlépő Kajtár,3\nAF1-002,0")
    assert parsed.ok
    assert parsed.counts == {"AF1-001": 5, "AF1-002": 0}


def test_every_wrong_line_is_reported_with_its_number_and_why():
    text = "\n".join(
        [
            "code,count",  # 1: header
            "AF1-001,3",  # 2: fine
            "Éjlépő Kajtra,2",  # 3: typo → suggestion
            "AF1-999,1",  # 4: no such code
            "AF1-002,1000",  # 5: above 999
            "AF1-002,-1",  # 6: negative
            "AF1-002,2.5",  # 7: not whole
            "AF1-002",  # 8: no count
            "",  # blank: skipped
            "# a comment",  # skipped
            "AF1-003,600",  # 11: fine
            "Széki Hunorka,400",  # 12: 600 + 400 > 999
        ]
    )
    parsed = read(text)
    assert [e.line_no for e in parsed.errors] == [3, 4, 5, 6, 7, 8, 12]
    typo = parsed.errors[0]
    assert typo.line == "Éjlépő Kajtra,2"
    assert "Éjlépő Kajtár" in typo.suggestions
    assert "Did you mean" in typo.message_en and "Erre gondoltál" in typo.message_hu
    # the page's fix button rewrites only the name
    assert ("Éjlépő Kajtár", "Éjlépő Kajtár,2") in typo.fixes()
    assert "AF1-999" in parsed.errors[1].message_en
    assert "999" in parsed.errors[2].message_en and "1000" in parsed.errors[2].message_en
    assert "AF1-001,3" in parsed.errors[5].message_en
    assert "1000" in parsed.errors[6].message_en  # the total it would reach
    # what is read stays what the good lines say
    assert parsed.counts == {"AF1-001": 3, "AF1-003": 600}


def test_count_first_is_explained_not_guessed():
    (error,) = read("AF1-001,1\n3,Éjlépő Kajtár").errors
    assert error.line_no == 2 and "count first" in error.message_en
    assert "Kajtár Nightstepper,3" in error.message_en  # the card's English name, in English
    assert "elöl áll a darabszám" in error.message_hu


def test_a_fix_for_a_name_with_a_comma_is_quoted():
    parsed = read('"Emese az álomlátó ősanyaa",2')
    (error,) = parsed.errors
    fixes = dict(error.fixes())
    assert fixes["Emese, az álomlátó ősanya"] == '"Emese, az álomlátó ősanya",2'
    assert read(fixes["Emese, az álomlátó ősanya"]).counts == {"AFD-022": 2}


def test_too_many_characters_is_refused_whole_before_any_lookup():
    lookup = CountingLookup(EVERY)
    CountingLookup.asked = 0
    text = "AF1-001,1\n" * 30
    with pytest.raises(ListTooLarge) as refused:
        parse_csv(text, codes=lookup, names=lookup, limits=CsvLimits(max_chars=100))
    assert refused.value.code == "list_too_long" and refused.value.limit == 100
    assert "COLLECTION_CSV_MAX_CHARS" in refused.value.message_en
    assert CountingLookup.asked == 0


def test_too_many_card_lines_is_refused_whole_before_any_lookup():
    lookup = CountingLookup(EVERY)
    CountingLookup.asked = 0
    # the header, blank and comment lines are free: 5 card lines fit a limit of 5
    fits = "code,count\n# mine\n\n" + "AF1-001,1\n" * 5
    assert parse_csv(fits, codes=lookup, names=lookup, limits=CsvLimits(max_lines=5)).ok
    CountingLookup.asked = 0
    with pytest.raises(ListTooLarge) as refused:
        parse_csv(fits + "AF1-002,1", codes=lookup, names=lookup, limits=CsvLimits(max_lines=5))
    assert refused.value.code == "too_many_lines"
    assert "COLLECTION_CSV_MAX_LINES" in refused.value.message_en
    assert "6" in refused.value.message_hu
    assert CountingLookup.asked == 0


class SuggestionCounter(RecordLookup):
    """A lookup that counts the spelling suggestions asked of it."""

    suggested = 0

    def suggest(self, name, limit=3, language="hu"):
        # asked once a line in each language; the fuzzy search runs once (RecordLookup)
        SuggestionCounter.suggested += language == "hu"
        return super().suggest(name, limit, language)


def test_only_the_first_unknown_lines_get_suggestions_every_one_is_listed():
    names = SuggestionCounter(shipped_records("alomfogo"))
    SuggestionCounter.suggested = 0
    # 5,000 near misses of a real name: each once cost a fuzzy match against every name
    text = "\n".join(f"Éjlépő Kajtra {i},1" for i in range(5000))
    parsed = parse_csv(text, codes=CODES, names=names)
    assert [e.line_no for e in parsed.errors] == list(range(1, 5001))
    assert SuggestionCounter.suggested == csvio.SUGGESTED_LINES == 50
    first, last = parsed.errors[0], parsed.errors[-1]
    assert "Éjlépő Kajtár" in first.suggestions and "Did you mean" in first.message_en
    assert last.suggestions == [] and last.fixes() == []
    assert last.message_en == "There is no card called “Éjlépő Kajtra 4999”."
    assert last.message_hu == "Nincs „Éjlépő Kajtra 4999” nevű lap."


def test_unreadable_bytes_are_a_line_error_not_a_crash():
    parsed = read("AF1-001,1\nAF1-\x00002,1\n,,,")
    assert [e.line_no for e in parsed.errors] == [2, 3]


def test_export_is_sorted_and_reads_back_as_the_same_collection():
    counts = {"ONI-S001": 1, "AFD-022": 2, "AF1-013": 999, "AF1-001": 3, "AG-005": 4}
    text = export_csv((BY_CODE[code], count) for code, count in counts.items())
    lines = text.splitlines()
    assert lines[0] == "\ufeffcode,count,name,name_en,set"  # BOM: Excel reads UTF-8
    assert [line.split(",")[0] for line in lines[1:]] == [
        "AF1-001",
        "AF1-013",
        "AFD-022",
        "AG-005",
        "ONI-S001",
    ]
    assert '"Emese, az álomlátó ősanya"' in text
    parsed = read(text)
    assert parsed.ok and parsed.counts == counts
