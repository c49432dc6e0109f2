"""Sign-up and profile pages, and the guarded doors around Django's account views.

Every door that checks a password is limited: the login form and the
admin's login per address a minute, and through Axes' lockout; the password
changes (ours and the admin's) and a new email address on the profile per
person a minute, and a wrong current password counts towards the same
lockout. A new password also revokes the API token. A login sets the language to the
account's, and logout keeps it (_speaks_account_language, LogoutView). The rest of
the password reset is Django's views.
"""

from functools import wraps
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib import admin, messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import Resolver404, get_script_prefix, resolve, reverse, reverse_lazy
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST
from django_ratelimit.core import is_ratelimited
from django_ratelimit.decorators import ratelimit
from rest_framework.authtoken.models import Token

from accounts import lockout, services
from accounts.forms import (
    AdminOwnPasswordChangeForm,
    OwnPasswordChangeForm,
    PasswordResetRequestForm,
    ProfileForm,
    SignUpForm,
)
from core.errors import ApplicationError
from core.forms import posted
from core.refusals import refusal

MINUTE, HOUR = 60, 60 * 60  # the limits' windows, in seconds (their rates: "…/m", "…/h")


def _over_limit(request: HttpRequest, code: str, message: str, *, per: int) -> HttpResponse:
    """The answer to a POST past its limit of so many a `per` seconds (the decorators below
    set `request.limited`): ask again when that window is over."""
    return refusal(request, status=429, code=code, message=message, retry_after=per)


def set_language_cookie(response: HttpResponse, language: str) -> None:
    """The language switch's cookie (core.views.set_language), set on `response`."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
    )


def _speaks_account_language(view):
    """`view`, a door that may sign a person in (the login form, the admin's, the sign-up).

    Once it has, the site speaks the account's language: its cookie replaces
    whatever the visitor chose before (services.user_language_at_login), so this
    browser agrees with the profile and every other device, and keeps the
    language after logout. A session is what the cookie goes with: the token API
    makes none, and sets none.
    """

    @wraps(view)
    def door(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        before = request.user.pk if request.user.is_authenticated else None
        response = view(request, *args, **kwargs)
        user = request.user
        if user.is_authenticated and user.pk != before:
            language = services.user_language_at_login(
                user=user, visitor_language=request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
            )
            if language:
                set_language_cookie(response, language)
        return response

    return door


def signup_rate(group: str, request: HttpRequest) -> str:
    """Sign-ups one client address may send an hour (read per request, so tests can change it)."""
    return f"{settings.LIMITS['SIGNUPS_PER_HOUR']}/h"


# Only POSTs count: looking at the form is free. Every POST counts, a refused
# form too, so a script cannot probe names or passwords without limit either.
# The key is the client address as accounts.client_address reads it
# (RATELIMIT_IP_META_KEY), the same one the login lockout counts.
@_speaks_account_language
@ratelimit(group="accounts.signup", key="ip", rate=signup_rate, method="POST", block=False)
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("accounts:profile")
    if request.limited:
        return _over_limit(
            request,
            "too_many_signups",
            _("Too many sign-ups from your address in the last hour. Try again later."),
            per=HOUR,
        )
    form = SignUpForm(posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            user = services.user_create(
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                email=form.cleaned_data.get("email") or "",
                language=translation.get_language() or "hu",
            )
        except ApplicationError as refused:
            # Someone took the name since the form checked it: said on the form, like the check.
            form.add_error("username", refused.message)
            return render(request, "accounts/signup.html", {"form": form})
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request, _("Welcome, %(name)s! Your account is ready.") % {"name": user.username}
        )
        return redirect("accounts:profile")
    return render(request, "accounts/signup.html", {"form": form})


def login_rate(group: str, request: HttpRequest) -> str:
    """Logins one client address may send a minute, right or wrong: each costs a third of a
    second of CPU hashing the password, and axes counts only the wrong ones."""
    return f"{settings.LIMITS['LOGINS_PER_MINUTE']}/m"


class LoginView(auth_views.LoginView):
    """Django's login, which sends a signed-in visitor on to `next` at once.

    Django refuses a `next` that is the login page itself with a 500
    ("Redirection loop"), and follows one that differs by a query string or
    a host round the loop once more; a `next` that leads back here goes to
    LOGIN_REDIRECT_URL instead, for a signed-in visitor and after a login alike.
    """

    redirect_authenticated_user = True

    def get_redirect_url(self) -> str:
        url = super().get_redirect_url()  # "" unless it is a safe place to go
        return "" if _is_login_page(url) else url


def _is_login_page(url: str) -> bool:
    path = unquote(urlsplit(url).path)
    prefix = get_script_prefix()  # "/" unless the site is served under a path
    if not path.startswith(prefix):
        return False
    try:
        return resolve("/" + path[len(prefix) :]).view_name == "accounts:login"
    except Resolver404:
        return False


def _login_limited(view):
    """`view` with the login limit per address: every POST counts, right password or wrong."""

    @ratelimit(group="accounts.login", key="ip", rate=login_rate, method="POST", block=False)
    @wraps(view)
    def limited(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.limited:
            return _over_limit(
                request,
                "too_many_logins",
                _("Too many logins from your address in the last minute. Try again in a minute."),
                per=MINUTE,
            )
        return view(request, *args, **kwargs)

    return limited


login_view = _speaks_account_language(_login_limited(LoginView.as_view()))
# The admin's own login form: the same budget, counted together (the group),
# and Axes' lockout already (its form calls authenticate()).
admin_login = _speaks_account_language(_login_limited(admin.site.login))


class LogoutView(auth_views.LogoutView):
    """Django's logout, which says so, and keeps the language the person was reading.

    That language may have come from the account alone (a browser signed in
    before its login set the cookie): the cookie keeps it for the visitor.
    """

    def post(self, request: HttpRequest, *args, **kwargs) -> HttpResponse:
        user = request.user
        language = translation.get_language()  # ChosenLanguageMiddleware's, for this person
        response = super().post(request, *args, **kwargs)
        messages.success(request, _("You are logged out."))
        if user.is_authenticated and user.language_chosen:
            set_language_cookie(response, language)
        return response


def _password_check_refusal(request: HttpRequest, code: str, message: str) -> HttpResponse | None:
    """The 429 if the signed-in person's current password may not be checked now, else None.

    Every check hashes the password, so a person may have LOGINS_PER_MINUTE
    checks a minute, on every form that asks for it together (this one
    counts); while the person is locked out at this address (accounts.lockout)
    the password is not checked at all, like the login. A wrong one is
    counted with lockout.count_wrong_password().
    """
    if is_ratelimited(
        request,
        group="accounts.password_change",
        key="user_or_ip",
        rate=login_rate,
        method="POST",
        increment=True,
    ):
        return _over_limit(request, code, message, per=MINUTE)
    return lockout.password_check_refusal(request, request.user)


def _password_check_limited(view):
    """`view`, a form asking for the current password (`old_password`), guarded like a login.

    Every POST checks that password (_password_check_refusal), and a wrong
    one counts as a failed login. Wrap it in the view's sign-in check, so the
    person is known.
    """

    @wraps(view)
    def guarded(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        refused = _password_check_refusal(
            request,
            "too_many_password_changes",
            _("Too many password changes in the last minute. Try again in a minute."),
        )
        if refused is not None:
            return refused
        response = view(request, *args, **kwargs)
        form = (getattr(response, "context_data", None) or {}).get("form")
        if form is not None and form.has_error("old_password", code="password_incorrect"):
            lockout.count_wrong_password(request, request.user)
        return response

    return guarded


def _password_change_revokes_api_token(view):
    """`view`, Django's PasswordChangeView, which also revokes the person's API token.

    The view itself keeps this session signed in (update_session_auth_hash)
    and so signs out every other; the token would still be a way in. It
    redirects a POST only once it saved the new password.
    """

    @wraps(view)
    def changing(request: HttpRequest, *args, **kwargs) -> HttpResponse:
        response = view(request, *args, **kwargs)
        if request.method == "POST" and response.status_code == 302:
            services.user_api_token_revoke(user=request.user)
        return response

    return changing


password_change = login_required(
    _password_check_limited(
        _password_change_revokes_api_token(
            auth_views.PasswordChangeView.as_view(
                form_class=OwnPasswordChangeForm,
                success_url=reverse_lazy("accounts:password_done"),
            )
        )
    )
)


def _admin_own_password_change(request: HttpRequest) -> HttpResponse:
    """admin.site.password_change, with a form that writes the password column alone.

    The admin's view names Django's form, which saves the whole user row as it
    was read before the password was checked (accounts.forms.SavesPasswordOnly).
    """
    site = admin.site
    request.current_app = site.name
    options = {
        "form_class": AdminOwnPasswordChangeForm,
        "success_url": reverse("admin:password_change_done", current_app=site.name),
        "extra_context": site.each_context(request),
    }
    if site.password_change_template is not None:
        options["template_name"] = site.password_change_template
    return auth_views.PasswordChangeView.as_view(**options)(request)


# The admin's: its staff check first, as admin.site.urls wraps it.
admin_password_change = admin.site.admin_view(
    _password_check_limited(_password_change_revokes_api_token(_admin_own_password_change)),
    cacheable=True,
)


def password_reset_rate(group: str, request: HttpRequest) -> str:
    """Reset requests one client address, or one email address, may send an hour."""
    return f"{settings.LIMITS['PASSWORD_RESETS_PER_HOUR']}/h"


def reset_email_key(group: str, request: HttpRequest) -> str:
    # Counted per mailbox too, like logins per username: requests from many
    # addresses must not flood one player's inbox.
    return request.POST.get("email", "").strip().lower()


_password_reset_form = auth_views.PasswordResetView.as_view(
    form_class=PasswordResetRequestForm,
    success_url=reverse_lazy("accounts:password_reset_sent"),
)


# Like the sign-up limit: only POSTs count, a refused form too. The answer is
# the same for a known and an unknown address, and so is the count.
@ratelimit(
    group="accounts.password_reset", key="ip", rate=password_reset_rate, method="POST", block=False
)
@ratelimit(
    group="accounts.password_reset_email",
    key=reset_email_key,
    rate=password_reset_rate,
    method="POST",
    block=False,
)
@require_http_methods(["GET", "POST"])
def password_reset(request: HttpRequest) -> HttpResponse:
    if request.limited:
        return _over_limit(
            request,
            "too_many_password_resets",
            _("Too many password reset requests in the last hour. Try again later."),
            per=HOUR,
        )
    return _password_reset_form(request)


@login_required
@never_cache  # it shows the API token: no cache between here and the person may keep it
@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    form = ProfileForm(posted(request), instance=request.user)
    if form.checks_password():  # a new email address, and the current password to check
        refused = _password_check_refusal(
            request,
            "too_many_password_checks",
            _("Too many password checks in the last minute. Try again in a minute."),
        )
        if refused is not None:
            return refused
    if request.method == "POST" and form.is_valid():
        user = form.save()
        translation.activate(user.language)  # the confirmation speaks the new language
        messages.success(request, _("Your profile was saved."))
        response = redirect("accounts:profile")
        # The saved language takes effect at once, like the header switch.
        set_language_cookie(response, user.language)
        return response
    if form.has_error("old_password", code="password_incorrect"):
        lockout.count_wrong_password(request, request.user)
    token = Token.objects.filter(user=request.user).first()
    return render(request, "accounts/profile.html", {"form": form, "token": token})


@login_required
@require_POST
def regenerate_token(request: HttpRequest) -> HttpResponse:
    services.user_regenerate_token(user=request.user)
    messages.success(request, _("A new API token was created; the old one no longer works."))
    return redirect("accounts:profile")
