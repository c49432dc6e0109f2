"""Template helpers for card pictures."""

from django import template
from django.urls import reverse

from catalog import render

register = template.Library()


@register.simple_tag
def face_url(card, kind: str = "face") -> str:
    """The versioned URL of a card's face ("face") or list-size picture ("thumb").

    `card` is a Card row or a deck's card record (a dict, as catalog.records makes).
    """
    name = "catalog:face" if kind == "face" else "catalog:thumb"
    code = card["code"] if isinstance(card, dict) else card.code
    return f"{reverse(name, args=[code])}?v={render.face_version(card)}"
