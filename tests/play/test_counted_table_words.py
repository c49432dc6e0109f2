"""The ONIROO and Arcane Guardian tables count in words: "1 more card", "3 more cards".

English table texts said "Missing: 3 more card(s)". Each text with a count now comes in
Django's two plural forms ("<key>_one", "<key>_other") and the game's script picks one by
the count in the page's language. Pure tests: the page's word blocks, and the scripts in Node.
"""

from __future__ import annotations

import pytest

from tests.play.page_scripts import needs_node
from tests.play.table_js import TablePage

ONIROO, ARCANE = TablePage("oniroo"), TablePage("arcane-guardian")


@pytest.mark.parametrize("page", [ONIROO, ARCANE], ids=["oniroo", "arcane-guardian"])
@pytest.mark.parametrize("language", ["hu", "en"])
def test_no_table_word_hedges_its_plural(page, language):
    _, words = page.blocks({}, language)  # the game's own words (live.js's are not its script's)
    hedged = {key: text for key, text in words.items() if "(s)" in text}
    assert not hedged
    counted = {key[: -len("_one")] for key in words if key.endswith("_one")}
    for key in counted - {"dream_count", "act_cast"}:  # older pairs, not plural forms
        assert f"{key}_other" in words, key
        if language == "en":
            assert words[f"{key}_one"] != words[f"{key}_other"], key


EXPLAIN = r"""
const t = Live.makeT(input.strings);
const model = new lib.Oniroo({}, t, input.lang, new Map());
const x = { codes: true, complete: false, length: 2, min_length: 4 };
Object.assign(x, { code_sets: [], group_links: [] });
const lines = input.counts.map(
  (count) => model.explainWords({ ...x, missing: [{ what: "cards", count }] }).lines
);
const waits = input.counts.map((n) => {
  const m = new lib.Oniroo({ view: { this_turn: { held_back: n } } }, t, input.lang, new Map());
  return m.tablePrompt();
});
process.stdout.write(JSON.stringify({ lines, waits }));
"""


@needs_node
def test_oniroo_counts_the_missing_cards_and_the_waiting_turns():
    got = ONIROO.run_node(
        EXPLAIN, {"strings": ONIROO.strings({}, "en"), "lang": "en", "counts": [1, 3]}
    )
    assert got["lines"] == [
        ["Missing: 1 more card (at least 4 in all)"],
        ["Missing: 3 more cards (at least 4 in all)"],
    ]
    one, three = got["waits"]
    assert "(1 waiting turn left: this one)" in one
    assert "(3 waiting turns left, this one included)" in three


PENDING = r"""
const t = Live.makeT(input.strings);
const out = [];
for (const kind of ["lose_mana", "gain_mana", "discard"]) {
  for (const count of [1, 2]) {
    const msg = { view: { pending: { kind, count, of: "item" } } };
    out.push(new lib.ArcaneTable(msg, t, "en").pendingLine());
  }
}
process.stdout.write(JSON.stringify(out));
"""


@needs_node
def test_arcane_guardian_counts_the_spells_and_cards_to_choose():
    got = ARCANE.run_node(PENDING, {"strings": ARCANE.strings({}, "en")})
    assert got[0] == "Choose 1 spell to turn sideways."
    assert got[1] == "Choose 2 spells to turn sideways."
    # turning a spell upright is mana won: the words say so
    assert got[2] == "+1 mana: choose 1 spell to turn upright."
    assert got[3] == "+2 mana: choose 2 spells to turn upright."
    assert got[4].startswith("Choose 1 card to discard (")
    assert got[5].startswith("Choose 2 cards to discard (")
