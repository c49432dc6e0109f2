"""Names the data holds in both languages, as the reader reads them (core.bilingual).

Works on a model row (a card, set or game) and on a card's dict alike: templates
ask this filter instead of choosing between `name` and `name_en` themselves.
"""

from __future__ import annotations

from django import template

from core.bilingual import for_reader

register = template.Library()


def _field(item, name: str):
    return item.get(name) if isinstance(item, dict) else getattr(item, name, None)


@register.filter
def local_name(item) -> str:
    """Its English name for a reader of English when it has one, else its Hungarian name."""
    return for_reader(_field(item, "name") or "", _field(item, "name_en"))
