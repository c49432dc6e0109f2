"""Card data files: load (all or nothing, idempotent), export byte for byte, CSV import."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError

from catalog.cardfile import Problem, card_problems, read_card_file
from catalog.models import Card, CardSet, Game
from catalog.records import DATA_DIR
from catalog.services import CardDataError, card_files_load, cards_csv_import

pytestmark = pytest.mark.django_db

SHIPPED = sorted(DATA_DIR.glob("*/*.json"))
AF1 = DATA_DIR / "alomfogo" / "af1-rulebook.json"
AFD = DATA_DIR / "alomfogo" / "afd-demo.json"


def shipped_cards() -> list[tuple[str, dict]]:
    """(game, card) for every card of every shipped file."""
    found = []
    for path in SHIPPED:
        data = json.loads(path.read_text(encoding="utf-8"))
        found += [(data["game"], card) for card in data["cards"]]
    return found


def load_cards(*paths: Path) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("load_cards", *map(str, paths), stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def tampered_copy(tmp_path: Path, source: Path, change) -> Path:
    """A copy of a shipped file with `change(data)` applied."""
    data = json.loads(source.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / source.name
    path.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")
    return path


def first_card(data: dict, card_type: str) -> dict:
    return next(c for c in data["cards"] if c["type"] == card_type)


def catalog_snapshot() -> tuple:
    return (
        Game.objects.count(),
        CardSet.objects.count(),
        Card.objects.count(),
        sorted(Card.objects.values_list("code", "name", "attack", "letter", "type")),
    )


def refused_csv_import(path: Path) -> str:
    """Import the CSV file as set "CSV": the command refuses it and the catalog stays as it
    was; returns what the command wrote to stderr."""
    before = catalog_snapshot()
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command(
            "import_cards_csv", str(path), "--game", "alomfogo", "--set", "CSV",
            "--set-name", "Próba", stderr=err,
        )  # fmt: skip
    assert not CardSet.objects.filter(code="CSV").exists()
    assert catalog_snapshot() == before
    return err.getvalue()


# --- loading the shipped data ------------------------------------------------


def test_shipped_data_loads_with_counts_per_game():
    report = card_files_load()
    cards = shipped_cards()
    codes = sorted(card["code"] for _, card in cards)
    assert sorted(report.created + report.updated + report.unchanged) == codes
    assert report.not_in_files == []
    per_game = Counter(Card.objects.values_list("game__slug", flat=True))
    assert per_game == Counter(game for game, _ in cards)
    assert list(Game.objects.values_list("slug", flat=True)) == [
        "alomfogo",
        "oniroo",
        "arcane-guardian",
    ]


def test_loading_twice_changes_nothing():
    card_files_load()
    before = catalog_snapshot()
    report = card_files_load()
    assert report.created == [] and report.updated == []
    assert len(report.unchanged) == len(shipped_cards())
    assert report.sets_created == [] and report.sets_updated == []
    assert report.games_created == 0
    assert catalog_snapshot() == before


def test_load_cards_command_prints_counts():
    card_files_load()
    out, err = load_cards()
    assert f"0 created, 0 updated, {len(shipped_cards())} unchanged" in out
    assert err == ""


def test_loaded_card_matches_its_record():
    card_files_load()
    record = next(card for _, card in shipped_cards() if card["code"] == "ONI-S023")
    assert Card.objects.get(code="ONI-S023").as_data() == record


# --- refusing bad data -------------------------------------------------------


def breaking(card_type: str, **changes):
    """A change that sets `changes` on the first card of `card_type` and returns its code."""

    def change(data: dict) -> str:
        card = first_card(data, card_type)
        card.update(changes)
        return card["code"]

    return change


@pytest.mark.parametrize(
    ("source", "change", "field"),
    [
        (AFD, breaking("esemeny", attack=3), "attack"),
        (AF1, breaking("revulo", letter="A"), "letter"),
        (AFD, breaking("alomleny", type="dragon"), "type"),
    ],
    ids=["attack-on-esemeny", "letter-on-alomfogo", "unknown-type"],
)
def test_one_bad_field_refuses_the_load_and_changes_nothing(tmp_path, source, change, field):
    card_files_load()
    before = catalog_snapshot()
    data = json.loads(source.read_text(encoding="utf-8"))
    code = change(data)
    # The same file also renames a card: nothing of it may reach the database.
    renamed = data["cards"][0]["code"]
    data["cards"][0]["name"] = "Átnevezett lap"
    bad = tmp_path / source.name
    bad.write_text(json.dumps(data, ensure_ascii=False, indent=2), encoding="utf-8")

    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("load_cards", str(bad), stderr=err)
    lines = err.getvalue().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{bad}: {code}: {field}: ")
    assert catalog_snapshot() == before
    assert Card.objects.get(code=renamed).name != "Átnevezett lap"


def test_problem_names_file_code_and_field():
    problem = Problem(
        "catalog/data/alomfogo/afd-demo.json",
        "AFD-003",
        "attack",
        "an esemény card cannot have attack",
    )
    assert str(problem) == (
        "catalog/data/alomfogo/afd-demo.json: AFD-003: attack: an esemény card cannot have attack"
    )


def test_attack_on_a_spell_is_refused():
    data = json.loads(AFD.read_text(encoding="utf-8"))
    spell = first_card(data, "azonnali")
    problems = card_problems({**spell, "attack": 2}, game="alomfogo")
    assert [(p.code, p.field, p.message) for p in problems] == [
        (spell["code"], "attack", "an azonnali varázslat card cannot have attack")
    ]


def test_json_syntax_error_reports_line_and_column(tmp_path):
    text = AF1.read_text(encoding="utf-8").splitlines()
    line = next(i for i, s in enumerate(text) if '"number": 2,' in s)
    text[line] = text[line].rstrip(",")  # the next key now follows without a comma
    bad = tmp_path / "broken.json"
    bad.write_text("\n".join(text) + "\n", encoding="utf-8")

    data, problems = read_card_file(bad)
    assert data is None
    assert len(problems) == 1
    assert f"line {line + 2}, column" in str(problems[0])
    assert str(bad) in str(problems[0])
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("load_cards", str(bad), stderr=err)
    assert f"line {line + 2}" in err.getvalue()


def test_top_level_shape_and_set_fields_are_checked(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "chess", "set": {"code": "x"}, "cards": [], "extra": 1}', "utf-8")
    messages = [str(p) for p in read_card_file(bad)[1]]
    assert f"{bad}: extra: unknown key" in messages
    bad.write_text('{"game": "chess", "set": {"code": "x"}, "cards": []}', "utf-8")
    messages = [str(p) for p in read_card_file(bad)[1]]
    assert any("game: unknown game 'chess'" in m for m in messages)
    assert any("set.code: must be capital letters" in m for m in messages)
    assert any("set.name: missing" in m for m in messages)


def test_duplicate_code_across_files_is_refused(tmp_path):
    def as_other_set(data):
        data["set"]["code"] = "AFX"
        data["cards"] = data["cards"][:2]
        data["cards"][1]["code"] = "AFX-002"

    other = tampered_copy(tmp_path, AFD, as_other_set)
    first = json.loads(AFD.read_text(encoding="utf-8"))["cards"][0]["code"]
    before = catalog_snapshot()
    with pytest.raises(CardDataError) as raised:
        card_files_load(paths=[AFD, other])
    messages = [str(p) for p in raised.value.problems]
    assert messages == [f"{other}: {first}: code: also in catalog/data/alomfogo/afd-demo.json"]
    assert catalog_snapshot() == before


def test_duplicate_set_code_and_number_within_file_are_refused(tmp_path):
    def twice(data):
        data["cards"][1]["number"] = data["cards"][0]["number"]

    bad = tampered_copy(tmp_path, AF1, twice)
    with pytest.raises(CardDataError) as raised:
        card_files_load(paths=[AF1, bad])
    messages = [str(p) for p in raised.value.problems]
    assert any("set.code: set AF1 is also in" in m for m in messages)
    assert any("AF1-002: number: 1 is also the number of AF1-001" in m for m in messages)


# --- round trips -------------------------------------------------------------


def test_export_after_load_reproduces_every_shipped_file(tmp_path):
    card_files_load()
    out = io.StringIO()
    call_command("export_cards", "--out", str(tmp_path), stdout=out)
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.glob("*/*.json"))
    assert written == [p.relative_to(DATA_DIR) for p in SHIPPED]
    for path in SHIPPED:
        assert (tmp_path / path.relative_to(DATA_DIR)).read_bytes() == path.read_bytes(), path


def test_export_one_game(tmp_path):
    card_files_load()
    call_command("export_cards", "--out", str(tmp_path), "--game", "oniroo", stdout=io.StringIO())
    assert [p.parent.name for p in tmp_path.glob("*/*.json")] == ["oniroo"]
    with pytest.raises(CommandError):
        call_command("export_cards", "--out", str(tmp_path), "--game", "chess")


def test_changed_name_is_updated_with_its_search_fields(tmp_path):
    card_files_load()

    def rename(data):
        data["cards"][0]["name"] = "Hajnaljáró Kajtár"

    changed = tampered_copy(tmp_path, AF1, rename)
    report = card_files_load(paths=[changed])
    assert report.updated == ["AF1-001"]
    assert report.created == []
    assert len(report.unchanged) == 12
    assert "AFD-001" in report.not_in_files
    card = Card.objects.get(code="AF1-001")
    assert card.name == "Hajnaljáró Kajtár"
    assert " hajnaljaro kajtar " in card.search_name
    assert "ejlepo" not in card.search_name
    assert Card.objects.filter(search_name__contains=" hajnaljaro").count() == 1


def test_new_card_in_a_file_is_created_with_search_fields(tmp_path):
    card_files_load()

    def add(data):
        card = dict(data["cards"][-1], code="AF1-099", number=99, name="Próba Lúdvérc")
        data["cards"].append(card)

    report = card_files_load(paths=[tampered_copy(tmp_path, AF1, add)])
    assert report.created == ["AF1-099"]
    assert " proba ludverc " in Card.objects.get(code="AF1-099").search_name


# --- CSV import --------------------------------------------------------------

CSV_HEADER = "code,number,name,name_en,type,subtypes,rarity,cost,attack,defense,glory_bonus,text"
CSV_GOOD = (
    CSV_HEADER + "\n"
    "CSV-001,1,Próba Révülő,Test Walker,revulo,samanok;osok,common,2,3,2,0,\n"
    ',2,Próba Lény,,alomleny,,uncommon,1,,,,"Segítő (P): +1 erő."\n'
    "CSV-003,3,Próba Varázs,,azonnali,buvforras,rare,0,,,,+2 erő.\n"
)


def test_csv_imports_three_cards(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text(CSV_GOOD, encoding="utf-8")
    out = io.StringIO()
    call_command(
        "import_cards_csv", str(path), "--game", "alomfogo", "--set", "CSV",
        "--set-name", "Próba készlet", stdout=out,
    )  # fmt: skip
    assert "3 created" in out.getvalue()
    card_set = CardSet.objects.get(code="CSV")
    assert (card_set.name, card_set.provenance, card_set.game.slug) == (
        "Próba készlet",
        "imported",
        "alomfogo",
    )
    first = Card.objects.get(code="CSV-001")
    assert first.subtypes == ["samanok", "osok"]
    assert (first.cost, first.attack, first.defense, first.provenance) == (2, 3, 2, "imported")
    assert first.name_en == "Test Walker"
    second = Card.objects.get(code="CSV-002")  # code made from the set code and number
    assert (second.name_en, second.attack, second.text) == ("", None, "Segítő (P): +1 erő.")
    assert " proba leny " in second.search_name

    # the same list again changes nothing
    report = cards_csv_import(text=CSV_GOOD, game="alomfogo", set_code="CSV")
    assert report.created == [] and report.updated == []
    assert len(report.unchanged) == 3


def test_csv_dry_run_saves_nothing():
    before = catalog_snapshot()
    report = cards_csv_import(
        text=CSV_GOOD, game="alomfogo", set_code="CSV", set_name="Próba", dry_run=True
    )
    assert len(report.created) == 3
    assert not CardSet.objects.filter(code="CSV").exists()
    assert catalog_snapshot() == before


def test_csv_with_a_bad_cell_names_row_and_column_and_imports_nothing(tmp_path):
    bad = CSV_GOOD.replace(
        "Varázs,,azonnali,buvforras,rare,0,", "Varázs,,azonnali,buvforras,rare,x,"
    )
    path = tmp_path / "cards.csv"
    path.write_text(bad, encoding="utf-8")
    errors = refused_csv_import(path)
    assert f"{path}, row 4: CSV-003: cost: not a whole number: 'x'" in errors


def test_csv_rule_problem_names_row_and_column():
    before = catalog_snapshot()
    bad = CSV_GOOD.replace(
        "CSV-003,3,Próba Varázs,,azonnali,buvforras,rare,0,,",
        "CSV-003,3,Próba Varázs,,azonnali,buvforras,rare,0,5,",
    )
    with pytest.raises(CardDataError) as raised:
        cards_csv_import(text=bad, game="alomfogo", set_code="CSV", set_name="Próba")
    assert [str(p) for p in raised.value.problems] == [
        "row 4: CSV-003: attack: an azonnali varázslat card cannot have attack"
    ]
    assert catalog_snapshot() == before


# --- the model validator -----------------------------------------------------


def test_full_clean_refuses_a_letter_on_an_alomfogo_card():
    card_files_load(paths=[AF1])
    card = Card.objects.get(code="AF1-001")
    card.full_clean()  # valid as shipped
    card.letter = "A"
    with pytest.raises(ValidationError) as raised:
        card.full_clean()
    assert "letter" in raised.value.message_dict
    assert "Álomfogó cards have no letter" in raised.value.message_dict["letter"][0]


def test_the_documented_csv_example_imports():
    docs = (DATA_DIR.parent.parent / "docs" / "card-data.md").read_text(encoding="utf-8")
    example = docs.split("```csv\n", 1)[1].split("```", 1)[0]
    report = cards_csv_import(
        text=example, game="alomfogo", set_code="AF2", set_name="Második kiadás", dry_run=True
    )
    assert report.created == ["AF2-001", "AF2-002", "AF2-003"]


# --- input that would crash a reader or the database --------------------------


def nested(depth: int) -> list:
    """`depth` levels of lists, built without recursion: [[[...[]...]]]."""
    value: list = []
    for _ in range(depth - 1):
        value = [value]
    return value


def deep_json_text(depth: int) -> str:
    return "[" * depth + "]" * depth


def first_alomleny(data: dict) -> dict:
    return first_card(data, "alomleny")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda card: card.update(name="Rossz\x00név"), "name"),
        (lambda card: card.update(text="+1 erő\x00"), "text"),
        (lambda card: card.update(subtypes=["samanok\x00"]), "subtypes"),
        (lambda card: card.update(effects=[{"kind": "gain\x00"}]), "effects"),
        (lambda card: card.update(effects=[{"ki\x00nd": "gain"}]), "effects"),
    ],
    ids=["name", "text", "subtypes", "effects-value", "effects-key"],
)
def test_a_nul_character_is_refused_naming_file_card_and_field(tmp_path, change, field):
    card_files_load()
    before = catalog_snapshot()

    def nul(data):
        card = first_alomleny(data)
        change(card)
        data["cards"][0]["name"] = "Átnevezett lap"  # a good change in the same file
        return card["code"]

    data = json.loads(AFD.read_text(encoding="utf-8"))
    code = nul(data)
    bad = tmp_path / AFD.name
    # json.dumps writes NUL as the escape \u0000, as any JSON writer does
    bad.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")

    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("load_cards", str(bad), stderr=err)
    assert err.getvalue().splitlines() == [
        f"{bad}: {code}: {field}: contains the NUL character (\\u0000), "
        "which the database cannot store"
    ]
    assert catalog_snapshot() == before


def test_a_nul_character_in_the_set_is_refused(tmp_path):
    bad = tampered_copy(tmp_path, AFD, lambda data: data["set"].update(name="Dem\x00o"))
    _data, problems = read_card_file(bad)
    assert [str(p) for p in problems] == [
        f"{bad}: set.name: contains the NUL character (\\u0000), which the database cannot store"
    ]


@pytest.mark.parametrize("depth", [33, 1_000, 200_000])
def test_deep_effects_are_refused_naming_line_card_and_field(tmp_path, depth):
    card_files_load()
    before = catalog_snapshot()
    data = json.loads(AFD.read_text(encoding="utf-8"))
    card = first_alomleny(data)
    card["effects"] = "DEEP"
    text = json.dumps(data, ensure_ascii=False, indent=2)
    # json.dumps itself recurses, so the deep value is spliced into the text
    bad = tmp_path / AFD.name
    bad.write_text(text.replace('"DEEP"', deep_json_text(depth)), encoding="utf-8")
    line = next(n for n, s in enumerate(bad.read_text().splitlines(), 1) if '"effects": [[' in s)

    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("load_cards", str(bad), stderr=err)
    [problem] = err.getvalue().splitlines()
    assert problem.startswith(f"{bad}: {card['code']}: effects: line {line}, column ")
    assert problem.endswith("nested more than 32 levels deep")
    assert catalog_snapshot() == before


def test_effects_nested_32_levels_are_accepted(tmp_path):
    data = json.loads(AFD.read_text(encoding="utf-8"))
    first_alomleny(data)["effects"] = nested(32)
    path = tmp_path / AFD.name
    path.write_text(json.dumps(data), encoding="utf-8")
    assert read_card_file(path)[1] == []


def test_a_deep_file_outside_the_cards_is_refused_with_its_place(tmp_path):
    bad = tmp_path / "deep.json"
    prefix = ' "set": '
    bad.write_text('{"game": "alomfogo",\n' + prefix + deep_json_text(100_000) + "}", "utf-8")
    data, problems = read_card_file(bad)
    assert data is None
    assert [str(p) for p in problems] == [
        # the 35th "[" of the set (after the file's "{") is one level too many
        f"{bad}: set: line 2, column {len(prefix) + 35}: nested more than 32 levels deep"
    ]


CSV_EFFECTS_HEADER = CSV_HEADER + ",effects"


def csv_with_effects(effects_cell: str) -> str:
    return (
        CSV_EFFECTS_HEADER + "\n"
        "CSV-001,1,Próba Révülő,Test Walker,revulo,samanok;osok,common,2,3,2,0,," + effects_cell
        + "\n"
    )  # fmt: skip


@pytest.mark.parametrize("depth", [33, 5_000, 65_000])  # 130,000 characters: one cell
def test_csv_deep_effects_name_row_card_and_column(tmp_path, depth):
    path = tmp_path / "cards.csv"
    path.write_text(csv_with_effects(f'"{deep_json_text(depth)}"'), encoding="utf-8")
    assert refused_csv_import(path).splitlines() == [
        f"{path}, row 2: CSV-001: effects: JSON may be nested at most 32 levels deep."
    ]


@pytest.mark.parametrize(
    ("good", "bad", "row", "code", "column"),
    [
        ("Test Walker", "Test\x00Walker", 2, "CSV-001", "name_en"),
        ("Próba Lény", "Próba\x00Lény", 3, "CSV-002", "name"),
        ("+2 erő.", "+2\x00erő.", 4, "CSV-003", "text"),
        ("samanok;osok", "samanok;o\x00sok", 2, "CSV-001", "subtypes"),
    ],
)
def test_csv_nul_characters_name_row_card_and_column(good, bad, row, code, column):
    before = catalog_snapshot()
    with pytest.raises(CardDataError) as raised:
        cards_csv_import(
            text=CSV_GOOD.replace(good, bad), game="alomfogo", set_code="CSV", set_name="Próba"
        )
    assert [str(p) for p in raised.value.problems] == [
        f"row {row}: {code}: {column}: contains the NUL character (\\u0000), "
        "which the database cannot store"
    ]
    assert catalog_snapshot() == before


@pytest.mark.parametrize("size", [131_073, 1_000_000])
def test_csv_cell_over_128_kib_names_row_card_and_column(tmp_path, size):
    import csv

    limit_before = csv.field_size_limit()
    path = tmp_path / "cards.csv"
    path.write_text(CSV_GOOD.replace("+2 erő.", "x" * size), encoding="utf-8")
    assert refused_csv_import(path).splitlines() == [
        f"{path}, row 4: CSV-003: text: a cell of {size} characters; a cell may hold 131072"
    ]
    assert csv.field_size_limit() == limit_before  # the process-wide setting is back


def test_csv_cell_of_exactly_128_kib_is_read(tmp_path):
    text = CSV_GOOD.replace("+2 erő.", "x" * 131_072)
    report = cards_csv_import(
        text=text, game="alomfogo", set_code="CSV", set_name="Próba", dry_run=True
    )
    assert report.created == ["CSV-001", "CSV-002", "CSV-003"]
