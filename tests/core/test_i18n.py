"""Hungarian by default, English on request, and the catalogues are complete."""

from __future__ import annotations

import gettext
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils import translation

from tests.factories import PASSWORD, make_user

LOCALE = Path(settings.BASE_DIR) / "locale"

pytestmark = pytest.mark.django_db


def test_home_speaks_hungarian_even_to_an_english_browser(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    html = response.content.decode()
    assert response.status_code == 200
    assert '<html lang="hu">' in html
    assert "Minden kártya, minden pakli, minden játék" in html
    assert "Kártyák" in html and "Paklik" in html and "Játék" in html and "Nyomtatás" in html


def test_switching_to_english_persists_in_a_cookie(client):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    assert response.status_code == 302
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "en"
    html = client.get("/").content.decode()
    assert '<html lang="en">' in html
    assert "Every card, every deck, every game" in html
    assert "Cards" in html and "Decks" in html and "Print" in html


def test_switching_back_to_hungarian(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    client.post("/i18n/setlang/", {"language": "hu", "next": "/"})
    assert '<html lang="hu">' in client.get("/").content.decode()


def test_an_unknown_language_changes_nothing(client):
    client.post("/i18n/setlang/", {"language": "xx", "next": "/"})
    assert '<html lang="hu">' in client.get("/").content.decode()


def test_a_signed_in_players_choice_follows_them_to_a_new_device(client):
    user = make_user("traveller")
    client.login(username="traveller", password=PASSWORD)
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    user.refresh_from_db()
    assert user.language == "en"

    client.cookies.clear()  # a new browser: no language cookie yet
    client.login(username="traveller", password=PASSWORD)
    assert '<html lang="en">' in client.get("/").content.decode()


def test_the_language_switch_returns_to_the_page_it_was_used_on(client):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/accounts/login/"})
    assert response["Location"] == "/accounts/login/"


def test_api_clients_may_ask_for_english_by_header(client):
    response = client.get("/api/me/", HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Language"] == "en"
    assert "credentials were not provided" in response.json()["error"]["message"]


@pytest.mark.parametrize("language", ["hu", "en"])
def test_compiled_catalogue_matches_its_source(language):
    po = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))
    with open(LOCALE / language / "LC_MESSAGES" / "django.mo", "rb") as handle:
        mo = gettext.GNUTranslations(handle)
    for entry in po.translated_entries():
        if entry.msgid_plural:
            compiled = [mo.ngettext(entry.msgid, entry.msgid_plural, n) for n in (1, 2)]
            expected = [entry.msgstr_plural[0], entry.msgstr_plural[1]]
        elif entry.msgctxt:  # pgettext: the same words, read in one context
            compiled, expected = mo.pgettext(entry.msgctxt, entry.msgid), entry.msgstr
        else:
            compiled, expected = mo.gettext(entry.msgid), entry.msgstr
        assert compiled == expected, f"{entry.msgid!r}: run `make messages`"


def test_every_hungarian_string_is_translated():
    po = polib.pofile(str(LOCALE / "hu" / "LC_MESSAGES" / "django.po"))
    untranslated = [e.msgid for e in po.untranslated_entries()] + [
        e.msgid for e in po.fuzzy_entries()
    ]
    assert untranslated == []


@pytest.mark.parametrize(
    ("path", "body", "english"),
    [
        ("/api/matches/", {"game": "alomfogo", "public": -1}, "Must be a valid boolean."),
        ("/api/decks/", {"name": True, "game": "alomfogo"}, "Not a valid string."),
        ("/api/print-jobs/", {"again": -1}, "Must be a valid UUID."),
        # DRF's own Hungarian for these is formal ("Használja…", "Ellenőrizze…") or says
        # "URL-friendly title" of a game's id: ours, informal
        (
            "/api/tournaments/",
            {"name": "Kupa", "game": "alomfogo", "registration_closes_at": "holnap"},
            "Datetime has wrong format. Use one of these formats instead: {format}.",
        ),
        (
            "/api/decks/",
            {"game": "a b", "name": "P"},
            'Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.',
        ),
        (
            "/api/collection/import/",
            {"file": "abc"},
            "The submitted data was not a file. Check the encoding type on the form.",
        ),
    ],
)
def test_the_api_says_drf_s_own_refusals_in_hungarian_too(client, path, body, english):
    """DRF's Hungarian catalogue lacks these, or words them formally; ours
    (core/stock_strings.py) has them, in the informal address."""
    client.force_login(make_user("zsofi"))  # Hungarian, the site's language
    answer = client.post(path, body, content_type="application/json")
    assert answer.status_code == 400
    text = answer.content.decode()
    assert english not in text
    with translation.override("hu"):
        ours = translation.gettext(english).split("{")[0]
    assert ours and ours != english.split("{")[0] and ours in text
    for formal in ("Használja", "Ellenőrizze", "Bizonyosodjon", "URL barát"):
        assert formal not in text
