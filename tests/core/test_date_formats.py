"""English pages write dates day-first on a 24-hour clock; Hungarian pages keep Django's.

Django's own English is American ("12/07/2026 1:09 a.m.", "Dec. 7, 2026"), which a
European reader takes for 12 July, beside the site's 24-hour clocks ("ends at 01:59").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.utils import formats, timezone, translation

from catalog.models import Game
from decks import services
from decks.models import Deck
from tests.factories import PASSWORD, make_user

# 00:09 UTC is 01:09 in Budapest (the site's TIME_ZONE), the audit's example.
WHEN = datetime(2026, 12, 7, 0, 9, tzinfo=UTC)

EXPECTED = {
    "en": {
        "DATE_FORMAT": "7 Dec 2026",
        "DATETIME_FORMAT": "7 Dec 2026, 01:09",
        "SHORT_DATE_FORMAT": "2026-12-07",
        "SHORT_DATETIME_FORMAT": "2026-12-07 01:09",
        "TIME_FORMAT": "01:09",
    },
    "hu": {  # Django's Hungarian, unchanged
        "DATE_FORMAT": "2026. december 7.",
        "DATETIME_FORMAT": "2026. december 7. 01:09",
        "SHORT_DATE_FORMAT": "2026.12.07.",
        "SHORT_DATETIME_FORMAT": "2026.12.07. 01:09",
        "TIME_FORMAT": "01:09",
    },
}


@pytest.mark.parametrize("language", ["en", "hu"])
def test_each_named_format_in_each_language(language):
    local = timezone.localtime(WHEN)
    with translation.override(language):
        written = {name: formats.date_format(local, name) for name in EXPECTED[language]}
    assert written == EXPECTED[language]


def test_english_forms_never_read_a_date_month_first():
    with translation.override("en"):
        accepted = formats.get_format("DATE_INPUT_FORMATS")
    assert "%m/%d/%Y" not in accepted
    assert datetime.strptime("07/12/2026", accepted[1]).month == 12


def signed_in(client, language: str):
    user = make_user(f"reader-{language}", language=language)
    type(user).objects.filter(pk=user.pk).update(date_joined=WHEN)
    client.login(username=user.username, password=PASSWORD)
    return user


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "member_since"),
    [("en", "Member since 7 Dec 2026"), ("hu", "2026. december 7.")],
)
def test_profile_says_since_when(client, language, member_since):
    signed_in(client, language)
    html = client.get("/accounts/profile/").content.decode()
    assert member_since in html
    assert "Dec. 7" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "changed"), [("en", "2026-12-07 01:09"), ("hu", "2026.12.07. 01:09")]
)
def test_deck_list_says_when_a_deck_changed(client, cards, language, changed):
    user = signed_in(client, language)
    deck = services.deck_create(owner=user, game=Game.objects.get(slug="alomfogo"), name="Próba")
    Deck.objects.filter(pk=deck.pk).update(updated_at=WHEN)
    html = client.get("/decks/").content.decode()
    assert f">{changed}</td>" in html
    assert "a.m." not in html and "12/07/2026" not in html
