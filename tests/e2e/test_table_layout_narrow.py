"""At 390 and 1280 px each card name stays on its card; ONIROO's marks never cover its face.

On a running table of each game the test lays out, with live.js's own card
(KartyavarLive.cardView) and the game's stylesheet, one card for every card name
of the game in the page's language (Hungarian and English): a name wraps inside
its card, so two neighbours' names never run together ("Tarsoly Trance-Will-o'-
the-Wisp"), and a word wider than the card ("Napfogyatkozás") breaks rather
than spills. ONIROO's cards carry the marks a dream gives them, with every group
link the page can say: none lies over the codes printed down the face's left
edge (catalog/faces/oniroo.py: 3.5-14.5 mm across, 4-43 mm down a 63 × 88 mm face)
nor anywhere over the picture, nor reaches past the face. No game's mark breaks a
word across two lines. ONIROO's cards are laid out at both sizes the table
uses: a seat's own, and the other players' smaller ones (.oni-others).

Set E2E_SCREENSHOTS to a folder to keep a screenshot of each probe
(layout-<game>-<language>-<width>.png).
"""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command

from catalog.models import Card
from play.bots.alomfogo_cards import DEMO_DECKS
from tests.factories import make_user
from tests.play_rows import codes_deck

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = {"390": {"width": 390, "height": 844}, "1280": {"width": 1280, "height": 900}}
SHOTS = os.environ.get("E2E_SCREENSHOTS")

# Where each game's table puts a row of cards: [the row's wrapper's class, the row's class],
# and the classes its cards have there.
ROWS = {
    "alomfogo": ([["seat-area", "board"]], ["zone-board"]),
    "oniroo": (
        [["oni-dream", "oni-row oni-dream-cards"], ["oni-others", "oni-row oni-dream-cards"]],
        ["oni-tcard", "zone-dream", "oni-symbol", "is-linked"],
    ),
    "arcane-guardian": ([["ag-mage-layout", "ag-card-row"]], ["ag-spell", "is-upright"]),
}

# Runs in the page: the probe rows at the end of the play area, a card in each for every
# name; ONIROO's cards take turns at the marks a dream gives (place, code, group link).
LAY_OUT = """([rows, classes, names, oniroo]) => {
  const root = document.getElementById("match-table");
  const words = JSON.parse(document.getElementById("table-strings").textContent);
  const links = Object.keys(words)
    .filter((key) => key.startsWith("group_") || key === "any_group")
    .map((key) => "⟵ " + words[key]);
  const roles = ["D", "★", "7", words.any_code || "?"];
  const markSets = (i) => {
    if (!oniroo) return [];
    const pos = { k: "pos", text: String((i % 12) + 1) };
    const up = { k: "up", text: links[i % links.length] };
    if (i % 3 === 1) return [pos, { k: "role", text: roles[i % roles.length] }, up];
    return [pos, up];
  };
  for (const [wrapClass, rowClass] of rows) {
    const wrap = document.createElement("div");
    wrap.className = wrapClass;
    wrap.dataset.probe = "";
    const row = document.createElement("ol");
    row.className = rowClass;
    names.forEach((name, i) => row.append(window.KartyavarLive.cardView({
      // face up, as a name under a card is set (bold); the back's picture: the face's size
      id: "probe-" + i, facts: { face: root.dataset.back }, name, alt: name,
      marks: markSets(i), classes: classes,
    })));
    wrap.append(row);
    root.querySelector(".table-play").append(wrap);
  }
}"""

# Runs in the page: what lies where it must not, in words (an empty list when all is right).
PROBLEMS = """() => {
  const problems = [];
  for (const card of document.querySelectorAll("[data-probe] .tcard")) {
    const box = card.getBoundingClientRect();
    const name = card.querySelector(".tcard-name");
    const text = document.createRange();
    text.selectNodeContents(name);
    const r = text.getBoundingClientRect();
    if (r.left < box.left - 0.5 || r.right > box.right + 0.5) {
      problems.push(`name "${name.textContent}" spans ${r.left.toFixed(1)}-${r.right.toFixed(1)}, `
        + `its card ${box.left.toFixed(1)}-${box.right.toFixed(1)}`);
    }
    const face = card.querySelector(".tcard-face").getBoundingClientRect();
    const codesRight = face.left + face.width * 14.5 / 63;
    const codesTop = face.top + face.height * 4 / 88;
    const codesBottom = face.top + face.height * 43 / 88;
    const picture = card.querySelector("img.tcard-img").getBoundingClientRect();
    for (const mark of card.querySelectorAll(".tcard-mark")) {
      const m = mark.getBoundingClientRect();
      if (m.left < codesRight && m.bottom > codesTop && m.top < codesBottom) {
        problems.push(`mark "${mark.textContent}" over the codes of "${name.textContent}"`);
      }
      if (m.left < face.left - 0.5 || m.right > face.right + 0.5) {
        problems.push(`mark "${mark.textContent}" past the face of "${name.textContent}"`);
      }
      // ONIROO's marks lie under the picture (every part of its face prints something)
      const overPicture = m.bottom > picture.top + 0.5 && m.top < picture.bottom - 0.5;
      if (card.classList.contains("oni-tcard") && overPicture) {
        problems.push(`mark "${mark.textContent}" over the picture of "${name.textContent}"`);
      }
      // a mark wraps between its words only: each word on one line
      const node = mark.firstChild;
      for (const word of (node && node.data ? node.data : "").matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) problems.push(`mark "${mark.textContent}" breaks "${word[0]}"`);
      }
    }
  }
  return problems;
}"""


def start_table(page, game_slug: str, deck=None) -> None:
    """Start a match of the game from the lobby, as a player does: against the greedy bot, or
    alone in the solo dungeon; the page is at its table."""
    page.goto("/play/")
    if game_slug == "alomfogo":
        page.select_option("#m-deck", str(deck.pk))
        page.select_option("#m-opp", "bot:greedy")
        page.locator("form:has(#m-deck) button[type=submit]").click()
    elif game_slug == "oniroo":
        page.select_option("#o-opp", "bot:greedy")
        page.locator("form.oniroo-new button[type=submit]").click()
    else:
        page.locator("form.arcane-new button[type=submit]").click()
    page.wait_for_selector("#match-table[data-version]", state="attached")


def card_names(game_slug: str, language: str) -> list[str]:
    """Every card name of the game as a table in `language` shows it."""
    rows = Card.objects.filter(game__slug=game_slug).values_list("name", "name_en")
    return sorted({(en or hu) if language == "en" else hu for hu, en in rows})


@pytest.mark.parametrize("game_slug", list(ROWS))
def test_names_stay_on_their_cards_and_marks_off_the_codes(game_slug, signed_in):
    call_command("load_cards", verbosity=0)
    rows, classes = ROWS[game_slug]
    problems = {}
    for language in ("hu", "en"):
        user = make_user(f"zsofi_{language}", language=language)
        deck = codes_deck(user, "Támadó", DEMO_DECKS["tamado"]) if game_slug == "alomfogo" else None
        page = signed_in(user)
        start_table(page, game_slug, deck)
        names = card_names(game_slug, language)
        page.evaluate(LAY_OUT, [rows, classes, names, game_slug == "oniroo"])
        for width, size in SIZES.items():
            page.set_viewport_size(size)
            found = page.evaluate(PROBLEMS)
            if found:
                problems[f"{language} at {width} px"] = found
            if SHOTS:
                page.locator("[data-probe]").first.scroll_into_view_if_needed()
                path = os.path.join(SHOTS, f"layout-{game_slug}-{language}-{width}.png")
                page.screenshot(path=path)
    assert not problems, problems
