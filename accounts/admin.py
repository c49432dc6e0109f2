from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import (
    AdminPasswordChangeForm,
    AdminUserCreationForm,
    UserChangeForm,
)
from django.utils.translation import gettext_lazy as _

from accounts import services
from accounts.forms import SavesPasswordOnly, UsernameChecks
from accounts.models import User
from core.forms import changed_columns


class AdminAddUserForm(UsernameChecks, AdminUserCreationForm):
    class Meta(AdminUserCreationForm.Meta):
        model = User


class AdminChangeUserForm(UsernameChecks, UserChangeForm):
    class Meta(UserChangeForm.Meta):
        model = User


class AdminSetPasswordForm(SavesPasswordOnly, AdminPasswordChangeForm):
    """The admin setting a player's password, or taking it away: their API token stops working
    too, as after the player's own change (accounts.views)."""

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=commit)
        services.user_api_token_revoke(user=user)
        return user


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    # The admin sets and changes usernames too: the same rules as the sign-up.
    add_form = AdminAddUserForm
    form = AdminChangeUserForm
    change_password_form = AdminSetPasswordForm
    fieldsets = (*DjangoUserAdmin.fieldsets, (_("Preferences"), {"fields": ("language",)}))
    list_display = ("username", "email", "language", "is_staff", "date_joined")
    list_filter = ("language", "is_staff", "is_active")

    def save_model(self, request, obj, form, change) -> None:
        # A change writes the fields the admin changed, not the whole row as this request
        # read it: the player may change the password or a setting in the meantime.
        if change:
            obj.save(update_fields=changed_columns(form))
        else:
            super().save_model(request, obj, form, change)
