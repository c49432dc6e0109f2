"""The site's user."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """Django's user plus the preferences that follow a player between devices."""

    LANGUAGE_CHOICES = [("hu", _("Hungarian")), ("en", _("English"))]

    language = models.CharField(_("language"), max_length=8, choices=LANGUAGE_CHOICES, default="hu")

    # Where this player's printer puts the back page relative to the front,
    # measured with the alignment sheet (printing.alignment); used as the
    # default of every print job.
    back_offset_x_mm = models.DecimalField(
        _("back offset, horizontal (mm)"), max_digits=4, decimal_places=1, default=0
    )
    back_offset_y_mm = models.DecimalField(
        _("back offset, vertical (mm)"), max_digits=4, decimal_places=1, default=0
    )

    # Whether other players see this player's have and want lists (partners, proposals to
    # them). Off until the player turns it on: the lists come from a private collection.
    trades_open = models.BooleanField(_("lists shown to other players"), default=False)

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"
