import pytest

from tests.play_rows import first_cards_deck


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT


@pytest.fixture
def make_deck(owner, cards):
    """Makes a deck of the owner's with this name: 15 Álomfogó cards, 3 of each (45 cards)."""

    def make(name: str):
        return first_cards_deck(owner, name, 15)

    return make


@pytest.fixture
def english(client):
    """The test client, reading the site in English."""
    client.cookies["django_language"] = "en"
    return client
