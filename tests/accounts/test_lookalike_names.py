"""Two players cannot look like each other, and what players type cannot reorder the page."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.staticfiles import finders
from django.forms.models import model_to_dict

from accounts import services
from accounts.admin import AdminChangeUserForm
from accounts.names import UnusableName
from core.errors import Conflict
from tests.accounts.twins import name_keys_after, profile_saved
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db
User = get_user_model()

TAKEN = "Ez a felhasználónév már foglalt, válassz másikat."  # Django's own words, in Hungarian


def _sign_up(client, username: str):
    return client.post(
        "/accounts/signup/",
        {"username": username, "password1": PASSWORD, "password2": PASSWORD},
    )


def test_a_name_differing_only_in_the_case_of_an_accented_letter_is_taken(client):
    assert _sign_up(client, "Ádám").status_code == 302
    client.logout()

    response = _sign_up(client, "ádám")

    assert response.status_code == 200
    assert TAKEN in response.content.decode()
    assert list(User.objects.values_list("username", flat=True)) == ["Ádám"]


def test_the_service_refuses_the_other_spelling_too():
    services.user_create(username="Ádám", password=PASSWORD)

    with pytest.raises(Conflict) as refused:
        services.user_create(username="ÁDÁM", password=PASSWORD)

    assert refused.value.code == "username_taken"
    assert User.objects.count() == 1


@pytest.mark.parametrize(
    ("username", "code", "words"),
    [
        ("\u0430dmin", "mixed_scripts", "alphabets"),  # a Cyrillic а, then Latin
        ("\u3164\u3164", "blank_name", "shows as nothing"),  # Hangul fillers
    ],
)
def test_a_lookalike_or_invisible_name_is_refused(client, username, code, words):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    response = _sign_up(client, username)

    assert response.status_code == 200
    assert words in response.content.decode()
    with pytest.raises(UnusableName) as refused:
        services.user_create(username=username, password=PASSWORD)
    assert refused.value.code == code
    assert not User.objects.exists()


def test_the_lookalike_of_an_existing_player_cannot_take_their_trades(client):
    make_user("admin")

    response = _sign_up(client, "\u0430dmin")

    assert response.status_code == 200
    assert list(User.objects.values_list("username", flat=True)) == ["admin"]


@pytest.mark.parametrize("username", ["Éva.Kovács_2", "山田たろう", "ヤマダタロー"])
def test_names_in_one_alphabet_are_welcome(client, username):
    assert _sign_up(client, username).status_code == 302
    assert User.objects.get(username=username).name_key == username.casefold()


def test_a_sign_up_that_loses_the_race_is_told_the_name_is_taken(client, monkeypatch):
    """Both sign-ups pass the check before either has saved: the unique key decides."""
    # the other sign-up's check ran before this one saved; this one's check ran before that
    monkeypatch.setattr(services, "username_taken", lambda **kwargs: False, raising=False)
    monkeypatch.setattr("accounts.forms.username_taken", lambda **kwargs: False, raising=False)
    User.objects.create(username="ádám")  # what the other sign-up saved meanwhile

    response = _sign_up(client, "Ádám")

    assert response.status_code == 200
    assert TAKEN in response.content.decode()
    assert list(User.objects.values_list("username", flat=True)) == ["ádám"]


def test_saving_other_fields_leaves_the_key_alone():
    user = make_user("Zsófi")
    User.objects.filter(pk=user.pk).update(name_key=None)
    user.refresh_from_db()

    user.email = "zsofi@example.com"
    user.save(update_fields=["email"])

    user.refresh_from_db()
    assert user.name_key is None
    user.username = "Zsófia"
    user.save(update_fields=["username"])
    user.refresh_from_db()
    assert user.name_key == "zsófia"


def test_the_migration_keys_the_oldest_of_twins_and_leaves_the_later_ones_keyless():
    older = make_user("Ádám")
    later = make_user("ádám_x")
    other = make_user("Éva")
    # as they stood before migration 0004: twins in the table, no keys
    User.objects.filter(pk=later.pk).update(username="ádám")
    User.objects.update(name_key=None)

    keys = name_keys_after("0004_user_name_key", "fill_name_keys")

    assert keys == {older.pk: "ádám", later.pk: None, other.pk: "éva"}
    # the later twin keeps its name and can still save its profile
    later = profile_saved(later, email="adam2@example.com")
    assert later.name_key is None and later.email == "adam2@example.com"


def _isolated_selectors() -> set[str]:
    """Every selector of a rule, in the stylesheet every page links, that isolates direction."""
    css = open(finders.find("css/site.css"), encoding="utf-8").read()
    found = set()
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", css):
        if re.search(r"unicode-bidi:\s*isolate", body):
            found |= {s.strip() for s in re.sub(r"/\*.*?\*/", "", selectors, flags=re.S).split(",")}
    return found


def test_chat_lines_and_seat_names_are_isolated_from_the_page(client):
    assert {".chat-author", ".chat-text", ".seat-name", ".user-text"} <= _isolated_selectors()
    assert "css/site.css" in client.get("/").content.decode()
    # the classes the rule names are the ones the table script gives what players typed
    live = open(finders.find("js/live.js"), encoding="utf-8").read()
    assert 'h("span", { class: "chat-author" }, m.author)' in live
    assert 'h("span", { class: "chat-text" }, m.text)' in live
    assert '{ id: headingId, class: "seat-name" }' in live


def test_a_players_name_in_the_page_header_is_isolated(client):
    user = make_user("אבי")
    client.force_login(user)

    html = client.get("/").content.decode()

    assert '<a class="user-text" href="/accounts/profile/">אבי</a>' in html


def test_the_admin_cannot_rename_a_player_into_anothers_name():
    make_user("Ádám")
    user = make_user("zsofi")
    data = {k: v for k, v in model_to_dict(user).items() if v is not None}

    renamed = AdminChangeUserForm({**data, "username": "ádám"}, instance=user)
    kept = AdminChangeUserForm({**data, "email": "z@example.com"}, instance=user)

    assert not renamed.is_valid()
    assert renamed.errors["username"][0] == TAKEN
    assert kept.is_valid(), kept.errors
