"""A match, deck, tournament or print file that is not there (or not the visitor's) gets
the site's friendly "not found" page, not a red "request refused" alarm.

Persona: a signed-in player following an old or mistyped link, in Hungarian and English.
"""

from __future__ import annotations

import re
import uuid

import pytest
from django.conf import settings

from catalog.models import Game
from decks import services as deck_services
from tests.factories import make_user

pytestmark = pytest.mark.django_db

GONE = uuid.UUID(int=7)
WORDS = {
    "hu": ("Nincs ilyen oldal", "Itt nincs semmi, vagy nem a te szemednek szól.", "Elutasított"),
    "en": ("Not found", "There is nothing here, or it is not yours to see.", "Request refused"),
}


def not_found_addresses(strangers_deck: int) -> list[tuple[str, str]]:
    """(address, what the page names as missing, in English) for several apps."""
    return [
        (f"/play/{GONE}/", "No such match."),
        (f"/play/{GONE}/replay/", "No such match."),
        (f"/tournaments/{GONE}/", "No such tournament."),
        (f"/decks/{strangers_deck}/", "No such deck."),
        (f"/decks/{strangers_deck}/history/", "No such deck."),
        ("/decks/987654321/", "No such deck."),
    ]


@pytest.mark.parametrize("language", ["hu", "en"])
def test_a_missing_thing_reads_as_not_found(client, owner, cards, language):
    stranger = make_user("someone-else")
    private = deck_services.deck_create(
        owner=stranger, game=Game.objects.get(slug="alomfogo"), name="Titok"
    )
    client.force_login(owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    title, sentence, refused = WORDS[language]
    for url, named in not_found_addresses(private.pk):
        response = client.get(url)
        assert response.status_code == 404, url
        html = response.content.decode()
        assert re.search(rf"<title>\s*{title} · Kártyavár</title>", html), url
        assert f"<h1>{title}</h1>" in html, url
        assert refused not in html, url
        assert 'role="alert"' not in html and 'class="errors"' not in html, url
        # the general words only where nothing more is said: beside a reason (a seat whose
        # cards are not shown, say) they would contradict it
        assert (sentence not in html) if named else (sentence in html), url
        if language == "en" and named:
            assert named in html, url  # the page still says what is missing


def test_other_refusals_still_say_refused(client, owner, cards):
    """A 4xx that is not a 404 (here a 405) keeps its "request refused" page."""
    client.force_login(owner)
    response = client.get("/accounts/logout/")
    assert response.status_code == 405
    assert "Elutasított kérés" in response.content.decode()
