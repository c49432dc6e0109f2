"""The print options, defined once: name, kind, default, limits, label, choices.

The options form, the API serializer, the service that checks a job's
options (``services.print_options_clean``) and the sheet geometry
(``layout``) all read this table, so a default or a limit changes here only.

Pure: no Django, because the layout (pure geometry) reads it. Labels are
marked for translation with ``gettext_noop`` and translated where they are
shown (``forms.py``) or said (``services.py``).
"""

from __future__ import annotations

from dataclasses import dataclass


def gettext_noop(message: str) -> str:
    """Marks a string for ``makemessages`` (it knows this name) without translating it here."""
    return message


PAGE_SIZES = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}  # mm, portrait
CARD_SIZES = {
    "poker": (63.0, 88.0),
    "mini": (44.0, 63.0),
    "bridge": (57.0, 89.0),
    "tarot": (70.0, 120.0),
}
PAGE_LABELS = {"a4": "A4", "letter": "US Letter"}  # names, the same in every language
CARD_LABELS = {
    "poker": gettext_noop("Poker (63 × 88 mm)"),
    "mini": gettext_noop("Mini (44 × 63 mm)"),
    "bridge": gettext_noop("Bridge (57 × 89 mm)"),
    "tarot": gettext_noop("Tarot (70 × 120 mm)"),
}
FLIP_LABELS = {"long": gettext_noop("long edge"), "short": gettext_noop("short edge")}
FLIPS = tuple(FLIP_LABELS)
MAX_QUANTITY = 10  # copies of the whole list (printing.limits bounds cards × copies)


@dataclass(frozen=True)
class Option:
    """One print option.

    kind: ``choice`` (one of ``choices``), ``flag``, ``mm`` (a length from
    ``low`` to ``high``), ``count`` (a whole number from ``low`` to ``high``)
    or ``offset`` (two lengths, dx and dy, each from ``low`` to ``high``; the
    form shows them as the two ``parts``).

    Every door (form, preview, API, service) reads a choice as ``key`` does and
    a length to ``places`` decimals at most, so one sheet is asked for one way
    and its stored options, and the file reused for them, are the same.
    """

    name: str
    kind: str
    default: object
    label: str
    low: int | None = None
    high: int | None = None
    choices: tuple[tuple[str, str], ...] = ()
    help: str = ""
    parts: tuple[tuple[str, str], ...] = ()
    # What a refused choice says. Left empty for the page and card size: the
    # layout refuses those itself, naming every size it knows.
    refusal: str = ""
    # Decimals a length may have (``mm`` and ``offset``): tenths of a millimetre.
    places: int = 1

    @property
    def values(self) -> tuple[str, ...]:
        return tuple(value for value, _label in self.choices)

    def key(self, raw: object) -> object:
        """A choice as its key when it is one in any case, spaces around ("A4 " is "a4");
        anything else unchanged, for the check that refuses it to name it as given."""
        if self.kind == "choice" and isinstance(raw, str):
            folded = raw.strip().lower()
            if folded in self.values:
                return folded
        return raw

    @property
    def checked_by_layout(self) -> bool:
        return self.kind == "choice" and not self.refusal


# In the order the form shows them.
OPTIONS = (
    Option(
        "page_size", "choice", "a4", gettext_noop("Paper"),
        choices=tuple(PAGE_LABELS.items()),
    ),
    Option("landscape", "flag", False, gettext_noop("Landscape")),
    Option(
        "card_size", "choice", "poker", gettext_noop("Card size"),
        choices=tuple(CARD_LABELS.items()),
        help=gettext_noop(
            "Faces keep their proportions: at a size other than poker a band of the card's "
            "background is left around them."
        ),
    ),
    Option("quantity", "count", 1, gettext_noop("Copies"), low=1, high=MAX_QUANTITY),
    Option(
        "margin_mm", "mm", 5, gettext_noop("Printer margin (mm)"), low=0, high=30,
        help=gettext_noop(
            "The strip your printer cannot print; 5 mm suits most. Lower it for 3 × 3 on Letter."
        ),
    ),
    Option("gap_mm", "mm", 0, gettext_noop("Gap between cards (mm)"), low=0, high=20),
    Option("bleed_mm", "mm", 0, gettext_noop("Bleed (mm)"), low=0, high=5),
    Option("crop_marks", "flag", True, gettext_noop("Crop marks")),
    Option("cut_lines", "flag", False, gettext_noop("Full-length cut lines")),
    Option("backs", "flag", True, gettext_noop("Card backs (print on both sides)")),
    Option(
        "flip", "choice", "long", gettext_noop("Duplex flip"),
        choices=tuple(FLIP_LABELS.items()),
        refusal=gettext_noop("Flip on the long or the short edge."),
    ),
    Option(
        # No label of its own: the form shows it as its two parts, named as the
        # profile names the offset the account keeps (the same msgids as its fields).
        "back_offset_mm", "offset", (0, 0), "", low=-20, high=20,
        parts=(
            ("back_offset_x", gettext_noop("back offset, horizontal (mm)")),
            ("back_offset_y", gettext_noop("back offset, vertical (mm)")),
        ),
    ),
)  # fmt: skip
OPTION = {option.name: option for option in OPTIONS}


def defaults() -> dict:
    """A fresh dict of every option's default (the offset as a list, as stored)."""
    return {
        option.name: list(option.default) if option.kind == "offset" else option.default
        for option in OPTIONS
    }
