from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.utils.translation import gettext_lazy as _

from accounts.forms import UsernameChecks
from accounts.models import User


class AdminAddUserForm(UsernameChecks, AdminUserCreationForm):
    class Meta(AdminUserCreationForm.Meta):
        model = User


class AdminChangeUserForm(UsernameChecks, UserChangeForm):
    class Meta(UserChangeForm.Meta):
        model = User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    # The admin sets and changes usernames too: the same rules as the sign-up.
    add_form = AdminAddUserForm
    form = AdminChangeUserForm
    fieldsets = (*DjangoUserAdmin.fieldsets, (_("Preferences"), {"fields": ("language",)}))
    list_display = ("username", "email", "language", "is_staff", "date_joined")
    list_filter = ("language", "is_staff", "is_active")
