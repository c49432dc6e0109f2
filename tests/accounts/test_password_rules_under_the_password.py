"""What a new password lacks is said under the field it was typed in.

Django says "too short", "too common" and "entirely numeric" under the
confirmation field; the sign-up page showed them there, below the field the
player had to fix. Sign-up, the password change and the reset link's form all
say them under the new password now.
"""

from __future__ import annotations

import re

import pytest

from accounts.forms import NewPasswordForm, OwnPasswordChangeForm, SignUpForm
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db
WEAK = "12345678"  # too common and entirely numeric


def test_the_sign_up_page_says_it_under_the_password(client):
    response = client.post(
        "/accounts/signup/", {"username": "zsofi", "password1": WEAK, "password2": WEAK}
    )
    form = response.context["form"]
    assert response.status_code == 200 and form.errors.get("password1")
    assert "password2" not in form.errors
    html = response.content.decode()
    typed = re.search(r'<input[^>]*name="password1"[^>]*>', html).group(0)
    confirmation = re.search(r'<input[^>]*name="password2"[^>]*>', html).group(0)
    assert 'aria-invalid="true"' in typed and 'aria-invalid="true"' not in confirmation


@pytest.mark.parametrize(
    ("form_class", "data", "typed"),
    [
        (SignUpForm, {"username": "gergo", "password1": WEAK, "password2": WEAK}, "password1"),
        (
            OwnPasswordChangeForm,
            {"old_password": PASSWORD, "new_password1": WEAK, "new_password2": WEAK},
            "new_password1",
        ),
        (NewPasswordForm, {"new_password1": WEAK, "new_password2": WEAK}, "new_password1"),
    ],
)
def test_every_form_that_sets_a_password_says_it_under_the_one_typed(form_class, data, typed):
    user = make_user("owner")
    form = form_class(data=data) if form_class is SignUpForm else form_class(user, data=data)
    assert not form.is_valid()
    assert len(form.errors[typed]) >= 2  # too common, entirely numeric
    assert set(form.errors) == {typed}


def test_a_mismatch_still_stands_under_the_confirmation(client):
    form = SignUpForm(data={"username": "zsofi", "password1": PASSWORD, "password2": "x"})
    assert not form.is_valid() and set(form.errors) == {"password2"}
