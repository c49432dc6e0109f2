"""What a screen reader would call a page's form controls, read from the HTML alone.

Enough of the accessible-name rules for our templates: `aria-labelledby` (the texts of
the elements it names, in order), else `aria-label`, else the <label> that names the
control with `for` or wraps it, else its own text (a button). A radio's group is the
<fieldset> around it, asked by its <legend>.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

CONTROLS = {"input", "select", "textarea", "button"}
VOID = {"input", "br", "img", "meta", "link", "hr", "source", "area", "col", "wbr", "base"}


@dataclass(eq=False)
class Element:
    tag: str
    attrs: dict
    parents: list[Element]
    text: list[str] = field(default_factory=list)
    legend: Element | None = None  # a fieldset's

    def all_text(self) -> str:
        return " ".join(" ".join(self.text).split())


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[Element] = []
        self.elements: list[Element] = []

    def handle_starttag(self, tag, attrs):
        element = Element(tag, {k: v or "" for k, v in attrs}, list(self.open))
        self.elements.append(element)
        if tag == "legend":
            fieldsets = [e for e in self.open if e.tag == "fieldset"]
            if fieldsets and fieldsets[-1].legend is None:
                fieldsets[-1].legend = element
        if tag not in VOID:
            self.open.append(element)

    def handle_endtag(self, tag):
        for i in range(len(self.open) - 1, -1, -1):
            if self.open[i].tag == tag:
                del self.open[i:]
                break

    def handle_data(self, data):
        for element in self.open:
            element.text.append(data)


@dataclass(frozen=True)
class Control:
    element: Element
    name: str
    group: str | None  # the legend of the fieldset around it

    @property
    def kind(self) -> str:
        return self.element.attrs.get("type", self.element.tag)


def elements(html: str) -> list[Element]:
    """Every element of the page in document order, each knowing the elements around it."""
    page = _Page()
    page.feed(html)
    return page.elements


def controls(html: str) -> list[Control]:
    """Each form control a person can use, with its accessible name and its group."""
    every = elements(html)
    by_id = {e.attrs["id"]: e for e in every if e.attrs.get("id")}
    labels_for = {e.attrs["for"]: e for e in every if e.tag == "label" and "for" in e.attrs}
    found = []
    for element in every:
        if element.tag not in CONTROLS or element.attrs.get("type") == "hidden":
            continue
        ids = element.attrs.get("aria-labelledby", "").split()
        if ids:
            name = " ".join(by_id[i].all_text() if i in by_id else f"<no #{i}>" for i in ids)
        elif element.attrs.get("aria-label"):
            name = element.attrs["aria-label"]
        elif element.attrs.get("id") in labels_for:
            name = labels_for[element.attrs["id"]].all_text()
        else:
            wrapping = [p for p in element.parents if p.tag == "label"]
            name = wrapping[-1].all_text() if wrapping else element.all_text()
        fieldsets = [p for p in element.parents if p.tag == "fieldset"]
        group = fieldsets[-1].legend.all_text() if fieldsets and fieldsets[-1].legend else None
        found.append(Control(element, " ".join(name.split()), group))
    return found
