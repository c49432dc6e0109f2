"""The admin's doors that check a password, guarded like ours (accounts.views).

config/urls.py includes these under admin/ before admin.site.urls, so they
answer those two paths; the admin's own names ("admin:login") still reverse
to the same addresses.
"""

from django.urls import path

from accounts import views

urlpatterns = [
    path("login/", views.admin_login),
    path("password_change/", views.admin_password_change),
]
