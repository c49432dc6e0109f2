"""Names trimmed of what cannot be seen: a name of only invisible characters is empty."""

from __future__ import annotations

import pytest
from django.utils import translation

from core.errors import ApplicationError
from core.text import trimmed
from decks import services as deck_services
from tests.factories import make_user
from tournaments import services as tournament_services
from tournaments.services import TournamentRefused


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("\ufeff", ""),  # a byte-order mark
        ("\u200b \u200d", ""),  # zero-width space and joiner
        ("\u200fPakli\u200e", "Pakli"),  # direction marks at the ends
        ("  Éjlépő\u200bKajtár  ", "Éjlépő\u200bKajtár"),  # inside: the name's own
        ("Pakli", "Pakli"),
    ],
)
def test_invisible_ends_are_trimmed(typed, kept):
    assert trimmed(typed) == kept


@pytest.mark.django_db
def test_a_deck_or_event_named_with_invisible_characters_only_gets_the_empty_name_rule(cards):
    owner = make_user("zsofi")
    from catalog.models import Game

    with translation.override("hu"), pytest.raises(ApplicationError) as blank:
        deck_services.deck_create(
            owner=owner, game=Game.objects.get(slug="alomfogo"), name="\ufeff\u200b"
        )
    assert blank.value.code == "bad_name"  # as a tournament's, below
    with translation.override("hu"):
        deck = deck_services.deck_create(owner=owner, game=Game.objects.get(slug="alomfogo"))
    assert deck.name == "Új pakli"  # the default when no name is given
    with pytest.raises(TournamentRefused) as refused:
        tournament_services.tournament_create(organiser=owner, name="\u200b", game="alomfogo")
    assert refused.value.code == "bad_name"
