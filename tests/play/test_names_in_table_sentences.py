"""A right-to-left player name inside a table's Hungarian sentence is set apart from it.

A username may be written in Hebrew or Arabic letters (accounts/names.py refuses
only mixed scripts and letters that draw nothing). Dropped bare into "X lép."
("X to move.") it pulls the sentence's words and punctuation into its own
direction; static/js/live.js `isolate` wraps it in FIRST STRONG ISOLATE … POP
DIRECTIONAL ISOLATE wherever a table names a seat (`playerName`, which every
game's script asks). The server's pages set names apart with <bdi>.
"""

from __future__ import annotations

import pytest

from tests.play import test_arcane_guardian_table_js as arcane
from tests.play import test_oniroo_table_js as oniroo
from tests.play import test_table_js as alomfogo
from tests.play.page_scripts import needs_node
from tests.play.table_js import TablePage

FSI, PDI = "\u2068", "\u2069"
RTL_NAMES = ["אבי", "سارا", "דנה"]

# The spectator's prompt names the seat to move; the verdict names a winner.
NODE_DRIVER = r"""
const t = Live.makeT(input.strings);
const Model = lib.Table || lib.Oniroo || lib.ArcaneTable;
const m = new Model(input.msg, t, "hu", new Map());
const who = m.deciding();
process.stdout.write(JSON.stringify({
  who,
  prompt: m.prompt(),
  verdict: m.verdict([who]).headline,
  plain: Live.playerName({ seat: 0, name: "zsofi" }, t),
}));
"""


@needs_node
@pytest.mark.parametrize(
    ("page", "first_message"),
    [
        (alomfogo.PAGE, alomfogo.first_message),
        (oniroo.PAGE, oniroo.first_message),
        (arcane.PAGE, arcane.first_message),
    ],
    ids=["alomfogo", "oniroo", "arcane-guardian"],
)
def test_a_right_to_left_name_is_isolated_in_the_tables_sentences(page: TablePage, first_message):
    msg = first_message(None)  # a spectator: "X lép."
    for player in msg["players"]:
        player["name"] = RTL_NAMES[player["seat"]]
    strings = page.strings(msg, "hu")

    out = page.run_node(NODE_DRIVER, {"msg": msg, "strings": strings})

    name = RTL_NAMES[out["who"]]
    for sentence in (out["prompt"], out["verdict"]):
        assert FSI + name + PDI in sentence
        assert sentence.count(name) == sentence.count(FSI + name + PDI)  # never bare
    # a name of left-to-right letters cannot move a Hungarian sentence: left as typed
    assert out["plain"] == "zsofi"
