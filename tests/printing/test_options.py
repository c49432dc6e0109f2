"""Issue #20: the print options are one table that the form, the API and the service read."""

from __future__ import annotations

import pytest

from printing import options as print_options
from printing import services
from printing.api import PrintJobInputSerializer
from printing.forms import PrintOptionsForm
from printing.layout import SheetOptions


def test_the_form_the_api_and_the_service_offer_the_same_options():
    form_fields = set(PrintOptionsForm().fields)
    api_fields = set(PrintJobInputSerializer().fields) - {"deck", "again", "set", "cards"}
    for option in print_options.OPTIONS:
        assert option.name in api_fields
        parts = {name for name, _label in option.parts} or {option.name}
        assert parts <= form_fields
    assert api_fields == set(print_options.OPTION)
    assert set(services.print_options_clean({})) == set(print_options.OPTION)


def test_an_untouched_form_gives_the_service_its_defaults():
    form = PrintOptionsForm({
        name: value
        for name, field in PrintOptionsForm().fields.items()
        if (value := field.initial) is not False
    })  # fmt: skip
    assert form.is_valid(), form.errors
    assert services.print_options_clean(form.to_options()) == services.print_options_clean({})


def test_the_layout_defaults_are_the_options_defaults():
    defaults = services.print_options_clean({})
    assert services.sheet_options(defaults) == SheetOptions()


@pytest.mark.parametrize("name", ["margin_mm", "gap_mm", "bleed_mm"])
def test_a_length_past_its_limit_is_refused_by_the_form_and_the_service(name):
    high = print_options.OPTION[name].high
    form = PrintOptionsForm({"page_size": "a4", "card_size": "poker", "flip": "long",
                             "quantity": 1, name: high + 1})  # fmt: skip
    assert not form.is_valid() and name in form.errors
    with pytest.raises(services.PrintOptionsError):
        services.print_options_clean({name: high + 1})
