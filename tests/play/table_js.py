"""What the three table-script test modules share: a game's table page, its words, and Node.

`TablePage(game)` renders the game's table template as the match view does,
reads the words the page gives its scripts (#live-strings and #table-strings),
lists the t("...") keys live.js and the game's script ask for, and runs a
driver over the script's pure half in Node. `TablePageTests` are the tests
every table's page must pass; a game's test module runs them by subclassing.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import uuid
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

from core.games import get_game
from tests.play.page_scripts import NODE, codes_in, needs_node, scripts

ROOT = Path(__file__).resolve().parents[2]
LIVE_JS = ROOT / "static" / "js" / "live.js"
MATCH_ID = uuid.UUID("00000000-0000-4000-8000-000000000008")
# what no text on a table may read like: a missing value or a placeholder left unfilled
BAD_TEXT = re.compile(r"undefined|NaN|\[object|\bnull\b|\{[a-z_]+\}")

# Every driver starts with the shared module, the game's script and its input (stdin, JSON).
NODE_PRELUDE = r"""
const Live = require(process.env.LIVE_JS);
const lib = require(process.env.TABLE_JS);
const input = JSON.parse(require("fs").readFileSync(0, "utf8"));
"""


def keys_used(*paths: Path) -> set[str]:
    found = set()
    for path in paths:
        found |= set(re.findall(r'\bt\(\s*"([a-z0-9_]+)"', path.read_text(encoding="utf-8")))
    return found


def seat_message(
    state, seat: int | None, players: list[str], catalog: dict, fields: tuple, legal=None
) -> dict:
    """A "state" message as the match service sends it to `seat` (None: a spectator): the
    seat's view and legal actions (`legal`, else all the state offers the seat), the players'
    names by seat, and the facts (`fields` of `catalog`) of every card code the view names."""
    view = state.view(seat)
    if legal is None:
        legal = state.legal_actions(seat) if seat is not None else []
    return {
        "type": "state",
        "version": state.version,
        "seat": seat,
        "status": "finished" if state.is_over else "running",
        "view": view,
        "legal": legal,
        "result": state.result,
        "players": [{"seat": p, "name": name} for p, name in enumerate(players)],
        "cards": {
            code: {k: catalog[code].get(k) for k in fields} for code in sorted(codes_in(view))
        },
    }


class TablePage:
    """One game's live table: its template and its script."""

    def __init__(self, game: str) -> None:
        self.spec = get_game(game)
        rooms = self.spec.rooms
        self.game = game
        self.template = rooms.table_template
        self.script = ROOT / "static" / rooms.table_script

    def render(self, initial: dict, language: str = "hu", seat: int | None = 0, **extra) -> str:
        """The page for `seat` (None: a spectator) with `initial` as its first state message."""
        request = RequestFactory().get(f"/play/{MATCH_ID}/")
        request.user = AnonymousUser()
        match = SimpleNamespace(pk=MATCH_ID, game=SimpleNamespace(slug=self.game), status="running")
        context = {
            "match": match,
            "seat": seat,
            "initial": initial,
            "ws_path": f"/ws/matches/{MATCH_ID}/",
            "api_url": f"/api/matches/{MATCH_ID}/actions/",
            "language": language,
            "game_spec": self.spec,  # as play.views gives every table page
            **extra,
        }
        with translation.override(language):
            return render_to_string(self.template, context, request=request)

    def blocks(self, initial: dict, language: str) -> tuple[dict, dict]:
        """The page's two word blocks: live.js's and the game's."""
        found = scripts(self.render(initial, language))
        return json.loads(found["live-strings"]), json.loads(found["table-strings"])

    def strings(self, initial: dict, language: str) -> dict[str, str]:
        """The words the scripts get: the game's block over live.js's."""
        live, table = self.blocks(initial, language)
        return {**live, **table}

    def keys_used(self) -> set[str]:
        return keys_used(LIVE_JS, self.script)

    def run_node(self, driver: str, payload, timeout: int = 300):
        """Run `driver` (after NODE_PRELUDE) on `payload`; what it writes to stdout, parsed."""
        done = subprocess.run(
            [NODE, "-e", NODE_PRELUDE + driver],
            input=json.dumps(payload),
            env={**os.environ, "LIVE_JS": str(LIVE_JS), "TABLE_JS": str(self.script)},
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    # --- what every table page must pass ---------------------------------------------
    def assert_scripts_parse(self) -> None:
        for script in (LIVE_JS, self.script):
            done = subprocess.run(
                [NODE, "--check", str(script)], capture_output=True, text=True, timeout=60
            )
            assert done.returncode == 0, done.stderr

    def assert_page_carries(
        self, initial: dict, language: str, styles: tuple = (), regions: tuple = ()
    ) -> str:
        """The page holds the first state as JSON, the live wiring, its scripts and `styles`,
        and an element for each id of `regions`; returns it."""
        html = self.render(initial, language)
        for style in styles:
            assert style in html
        for region in regions:
            assert f'id="{region}"' in html
        assert json.loads(scripts(html)["match-initial"]) == initial
        assert f'data-match="{MATCH_ID}"' in html and f'data-game="{self.game}"' in html
        assert f'data-ws-path="/ws/matches/{MATCH_ID}/"' in html
        assert f'data-api-url="/api/matches/{MATCH_ID}/actions/"' in html
        assert f'data-language="{language}"' in html
        script = self.script.relative_to(ROOT / "static").as_posix()
        assert "js/live.js" in html and script in html and "defer" in html
        assert "css/table.css" in html
        assert "<noscript>" in html
        assert 'role="log"' in html and 'aria-live="polite"' in html
        assert re.search(r'id="table-prompt"[^>]*aria-live="polite"', html)
        assert 'id="table-actions"' in html and 'id="table-log"' in html
        return html

    def assert_spectator_page(self, initial: dict) -> str:
        """A spectator's page: no seat in its first state nor on the table; returns it."""
        html = self.render(initial, "en", seat=None)
        assert json.loads(scripts(html)["match-initial"])["seat"] is None
        assert "data-seat=" not in html
        return html

    def assert_hostile_card_text_stays_in_its_block(self, initial: dict) -> None:
        code = next(iter(initial["cards"]))
        initial["cards"][code]["text"] = "</script><script>alert(1)</script>"
        html = self.render(initial, "en")
        assert "<script>alert(1)" not in html
        shown = json.loads(scripts(html)["match-initial"])["cards"][code]["text"]
        assert shown.startswith("</script>")

    def assert_words_fit(self, initial: dict, language: str) -> None:
        """The word blocks hold exactly the words the scripts ask for, each a non-empty string
        whose {placeholders} are well formed."""
        live, table = self.blocks(initial, language)
        assert table.pop("_language") == language
        words = {**live, **table}
        assert all(isinstance(v, str) and v for v in words.values())
        used = self.keys_used()
        assert set(table) <= used, f"unused words: {sorted(set(table) - used)}"
        missing = used - set(table) - set(live)
        assert not missing, f"missing words: {sorted(missing)}"
        assert set(live) <= used, f"unused live.js words: {sorted(set(live) - used)}"
        for key, text in words.items():
            for name in re.findall(r"\{(\w+)\}", text):
                assert re.fullmatch(r"[a-z_]+", name), f"{key}: odd placeholder {name!r}"


class TablePageTests:
    """The tests every table page passes. A game's test module subclasses this as
    `TestTablePage`, giving its `page`, its `first_message(seat)` (a first state
    message for `seat`, as a staticmethod), its stylesheets and its regions' ids."""

    page: TablePage
    first_message: Callable[..., dict]
    styles: tuple[str, ...] = ()
    regions: tuple[str, ...] = ()

    @needs_node
    def test_the_scripts_parse(self):
        self.page.assert_scripts_parse()

    @pytest.mark.parametrize("language", ["hu", "en"])
    def test_the_page_carries_the_first_state_and_its_regions(self, language):
        self.page.assert_page_carries(self.first_message(), language, self.styles, self.regions)

    def test_hostile_card_text_cannot_close_the_script_block(self):
        self.page.assert_hostile_card_text_stays_in_its_block(self.first_message())

    @pytest.mark.parametrize("language", ["hu", "en"])
    def test_the_strings_blocks_hold_exactly_the_words_the_scripts_ask_for(self, language):
        self.page.assert_words_fit(self.first_message(), language)
