"""The screenshots in docs/img/: the builder, the three live tables and a result panel.

    .venv/bin/python docs/screenshots.py

Starts the site as `make run` does (tests/make_run_site.py) in a scratch
folder, signs a player in (English interface off: the pages speak Hungarian,
as they do by default), and drives Debian's Chromium: the builder of the
demo attacking deck; the three tables mid-game, each at 1280 × 900 and
390 × 844 — Álomfogó against the greedy bot during a duel, ONIROO at level 5
with four players (three greedy bots), Arcane Guardian a few steps into the
dungeon; and the Álomfogó table once the match is over. The seat's moves are
bench/tables.py's policies, clicked on the table's own buttons.

Writes docs/img/builder-<width>.png, docs/img/table-<game>-<width>.png
(game: alomfogo, oniroo, arcane-guardian) and docs/img/result-<width>.png.
At 1280 the window as the player sees it (the page's top; for ONIROO, whose
four seats are taller than a window, scrolled down to the player's own
dreams and hand), at 390 the whole page (a phone scrolls the table).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import tables  # noqa: E402 (the tables benchmark's site, browser and moves)

OUT = ROOT / "docs" / "img"
SIZES = ((1280, 900), (390, 844))
FRAME_WAIT_MS = 30_000
# The seat's move before which ONIROO and Arcane Guardian are shot: the table
# has filled up, and the game is usually far from over (a four-player game
# gives the seat about 15 moves). A game over sooner is played again.
ONIROO_CLICK = 8
ARCANE_CLICK = 8
TRIES = 4


def shoot(page, name: str, showing: str | None = None) -> None:
    """`name`-<width>.png at each size: still, no close-up open, every picture loaded; the
    window scrolled to the page's top, or down to the end of the element `showing` selects."""
    page.mouse.move(0, 0)  # no close-up over the table
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        if showing:
            page.locator(showing).evaluate("e => e.scrollIntoView({block: 'end'})")
        else:
            page.evaluate("() => window.scrollTo(0, 0)")
        page.wait_for_function("() => [...document.images].every((i) => i.complete)")
        page.wait_for_timeout(400)  # the new width's layout and the move's glide settle
        path = OUT / f"{name}-{width}.png"
        page.screenshot(path=str(path), full_page=width < 600)
        print(f"wrote {path.relative_to(ROOT)}")
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})


def play(page, player: dict, table, moment) -> dict:
    """Play the seat's moves until the match ends or `moment(state, clicks)`, called before
    each of them while the table waits on this seat and so stands still, says enough.
    The last state."""
    page.goto("/play/")
    table.start(page, player)
    page.wait_for_selector("#match-table[data-version]", state="attached")
    match_id = page.url.rstrip("/").split("/")[-1]
    state, _clicks = tables.seat_moves(page, match_id, table, moment)
    page.wait_for_selector(f'#match-table[data-version="{state["version"]}"]', state="attached")
    return state


def alomfogo_duel(page):
    """Shoots the first duel with a defender, and again the first one with a helper too."""
    best = {"shot": 0}

    def moment(state: dict, _clicks: int) -> bool:
        duel = state["view"].get("duel")
        if not duel or not duel.get("d"):
            return
        rank = 2 if any(duel.get("helpers") or []) else 1
        if rank > best["shot"]:
            shoot(page, "table-alomfogo")
            best["shot"] = rank
        return False  # on to the end: the result is shot too

    return moment


def shoot_at_click(page, player: dict, table, name: str, click: int, showing=None) -> None:
    """Shoots the table before the seat's `click`th move (in a new game if one ends sooner)."""

    def moment(_state: dict, clicks: int) -> bool:
        if clicks == click:
            shoot(page, name, showing)
        return clicks >= click

    for _try in range(TRIES):
        state = play(page, player, table, moment)
        if state["status"] == "running":  # stopped at the shot
            return
    raise SystemExit(f"{TRIES} games of {table.name} ended before move {click}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog=f"Writes the PNG files into {OUT.relative_to(ROOT)}/, replacing those there.",
    )
    parser.parse_args()
    tables.stop_on_sigterm()  # a stopped run stops the site it started, as Ctrl-C does

    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tables.site_with_player("zsofi") as (site, player), sync_playwright() as playwright:
        browser = tables.launch_chromium(playwright)
        try:
            context = browser.new_context(
                base_url=site.url,
                locale="hu-HU",
                viewport={"width": SIZES[0][0], "height": SIZES[0][1]},
            )
            context.add_cookies(
                [{"name": "sessionid", "value": player["session"], "url": site.url}]
            )
            page = context.new_page()
            page.set_default_timeout(FRAME_WAIT_MS)

            page.goto(f"/decks/{player['deck']}/edit/")
            shoot(page, "builder")

            play(page, player, tables.TABLES["alomfogo"], alomfogo_duel(page))
            page.locator("#table-result h2").wait_for()
            shoot(page, "result", showing="#table-result")

            # Four seats are taller than a window: it shows the player's own dreams and hand.
            oniroo = tables.TABLES["oniroo-4"]
            shoot_at_click(page, player, oniroo, "table-oniroo", ONIROO_CLICK, "#table-hand")
            arcane = tables.TABLES["arcane-guardian"]
            shoot_at_click(page, player, arcane, "table-arcane-guardian", ARCANE_CLICK)
        finally:  # also when stopped: Chromium removes its own temporary files
            browser.close()


if __name__ == "__main__":
    main()
