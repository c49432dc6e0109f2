"""Django's own sentences that our catalogue words again, informally ("te").

Django's Hungarian catalogue addresses the reader formally, and one of its
sentences is not grammatical. Our catalogue (locale/, first in
LOCALE_PATHS) gives these msgids our own wording. Nothing imports this
module: it lists them so that `make messages` finds them in our source and
keeps their translations instead of dropping them as obsolete.
"""

from django.utils.translation import gettext_noop, ngettext_lazy

STOCK_STRINGS = [
    gettext_noop(
        "Please enter a correct %(username)s and password. Note that both fields may be "
        "case-sensitive."
    ),
    gettext_noop("The two password fields didn’t match."),
    gettext_noop("Enter the same password as before, for verification."),
    gettext_noop("Your old password was entered incorrectly. Please enter it again."),
    gettext_noop("A user with that username already exists."),
    gettext_noop(
        "Enter a valid username. This value may contain only letters, numbers, and "
        "@/./+/-/_ characters."
    ),
    gettext_noop(
        "Enter a valid username. This value may contain only unaccented lowercase a-z "
        "and uppercase A-Z letters, numbers, and @/./+/-/_ characters."
    ),
    ngettext_lazy(
        "This password is too short. It must contain at least %d character.",
        "This password is too short. It must contain at least %d characters.",
        1,
    ),
    ngettext_lazy(
        "Your password must contain at least %(min_length)d character.",
        "Your password must contain at least %(min_length)d characters.",
        1,
    ),
    gettext_noop("The password is too similar to the %(verbose_name)s."),
    gettext_noop("Your password can’t be too similar to your other personal information."),
    gettext_noop("This password is too common."),
    gettext_noop("Your password can’t be a commonly used password."),
    gettext_noop("This password is entirely numeric."),
    gettext_noop("Your password can’t be entirely numeric."),
    gettext_noop("Enter a valid email address."),
    gettext_noop("Enter a valid value."),
    gettext_noop("Enter a whole number."),
    gettext_noop("Select a valid choice. %(value)s is not one of the available choices."),
    gettext_noop("Select a valid choice. That choice is not one of the available choices."),
    gettext_noop("Ensure this value is less than or equal to %(limit_value)s."),
    gettext_noop("Ensure this value is greater than or equal to %(limit_value)s."),
    ngettext_lazy(
        "Ensure this value has at most %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at most %(limit_value)d characters (it has %(show_value)d).",
        1,
    ),
    ngettext_lazy(
        "Ensure this value has at least %(limit_value)d character (it has %(show_value)d).",
        "Ensure this value has at least %(limit_value)d characters (it has %(show_value)d).",
        1,
    ),
    gettext_noop("Enter a valid domain name."),
    gettext_noop("Enter a valid URL."),
    gettext_noop("Enter a valid integer."),
    gettext_noop("Enter a valid “slug” consisting of letters, numbers, underscores or hyphens."),
    gettext_noop(
        "Enter a valid “slug” consisting of Unicode letters, numbers, underscores, or hyphens."
    ),
    gettext_noop("Enter a valid %(protocol)s address."),
    gettext_noop("Enter only digits separated by commas."),
    gettext_noop("Ensure this value is %(limit_value)s (it is %(show_value)s)."),
    gettext_noop("Ensure this value is a multiple of step size %(limit_value)s."),
    gettext_noop("Enter a valid date."),
    gettext_noop("Enter a valid time."),
    gettext_noop("Enter a valid date/time."),
    gettext_noop("Enter a valid duration."),
    gettext_noop("No file was submitted. Check the encoding type on the form."),
    gettext_noop(
        "Upload a valid image. The file you uploaded was either not an image or a corrupted image."
    ),
    gettext_noop("Enter a complete value."),
    gettext_noop("Enter a valid UUID."),
    gettext_noop("Enter a valid JSON."),
    gettext_noop(
        "If you have configured your browser to disable “Referer” headers, please "
        "re-enable them, at least for this site, or for HTTPS connections, or for "
        "“same-origin” requests."
    ),
    gettext_noop(
        'If you are using the <meta name="referrer" content="no-referrer"> tag or '
        "including the “Referrer-Policy: no-referrer” header, please remove them. The "
        "CSRF protection requires the “Referer” header to do strict referer checking. If "
        'you’re concerned about privacy, use alternatives like <a rel="noreferrer" …> for'
        " links to third-party sites."
    ),
    gettext_noop(
        "If you have configured your browser to disable cookies, please re-enable them, "
        "at least for this site, or for “same-origin” requests."
    ),
    ngettext_lazy(
        "Ensure that there are no more than %(max)s digit in total.",
        "Ensure that there are no more than %(max)s digits in total.",
        1,
    ),
    ngettext_lazy(
        "Ensure that there are no more than %(max)s decimal place.",
        "Ensure that there are no more than %(max)s decimal places.",
        1,
    ),
    ngettext_lazy(
        "Ensure that there are no more than %(max)s digit before the decimal point.",
        "Ensure that there are no more than %(max)s digits before the decimal point.",
        1,
    ),
    ngettext_lazy(
        "Ensure this filename has at most %(max)d character (it has %(length)d).",
        "Ensure this filename has at most %(max)d characters (it has %(length)d).",
        1,
    ),
]
