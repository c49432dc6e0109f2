from django import forms
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from printing.options import OPTIONS, Option


class OptionChoiceField(forms.ChoiceField):
    """A choice read as the service and the API read it (``Option.key``: "A4" is "a4")."""

    def __init__(self, *, option: Option, **kwargs) -> None:
        super().__init__(**kwargs)
        self.option = option

    def to_python(self, value):
        return self.option.key(super().to_python(value))


def _fields(option: Option) -> dict[str, forms.Field]:
    """The form's field(s) for one print option, its limits and default from the option table."""
    if option.kind == "choice":
        choices = [(value, _(label)) for value, label in option.choices]
        field = OptionChoiceField(
            option=option, label=_(option.label), choices=choices, initial=option.default
        )
        return {option.name: field}
    if option.kind == "flag":
        field = forms.BooleanField(label=_(option.label), required=False, initial=option.default)
        return {option.name: field}
    if option.kind == "count":
        return {
            option.name: forms.IntegerField(
                label=_(option.label),
                min_value=option.low,
                max_value=option.high,
                initial=option.default,
            )
        }
    # A length in mm; the offset is two of them, dx and dy.
    named = option.parts or ((option.name, option.label),)
    defaults = option.default if option.parts else (option.default,)
    return {
        name: forms.DecimalField(
            # A part's label is a model field's name on the profile, written lower-case.
            label=capfirst(_(label)),
            min_value=option.low,
            max_value=option.high,
            initial=default,
            decimal_places=option.places,
            help_text=_(option.help) if option.help else "",
        )
        for (name, label), default in zip(named, defaults, strict=True)
    }


class PrintOptionsForm(forms.Form):
    """Every print option as a form field; ``to_options`` gives the service's option dict."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for option in OPTIONS:
            self.fields.update(_fields(option))

    def to_options(self) -> dict:
        data = self.cleaned_data
        options = {}
        for option in OPTIONS:
            if option.kind == "mm":
                value = data[option.name]
                options[option.name] = float(option.default if value is None else value)
            elif option.kind == "offset":
                options[option.name] = [
                    float(data[name] if data[name] is not None else default)
                    for (name, _label), default in zip(option.parts, option.default, strict=True)
                ]
            else:
                options[option.name] = data[option.name]
        return options
