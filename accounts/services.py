"""Writes on accounts."""

from django.db import transaction
from rest_framework.authtoken.models import Token

from accounts.models import User


@transaction.atomic
def user_create(*, username: str, password: str, email: str = "", language: str = "hu") -> User:
    user = User(username=username, email=email, language=language)
    user.set_password(password)
    user.full_clean(exclude=["password"])
    user.save()
    return user


@transaction.atomic
def user_regenerate_token(*, user: User) -> Token:
    """A new API token; the old one stops working at once."""
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user)
