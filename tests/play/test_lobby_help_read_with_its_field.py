"""Each game's lobby form reads its help lines with the control they are about
(aria-describedby): a screen reader heard them only by reading past the form."""

from __future__ import annotations

import re

import pytest

from tests.factories import make_user
from tests.play_rows import codes_deck

pytestmark = pytest.mark.django_db


def described(html: str, control_id: str) -> list[str]:
    """The words the control with `control_id` is described by."""
    tag = re.search(rf'<(?:select|button)[^>]*id="{control_id}"[^>]*>', html)
    assert tag, control_id
    ids = re.search(r'aria-describedby="([^"]*)"', tag.group(0))
    assert ids, f"{control_id} has no description"
    words = []
    for ref in ids.group(1).split():
        found = re.search(rf'<(\w+)[^>]*id="{ref}"[^>]*>(.*?)</\1>', html, re.S)
        assert found, f"{control_id} is described by #{ref}, which is not on the page"
        words.append(re.sub(r"<[^>]+>", "", found.group(2)).strip())
    return words


def test_every_help_line_of_the_lobby_belongs_to_its_control(client, cards):
    from play.bots.alomfogo_cards import DEMO_DECKS

    zsofi = make_user("zsofi", language="en")
    codes_deck(zsofi, "Támadó", DEMO_DECKS["tamado"])
    client.force_login(zsofi)
    html = client.get("/play/").content.decode()
    assert described(html, "m-deck") == [
        "The deck must be legal in its format; the table refuses any other."
    ]
    # every <small> help under a choice is some control's description
    helps = re.findall(r'<small id="([mo]-[\w-]+-help)"', html)
    assert helps
    for help_id in helps:
        control = help_id.removesuffix("-help")
        assert described(html, control), control
    assert re.search(r'<small class="muted">', html) is None
    button = re.search(r'<button[^>]*aria-describedby="new-arcane-guardian-help"', html)
    assert button and 'id="new-arcane-guardian-help"' in html
