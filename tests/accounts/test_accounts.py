"""Sign up, log in and out, change password, profile, API tokens."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from rest_framework.authtoken.models import Token

from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_sign_up_creates_an_account_and_logs_in(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "zsofi", "email": "", "password1": PASSWORD, "password2": PASSWORD},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == "/accounts/profile/"
    assert response.context["user"].username == "zsofi"
    assert "Elkészült a fiókod" in response.content.decode()
    assert User.objects.get(username="zsofi").language == "hu"


def test_sign_up_in_english_remembers_english(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    client.post(
        "/accounts/signup/",
        {"username": "gergo", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert User.objects.get(username="gergo").language == "en"


def test_sign_up_with_mismatched_passwords_explains_and_creates_nothing(client):
    response = client.post(
        "/accounts/signup/",
        {"username": "zsofi", "password1": PASSWORD, "password2": PASSWORD + "x"},
    )
    assert response.status_code == 200
    assert "A beírt két jelszó nem egyezik" in response.content.decode()
    assert not User.objects.filter(username="zsofi").exists()


def test_sign_up_refuses_a_taken_name(client, owner):
    response = client.post(
        "/accounts/signup/",
        {"username": "owner", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 200
    assert User.objects.filter(username="owner").count() == 1


def test_login_and_logout(client, owner):
    response = client.post(
        "/accounts/login/", {"username": "owner", "password": PASSWORD}, follow=True
    )
    assert response.context["user"].is_authenticated
    response = client.post("/accounts/logout/", follow=True)
    assert not response.context["user"].is_authenticated
    assert response.redirect_chain[-1][0] == "/"


def test_wrong_password_is_explained(client, owner):
    response = client.post("/accounts/login/", {"username": "owner", "password": "nope"})
    assert response.status_code == 200
    assert not response.context["user"].is_authenticated
    assert "Hibás felhasználónév vagy jelszó." in response.content.decode()


def test_change_password(client, owner):
    client.login(username="owner", password=PASSWORD)
    new = "uj-jelszo-2026-tavasz"
    response = client.post(
        "/accounts/password/",
        {"old_password": PASSWORD, "new_password1": new, "new_password2": new},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == "/accounts/password/done/"
    client.logout()
    assert client.login(username="owner", password=new)


def test_profile_needs_login(client):
    response = client.get("/accounts/profile/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/accounts/profile/")


def test_profile_saves_email_and_language(client, owner):
    client.login(username="owner", password=PASSWORD)
    response = client.post(
        "/accounts/profile/",
        {
            "email": "owner@example.com",
            "old_password": PASSWORD,  # a new address needs it
            "language": "en",
            "back_offset_x_mm": "1.5",
            "back_offset_y_mm": "-0.5",
        },
        follow=True,
    )
    owner.refresh_from_db()
    assert (owner.email, owner.language) == ("owner@example.com", "en")
    assert (float(owner.back_offset_x_mm), float(owner.back_offset_y_mm)) == (1.5, -0.5)
    assert "Your profile was saved." in response.content.decode()


def test_profile_refuses_a_bad_email_and_changes_nothing(client, owner):
    client.login(username="owner", password=PASSWORD)
    response = client.post(
        "/accounts/profile/",
        {"email": "not-an-email", "language": "en", "back_offset_x_mm": 0, "back_offset_y_mm": 0},
    )
    assert response.status_code == 200
    owner.refresh_from_db()
    assert (owner.email, owner.language) == ("", "hu")


@pytest.mark.parametrize(("x", "y"), [("999.9", "0"), ("0", "-20.1"), ("20.5", "-999.9")])
def test_profile_refuses_a_back_offset_printing_could_not_use(client, owner, x, y):
    client.login(username="owner", password=PASSWORD)
    response = client.post(
        "/accounts/profile/",
        {"email": "", "language": "hu", "back_offset_x_mm": x, "back_offset_y_mm": y},
    )
    assert response.status_code == 200 and "20" in response.content.decode()
    owner.refresh_from_db()
    assert (float(owner.back_offset_x_mm), float(owner.back_offset_y_mm)) == (0, 0)


def test_an_offset_saved_out_of_bounds_is_no_refusal_when_printing(client, owner):
    """Rows saved before the form knew the bounds: printing clamps them, it does not refuse."""
    from printing.services import print_options_clean

    type(owner).objects.filter(pk=owner.pk).update(back_offset_x_mm=999.9, back_offset_y_mm=-99)
    owner.refresh_from_db()
    assert print_options_clean({}, user=owner)["back_offset_mm"] == [20.0, -20.0]


def test_token_regeneration_replaces_the_old_token(client, owner):
    old = Token.objects.create(user=owner)
    client.login(username="owner", password=PASSWORD)
    client.post("/accounts/profile/token/")
    new = Token.objects.get(user=owner)
    assert new.key != old.key
    assert client.get("/accounts/profile/").content.decode().count(new.key) == 1


def test_token_regeneration_needs_post(client, owner):
    client.login(username="owner", password=PASSWORD)
    assert client.get("/accounts/profile/token/").status_code == 405
    assert not Token.objects.filter(user=owner).exists()


def test_api_token_from_username_and_password(client, owner):
    response = client.post("/api/auth/token/", {"username": "owner", "password": PASSWORD})
    assert response.status_code == 200
    token = response.json()["token"]
    me = client.get("/api/me/", HTTP_AUTHORIZATION=f"Token {token}")
    assert me.status_code == 200
    assert me.json()["username"] == "owner"


def test_api_token_with_a_wrong_password_is_a_400_with_a_message(client, owner):
    response = client.post("/api/auth/token/", {"username": "owner", "password": "x"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid"


def test_api_me_uses_the_session_too(client, owner):
    client.login(username="owner", password=PASSWORD)
    assert client.get("/api/me/").json()["username"] == "owner"


def test_api_me_for_a_visitor_is_401_in_hungarian(client):
    response = client.get("/api/me/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json()["error"]["code"] == "not_authenticated"


def test_a_visitor_browses_public_pages(client):
    for url in ["/", "/accounts/login/", "/accounts/signup/", "/api/docs/", "/api/schema/"]:
        assert client.get(url).status_code == 200, url


def test_the_openapi_schema_lists_the_account_endpoints(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    assert "/api/me/" in schema["paths"]
    assert "/api/auth/token/" in schema["paths"]


def test_the_users_own_page_greets_them(client):
    make_user("hunorka", language="en")
    client.login(username="hunorka", password=PASSWORD)
    html = client.get("/").content.decode()
    assert "hunorka" in html
    assert '<html lang="en">' in html


def test_api_me_answers_null_for_no_email_and_the_address_when_given(client, owner):
    client.login(username="owner", password=PASSWORD)
    assert client.get("/api/me/").json()["email"] is None
    owner.email = "owner@example.com"
    owner.save()
    assert client.get("/api/me/").json()["email"] == "owner@example.com"


def _as_json_schema(node):
    """OpenAPI 3.0's `nullable: true` spelled as JSON Schema, for jsonschema to check."""
    if isinstance(node, list):
        return [_as_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _as_json_schema(value) for key, value in node.items()}
    if node.pop("nullable", False) and "type" in node:
        node["type"] = [node["type"], "null"]
    return node


def test_the_schema_of_me_allows_what_it_answers(client, owner):
    import jsonschema

    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/me/"]["get"]
    ref = operation["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    me = schema["components"]["schemas"][ref.rsplit("/", 1)[1]]
    assert me["properties"]["email"]["format"] == "email"
    client.login(username="owner", password=PASSWORD)
    checker = jsonschema.Draft202012Validator(
        {"$ref": ref, "components": _as_json_schema(schema["components"])},
        format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER,
    )
    for email in ("", "owner@example.com"):
        owner.email = email
        owner.save()
        checker.validate(client.get("/api/me/").json())
