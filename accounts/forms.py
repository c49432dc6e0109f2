from urllib.parse import urlsplit

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminPasswordChangeForm as AdminOwnPasswordForm
from django.contrib.auth.forms import (
    PasswordChangeForm,
    PasswordResetForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts import services, tasks
from accounts.models import User
from accounts.names import UnusableName, check_username
from accounts.selectors import username_taken, username_taken_message
from core import task_queue
from core.forms import changed_columns
from printing import options as print_options


class SavesPasswordOnly:
    """For Django's forms that set a password (SetPasswordMixin): the save writes the
    password column alone, not the whole row its user was read with (changed_columns)."""

    def set_password_and_save(self, user: User, *args, commit: bool = True, **kwargs) -> User:
        user = super().set_password_and_save(user, *args, commit=False, **kwargs)
        if commit:
            user.save(update_fields=["password"])
        return user


class RulesUnderTheNewPassword:
    """For Django's forms that set a password: what the password lacks (too short, too
    common, all digits) is said under the field the password was typed in, not under its
    confirmation, where Django puts it and where a player looks last."""

    # Django's own default: the confirmation field's name (a name, not a password)
    def validate_password_for_user(self, user, password_field_name="password2", **kwargs):  # noqa: S107
        typed = password_field_name.removesuffix("2") + "1"  # password1, new_password1
        name = typed if typed in self.fields else password_field_name
        super().validate_password_for_user(user, password_field_name=name, **kwargs)


class UsernameChecks:
    """`clean_username` for a form that sets a username (sign-up, the admin's add and change).

    Django's sign-up form compares names with `iexact`, which on SQLite folds
    ASCII only; this compares the name's key (accounts.names), and refuses a
    name that reads as nothing or mixes alphabets. A name the form leaves as
    it was is not checked again: a player who registered before these rules
    keeps their name.
    """

    def clean_username(self):
        clean = getattr(super(), "clean_username", None)
        username = clean() if clean else self.cleaned_data.get("username")
        unchanged = self.instance.pk is not None and "username" not in self.changed_data
        if not username or unchanged:
            return username
        try:
            check_username(username)
        except UnusableName as refused:
            raise ValidationError(refused.message, code=refused.code) from None
        if username_taken(username=username, exclude_pk=self.instance.pk):
            raise ValidationError(username_taken_message(), code="unique")
        return username


# The address is where a password reset goes (PasswordResetRequestForm): without one, a
# forgotten password is an account lost, and the player should know it before leaving it out.
EMAIL_HELP = _(
    "Optional. Only used if you ask for it; without it, a forgotten password cannot be reset."
)


class SignUpForm(UsernameChecks, RulesUnderTheNewPassword, UserCreationForm):
    email = forms.EmailField(
        label=_("Email"),
        required=False,
        help_text=EMAIL_HELP,
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class ProfileForm(forms.ModelForm):
    """The player's settings. A new email address needs the current password.

    The address is where a password reset goes: whoever holds only a session
    (a cookie taken from a shared computer) must not be able to point it at
    their own mailbox and take the account. The password is checked only when
    the address changes; the view guards that check like a login
    (accounts.views.profile). An account without a usable password has none
    to ask for and is never sent a reset link (PasswordResetForm.get_users,
    services.password_reset_send), so its address changes without one.
    """

    old_password = forms.CharField(
        label=_("Current password"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=_("Needed only to change your email address."),
    )

    class Meta:
        model = User
        fields = ("email", "old_password", "language", "back_offset_x_mm", "back_offset_y_mm")
        labels = {"email": _("Email address")}  # Django's own Hungarian spells it apart
        help_texts = {"email": EMAIL_HELP}

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if not self.instance.has_usable_password():
            del self.fields["old_password"]
        # The offsets are every print job's default: the print option's own bounds hold here.
        offset = print_options.OPTION["back_offset_mm"]
        for name in ("back_offset_x_mm", "back_offset_y_mm"):
            field = self.fields[name]
            field.min_value, field.max_value = offset.low, offset.high
            field.validators += [MinValueValidator(offset.low), MaxValueValidator(offset.high)]
            field.widget.attrs.update(min=offset.low, max=offset.high)

    def _asks_for_password(self) -> bool:
        return "old_password" in self.fields and "email" in self.changed_data

    def checks_password(self) -> bool:
        """Whether validating this form hashes the current password: the address changes
        and a password was typed. The view limits such a POST before validating it."""
        return self.is_bound and self._asks_for_password() and bool(self["old_password"].data)

    def clean(self):
        cleaned_data = super().clean()
        if not self._asks_for_password():
            return cleaned_data
        password = cleaned_data.get("old_password")
        if not password:
            message = _("Type your current password to change your email address.")
            self.add_error("old_password", ValidationError(message, code="required"))
        elif not self.instance.check_password(password):
            message = _("That is not your current password.")
            self.add_error("old_password", ValidationError(message, code="password_incorrect"))
        return cleaned_data

    def save(self, commit: bool = True) -> User:
        """Write the settings this form changed, and no other column (changed_columns).
        A language changed here is the player's choice (User.language_chosen)."""
        user = super().save(commit=False)
        columns = changed_columns(self)
        if "language" in columns:
            user.language_chosen = True
            columns.append("language_chosen")
        if commit:
            user.save(update_fields=columns)
        return user


class PasswordResetRequestForm(PasswordResetForm):
    """Django's form, but ONE mail per request, sent by a worker, not while the visitor waits.

    An address is neither unique nor verified: one request used to mail every
    account at it, a mail each (fifty accounts, fifty mails). The one mail lists
    each account with its own link (services.password_reset_send). The answer must
    not tell whether an account uses the address, and a mail server takes long
    enough to tell it by the clock alone.
    """

    def save(self, *, request, use_https: bool = False, **ignored) -> None:
        domain, use_https = _mailed_link_site(request, use_https=use_https)
        # the accounts used last first: the mail speaks the first one's language, and
        # lists the first RESET_MAIL_MOST_ACCOUNTS
        users = sorted(self.get_users(self.cleaned_data["email"]), key=_used_last_first)
        user_ids = [user.pk for user in users[: services.RESET_MAIL_MOST_ACCOUNTS]]
        if not user_ids:
            return
        # A mail the broker refused is logged (an error, for the site's keepers) and
        # otherwise passed over: a 500 only where an account uses the address would
        # tell whoever typed it that one does.
        transaction.on_commit(
            lambda: task_queue.send(
                tasks.send_password_reset_mail,
                user_ids=user_ids,
                domain=domain,
                use_https=use_https,
            )
        )


def _used_last_first(user: User) -> tuple:
    last = user.last_login.timestamp() if user.last_login else float("-inf")
    return (-last, -user.pk)


def _mailed_link_site(request, *, use_https: bool) -> tuple[str, bool]:
    """The host, and whether https, of a link mailed out: SITE_URL's when it is set.

    Otherwise the host the request came to. get_host() refuses one outside
    ALLOWED_HOSTS, which is enough while that list names hosts exactly; with
    a wildcard ("*", ".example.com") a forged Host header would point the
    link at someone else's server, so the settings require SITE_URL then.
    """
    if settings.SITE_URL:
        site = urlsplit(settings.SITE_URL)
        return site.netloc, site.scheme == "https"
    return request.get_host(), use_https


class OwnPasswordChangeForm(SavesPasswordOnly, RulesUnderTheNewPassword, PasswordChangeForm):
    """The signed-in player's new password (accounts.views.password_change)."""


class AdminOwnPasswordChangeForm(SavesPasswordOnly, AdminOwnPasswordForm):
    """The admin's form for their own new password (accounts.views.admin_password_change)."""


class NewPasswordForm(SavesPasswordOnly, RulesUnderTheNewPassword, SetPasswordForm):
    """The new password, chosen from the mailed link."""

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=commit)
        services.user_password_reset_clear_lockout(user=user)
        services.user_api_token_revoke(user=user)
        return user
