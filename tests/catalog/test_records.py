"""One card shape: a card read from the shipped files is the record its database row becomes."""

import pytest

from catalog import vocab
from catalog.cardfile import read_card_file
from catalog.records import row_record, shipped_cards, shipped_paths, shipped_records


@pytest.mark.parametrize("game", vocab.GAME_IDS)
def test_a_loaded_card_is_the_record_the_shipped_file_gives(cards, game):
    shipped = shipped_records(game)
    assert shipped
    rows = cards.filter(game__slug=game).select_related("game", "card_set")
    assert {c.code: row_record(c) for c in rows} == {r["code"]: r for r in shipped}


@pytest.mark.parametrize("game", vocab.GAME_IDS)
def test_shipped_cards_are_the_files_entries_in_order(game):
    entries = [
        card for path in shipped_paths(game) for card in read_card_file(path)[0].cards
    ]  # the loader's own reader
    assert shipped_cards(game) == entries
    assert [
        {k: v for k, v in r.items() if k not in ("game", "set")} for r in shipped_records(game)
    ] == entries
    assert all(r["game"] == game for r in shipped_records(game))
