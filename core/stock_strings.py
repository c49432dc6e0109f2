"""Django REST framework's sentences that its Hungarian catalogue lacks, worded in ours.

An API client that asks in Hungarian (or a signed-in player whose language is
Hungarian) got these in English: "Must be a valid boolean.", "Not a valid
string." Our catalogue (locale/, first in LOCALE_PATHS) fills them in, in the
informal address. Nothing imports this module: it lists the msgids so that
`make messages` finds them in our source and keeps their translations
(accounts/stock_strings.py does the same for Django's own).
"""

from django.utils.translation import gettext_noop, ngettext_lazy

DRF_STRINGS = [
    gettext_noop("Must be a valid UUID."),
    gettext_noop("Must be a valid boolean."),
    gettext_noop("Not a valid string."),
    gettext_noop("Ensure this field has at least {min_length} elements."),
    gettext_noop("Ensure this field has no more than {max_length} elements."),
    gettext_noop("A valid biginteger is required."),
    gettext_noop("Datetime value out of range."),
    gettext_noop("Invalid input."),
    gettext_noop("This dictionary may not be empty."),
    gettext_noop("Surrogate characters are not allowed: U+{code_point:X}."),
    gettext_noop("Integer value too large to convert to float"),
    gettext_noop("Ensure this field has no more than {max_length} characters."),
    gettext_noop("Ensure this field has at least {min_length} characters."),
    gettext_noop("Invalid data. Expected a dictionary, but got {datatype}."),
    gettext_noop('Expected a dictionary of items but got type "{input_type}".'),
    gettext_noop('Expected a list of items but got type "{input_type}".'),
    gettext_noop("No data provided"),
    gettext_noop('Invalid datetime for the timezone "{timezone}".'),
    gettext_noop(
        'Enter a valid "slug" consisting of Unicode letters, numbers, underscores, or hyphens.'
    ),
    ngettext_lazy(
        "Expected available in {wait} second.", "Expected available in {wait} seconds.", 1
    ),
]
