"""Template helpers for card pictures."""

from django import template
from django.urls import reverse

from catalog import render

register = template.Library()


@register.simple_tag
def face_url(card, kind: str = "face") -> str:
    """The versioned URL of a card's face ("face") or list-size picture ("thumb")."""
    name = "catalog:face" if kind == "face" else "catalog:thumb"
    return f"{reverse(name, args=[card.code])}?v={render.face_version(card)}"
