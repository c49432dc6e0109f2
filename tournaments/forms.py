"""The new-tournament form: every field bounded here, the rules in services.tournament_create."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from catalog.models import Game
from core.forms import MultilineField
from core.games import table_game
from decks.formats import formats_for, get_format
from tournaments.services import ROUND_MINUTES, ROUNDS_MAX


def hostable_games() -> list[Game]:
    """The games an event can be played in: an online table, and each seat brings its own deck."""
    games = Game.objects.order_by("position", "slug")
    return [g for g in games if (spec := table_game(g.slug)) is not None and spec.uses_decks]


class TournamentForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    description = forms.CharField(required=False)  # replaced in __init__
    game = forms.ChoiceField(label=_("Game"))
    format = forms.ChoiceField(
        label=_("Deck format"),
        help_text=_("Every registered deck is checked against it."),
    )
    best_of = forms.TypedChoiceField(
        label=_("Games a match"),
        coerce=int,
        choices=[(1, _("best of 1")), (3, _("best of 3"))],
        initial=1,
    )
    swiss_rounds = forms.IntegerField(
        label=_("Swiss rounds"),
        required=False,
        min_value=1,
        max_value=ROUNDS_MAX,
        help_text=_("Leave it empty to decide it from the number of players at the start."),
    )
    top_cut = forms.TypedChoiceField(
        label=_("Top cut"),
        coerce=int,
        choices=[(0, _("none")), (8, _("top 8")), (4, _("top 4"))],
        initial=0,
        help_text=_("The best players of the Swiss rounds play single elimination after them."),
    )
    round_minutes = forms.IntegerField(
        label=_("Round time (minutes)"),
        min_value=ROUND_MINUTES[0],
        max_value=ROUND_MINUTES[1],
        initial=50,
        help_text=_("A game not started by the end of the round is lost by whoever did not come."),
    )
    registration_closes_at = forms.DateTimeField(
        label=_("Registration closes"),
        required=False,
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Optional. Without it, registration stays open until you start."),
    )
    listed = forms.TypedChoiceField(
        label=_("Who finds it"),
        coerce=lambda value: value == "1",
        choices=[
            ("1", _("everyone: it is on the tournaments page")),
            ("0", _("only those who have its link")),
        ],
        initial="1",
        widget=forms.RadioSelect,
    )
    decklists_public = forms.BooleanField(
        label=_("Everyone may see the decklists after the event"),
        required=False,
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The limit is a setting, read when the form is made (not when the module loads).
        self.fields["description"] = MultilineField(
            label=_("Description"),
            required=False,
            max_length=settings.LIMITS["TOURNAMENT_DESCRIPTION_MAX_CHARS"],
            widget=forms.Textarea(attrs={"rows": 4}),
        )
        self.games = {g.slug: g for g in hostable_games()}
        self.fields["game"].choices = [(slug, g.display_name) for slug, g in self.games.items()]
        language = get_language()
        grouped = [
            (g.display_name, [(f.id, f.name(language)) for f in formats_for(slug)])
            for slug, g in self.games.items()
        ]
        # One game: a plain list; several: a group per game (the check below pairs them).
        self.fields["format"].choices = grouped[0][1] if len(grouped) == 1 else grouped
        self.fields["format"].initial = "tournament"

    def clean(self) -> dict:
        """services.tournament_create's keywords: the game as a row, the format as format_id."""
        data = super().clean()
        slug, format_id = data.get("game"), data.get("format")
        if slug and format_id and get_format(slug, format_id) is None:
            self.add_error("format", _("This format is not one of the chosen game's."))
        if slug:
            data["game"] = self.games[slug]
        if "format" in data:  # gone when the format was refused above
            data["format_id"] = data.pop("format")
        return data
