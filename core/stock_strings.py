"""Django REST framework's sentences that its Hungarian catalogue lacks or words formally.

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
    # DRF's own Hungarian has these, in the formal address (or garbled): ours win
    gettext_noop("Date has wrong format. Use one of these formats instead: {format}."),
    gettext_noop("Datetime has wrong format. Use one of these formats instead: {format}."),
    gettext_noop("Time has wrong format. Use one of these formats instead: {format}."),
    gettext_noop("Duration has wrong format. Use one of these formats instead: {format}."),
    gettext_noop("Ensure that there are no more than {max_digits} digits in total."),
    gettext_noop("Ensure that there are no more than {max_decimal_places} decimal places."),
    gettext_noop(
        "Ensure that there are no more than {max_whole_digits} digits before the decimal point."
    ),
    gettext_noop("Ensure this filename has at most {max_length} characters (it has {length})."),
    gettext_noop("Ensure this value is greater than or equal to {min_value}."),
    gettext_noop("Ensure this value is less than or equal to {max_value}."),
    gettext_noop('Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.'),
    gettext_noop("Enter a valid IPv4 or IPv6 address."),
    gettext_noop("The submitted data was not a file. Check the encoding type on the form."),
    gettext_noop("This selection may not be empty."),
    gettext_noop("You do not have permission to perform this action."),
    gettext_noop('Must include "username" and "password".'),
    gettext_noop("Value must be valid JSON."),
]
