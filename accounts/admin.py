from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    fieldsets = (*DjangoUserAdmin.fieldsets, (_("Preferences"), {"fields": ("language",)}))
    list_display = ("username", "email", "language", "is_staff", "date_joined")
    list_filter = ("language", "is_staff", "is_active")
