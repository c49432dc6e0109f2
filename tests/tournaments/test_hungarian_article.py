"""The Hungarian article before a word or a number, as it is read aloud (core.hungarian)."""

from __future__ import annotations

import pytest

from core.hungarian import article


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        (1, "az"),  # egy
        (2, "a"),  # kettő
        (3, "a"),
        (4, "a"),
        (5, "az"),  # öt
        (6, "a"),
        (9, "a"),
        (10, "a"),  # tíz
        (11, "a"),  # tizenegy
        (15, "a"),  # tizenöt
        (20, "a"),
        (50, "az"),  # ötven
        (55, "az"),
        (100, "a"),  # száz
        (150, "a"),  # százötven
        (500, "az"),  # ötszáz
        (1000, "az"),  # ezer
        (1999, "az"),
        (2000, "a"),  # kétezer
        (5000, "az"),  # ötezer
        (10_000, "a"),  # tízezer
        (100_000, "a"),  # százezer
        (1_000_000, "az"),  # egymillió
        (0, "a"),  # nulla
        (-1, "a"),  # mínusz egy
    ],
)
def test_a_number_takes_the_article_of_its_first_spoken_word(number, expected):
    assert article(number) == expected
    assert article(str(number)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2. forduló", "a"),
        ("1. forduló", "az"),
        ("5. asztal", "az"),
        ("1–2. szint", "az"),  # egy
        ("3. szint", "a"),
        ("5. szint", "az"),  # öt
        ("10. szint", "a"),  # tíz
        ("1000 lap", "az"),  # ezer
        ("2000 lap", "a"),  # kétezer
        ("1000000 lap", "az"),  # egymillió
        ("Alap", "az"),
        ("Általános varázslat nélkül", "az"),
        ("„Alap”", "az"),
        ("Verseny", "a"),
        ("Álomfogó", "az"),
        ("ONIROO", "az"),
        ("kártya", "a"),
        ("ütés", "az"),
        ("F", "az"),  # ef
        ("F3", "az"),
        ("B", "a"),  # bé
        ("r:", "az"),  # er: a search key, read by its letter's name
        ("„t:”", "a"),  # té
        ("s", "az"),  # es
        ("", "a"),
    ],
)
def test_a_word_takes_the_article_of_its_first_sound(text, expected):
    """Also the deck formats' names, as their refusals say them (decks.validation)."""
    assert article(text) == expected


def test_a_truth_value_is_no_number():
    with pytest.raises(TypeError):
        article(True)


# --- the tournament sentences that carry it --------------------------------------------------
# The catalogue writes "a(z)" before the round's number; the tags settle it for the number.
@pytest.mark.parametrize(
    ("number", "dropped", "after"),
    [
        (1, "Az 1. forduló után kiszálltál.", "az 1. forduló után"),
        (2, "A 2. forduló után kiszálltál.", "a 2. forduló után"),
        (5, "Az 5. forduló után kiszálltál.", "az 5. forduló után"),
        (10, "A 10. forduló után kiszálltál.", "a 10. forduló után"),
    ],
)
def test_a_round_after_which_one_dropped_takes_its_own_article(number, dropped, after):
    from django.template import Context, Template
    from django.utils import translation

    template = Template("{% load tournament_tags %}{% you_dropped_after n %}|{% after_round n %}")
    with translation.override("hu"):
        assert template.render(Context({"n": number})) == f"{dropped}|{after}"
    with translation.override("en"):
        english = template.render(Context({"n": number}))
    assert english == f"You dropped after round {number}.|after round {number}"


@pytest.mark.django_db
def test_the_pages_of_a_player_who_dropped_use_it(client, organiser, alomfogo, people):
    from django.conf import settings as django_settings

    from tests.tournaments.conftest import player_of, started_event
    from tournaments import services

    event = started_event(organiser, alomfogo, people[:4])
    services.tournament_drop(tournament_id=event.pk, user=people[0])
    client.force_login(people[0])
    client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = "hu"
    page = client.get(event.get_absolute_url()).content.decode()
    assert "Az 1. forduló után kiszálltál." in page
    assert "A(z)" not in page
    record = client.get(
        f"/tournaments/{event.pk}/players/{player_of(event, people[0]).pk}/"
    ).content.decode()
    assert "az 1. forduló után" in record
