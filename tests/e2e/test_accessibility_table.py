"""A keyboard and screen-reader player at the live table (Chromium), as the accessibility audit
walked it:

- on a phone (390 px) every control Tab reaches is shown whole: never under the prompt's bar
  pinned to the window's bottom, never half out of its sideways row of cards, never under a
  card's close-up (which the keyboard opens only where it leaves the card free); at 1280 px
  too;
- the prompt, where the focus goes back after a move, is no live region: a hidden status
  region beside it says each new prompt, so a reader does not hear it twice;
- links at the table's start skip the play area, whose every card is a tab stop, to the
  decision and to your hand.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tests.e2e.test_table_layout_narrow import start_table
from tests.factories import make_user

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SIZES = {390: {"width": 390, "height": 844}, 1280: {"width": 1280, "height": 900}}
# Three frames: the scrolling and the close-up that follow the focus are done by then.
FRAMES = """() => new Promise((done) =>
  requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done))))"""
LIVE = '[aria-live]:not([aria-live="off"]), [role=status], [role=alert], [role=log]'


# Runs in the page: what keeps the focused element (inside the table) from being seen whole,
# in words; null when nothing does. Points a fifth of the way in from its edges are tested,
# clear of rounded corners.
HIDDEN = """() => {
  const node = document.activeElement;
  const table = document.getElementById("match-table");
  if (!node || !table.contains(node)) return null;
  const r = node.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return null;
  const words = (node.textContent || "").trim().slice(0, 30);
  const name = `${node.tagName.toLowerCase()}.${node.className} "${words}"`;
  if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) {
    const box = [r.left, r.top, r.right, r.bottom].map(Math.round);
    return `${name} is not wholly in the window: ${box}`;
  }
  const zoom = document.querySelector(".card-zoom");
  if (zoom && !zoom.hidden) {
    const z = zoom.getBoundingClientRect();
    if (z.left < r.right && z.right > r.left && z.top < r.bottom && z.bottom > r.top) {
      return `${name} is under the card's close-up`;
    }
  }
  for (const fx of [0.2, 0.5, 0.8]) {
    for (const fy of [0.2, 0.5, 0.8]) {
      const top = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      if (top && !node.contains(top) && !top.contains(node)) {
        const over = top.closest("[id]");
        return `${name} is under ${over ? "#" + over.id : top.className}`;
      }
    }
  }
  return null;
}"""


@pytest.mark.parametrize(
    "game_slug, width", [("arcane-guardian", 390), ("oniroo", 390), ("oniroo", 1280)]
)
def test_every_control_tab_reaches_is_seen_whole(game_slug, width, signed_in):
    call_command("load_cards", verbosity=0)
    page = signed_in(make_user("zsofi", language="en"))
    page.set_viewport_size(SIZES[width])
    start_table(page, game_slug)
    page.wait_for_load_state("networkidle")
    hidden, reached = [], 0
    for _ in range(90):
        page.keyboard.press("Tab")
        page.evaluate(FRAMES)  # the scrolling and the close-up that follow the focus
        problem = page.evaluate(HIDDEN)
        reached += page.evaluate(
            "document.getElementById('match-table').contains(document.activeElement)"
        )
        if problem and problem not in hidden:
            hidden.append(problem)
    assert reached > 10  # the walk went through the table
    assert not hidden, hidden


def test_the_prompt_is_said_once_and_skip_links_reach_the_hand(signed_in):
    call_command("load_cards", verbosity=0)
    page = signed_in(make_user("zsofi", language="en"))
    page.set_viewport_size(SIZES[1280])
    start_table(page, "oniroo")
    page.wait_for_selector("#table-hand-cards button[data-action]")

    # the prompt is not a live region; a lasting status region beside it said it
    prompt = page.locator("#table-prompt")
    assert prompt.evaluate("(p, live) => p.closest(live)", LIVE) is None
    voice = page.locator("#table-prompt-said")
    assert voice.get_attribute("role") == "status"
    assert voice.text_content() == prompt.text_content()

    # from the page's top a few Tabs reach the link to the hand, which lands in it
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(20):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('a.table-skip[href=\"#table-hand\"]')"):
            break
    else:
        raise AssertionError("no link to the hand in the first 20 tab stops")
    page.keyboard.press("Enter")
    assert page.evaluate("!!document.activeElement.closest('#table-hand')")

    # a move whose button leaves with its card: the focus goes to the prompt, which says the
    # new words as it gets the focus, so the status region stays quiet
    page.evaluate(
        """() => { window.__voice = []; const v = document.getElementById("table-prompt-said");
        new MutationObserver(() => window.__voice.push(v.textContent))
          .observe(v, { childList: true, characterData: true, subtree: true }); }"""
    )
    version = int(page.locator("#match-table").get_attribute("data-version"))
    button = page.locator("#table-hand-cards button.act-play").first
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "v => Number(document.getElementById('match-table').dataset.version) > v", arg=version
    )
    page.evaluate(FRAMES)
    assert page.evaluate("document.activeElement.id") == "table-prompt"
    assert page.evaluate("window.__voice") == []
