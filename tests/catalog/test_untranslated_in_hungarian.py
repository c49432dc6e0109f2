"""Where the data has no English, a reader of English reads the Hungarian, not a blank.

Cards, sets and games added in the admin may have only their Hungarian name
and text; the English page then shows those (core.bilingual.in_language is the
one rule), as do the terminal games.
"""

from __future__ import annotations

import pytest
from django.conf import settings

from catalog.models import Card
from core.bilingual import in_language
from play import cli_alomfogo, cli_arcane_guardian

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("english", "language", "read"),
    [
        ("Nightstrider", "en", "Nightstrider"),
        ("", "en", "Éjlépő"),
        (None, "en", "Éjlépő"),
        ("Nightstrider", "hu", "Éjlépő"),
        ("Nightstrider", None, "Éjlépő"),
    ],
)
def test_the_english_only_when_there_is_one_and_the_reader_reads_it(english, language, read):
    assert in_language("Éjlépő", english, language) == read


def test_a_card_and_its_set_without_english_show_their_hungarian(client, cards):
    card = Card.objects.select_related("card_set", "game").filter(game__slug="alomfogo").first()
    Card.objects.filter(pk=card.pk).update(name_en="", text_en="")
    type(card.card_set).objects.filter(pk=card.card_set_id).update(name_en="")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = client.get(card.get_absolute_url()).content.decode()
    assert card.name in html
    assert card.text.split("\n")[0][:30] in html
    assert card.card_set.name in html


def test_the_terminal_games_read_an_untranslated_text_in_hungarian(monkeypatch):
    hungarian = {"code": "X-1", "name": "Próba", "text": "Húzz egy lapot."}
    monkeypatch.setattr(cli_arcane_guardian, "_catalog", lambda: {"X-1": hungarian})
    assert cli_arcane_guardian.card_text("X-1", "en") == "Húzz egy lapot."
    monkeypatch.setattr(cli_alomfogo, "_printed", lambda code: hungarian)
    assert cli_alomfogo.card_text("X-1", "en") == "Húzz egy lapot."
    assert cli_alomfogo.card_name({"code": "X-1"}, "en") == "Próba"
