"""A Hungarian sentence filled in later says "az 1. helyre", "a 2. helyre", not "a(z)".

The translations write "a(z)" right before a field they cannot know; whatever fills the
sentence settles it from the value: core.hungarian.settle_articles on the server (the
no-JavaScript result, the terminal games), live.js's `fill` on the live table. Both must
read every value alike, so the same sentence never says two things.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from django.utils import translation

from core.hungarian import article, settle_articles
from play import cli_arcane_guardian, cli_oniroo
from play.outcomes import _fill
from tests.play.page_scripts import NODE, needs_node

LIVE_JS = Path(__file__).resolve().parents[2] / "static" / "js" / "live.js"

VALUES = [
    *range(0, 25),
    *(50, 55, 99, 100, 101, 150, 500, 501, 999, 1000, 1001, 1999, 2000, 5000, 10_000),
    *(100_000, 1_000_000, 2_000_000, -1, -5),
    "Alap",
    "Verseny",
    "r:",
    "t:",
    "Álomfogó",
    "ONIROO",
    "F",
    "B",
    "F3",
    "L-alakú",
    "„Éjpakli”",
    "Europe/Budapest",
    "<bdi>Anna</bdi>",
    "<bdi>Zsófi</bdi>",
    "007",
    "",
    "-",
]
SENTENCES = [
    "{card} lerakása a(z) {n}. helyre",
    "A(z) {n}. helyre került: {card}",
    "Véget ért a(z) {n}. játszma: {card} nyert",
    "Érvénytelen időpont a(z) „{n}” időzónában.",
    "képpel lefelé: a(z) {n} ismétlése, a(z) {missing} helyett",
    "Ha(z) {n} nem egy szó eleje: marad",
]


def test_a_number_filled_in_takes_the_article_it_is_read_with():
    assert settle_articles("{card} lerakása a(z) {n}. helyre", {"n": 1}) == (
        "{card} lerakása az {n}. helyre"
    )
    assert settle_articles("A(z) {n}. helyre került", {"n": 2}) == "A {n}. helyre került"
    assert settle_articles("A(z) {n}. helyre került", {"n": 5}) == "Az {n}. helyre került"
    assert settle_articles("a(z) „{zone}” időzónában", {"zone": "Europe"}) == (
        "az „{zone}” időzónában"
    )
    # a name set apart in markup goes by its text; a field with no value keeps its "a(z)"
    assert settle_articles("a(z) {who}", {"who": "<bdi>Anna</bdi>"}) == "az {who}"
    assert settle_articles("a(z) {who} és a(z) {n}", {"n": 3}) == "a(z) {who} és a {n}"


def test_the_server_drawn_result_says_the_article_not_a_z():
    with translation.override("hu"):
        assert str(_fill("Véget ért a(z) {game}. játszma: {who}", game=1, who="Bot 2")) == (
            "Véget ért az 1. játszma: Bot 2"
        )
        assert str(_fill("Kezdődik a(z) {game}. játszma", game=2)) == "Kezdődik a 2. játszma"


@pytest.mark.parametrize(("position", "expected"), [(0, "az 1. lapot"), (1, "a 2. lapot")])
def test_the_oniroo_terminal_game_names_the_blind_card_with_its_article(position, expected):
    view = {"mode": "table", "players": [], "discard": []}
    words = cli_oniroo.format_action({"type": "play_blind", "position": position}, view, "hu")
    assert words == f"Vakon kijátszod {expected}"


@pytest.mark.parametrize(("pile", "expected"), [(0, "Lépés az 1. paklira"), (1, "Lépés a 2.")])
def test_the_arcane_terminal_game_names_the_pile_with_its_article(pile, expected):
    view = {
        "facing": None,
        "piles": [{"top": None, "face_up": False}, {"top": None, "face_up": False}],
    }
    words = cli_arcane_guardian.format_action({"type": "choose_pile", "pile": pile}, view, "hu")
    assert words.startswith(expected)


@needs_node
def test_the_table_script_settles_every_article_as_the_server_does():
    driver = """
const L = require(process.argv[1]);
const {values, sentences} = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = {
  articles: values.map((v) => L.hungarianArticle(String(v))),
  filled: [],
};
for (const s of sentences) for (const v of values) out.filled.push(L.fill(s, {n: v, card: "K"}));
process.stdout.write(JSON.stringify(out));
"""
    done = subprocess.run(
        [NODE, "-e", driver, str(LIVE_JS)],
        input=json.dumps({"values": VALUES, "sentences": SENTENCES}),
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    drawn = json.loads(done.stdout)
    assert drawn["articles"] == [article(str(v)) for v in VALUES]
    expected = [
        settle_articles(s, {"n": v, "card": "K"}).replace("{n}", str(v)).replace("{card}", "K")
        for s in SENTENCES
        for v in VALUES
    ]
    assert drawn["filled"] == expected
    # the check can fail: the script does change the sentences
    assert "Véget ért az 1. játszma: K nyert" in drawn["filled"]
    assert "Véget ért a 2. játszma: K nyert" in drawn["filled"]


def test_a_percent_field_is_settled_too():
    assert settle_articles("Visszaállítva a(z) %(n)s. változat", {"n": 1}) == (
        "Visszaállítva az %(n)s. változat"
    )
    assert settle_articles("A(z) %(n)s. változatot visszaállítottuk.", {"n": 3}) == (
        "A %(n)s. változatot visszaállítottuk."
    )
