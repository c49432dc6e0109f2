from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import User


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
