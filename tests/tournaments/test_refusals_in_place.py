"""A refused button of an event's page is answered beside the form that was used.

QA's finding: registering with an illegal deck, or entering 2-2 in best of 1, put
the message in a banner at the top of the page and the deck menu back on its first
deck. Now the page comes back with the refusal's 400, the message right after that
form, and what the form chose still chosen; an htmx answer puts the message there
too (out of band). A form the page no longer shows has its message above the panels.

Personas: the organiser, two registered players (anna, bela) and a newcomer (cili),
all reading English.
"""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tests.factories import make_user
from tests.play_rows import first_cards_deck
from tests.tournaments.test_pages import cast, cup, running  # noqa: F401 (fixtures)
from tournaments.models import Pairing, Player

pytestmark = pytest.mark.django_db


def url(name: str, event, *args) -> str:
    return reverse(f"tournaments:{name}", args=[event.pk, *args])


def section(html: str, section_id: str) -> str:
    found = re.search(rf'<section id="{section_id}".*?</section>', html, re.S)
    assert found, section_id
    return found.group(0)


def above_the_panels(html: str) -> str:
    return html[: html.index('<div class="columns t-panels">')]


@pytest.fixture
def cili(cast):  # noqa: F811
    """A newcomer with a legal deck (offered first) and one too short for the format."""
    user = make_user("cili", language="en")
    user.legal = first_cards_deck(user, "Full deck", 15)
    user.short = first_cards_deck(user, "Too short", 12)
    return user


def test_an_illegal_deck_is_refused_beside_the_form_and_stays_chosen(client, cup, cili):  # noqa: F811
    client.force_login(cili)
    answer = client.post(url("register", cup), {"deck": cili.short.pk})

    assert answer.status_code == 400
    html = answer.content.decode()
    entry = section(html, "registration")
    select = re.search(r'<select id="t-deck"([^>]*)>(.*?)</select>', entry, re.S)
    assert 'aria-describedby="t-error-register"' in select.group(1)
    chosen = re.findall(r'<option value="(\d+)" selected>', select.group(2))
    assert chosen == [str(cili.short.pk)]  # not the first deck of the menu
    # the message comes right after the form it is about, not in a banner above
    after_form = entry[entry.index("</form>") :]
    error = re.search(
        r'<p id="t-error-register" class="message error" role="alert">(.*?)</p>', after_form
    )
    assert error and "not legal in the tournament" in error.group(1)
    assert "not legal in the tournament" not in above_the_panels(html)
    assert not Player.objects.filter(user=cili).exists()


def test_an_htmx_refusal_puts_its_message_beside_the_form(client, cup, cili):  # noqa: F811
    client.force_login(cili)
    answer = client.post(url("register", cup), {"deck": cili.short.pk}, HTTP_HX_REQUEST="true")

    assert answer.status_code == 400
    html = answer.content.decode()
    said = re.search(r'<div id="t-said-register" hx-swap-oob="innerHTML">(.*?)</div>', html, re.S)
    assert said and "not legal in the tournament" in said.group(1)
    assert html.count("not legal in the tournament") == 1  # not at the live part's top as well
    assert 'id="tournament-live"' in html


def test_a_refused_form_the_page_no_longer_shows_is_said_above_the_panels(
    client,
    cup,  # noqa: F811
    cast,  # noqa: F811
    cili,
):
    running(client, cup, cast)  # the start closes registration; cili's page had the form
    client.force_login(cili)
    answer = client.post(url("register", cup), {"deck": cili.legal.pk})

    assert answer.status_code == 400
    html = answer.content.decode()
    assert 'id="t-deck"' not in html
    assert "registration is closed" in above_the_panels(html)


def test_two_two_in_best_of_one_is_refused_in_its_row_with_the_games_kept(client, cup, cast):  # noqa: F811
    pairing = running(client, cup, cast)
    answer = client.post(url("result", cup, pairing.pk), {"wins_a": 2, "wins_b": 2, "draws": 0})

    assert answer.status_code == 400
    html = answer.content.decode()
    row = re.search(
        rf'<form method="post" action="{url("result", cup, pairing.pk)}">.*?</li>', html, re.S
    ).group(0)
    for name, value in (("wins_a", "2"), ("wins_b", "2"), ("draws", "0")):
        box = re.search(rf'<input type="number" name="{name}"[^>]*>', row).group(0)
        assert f'value="{value}"' in box, box
        assert f'aria-describedby="t-error-result-{pairing.pk}"' in box
    error = re.search(rf'<p id="t-error-result-{pairing.pk}"[^>]*>(.*?)</p>', row).group(1)
    # said plainly: what a best-of-1 result looks like
    assert "single game" in error and "1-0 or 0-1" in error and "1 draw" in error
    assert "exactly one game" not in html
    assert "single game" not in above_the_panels(html)
    pairing.refresh_from_db()
    assert not pairing.decided


def test_pairing_the_next_round_too_early_is_refused_by_its_button(client, cup, cast):  # noqa: F811
    running(client, cup, cast)
    answer = client.post(url("next_round", cup))

    assert answer.status_code == 400
    panel = section(answer.content.decode(), "organiser")
    after_button = panel[panel.index(reverse("tournaments:next_round", args=[cup.pk])) :]
    error = re.search(r'<p id="t-error-next_round"[^>]*>(.*?)</p>', after_button)
    assert error and "1 pairing of this round is not decided yet" in error.group(1)
    assert Pairing.objects.filter(round__tournament=cup).count() == 1
