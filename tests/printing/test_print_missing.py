"""Issue #24: "print the missing cards" opens the print form with exactly those cards."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest
from django.http import QueryDict

from catalog.models import Card, Game
from collection.models import OwnedCard
from decks import services as deck_services
from decks.panel import Missing, MissingCard
from printing import services, sources
from printing.models import PrintJob
from printing.views import _initial
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(owner, cards):
    """3 Éjlépő Kajtár, 3 Jégszem Soyana, 2 Búbos manó; the owner has 1 Kajtár and 3 Soyana."""
    game = Game.objects.get(slug="alomfogo")
    deck = deck_services.deck_create(owner=owner, game=game, name="Hiányos")
    for code, count in {"AF1-001": 3, "AF1-002": 3, "AF1-004": 2}.items():
        card = Card.objects.get(code=code)
        deck_services.deck_change_card(deck=deck, user=owner, card=card, delta=count)
    OwnedCard.objects.create(user=owner, card=Card.objects.get(code="AF1-001"), count=1)
    OwnedCard.objects.create(user=owner, card=Card.objects.get(code="AF1-002"), count=3)
    return deck


MISSING = [{"code": "AF1-001", "count": 2}, {"code": "AF1-004", "count": 2}]


def print_link(client, deck) -> str:
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    match = re.search(r'<a class="button" href="(/print/new/\?cards=[^"]*)"', page)
    assert match, "the deck page has no print-the-missing-cards button"
    return html.unescape(match.group(1))


def test_the_button_opens_the_print_form_with_exactly_the_missing_cards(client, owner, deck):
    client.login(username="owner", password=PASSWORD)
    link = print_link(client, deck)
    assert parse_qs(urlsplit(link).query) == {"cards": ["AF1-001:2,AF1-004:2"]}

    form = client.get(link)
    page = form.content.decode()
    assert form.status_code == 200
    assert 'id="print-form"' in page and 'role="alert"' not in page
    assert '<input type="hidden" name="cards" value="AF1-001:2,AF1-004:2">' in page
    assert "4 lap" in page  # "You are printing …: 4 cards"

    # The form posts that field back; the print service then makes a job of exactly those.
    source = sources.source_from_params(QueryDict("cards=AF1-001:2,AF1-004:2"))
    job = services.print_job_create(user=owner, session_key="", source=source, options={})
    assert job.cards == MISSING
    assert job.user == owner


def test_the_form_posted_from_the_button_makes_the_job(client, owner, deck):
    client.login(username="owner", password=PASSWORD)
    link = print_link(client, deck)
    page = client.get(link).content.decode()
    # Every field as the page fills it in (the options' defaults), as a browser would send it.
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))
    request = type("Request", (), {"user": owner})()
    values = {k: v for k, v in _initial(request).items() if v is not False and v is not None}
    answer = client.post(link, {**values, **fields})
    assert answer.status_code == 302
    assert PrintJob.objects.get(user=owner).cards == MISSING


def test_a_count_above_a_print_lines_limit_is_split_not_cut():
    missing = Missing([MissingCard("AF1-001", "Éjlépő Kajtár", "", "common", 150)])
    query = parse_qs(urlsplit(missing.print_url).query)
    assert query == {"cards": ["AF1-001:99,AF1-001:51"]}
    cards = sources.cards_from_text(query["cards"][0])
    assert sum(c["count"] for c in cards) == 150
