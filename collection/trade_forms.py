"""Forms of the trade pages: one list entry, a want deck switch, a proposal.

Every field is bounded here, where the request is parsed; collection.trades
checks again (free copies, who may act) and says why in the user's language.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from collection.models import MAX_COPIES, TradeSide
from core.forms import MultilineField

# The most lines one proposal may carry (collection.trades refuses more too); the
# form never reads more posted fields than the candidates it was built with.
MAX_PROPOSAL_LINES = 100
MAX_MESSAGE = 500


class EntryForm(forms.Form):
    """One row of my have or want list: set its count, or go back to the default."""

    code = forms.CharField(max_length=32)
    side = forms.ChoiceField(choices=TradeSide.choices)
    action = forms.ChoiceField(choices=[("set", "set"), ("reset", "reset")], initial="set")
    count = forms.IntegerField(min_value=0, max_value=MAX_COPIES, required=False)

    def clean(self):
        data = super().clean()
        if data.get("action") == "set" and data.get("count") is None:
            self.add_error("count", _("Give a count from 0 to 999."))
        return data


class ListsOpenForm(forms.Form):
    """The switch: are my have and want lists shown to other players."""

    open = forms.BooleanField(required=False)


class WantDeckForm(forms.Form):
    """A deck's checkbox: do its missing cards go on my want list."""

    deck = forms.IntegerField(min_value=1)
    on = forms.BooleanField(required=False)


class ProposalForm(forms.Form):
    """The cards to give and to get, each with a count, and a message.

    The fields are made from the candidates the page offers (`gives`, `gets`:
    lists of (card, most copies to suggest)), so a post names at most those
    cards; a count of 0 or an empty box leaves the card out. A candidate is any
    row with a `.code` (collection.partners ChoiceRow, CardLine).
    """

    message = MultilineField(
        label=_("Message"),
        max_length=MAX_MESSAGE,
        required=False,
        widget=forms.Textarea(attrs={"rows": 3, "maxlength": MAX_MESSAGE}),
    )

    def __init__(self, *args, gives=(), gets=(), give_counts=None, get_counts=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.give_rows = self._rows("give", gives, give_counts or {})
        self.get_rows = self._rows("get", gets, get_counts or {})

    def _rows(self, prefix: str, candidates, initial_counts: dict) -> list[dict]:
        rows = []
        for row in list(candidates)[: MAX_PROPOSAL_LINES * 4]:
            name = f"{prefix}_{row.code}"
            if name in self.fields:  # one field per card, even if offered twice
                continue
            self.fields[name] = forms.IntegerField(
                min_value=0,
                max_value=MAX_COPIES,
                required=False,
                label=row.code,
                initial=initial_counts.get(row.code) or None,
            )
            rows.append({"row": row, "name": name})
        return rows

    def bound_rows(self, rows: list[dict]) -> list[dict]:
        """The rows with their bound fields, for the template."""
        return [{**row, "field": self[row["name"]]} for row in rows]

    def _counts(self, rows: list[dict]) -> dict[str, int]:
        counts = {}
        for row in rows:
            value = self.cleaned_data.get(row["name"]) or 0
            if value:
                counts[row["row"].code] = value
        return counts

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        gives, gets = self._counts(self.give_rows), self._counts(self.get_rows)
        if not gives and not gets:
            raise forms.ValidationError(_("Choose at least one card."), code="empty")
        if len(gives) + len(gets) > MAX_PROPOSAL_LINES:
            raise forms.ValidationError(
                _("A proposal holds at most %(n)s cards.") % {"n": MAX_PROPOSAL_LINES},
                code="too_many",
            )
        data["gives"], data["gets"] = gives, gets
        return data


class DecisionForm(forms.Form):
    """The partner's or the maker's button on a proposal."""

    action = forms.ChoiceField(
        choices=[("accept", "accept"), ("decline", "decline"), ("withdraw", "withdraw")]
    )
