"""The site's user."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

from accounts.names import NAME_KEY_MAX_LENGTH, name_key


class User(AbstractUser):
    """Django's user plus the preferences that follow a player between devices."""

    LANGUAGE_CHOICES = [("hu", _("Hungarian")), ("en", _("English"))]

    language = models.CharField(_("language"), max_length=8, choices=LANGUAGE_CHOICES, default="hu")
    # Whether the player ever chose `language` (the language switch while signed in, the
    # profile, or the switch as a visitor before their first login): until then it is the
    # site's default, and a login takes the visitor's choice instead (accounts.views).
    language_chosen = models.BooleanField(default=False, editable=False)

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

    # The username as a reader tells names apart (accounts.names.name_key), kept
    # unique here so that two sign-ups at the same moment cannot both take one
    # name in two spellings ("Ádám", "ádám"). NULL only for the later of players
    # who registered such twins before the key existed (migration 0004).
    name_key = models.CharField(
        max_length=NAME_KEY_MAX_LENGTH, unique=True, null=True, editable=False
    )

    class Meta(AbstractUser.Meta):
        swappable = "AUTH_USER_MODEL"

    def save(self, *args, **kwargs) -> None:
        # The key follows the username on every save that writes the username;
        # a save of other fields only (last_login, say) leaves both alone.
        update_fields = kwargs.get("update_fields")
        if update_fields is None or "username" in update_fields:
            self.name_key = self._name_key_to_store()
            if update_fields is not None:
                kwargs["update_fields"] = {*update_fields, "name_key"}
        super().save(*args, **kwargs)

    def _name_key_to_store(self) -> str | None:
        key = name_key(self.username)
        if self.name_key is None and not self._state.adding and self.pk is not None:
            # A twin left without a key by migration 0004 keeps its name and can
            # still save its profile; a new name gets its key like anyone's.
            stored = User.objects.filter(pk=self.pk).values_list("username", flat=True).first()
            if (
                stored == self.username
                and User.objects.filter(name_key=key).exclude(pk=self.pk).exists()
            ):
                return None
        return key
