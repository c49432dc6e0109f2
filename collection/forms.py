"""Forms of the collection pages: the − / + buttons, the CSV import, the share switch.

Every field is bounded here, where the request is parsed; the services check
again (a count above 999, an unknown card) and say why in the user's language.
"""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from collection import csvio
from collection.models import MAX_COPIES
from core.forms import MultilineField
from core.games import DEFAULT_GAME
from decks.forms import game_choices
from decks.selectors import example_card_name

MODES = [
    ("add", _("Add to my collection (the counts in the file are added to mine)")),
    ("replace", _("Replace my cards of the chosen game (those not in the file are removed)")),
]


def csv_max_chars() -> int:
    return settings.LIMITS["COLLECTION_CSV_MAX_CHARS"]


# One CSV a request, given once: a form body may repeat a field (two `file` parts, two
# `mode`s), and Django and DRF read only the last of them, so what the person sent first
# was dropped without a word; a pasted text beside a chosen file was dropped the same
# way. The page's form and the API (collection.api) refuse both with these words.


def repeated_field_message(name: str, times: int) -> str:
    """Why a request that sends the field `name` `times` times (more than once) is refused."""
    if name == "file":
        return _("Send one CSV file at a time: this request has %(n)s. Nothing was imported.") % {
            "n": times
        }
    return _("“%(field)s” was sent %(n)s times: send it once. Nothing was imported.") % {
        "field": name[:40],
        "n": times,
    }


def repeated_fields(data, files=None) -> list[tuple[str, int]]:
    """(name, times) of each field that a form body (a QueryDict, and its files) sends more
    than once; [] for a JSON body, which cannot (a key named twice is refused as bad JSON)."""
    found = []
    for values in (data, files):
        if hasattr(values, "lists"):
            found += [(name, len(sent)) for name, sent in values.lists() if len(sent) > 1]
    return found


class CountChangeForm(forms.Form):
    """One press of − or +: the card's code and how many copies to add (negative: remove)."""

    code = forms.CharField(max_length=32)
    delta = forms.IntegerField(min_value=-MAX_COPIES, max_value=MAX_COPIES)


class AddSetForm(forms.Form):
    """The set page's button: how many copies of each of the set's cards to add."""

    # required: a body that brings no count (garbled, or not this form) adds nothing
    copies = forms.IntegerField(min_value=1, max_value=MAX_COPIES)


class ImportForm(forms.Form):
    text = MultilineField(
        label=_("Collection CSV"),
        required=False,
        # Stripping would shift nothing (line numbers count from the first line), but a
        # whitespace-only box is the same as an empty one.
        strip=False,
        widget=forms.Textarea(
            attrs={"rows": 10, "spellcheck": "false", "placeholder": "code,count\nAF1-001,3\n…"}
        ),
    )
    file = forms.FileField(label=_("…or a CSV file"), required=False)
    game = forms.ChoiceField(label=_("Game of the card names"))
    mode = forms.ChoiceField(
        label=_("What to do"), choices=MODES, initial="add", widget=forms.RadioSelect
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = game_choices()
        self.fields["game"].initial = DEFAULT_GAME
        limit = csv_max_chars()
        self.fields["text"].help_text = _(
            "One card a line: “AF1-001,3” (code, count) or “%(name)s,3” (name, count); a "
            "header line is fine. A count of 0 removes the card. At most %(lines)s lines and "
            "%(chars)s characters."
        ) % {
            # the game the form opens on; its example card by the name the reader reads
            "name": example_card_name(game_id=DEFAULT_GAME),
            "lines": settings.LIMITS["COLLECTION_CSV_MAX_LINES"],
            "chars": limit,
        }
        self.fields["text"].widget.attrs["maxlength"] = limit

    def clean_text(self) -> str:
        text = self.cleaned_data["text"]
        limit = csv_max_chars()
        if len(text) > limit:
            raise forms.ValidationError(
                _("The text is too long: at most %(n)s characters.") % {"n": limit},
                code="too_long",
            )
        return text

    def clean_file(self) -> str:
        """The uploaded file as text ("" without one).

        Its size is checked before it is read, so an oversized upload is never
        held in memory whole; every character is at least one byte, so a file
        within the byte limit is within the character limit too.
        """
        upload = self.cleaned_data.get("file")
        if not upload:
            return ""
        limit = csv_max_chars()
        if upload.size > limit:
            raise forms.ValidationError(
                _("The file is too large: at most %(n)s bytes.") % {"n": limit}, code="too_large"
            )
        try:
            # UTF-8 (a spreadsheet often starts it with a byte-order mark), else Windows-1250:
            # what a Hungarian Excel saves as plain "CSV"
            return csvio.decode_csv(upload.read(limit + 1))[0]
        except UnicodeDecodeError:
            raise forms.ValidationError(
                _(
                    "The file is neither UTF-8 nor Windows-1250 text. Save it as “CSV UTF-8” "
                    "and try again."
                ),
                code="not_utf8",
            ) from None

    def clean(self):
        data = super().clean()
        for name, times in repeated_fields(self.data, self.files):
            if name in self.fields:  # what the form does not read is no field of it
                self.add_error(name, repeated_field_message(name, times))
        if self.errors:
            return data
        if data.get("file") and data.get("text", "").strip():
            raise forms.ValidationError(
                _("Paste the CSV or choose a file, not both. Nothing was imported."),
                code="text_and_file",
            )
        csv_text = data.get("file") or data.get("text", "")
        if not csv_text.strip():
            raise forms.ValidationError(_("Paste the CSV or choose a file."), code="empty")
        data["csv"] = csv_text
        return data


class ShareForm(forms.Form):
    action = forms.ChoiceField(choices=[("make", "make"), ("drop", "drop")])
