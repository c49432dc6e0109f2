from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from catalog import vocab
from decks import formats
from decks.models import Visibility


def game_choices():
    return [(t.id, t.label(get_language())) for t in vocab.GAMES.terms]


def format_choices():
    language = get_language()
    return [
        (f.id, f"{vocab.GAMES.label(f.game, language)}: {f.name(language)}")
        for game in vocab.GAME_IDS
        for f in formats.formats_for(game)
    ]


class NewDeckForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"))
    name = forms.CharField(label=_("Name"), max_length=120, required=False)
    card = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()


class DeckSettingsForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    description = forms.CharField(
        label=_("Description"), required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    format = forms.ChoiceField(label=_("Format"))
    visibility = forms.ChoiceField(label=_("Who can see it"), choices=Visibility.choices)

    def __init__(self, *args, game: str, **kwargs):
        super().__init__(*args, **kwargs)
        language = get_language()
        self.fields["format"].choices = [
            (f.id, f.name(language)) for f in formats.formats_for(game)
        ]


class ImportForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"))
    name = forms.CharField(label=_("Name"), max_length=120, required=False)
    text = forms.CharField(
        label=_("Card list"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "placeholder": "3 Éjlépő Kajtár\n3x AF1-002\n…"}),
        help_text=_(
            "One card a line: “3 Éjlépő Kajtár” or “3x AF1-001”. A line “Side board:” starts the side board."  # noqa: E501
        ),
    )
    code = forms.CharField(label=_("…or a deck code"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()

    def clean(self):
        data = super().clean()
        if not data.get("text", "").strip() and not data.get("code", "").strip():
            raise forms.ValidationError(_("Paste a card list or a deck code."))
        return data


class CardChangeForm(forms.Form):
    code = forms.CharField(max_length=32)
    delta = forms.IntegerField(min_value=-99, max_value=99)
    board = forms.ChoiceField(choices=[("main", "main"), ("side", "side")], required=False)
