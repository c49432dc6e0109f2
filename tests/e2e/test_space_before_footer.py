"""The page's last box keeps a space above the footer's line, on a phone and a wide screen.

The home page's sign-up box and a refused search's message once sat on the line: <main>'s
bottom padding was undone by its .wrap class's padding.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# How far the lowest box in <main> ends above the footer's top edge, in CSS pixels.
SPACE_ABOVE_FOOTER = """() => {
  const footer = document.querySelector("footer.site-footer").getBoundingClientRect();
  const boxes = [...document.querySelectorAll("#main > *")]
    .map((box) => box.getBoundingClientRect())
    .filter((box) => box.height > 0);
  return footer.top - Math.max(...boxes.map((box) => box.bottom));
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_the_last_box_of_a_page_keeps_away_from_the_footer(browser, live_server, width):
    call_command("load_cards", verbosity=0)
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": 800}
    )
    try:
        page = context.new_page()
        for url in ("/", "/cards/?q=t:(", "/cards/?q=ejlepo", "/tournaments/", "/cards/syntax/"):
            page.goto(url)
            space = page.evaluate(SPACE_ABOVE_FOOTER)
            assert space >= 32, f"{url} at {width} px: {space} px above the footer"
        page.wait_for_load_state("networkidle")
    finally:
        context.close()
