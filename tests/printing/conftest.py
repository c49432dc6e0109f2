import pytest

from catalog.models import Game
from catalog.records import row_record
from decks import services as deck_services
from decks.entries import Entry


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def make_deck(owner, cards):
    """Makes a deck of the owner's with this name: 15 Álomfogó cards, 3 of each (45 cards)."""

    def make(name: str):
        game = Game.objects.get(slug="alomfogo")
        chosen = cards.filter(game=game).select_related("game", "card_set").order_by("sort_key")
        return deck_services.deck_create(
            owner=owner,
            game=game,
            name=name,
            entries=[Entry(card=row_record(c), count=3) for c in chosen[:15]],
        )

    return make
