"""Template helpers for card pictures."""

from django import template

from catalog import selectors

register = template.Library()


@register.simple_tag
def face_url(card, kind: str = "face") -> str:
    """The versioned URL of a card's face ("face"), list-size ("thumb") or close-up ("large")."""
    return selectors.face_url(card, kind)


@register.simple_tag
def back_url(game_slug: str) -> str:
    """The versioned URL of a game's card back (face-down cards on the live table)."""
    return selectors.back_url(game_slug)
