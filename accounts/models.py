"""The site's user."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """Django's user plus the preferences that follow a player between devices."""

    LANGUAGE_CHOICES = [("hu", _("Hungarian")), ("en", _("English"))]

    language = models.CharField(_("language"), max_length=8, choices=LANGUAGE_CHOICES, default="hu")

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
