"""The event log keeps following its newest events through a change of the window's width.

An audit turned a phone on its side and back (1280 → 390 → 1280 px) at an Arcane Guardian
table: the log's distance from its end went 0 → 64 → 250 px over the next three moves, and
the newest events, the losing move's among them, stayed out of view. The log asked whether
its reader was at its end only when an event came, and the resize had moved it off the end
meanwhile. A reader who followed the log keeps following it through a resize; a reader who
scrolled up to read an older line stays there when the next events come. Every table draws
its log with live.js (`runTable`); the dungeon is the one of the three a person plays alone.
"""

from __future__ import annotations

import json
import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from catalog.models import Game
from play import selectors, services
from play.engines import get_engine
from play.models import Match
from tests.concurrency import aside
from tests.e2e.pages import action_key, api_state, showing
from tests.factories import make_user
from tests.table_policies import arcane_choice

pytestmark = pytest.mark.django_db(transaction=True)

WIDE = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
LEFT = 9  # moves left to the page: three after the first resize, the rest after the second
AT_END = 24  # px from the log's end that still counts as at its end (live.js `logAtEnd`)

# How far the log's view is from its end, in px.
FROM_END = "el => el.scrollHeight - el.scrollTop - el.clientHeight"
# Two frames: the resize's layout and whatever the page does about it have happened.
SETTLED = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def a_long_dungeon() -> tuple[int, int]:
    """A seed under which the tests' policy plays at least 30 moves, and their number."""
    engine = get_engine("arcane-guardian")
    pool = selectors.game_pool("arcane-guardian")
    for seed in random.Random(3).sample(range(10_000), 200):
        state = engine.new_game([pool], {}, seed)
        while not state.is_over and state.version < 300:
            state.apply(arcane_choice(state.legal_actions(0)))
        if state.version >= 30:
            return seed, state.version
    raise AssertionError("no seed gives a dungeon of 30 moves")


def play_until(match: Match, user, version: int) -> None:
    for _ in range(version):
        match = Match.objects.get(pk=match.pk)
        state = selectors.match_state(match)
        services.match_submit_action(
            match_id=match.pk,
            user=user,
            action=arcane_choice(state.legal_actions(0)),
            expected_version=match.version,
        )


def a_dungeon_with_a_long_log(monkeypatch) -> tuple[Match, object]:
    """zsofi's dungeon, played by the match service to LEFT moves before its end."""
    call_command("load_cards", verbosity=0)
    seed, moves = a_long_dungeon()
    monkeypatch.setattr(Match._meta.get_field("seed"), "default", lambda: seed)
    zsofi = make_user("zsofi", language="en")

    def create():
        match = services.match_create(
            user=zsofi, game=Game.objects.get(slug="arcane-guardian"), deck=None, opponent="solo"
        )
        play_until(match, zsofi, moves - LEFT)
        return Match.objects.get(pk=match.pk)

    return aside(create), zsofi


def move(page, match) -> None:
    """The tests' policy's move, pressed on the page; back when the table shows it."""
    state = api_state(page, match.pk)
    assert state["status"] == "running"
    showing(page, state["version"])
    action = arcane_choice(state["legal"])
    page.locator(f"button[data-action={json.dumps(action_key(action))}]").first.click()
    showing(page, state["version"] + 1)
    page.evaluate(SETTLED)


def at_the_table(signed_in, user, match: Match):
    """`user`'s page at the match's table, 1280 px wide, and the script errors it meets."""
    page = signed_in(user)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_viewport_size(WIDE)
    page.goto(f"/play/{match.pk}/")
    showing(page, match.version)
    return page, errors


def resize(page, size: dict) -> None:
    page.set_viewport_size(size)
    page.evaluate(SETTLED)


def test_a_reader_following_the_log_keeps_following_it_through_a_resize(signed_in, monkeypatch):
    match, zsofi = a_dungeon_with_a_long_log(monkeypatch)
    page, errors = at_the_table(signed_in, zsofi, match)
    log = page.locator("#table-log")
    move(page, match)
    assert log.evaluate("el => el.scrollHeight > el.clientHeight + 100"), "the log must scroll"
    assert log.evaluate(FROM_END) < AT_END

    # on its side and back, then three moves: the newest events are in view after each
    resize(page, PHONE)
    resize(page, WIDE)
    for _ in range(3):
        move(page, match)
        assert log.evaluate(FROM_END) < AT_END
    # the same while the window is narrow
    resize(page, PHONE)
    move(page, match)
    assert log.evaluate(FROM_END) < AT_END

    # a reader who scrolled up to an older line stays there through a resize and a move
    resize(page, WIDE)
    log.evaluate("el => { el.scrollTop = 40; }")
    page.evaluate(SETTLED)
    resize(page, PHONE)
    resize(page, WIDE)
    move(page, match)
    assert log.evaluate(FROM_END) > AT_END
    # back at the end by the reader's own hand, the log follows it again
    log.evaluate("el => { el.scrollTop = el.scrollHeight; }")
    page.evaluate(SETTLED)
    resize(page, PHONE)
    move(page, match)
    assert log.evaluate(FROM_END) < AT_END
    assert not errors, errors


def test_the_chat_follows_its_newest_line_through_a_resize(signed_in, monkeypatch):
    """The chat list had the same rule as the log: at its end only if it was when a line
    came. A reader following it keeps seeing the newest line after the window turns."""
    from play.models import ChatMessage

    match, zsofi = a_dungeon_with_a_long_log(monkeypatch)
    ChatMessage.objects.bulk_create(
        ChatMessage(match=match, author=zsofi, text=f"line {n}") for n in range(60)
    )
    # said a while ago: the chat's rate counts the last seconds' lines
    ChatMessage.objects.filter(match=match).update(created_at=timezone.now() - timedelta(hours=1))
    page, errors = at_the_table(signed_in, zsofi, match)
    box = page.locator("#chat-list")
    box.scroll_into_view_if_needed()
    page.evaluate(SETTLED)
    assert box.evaluate("el => el.scrollHeight > el.clientHeight + 100"), "the chat must scroll"
    assert box.evaluate(FROM_END) < AT_END  # opened at its newest line

    resize(page, PHONE)
    resize(page, WIDE)
    say(page, "the newest")
    page.locator(".chat-msg .chat-text", has_text="the newest").wait_for()
    page.evaluate(SETTLED)
    assert box.evaluate(FROM_END) < AT_END

    # scrolled up to read, the reader stays where they are
    box.evaluate("el => { el.scrollTop = 40; }")
    page.evaluate(SETTLED)
    resize(page, PHONE)
    say(page, "one more")
    page.locator(".chat-msg .chat-text", has_text="one more").wait_for()
    page.evaluate(SETTLED)
    assert box.evaluate(FROM_END) > AT_END
    assert not errors, errors


def say(page, text: str) -> None:
    page.locator("#chat-text").fill(text)
    page.get_by_role("button", name="Send").click()
