from django import forms
from django.contrib.auth.forms import PasswordResetForm, SetPasswordForm, UserCreationForm
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from accounts import services, tasks
from accounts.models import User
from printing import options as print_options


class SignUpForm(UserCreationForm):
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
            transaction.on_commit(
                lambda user_id=user.pk: tasks.send_password_reset.delay(
                    user_id=user_id, domain=domain, use_https=use_https
                )
            )


class NewPasswordForm(SetPasswordForm):
    """The new password, chosen from the mailed link."""

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=commit)
        services.user_password_reset_clear_lockout(user=user)
        return user
