from django import template

register = template.Library()


@register.filter
def turn_text(turn, language: str) -> str:
    """A goldfish turn read out in the page's language."""
    return turn.text(language)
