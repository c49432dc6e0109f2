from django import forms
from django.utils.translation import gettext_lazy as _

from printing.layout import CARD_SIZES, PAGE_SIZES
from printing.limits import MAX_QUANTITY

PAGE_LABELS = {"a4": "A4", "letter": "US Letter"}
CARD_LABELS = {
    "poker": _("Poker (63 × 88 mm)"),
    "mini": _("Mini (44 × 63 mm)"),
    "bridge": _("Bridge (57 × 89 mm)"),
    "tarot": _("Tarot (70 × 120 mm)"),
}


class PrintOptionsForm(forms.Form):
    page_size = forms.ChoiceField(
        label=_("Paper"), choices=[(k, PAGE_LABELS.get(k, k)) for k in PAGE_SIZES]
    )
    landscape = forms.BooleanField(label=_("Landscape"), required=False)
    card_size = forms.ChoiceField(
        label=_("Card size"), choices=[(k, CARD_LABELS.get(k, k)) for k in CARD_SIZES]
    )
    quantity = forms.IntegerField(label=_("Copies"), min_value=1, max_value=MAX_QUANTITY, initial=1)
    margin_mm = forms.DecimalField(
        label=_("Printer margin (mm)"),
        min_value=0,
        max_value=30,
        initial=5,
        decimal_places=1,
        help_text=_(
            "The strip your printer cannot print; 5 mm suits most. Lower it for 3 × 3 on Letter."
        ),
    )
    gap_mm = forms.DecimalField(
        label=_("Gap between cards (mm)"), min_value=0, max_value=20, initial=0, decimal_places=1
    )
    bleed_mm = forms.DecimalField(
        label=_("Bleed (mm)"), min_value=0, max_value=5, initial=0, decimal_places=1
    )
    crop_marks = forms.BooleanField(label=_("Crop marks"), required=False, initial=True)
    cut_lines = forms.BooleanField(label=_("Full-length cut lines"), required=False)
    backs = forms.BooleanField(
        label=_("Card backs (print on both sides)"), required=False, initial=True
    )
    flip = forms.ChoiceField(
        label=_("Duplex flip"),
        choices=[("long", _("long edge")), ("short", _("short edge"))],
    )
    back_offset_x = forms.DecimalField(
        label=_("Back offset dx (mm)"), min_value=-20, max_value=20, initial=0, decimal_places=1
    )
    back_offset_y = forms.DecimalField(
        label=_("Back offset dy (mm)"), min_value=-20, max_value=20, initial=0, decimal_places=1
    )

    def to_options(self) -> dict:
        data = self.cleaned_data
        return {
            "page_size": data["page_size"],
            "landscape": data["landscape"],
            "card_size": data["card_size"],
            "quantity": data["quantity"],
            "gap_mm": float(data["gap_mm"] or 0),
            "margin_mm": float(data["margin_mm"] if data["margin_mm"] is not None else 5),
            "bleed_mm": float(data["bleed_mm"] or 0),
            "crop_marks": data["crop_marks"],
            "cut_lines": data["cut_lines"],
            "backs": data["backs"],
            "flip": data["flip"],
            "back_offset_mm": [
                float(data["back_offset_x"] or 0),
                float(data["back_offset_y"] or 0),
            ],
        }
