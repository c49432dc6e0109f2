"""Every reason the server can end a match with reads as words on every table, in both languages.

Besides each game's own endings (its engine's, in its vocabulary), the match
service ends matches the same way in every game: a player resigned, another
claimed the win over one who went away, a tournament's player did not come
("absent"), a match waiting for players was called off ("inactive"). The table
used to show such a code as it came ("Reason: absent.").

The reasons are read from the server's source, so a new one without words
fails here rather than on a player's table.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from play import selectors
from tests.play import test_arcane_guardian_table_js as arcane
from tests.play import test_oniroo_table_js as oniroo
from tests.play import test_table_js as alomfogo
from tests.play.page_scripts import needs_node
from tests.play.table_js import BAD_TEXT, TablePage

ROOT = Path(__file__).resolve().parents[2]
# Where the server (not a game's engine) sets or tests a match result's reason.
SERVICE_SOURCES = [*(ROOT / "play").glob("*.py"), *(ROOT / "tournaments").glob("*.py")]
REASON_IN_SOURCE = (
    re.compile(r'"reason":\s*"([a-z_]+)"'),  # a result written as a dict
    re.compile(r'\breason:\s*str\s*=\s*"([a-z_]+)"'),  # a service's default reason
    re.compile(r'\.get\("reason"\)\s*==\s*"([a-z_]+)"'),  # a result read back
)

# game -> (its model's class in its script, a first state message, extra constructor args)
TABLES = {
    "alomfogo": ("Table", alomfogo.first_message, "[]"),
    "oniroo": ("Oniroo", oniroo.first_message, "[new Map()]"),
    "arcane-guardian": ("ArcaneTable", arcane.first_message, "[{}]"),
}

DRIVER = r"""
const t = Live.makeT(input.strings);
const out = {};
for (const reason of input.reasons) {
  out[reason] = input.messages.map((msg) => {
    const ended = Object.assign({}, msg, {
      status: "abandoned",
      legal: [],
      result: { winners: [0], reason },
    });
    const model = new lib[input.model](ended, t, input.lang, ...%s);
    return model.resultInfo().reason;
  });
}
process.stdout.write(JSON.stringify(out));
"""


def server_reasons() -> set[str]:
    found = {selectors.CALLED_OFF_INACTIVE}
    for path in SERVICE_SOURCES:
        text = path.read_text(encoding="utf-8")
        for pattern in REASON_IN_SOURCE:
            found |= set(pattern.findall(text))
    return found


def test_the_source_scan_finds_the_reasons_the_services_set():
    assert {"resigned", "abandoned", "absent", "inactive"} <= server_reasons()


@needs_node
@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("game", sorted(TABLES))
def test_every_reason_the_server_sends_has_words_on_the_table(game, language):
    model, first_message, extra = TABLES[game]
    page = TablePage(game)
    initial = first_message()
    # a dealt match, and a tournament's pairing nobody came to: nothing was dealt, no view
    messages = [initial, {**initial, "view": None}]
    reasons = sorted(server_reasons())
    said = page.run_node(
        DRIVER % extra,
        {
            "strings": page.strings(initial, language),
            "lang": language,
            "model": model,
            "messages": messages,
            "reasons": reasons,
        },
    )
    for reason in reasons:
        for words in said[reason]:
            assert words and words != reason, f"{game} ({language}) has no words for {reason!r}"
            assert not words.startswith("why_") and not BAD_TEXT.search(words), words


@needs_node
def test_a_tournament_player_who_did_not_come_is_named_as_the_reason():
    page = TablePage("alomfogo")
    initial = alomfogo.first_message()
    said = page.run_node(
        DRIVER % "[]",
        {
            "strings": page.strings(initial, "en"),
            "lang": "en",
            "model": "Table",
            "messages": [initial],
            "reasons": ["absent", "inactive"],
        },
    )
    assert said == {
        "absent": ["not every player came to the match in time"],
        "inactive": ["the match waited too long for its players"],
    }
