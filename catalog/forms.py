"""The filter panel: a form that writes search-language terms.

The panel never filters by itself: it adds terms to the query (as Scryfall's
advanced search does), so every result page has one shareable URL, `?q=…`,
and the page, the API and the deck builder read the same language.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from catalog import vocab
from core.games import all_games

NUMERIC_FILTERS = (("cost", _("Cost")), ("atk", _("Attack")), ("def", _("Defense")))
SORTS = (
    ("", _("Default (set and number)")),
    ("name", _("Name")),
    ("cost", _("Cost")),
    ("attack", _("Attack")),
    ("defense", _("Defense")),
    ("rarity", _("Rarity")),
    ("set", _("Set")),
)


def _choices(vocabulary: vocab.Vocabulary, ids=None) -> list[tuple[str, str]]:
    language = get_language()
    terms = [t for t in vocabulary.terms if ids is None or t.id in ids]
    return [("", "—")] + [(t.id, t.label(language)) for t in terms]


def _house_subtypes() -> frozenset[str]:
    """The subtypes the "House" field offers: those of the games whose cards belong to houses
    (the registry says which), their spell subtypes included."""
    return frozenset().union(
        *(vocab.RULES[spec.id].subtypes for spec in all_games() if spec.houses)
    )


class FilterForm(forms.Form):
    q = forms.CharField(label=_("Search"), required=False)
    game = forms.ChoiceField(label=_("Game"), required=False)
    type = forms.ChoiceField(label=_("Type"), required=False)
    rarity = forms.ChoiceField(label=_("Rarity"), required=False)
    house = forms.ChoiceField(label=_("House"), required=False)
    cost_min = forms.IntegerField(label=_("Cost from"), required=False, min_value=0, max_value=99)
    cost_max = forms.IntegerField(label=_("Cost to"), required=False, min_value=0, max_value=99)
    text = forms.CharField(label=_("Rules text contains"), required=False)
    letter = forms.ChoiceField(label=_("Letter"), required=False)
    shape = forms.ChoiceField(label=_("Shape"), required=False)
    digit = forms.IntegerField(label=_("Digit"), required=False, min_value=0, max_value=9)
    group = forms.ChoiceField(label=_("Group"), required=False)
    provenance = forms.ChoiceField(label=_("Provenance"), required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = _choices(vocab.GAMES)
        self.fields["type"].choices = _choices(vocab.TYPES)
        self.fields["rarity"].choices = _choices(vocab.RARITIES)
        self.fields["house"].choices = _choices(vocab.SUBTYPES, ids=_house_subtypes())
        self.fields["letter"].choices = [("", "—")] + [(c, c) for c in vocab.LETTERS]
        self.fields["shape"].choices = _choices(vocab.SHAPES)
        self.fields["group"].choices = _choices(vocab.GROUPS)
        self.fields["provenance"].choices = _choices(vocab.PROVENANCE)

    def to_query(self) -> str:
        """The search-language query this form stands for."""
        data = self.cleaned_data
        terms = [data["q"].strip()] if data.get("q", "").strip() else []
        for key, field in (
            ("game", "game"),
            ("t", "type"),
            ("r", "rarity"),
            ("sub", "house"),
            ("letter", "letter"),
            ("shape", "shape"),
            ("group", "group"),
            ("prov", "provenance"),
        ):
            if data.get(field):
                terms.append(f"{key}:{data[field]}")
        if data.get("cost_min") is not None:
            terms.append(f"cost>={data['cost_min']}")
        if data.get("cost_max") is not None:
            terms.append(f"cost<={data['cost_max']}")
        if data.get("digit") is not None:
            terms.append(f"digit:{data['digit']}")
        if data.get("text", "").strip():
            quoted = data["text"].strip().replace('"', "")
            terms.append(f'o:"{quoted}"')
        return " ".join(terms)
