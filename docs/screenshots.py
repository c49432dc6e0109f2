"""The screenshots in docs/img/: the builder, a live table and a result panel, 390 and 1280 px.

    .venv/bin/python docs/screenshots.py

Starts the site as `make run` does (tests/make_run_site.py) in a scratch
folder, signs a player in (English interface off: the pages speak Hungarian,
as they do by default), and drives Debian's Chromium: the builder of the
demo attacking deck, a match against the greedy bot while it runs, and the
same table once the match is over. Writes docs/img/<page>-<width>.png.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.make_run_site import MakeRunSite  # noqa: E402

OUT = ROOT / "docs" / "img"
WIDTHS = (390, 1280)
MOVES_CAP = 600
# Plays cards and attacks whenever it may, so the table fills up.
EAGER = ["play_instant", "use_helper", "assign_helper", "declare_defender", "declare_attack"]


def shoot(page, name: str) -> None:
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(300)  # let the layout settle at the new width
        path = OUT / f"{name}-{width}.png"
        page.screenshot(path=str(path), full_page=width == 390)
        print(f"wrote {path.relative_to(ROOT)}")


def choose(legal: list[dict]) -> dict:
    def rank(action: dict) -> int:
        kind = action["type"]
        return EAGER.index(kind) if kind in EAGER else (5 if kind == "play_card" else 50)

    return min(legal, key=rank)


def action_key(action: dict) -> str:
    pairs = [[key, action[key]] for key in sorted(action)]
    return json.dumps(pairs, separators=(",", ":"), ensure_ascii=False)


def main() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch:
        site = MakeRunSite(Path(scratch) / "var")
        site.start()
        try:
            player = site.new_player("zsofi")
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path="/usr/bin/chromium", args=["--no-sandbox"]
                )
                context = browser.new_context(base_url=site.url, locale="hu-HU")
                context.add_cookies(
                    [{"name": "sessionid", "value": player["session"], "url": site.url}]
                )
                # The player's language is English in the test set-up; the
                # pictures show the site's default, Hungarian.
                site.python(
                    'from accounts.models import User; User.objects.filter(username="zsofi")'
                    '.update(language="hu")'
                )
                page = context.new_page()
                page.set_default_timeout(20_000)

                page.goto(f"/decks/{player['deck']}/edit/")
                shoot(page, "builder")

                page.goto("/play/")
                page.select_option("#m-deck", str(player["deck"]))
                page.select_option("#m-opp", "bot:greedy")
                page.locator("form:has(#m-deck) button[type=submit]").click()
                page.wait_for_selector("#match-table[data-version]", state="attached")
                match_id = page.url.rstrip("/").split("/")[-1]
                for move in range(MOVES_CAP):
                    state = page.request.get(f"/api/matches/{match_id}/").json()
                    if state["status"] != "running":
                        break
                    if move == 12:
                        shoot(page, "table")
                    if not state["legal"]:
                        page.wait_for_timeout(100)
                        continue
                    page.wait_for_selector(
                        f'#match-table[data-version="{state["version"]}"]', state="attached"
                    )
                    action = choose(state["legal"])
                    page.locator(
                        f"button[data-action={json.dumps(action_key(action))}]"
                    ).first.click()
                    page.wait_for_function(
                        "v => Number(document.getElementById('match-table').dataset.version) > v",
                        arg=state["version"],
                    )
                page.locator("#table-result h2").wait_for()
                page.locator("#table-result").scroll_into_view_if_needed()
                shoot(page, "result")
                browser.close()
        finally:
            site.stop()


if __name__ == "__main__":
    main()
