"""A name that differs from a player's only by a Turkish ı / İ or a letter drawn like a
Latin one is that player's name: taken, on every door that names a player.

"alıce" (dotless ı) and "ALİCE" (dotted capital İ) signed up beside "alice": NFKC and
case folding keep those letters apart from "i". The key (accounts.names.name_key) now
folds them, and letters that Unicode's confusables draw as one Latin letter.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.forms.models import model_to_dict

from accounts import services
from accounts.admin import AdminChangeUserForm
from accounts.names import name_key
from core.errors import Conflict
from tests.accounts.twins import name_keys_after, profile_saved
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db
User = get_user_model()

TAKEN_HU = "Ez a felhasználónév már foglalt, válassz másikat."  # Django's own words

LOOKALIKES = [
    "alıce",  # dotless ı
    "ALİCE",  # dotted capital İ
    "ALI\u0307CE",  # the same, its dot a combining mark
    "ali\u0307ce",  # a small i with a second dot
    "ɑlice",  # Latin small alpha
    "ａｌｉｃｅ",  # full-width
]


@pytest.mark.parametrize("typed", LOOKALIKES)
def test_a_lookalike_of_an_existing_name_is_taken_at_sign_up(client, typed):
    make_user("alice")
    client.cookies["django_language"] = "hu"

    answer = client.post(
        "/accounts/signup/", {"username": typed, "password1": PASSWORD, "password2": PASSWORD}
    )

    assert answer.status_code == 200
    assert TAKEN_HU in answer.content.decode()
    assert list(User.objects.values_list("username", flat=True)) == ["alice"]


@pytest.mark.parametrize("typed", ["alıce", "ALİCE"])
def test_the_service_refuses_it_too_and_the_other_way_round(typed):
    services.user_create(username=typed, password=PASSWORD)

    with pytest.raises(Conflict) as refused:
        services.user_create(username="alice", password=PASSWORD)

    assert refused.value.code == "username_taken"
    assert User.objects.count() == 1


def test_the_admin_cannot_rename_a_player_into_a_lookalike():
    make_user("alice")
    user = make_user("bob")
    data = {k: v for k, v in model_to_dict(user).items() if v is not None}

    renamed = AdminChangeUserForm({**data, "username": "ALİCE"}, instance=user)

    assert not renamed.is_valid()
    assert "username" in renamed.errors


@pytest.mark.parametrize(
    "other",
    ["alic3", "a1ice", "arnie", "alíce", "alce", "Ádám"],  # a digit, an accent: another name
)
def test_names_a_careful_reader_tells_apart_keep_their_own_key(other):
    assert name_key(other) != name_key("alice")
    assert name_key("arnie") != name_key("amie")  # "rn" is not folded into "m"


def test_the_migration_keys_the_oldest_of_new_twins_and_leaves_the_later_keyless():
    older, later, other = make_user("alice"), make_user("later"), make_user("Éva")
    # as they stood before: the old key told "alıce" from "alice"
    User.objects.filter(pk=later.pk).update(username="alıce", name_key="alıce")

    keys = name_keys_after("0005_name_key_folds_lookalike_letters", "refill_name_keys")

    assert keys == {older.pk: "alice", later.pk: None, other.pk: "éva"}
    # the later twin keeps its name and can still save its profile
    later = profile_saved(later, email="alice2@example.com")
    assert (later.username, later.name_key) == ("alıce", None)
