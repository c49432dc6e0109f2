"""Text that other people typed, shown inside the site's own sentences.

A name is dropped into a translated sentence ("From {{ name }}"): a name in a
right-to-left script, or one ending in a digit or punctuation, would pull the
sentence's words and punctuation around it into its own direction. `<bdi>`
sets it apart (the CSS rule for `.user-text` does the same for names that
stand alone). Not for a page title or an attribute, which hold no markup.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html

register = template.Library()


@register.filter
def isolated(value) -> str:
    """`value`, escaped, in a <bdi> element."""
    return format_html("<bdi>{}</bdi>", value)
