"""A count of one reads as one on the tables: "1 card", "1 turn", never "1 cards".

The ONIROO log said "Dream 2 (1 cards) goes to the discard pile"; the same
single-form strings counted a dungeon pile's cards and a waiting player's turns.
Each such text now comes in Django's two plural forms and live.js `counted`
picks by the page language's rule (Hungarian says "1 lap" and "2 lap" alike).
"""

from __future__ import annotations

import pytest

from tests.play import test_arcane_guardian_table_js as arcane
from tests.play import test_oniroo_table_js as oniroo
from tests.play.page_scripts import needs_node

ONIROO_DRIVER = r"""
const t = Live.makeT(input.strings);
const m = new lib.Oniroo(input.msg, t, input.lang, new Map());
const out = [];
for (const n of [1, 2]) {
  const cards = Array.from({ length: n }, (_, i) => "c" + i);
  out.push(m.formatEvent({ type: "dream_lost", player: 0, dream: "d1", cards }));
  out.push(m.formatEvent({ type: "wait", player: 0, turns: n }));
}
process.stdout.write(JSON.stringify(out));
"""

ARCANE_DRIVER = r"""
const t = Live.makeT(input.strings);
const out = [];
for (const n of [1, 2]) {
  const msg = JSON.parse(JSON.stringify(input.msg));
  msg.view.piles[0].count = n;
  const m = new lib.ArcaneTable(msg, t, input.lang, {});
  out.push(m.pileInfo(0).countText);
}
process.stdout.write(JSON.stringify(out));
"""


@needs_node
@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", ["(1 card) goes", "1 turn without", "(2 cards) goes", "2 turns without"]),
        ("hu", ["(1 lap)", "1 kör", "(2 lap)", "2 kör"]),
    ],
)
def test_oniroo_counts_a_lost_dreams_cards_and_a_players_waiting_turns(language, expected):
    msg = oniroo.first_message()
    strings = oniroo.PAGE.strings(msg, language)
    lines = oniroo.PAGE.run_node(ONIROO_DRIVER, {"msg": msg, "strings": strings, "lang": language})
    assert len(lines) == len(expected)
    for line, words in zip(lines, expected, strict=True):
        assert words in line, (line, words)


@needs_node
@pytest.mark.parametrize(
    ("language", "expected"), [("en", ["1 card", "2 cards"]), ("hu", ["1 lap", "2 lap"])]
)
def test_a_dungeon_pile_of_one_card_says_one_card(language, expected):
    msg = arcane.first_message()
    strings = arcane.PAGE.strings(msg, language)
    said = arcane.PAGE.run_node(ARCANE_DRIVER, {"msg": msg, "strings": strings, "lang": language})
    assert said == expected
