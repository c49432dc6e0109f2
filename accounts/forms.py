from django import forms
from django.contrib.auth.forms import PasswordResetForm, SetPasswordForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts import services, tasks
from accounts.models import User
from accounts.names import UnusableName, check_username
from accounts.selectors import username_taken, username_taken_message
from core import task_queue
from printing import options as print_options


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


class SignUpForm(UsernameChecks, UserCreationForm):
    email = forms.EmailField(
        label=_("Email"),
        required=False,
        help_text=_("Optional. Only used if you ask for it."),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")


class ProfileForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ("email", "language", "back_offset_x_mm", "back_offset_y_mm")
        labels = {"email": _("Email address")}  # Django's own Hungarian spells it apart

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The offsets are every print job's default: the print option's own bounds hold here.
        offset = print_options.OPTION["back_offset_mm"]
        for name in ("back_offset_x_mm", "back_offset_y_mm"):
            field = self.fields[name]
            field.min_value, field.max_value = offset.low, offset.high
            field.validators += [MinValueValidator(offset.low), MaxValueValidator(offset.high)]
            field.widget.attrs.update(min=offset.low, max=offset.high)


class PasswordResetRequestForm(PasswordResetForm):
    """Django's form, but the mail is sent by a worker, not while the visitor waits.

    The answer must not tell whether an account uses the address, and a mail
    server takes long enough to tell it by the clock alone.
    """

    def save(self, *, request, use_https: bool = False, **ignored) -> None:
        # The host is one of ALLOWED_HOSTS (get_host() refuses any other),
        # so a forged Host header cannot point the link elsewhere.
        domain = request.get_host()
        for user in self.get_users(self.cleaned_data["email"]):
            # A mail the broker refused is logged (an error, for the site's keepers) and
            # otherwise passed over: a 500 only where an account uses the address would
            # tell whoever typed it that one does.
            transaction.on_commit(
                lambda user_id=user.pk: task_queue.send(
                    tasks.send_password_reset, user_id=user_id, domain=domain, use_https=use_https
                )
            )


class NewPasswordForm(SetPasswordForm):
    """The new password, chosen from the mailed link."""

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=commit)
        services.user_password_reset_clear_lockout(user=user)
        return user
