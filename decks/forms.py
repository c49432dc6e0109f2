from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from catalog import vocab
from core.errors import ApplicationError
from core.forms import MultilineField
from core.games import DEFAULT_GAME
from decks import codec, formats, limits, selectors
from decks.models import Visibility


def game_choices():
    return [(t.id, t.label(get_language())) for t in vocab.GAMES.terms]


def _checked(check, value):
    """Run a decks.limits or codec size check as a field check: its message goes on the field."""
    try:
        check(value)
    except ApplicationError as problem:
        raise forms.ValidationError(problem.message, code=problem.code) from None
    except codec.ListTooLarge as problem:
        raise forms.ValidationError(problem.message(get_language()), code=problem.code) from None
    return value


class NameField(forms.CharField):
    """A deck name: the same checks and messages as the API and the services
    (decks.limits.check_name), a name that shows nothing (`bad_name`) among them.

    The check runs in validate() rather than through max_length, whose
    message Django's Hungarian translation words formally. An empty box is no
    name (a form sends every box): the field's `required` decides, and a new
    deck gets the default name. With `checked=False` the form checks the name
    itself (only when it was changed).
    """

    def __init__(self, *, checked: bool = True, **kwargs):
        kwargs.setdefault("widget", forms.TextInput(attrs={"maxlength": limits.NAME_MAX_CHARS}))
        self.checked = checked
        super().__init__(**kwargs)

    def validate(self, value):
        super().validate(value)
        if self.checked and value not in self.empty_values:
            _checked(limits.check_name, value)


class NewDeckForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"))
    name = NameField(label=_("Name"), required=False)
    card = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()


class DeckSettingsForm(forms.Form):
    name = NameField(label=_("Name"), checked=False)
    description = MultilineField(
        label=_("Description"), required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    format = forms.ChoiceField(label=_("Format"))
    visibility = forms.ChoiceField(
        label=_("Who can see it"),
        choices=Visibility.choices,
        help_text=_("Making it private ends its link for good; sharing it again makes a new one."),
    )
    # The deck's edit stamp when the page was made (services.edit_stamp): a save from a
    # page the deck has changed since is refused instead of putting back what it shows.
    # Not required, so a form sent without it is saved as before.
    version = forms.IntegerField(required=False, min_value=0, widget=forms.HiddenInput)

    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, **kwargs)
        language = get_language()
        self.fields["format"].choices = [
            (f.id, f.name(language)) for f in formats.formats_for(game)
        ]

    def clean_name(self):
        name = self.cleaned_data["name"]
        if "name" not in self.changed_data:
            return name  # one saved before a check existed may stay as it is
        return _checked(limits.check_name, name)

    def clean_description(self):
        description = self.cleaned_data["description"]
        if "description" not in self.changed_data:
            return description  # one saved before the limit existed may stay as it is
        return _checked(limits.check_description, description)


class ImportForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"))
    name = NameField(label=_("Name"), required=False)
    text = MultilineField(
        label=_("Card list"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 12}),
    )
    code = forms.CharField(label=_("…or a deck code"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()
        bounds = limits.list_limits()
        # the game the form opens on; its example card by the name the reader reads
        name = selectors.example_card_name(game_id=DEFAULT_GAME)
        self.fields["text"].widget.attrs["placeholder"] = f"3 {name}\n3x AF1-001\n…"
        self.fields["text"].help_text = _(
            "One card a line: “3 %(name)s” or “3x AF1-001”. A line “Side board:” starts "
            "the side board. A JSON export can be pasted too. At most %(lines)s card lines "
            "and %(chars)s characters."
        ) % {"name": name, "lines": bounds.max_lines, "chars": bounds.max_chars}

    def clean_text(self):
        # The same bounds the import applies, here so the message sits on the field.
        text = self.cleaned_data["text"]
        bounds = limits.list_limits()
        if text.lstrip().startswith("{"):  # a JSON export: its lines are not card lines
            return _checked(lambda t: codec.check_chars(t, bounds), text)
        return _checked(lambda t: codec.check_size(t, bounds), text)

    def clean_code(self):
        bounds = limits.list_limits()
        return _checked(lambda code: codec.check_chars(code, bounds), self.cleaned_data["code"])

    def clean(self):
        data = super().clean()
        if not data.get("text", "").strip() and not data.get("code", "").strip():
            raise forms.ValidationError(_("Paste a card list or a deck code."))
        return data

    def add_error(self, field, error):
        """The import's own refusal (views.import_deck adds it to the whole form, field None)
        goes under the box that holds what was refused: the code's when a code was given,
        else the list's (a code pasted there is read as a code). Read at the top of a
        long form, "This deck code cannot be read" was far from the box to mend."""
        # Django's own calls pass a ValidationError (this form's clean()): left as they are.
        if field is None and not isinstance(error, dict | forms.ValidationError):
            given = [name for name in ("code", "text") if self.cleaned_data.get(name, "").strip()]
            field = given[0] if given else None
        super().add_error(field, error)


class CardChangeForm(forms.Form):
    code = forms.CharField(max_length=32)
    delta = forms.IntegerField(min_value=-99, max_value=99)
    board = forms.ChoiceField(choices=[("main", "main"), ("side", "side")], required=False)


class BuiltForm(forms.Form):
    """The builder's "built" switch: "1" marks the deck built, "0" takes the mark off."""

    built = forms.TypedChoiceField(choices=[("1", "1"), ("0", "0")], coerce=lambda v: v == "1")
