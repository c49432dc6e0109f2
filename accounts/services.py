"""Writes on accounts."""

from collections.abc import Sequence

from axes.utils import reset as axes_reset
from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode
from django.utils.translation import gettext
from rest_framework.authtoken.models import Token

from accounts.models import User
from accounts.names import check_username
from accounts.selectors import username_taken, username_taken_message
from core.errors import ApplicationError, Conflict


def _name_taken() -> Conflict:
    return Conflict("username_taken", username_taken_message())


@transaction.atomic
def user_create(*, username: str, password: str, email: str = "", language: str = "hu") -> User:
    """A new player. Refused (UnusableName, or Conflict `username_taken`) for a name that
    reads as nothing, mixes alphabets, or is another player's in any spelling."""
    user = User(username=username, email=email, language=language)
    user.set_password(password)
    check_username(username)
    if username_taken(username=username):
        raise _name_taken()
    user.full_clean(exclude=["password"])
    try:
        # A savepoint: a sign-up at the same moment may take the name between the
        # check above and this insert; the unique name_key refuses the second one.
        with transaction.atomic():
            user.save()
    except IntegrityError:
        raise _name_taken() from None
    return user


def user_language_choose(*, user: User, language: str) -> None:
    """The player chose `language` (the language switch while signed in, or the profile):
    saved on the account, which every device and every later login follows."""
    if language not in dict(User.LANGUAGE_CHOICES):
        return
    if (user.language, user.language_chosen) != (language, True):
        user.language, user.language_chosen = language, True
        user.save(update_fields=["language", "language_chosen"])


def user_language_at_login(*, user: User, visitor_language: str | None) -> str | None:
    """The language the site speaks to `user` from this login on, or None for the default.

    The account's choice is the truth for a signed-in person: a visitor's choice made
    before the login gives way to it, unless the account never chose, when the
    visitor's choice is saved as the account's.
    """
    if not user.language_chosen and visitor_language:
        user_language_choose(user=user, language=visitor_language)
    return user.language if user.language_chosen else None


def _lock_tokens_of(user: User) -> None:
    """Take the user's row for the rest of the transaction: every writer of their API
    token (a new one, the token login) waits its turn here."""
    _password_now(user)


def _password_now(user: User) -> str | None:
    """Take the user's row as `_lock_tokens_of` does; its password hash as committed now
    (a password change writes the row, so it waits for the lock or is seen here)."""
    rows = User.objects.select_for_update(no_key=True).filter(pk=user.pk)
    return rows.values_list("password", flat=True).first()


@transaction.atomic
def user_regenerate_token(*, user: User) -> Token:
    """A new API token; the old one stops working at once.

    Two clicks at the same moment take turns on the user's row: otherwise both
    delete the old token, and the later insert meets the earlier one's on the
    unique user (a 500). The later click replaces the earlier click's token.
    """
    _lock_tokens_of(user)
    Token.objects.filter(user=user).delete()
    return Token.objects.create(user=user)


@transaction.atomic
def user_api_token(*, user: User) -> Token:
    """The user's API token, made if they have none: what the token login answers.

    `user` is the row as the login read it when it checked the password. Takes
    turns with "new API token" on the user's row. Unlocked (DRF's own
    get_or_create), a login making the player's first token while the page made
    one too left the page's insert to meet the login's on the unique user (a 500).
    A login that comes first is still told the token that the page then
    replaces: the button's promise is that the old token stops working.

    A password replaced after the login checked the old one (and its token
    revoked) refuses the login as a wrong password would: otherwise it made a
    token after the revoke, a way in that the new password did not close.
    """
    if _password_now(user) != user.password:
        raise ApplicationError("invalid", gettext("Unable to log in with provided credentials."))
    token = Token.objects.filter(user=user).first()
    return token if token is not None else Token.objects.create(user=user)


def user_api_token_revoke(*, user: User) -> bool:
    """The user's API token stops working at once; True if they had one.

    Called wherever a password is replaced (the password changes, ours and
    the admin's, a reset from the mailed link, the admin setting a player's
    password): a player who changes a leaked password expects every other
    way in to close, and Django already signs the other sessions out. No
    new token is made: the profile page creates one when the player asks
    for it, and only a program they set up again needs it.
    """
    deleted, _by_model = Token.objects.filter(user=user).delete()
    return deleted > 0


# The most accounts one reset mail lists. An address is neither unique nor proved to be
# its owner's: anyone may sign up accounts with it, and the mail stays one short mail.
RESET_MAIL_MOST_ACCOUNTS = 20


def password_reset_send(*, user_ids: Sequence[int], domain: str, use_https: bool) -> int:
    """Mail ONE message to the mailbox of these accounts: each account's username with its
    own link to choose a new password. Returns how many accounts it lists (0: none sent).

    The accounts come as the reset form found them for one address (any case), the one
    used last first: the mail goes to that one's address, in its language, and lists
    every other account still at the same address (case aside), at most
    RESET_MAIL_MOST_ACCOUNTS. Runs in a worker (accounts.tasks), so the reset form
    answers as fast for an unknown address as for a known one. The tokens are made
    here, at send time, and never travel through the broker. An account that can no
    longer be reset (deleted, deactivated, without a usable password or at another
    address since the request) is left out.
    """
    found = User.objects.filter(pk__in=list(user_ids)[:RESET_MAIL_MOST_ACCOUNTS], is_active=True)
    by_id = {user.pk: user for user in found.exclude(email="") if user.has_usable_password()}
    users = [by_id[pk] for pk in dict.fromkeys(user_ids) if pk in by_id]
    if not users:
        return 0
    mailbox = users[0].email
    users = [user for user in users if user.email.casefold() == mailbox.casefold()]
    scheme = "https" if use_https else "http"
    accounts = []
    for user in users:
        path = reverse(
            "accounts:password_reset_confirm",
            kwargs={
                "uidb64": urlsafe_base64_encode(force_bytes(user.pk)),
                "token": default_token_generator.make_token(user),
            },
        )
        accounts.append({"user": user, "link": f"{scheme}://{domain}{path}"})
    context = {
        "accounts": accounts,
        "user": accounts[0]["user"],
        "link": accounts[0]["link"],
        "domain": domain,
        "hours": settings.PASSWORD_RESET_TIMEOUT // 3600,
    }
    with translation.override(users[0].language):
        subject = render_to_string("registration/password_reset_subject.txt", context)
        body = render_to_string("registration/password_reset_email.txt", context)
    # A header must be one line, whatever a translation does.
    send_mail(" ".join(subject.split()), body, None, [mailbox])
    return len(accounts)


def user_password_reset_clear_lockout(*, user: User) -> None:
    """Failed logins against this name stop counting once its owner proved the mailbox.

    Otherwise a player who forgot the password, guessed until locked out and
    then reset it would still be refused with the new one until the cool-off
    ends. Failures counted against an address stay: the address may not be theirs.
    """
    axes_reset(username=user.username)
