"""The collection's buttons on other apps' pages: `{% card_owned card %}`, `{% set_add set %}`,
and the trade badge's counts in the header (`{% trade_inbox as inbox %}`).

The tags fetch what they show themselves, so the catalog's views and their
context stay as they are: a page that wants the buttons loads this library
and adds one line. The collection's own views render the same partials with
the same context functions (their htmx answers replace the tag's output).
"""

from __future__ import annotations

from django import template
from django.utils.translation import get_language

from catalog import vocab
from collection import partners
from collection.selectors import owned_counts

register = template.Library()


def owned_context(
    request, card, *, count: int | None = None, error="", compact=False, next_url: str = ""
) -> dict:
    """What templates/collection/_card_owned.html needs: the visitor's copies of `card`.

    `compact` is the collection page's row (the label read aloud only);
    `error` a refusal to show beside the buttons; `next_url` the page a form
    without JavaScript returns to (default: this one).
    """
    user = getattr(request, "user", None)
    signed_in = user is not None and user.is_authenticated
    if count is None:
        count = owned_counts(user, codes=[card.code]).get(card.code, 0) if signed_in else 0
    return {
        "card": card,
        "count": count,
        "error": error,
        "compact": compact,
        "next_url": next_url or request.get_full_path(),
        "signed_in": signed_in,
        "request": request,
    }


def set_add_context(
    request, card_set, *, done: str = "", error: str = "", next_url: str = ""
) -> dict:
    """What templates/collection/_set_add.html needs: how much of the set the visitor owns."""
    user = getattr(request, "user", None)
    signed_in = user is not None and user.is_authenticated
    codes = list(card_set.cards.values_list("code", flat=True))
    owned = len(owned_counts(user, codes=codes)) if signed_in else 0
    return {
        "set": card_set,
        "owned": owned,
        "total": len(codes),
        "done": done,
        "error": error,
        "next_url": next_url or request.get_full_path(),
        "signed_in": signed_in,
        "request": request,
    }


@register.inclusion_tag("collection/_card_owned.html", takes_context=True)
def card_owned(context, card):
    """The visitor's copies of `card` with − and + (a sign-in link for visitors signed out)."""
    # The inclusion tag passes csrf_token on by itself; the language comes from the request.
    return owned_context(context.get("request"), card)


@register.inclusion_tag("collection/_set_add.html", takes_context=True)
def set_add(context, card_set):
    """The set page's "add the whole set" button, with how much of the set the visitor owns."""
    return set_add_context(context.get("request"), card_set)


@register.inclusion_tag("collection/_card_owned.html", takes_context=True)
def owned_cell(context, card, count):
    """A row's copies with − and + on the collection page (the count is known already)."""
    return owned_context(context.get("request"), card, count=count, compact=True)


@register.filter
def rarity_name(rarity: str | None) -> str:
    """A rarity's label in the reader's language ("" for cards without one)."""
    return vocab.RARITIES.label(rarity, get_language()) if rarity else ""


@register.simple_tag(takes_context=True)
def trade_inbox(context):
    """The signed-in visitor's trade news (collection.partners.TradeInbox), or None.

    Counted once per request however many places show it (the header's two menus, the
    trade pages' own menu and the lists page); a visitor signed out costs no query.
    """
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return None
    if not hasattr(request, "_trade_inbox"):
        request._trade_inbox = partners.trade_inbox(user)
    return request._trade_inbox
