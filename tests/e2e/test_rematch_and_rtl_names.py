"""“Play again” reaches the other player's open table at once, and a right-to-left name
stays apart from the sentence it is named in.

Two people on two browsers at a finished ONIROO match: when one presses "Play
again", the other's table shows the link to the new match without a reload
(the socket's "rematch" frame, static/js/live.js `offerRematch`). The winner's
name is Hebrew; the loser's result line names them inside an English sentence,
between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE (live.js `isolate`).
"""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command

from play import services
from play.models import Match, MatchStatus
from tests.concurrency import aside
from tests.factories import make_user
from tests.play_rows import oniroo_match

pytestmark = pytest.mark.django_db(transaction=True)

AVI = "אבי"


def finished_match(loser, winner) -> Match:
    match = oniroo_match(loser, "invite", level=1, players=2)
    services.match_join(match_id=match.pk, user=winner, deck=None)
    services.match_resign(match_id=match.pk, user=loser)
    return match


def test_play_again_shows_on_the_other_table_at_once_and_names_stay_apart(signed_in):
    call_command("load_cards", verbosity=0)
    zsofi, avi = make_user("zsofi", language="en"), make_user(AVI, language="en")
    # the services send frames with async_to_sync, which Playwright's event loop here forbids
    match = aside(finished_match, zsofi, avi)
    loser, winner = signed_in(zsofi), signed_in(avi)
    errors: list[str] = []
    loser.on("pageerror", lambda error: errors.append(str(error)))

    loser.goto(f"/play/{match.pk}/")
    loser.wait_for_selector('#match-table[data-connection="open"]', state="attached")
    assert loser.locator("#table-result h2").inner_text() == f"\u2068{AVI}\u2069 won."
    offer = loser.locator("#table-rematch-offer")
    assert loser.locator("#table-rematch").is_visible() and offer.is_hidden()

    winner.goto(f"/play/{match.pk}/")
    winner.get_by_role("button", name="Play again").click()
    winner.wait_for_url(re.compile(r"/play/[0-9a-f-]{36}/$"))
    again = Match.objects.get(rematch_of=match)
    assert winner.url.endswith(f"/play/{again.pk}/")

    offer.wait_for(state="visible")  # no reload: the socket brought it
    link = offer.get_by_role("link", name="to the new match")
    assert link.get_attribute("href") == f"/play/{again.pk}/"
    link.click()
    loser.get_by_role("button", name="Join the match").click()
    loser.wait_for_selector("#match-table[data-version]", state="attached")
    assert Match.objects.get(pk=again.pk).status == MatchStatus.RUNNING
    assert not errors
