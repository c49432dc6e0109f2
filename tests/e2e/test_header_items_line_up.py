"""The header's links stand on one line, each as tall as the next, for a player signed in.

The trades link carries a slot for its badge (collection/trades/_badge.html), there
even with no news; styled as a nav item itself, it once dropped onto a line of its
own inside the link, which stood taller and higher than the rest.
"""

from __future__ import annotations

import pytest

from collection import services as collection_services
from collection import trades
from tests.factories import make_user
from tests.play_rows import session_key

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def _boxes(page) -> list[dict]:
    return page.evaluate(
        """() => [...document.querySelectorAll('.nav-wide .nav-list > li > :is(a, span)')]
            .map((a) => { const r = a.getBoundingClientRect();
                          return {text: a.textContent.trim(), top: r.top, height: r.height}; })"""
    )


@pytest.mark.parametrize("news", [False, True])
def test_every_header_link_has_the_same_top_and_height(page, live_server, news):
    player = make_user("zsofi")
    if news:  # a proposal waits for her answer: the badge shows a number
        from django.core.management import call_command

        call_command("load_cards", verbosity=0)
        maker = make_user("bence")
        type(player).objects.filter(pk__in=[player.pk, maker.pk]).update(trades_open=True)
        maker.refresh_from_db()
        collection_services.collection_set_count(user=maker, code="AF1-001", count=2)
        trades.proposal_create(maker=maker, partner_id=player.pk, gives={"AF1-001": 1}, gets={})
    page.context.add_cookies(
        [{"name": "sessionid", "value": session_key(player), "url": live_server.url}]
    )
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto("/collection/trades/")
    boxes = _boxes(page)
    assert len(boxes) >= 5 and any(b["text"].startswith(("Trades", "Csere")) for b in boxes)
    assert len({round(b["top"]) for b in boxes}) == 1, boxes
    assert len({round(b["height"]) for b in boxes}) == 1, boxes
