"""What to print — a deck, a set or a card list — read from a request with bounds.

Every count and list length a visitor sends is checked here, while it is
read, so that nothing is built for a request that is too large: a list is
read one entry at a time and refused at the first entry past the limit, a
count before it becomes a number (``core.params.int_param``), and
``printing.limits`` bounds the total once the number of copies is known.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping

from django.utils.translation import gettext as _

from catalog.models import Card, CardSet
from core.bilingual import for_reader
from core.errors import ApplicationError, NotFound
from core.hungarian import percent_filled
from core.params import BadParameter, id_param, int_param
from decks.selectors import deck_for_viewer
from printing import limits
from printing.models import SourceKind

CODE_MAX_CHARS = Card._meta.get_field("code").max_length
_PART = re.compile(r"[^,]+")


class UnknownCards(ApplicationError):
    pass


def _bad_count(code: str) -> limits.PrintLimitError:
    params = {"code": code, "n": limits.MAX_COUNT}
    message = _("The count of %(code)s must be a whole number from 1 to %(n)s.")
    return limits.PrintLimitError(
        "bad_count", percent_filled(message, params), extra={"parameter": "cards"}
    )


def _count(raw: object, code: str) -> int:
    try:
        return int_param(raw, name="count", minimum=1, maximum=limits.MAX_COUNT, default=1)
    except BadParameter:
        raise _bad_count(code) from None


def _code(raw: object) -> str:
    code = str(raw).strip().upper() if isinstance(raw, str | int) else ""
    if not code or len(code) > CODE_MAX_CHARS:
        shown = code[:CODE_MAX_CHARS] + ("…" if len(code) > CODE_MAX_CHARS else "")
        raise UnknownCards(
            "unknown_card", _("No card has the code %(codes)s.") % {"codes": shown or "“”"}
        )
    return code


def cards_from_text(raw: str) -> list[dict]:
    """``CODE:N,CODE:N`` (the ``cards=`` parameter; ``:N`` may be left out for 1).

    The parts are read one at a time and reading stops at one entry past the
    limit, so a huge list costs neither a huge list of strings nor its parsing.
    """
    limit = limits.max_entries()
    parts = (match.group().strip() for match in _PART.finditer(raw))
    cards = []
    for part in parts:
        if not part:
            continue
        if len(cards) == limit:
            limits.check_entry_count(limit + 1 + sum(1 for rest in parts if rest))
        code, _sep, count = part.partition(":")
        code = _code(code)
        cards.append({"code": code, "count": _count(count.strip() or None, code)})
    return cards


def cards_from_list(raw: object) -> list[dict]:
    """``[{"code", "count"}, ...]`` from JSON or a caller; the same bounds as the text form."""
    if not isinstance(raw, list | tuple):
        raise ApplicationError("bad_cards", _("The card list must be a list of codes and counts."))
    limits.check_entry_count(len(raw))
    cards = []
    for item in raw:
        if not isinstance(item, Mapping):
            raise ApplicationError(
                "bad_cards", _("The card list must be a list of codes and counts.")
            )
        code = _code(item.get("code"))
        cards.append({"code": code, "count": _count(item.get("count"), code)})
    return cards


def source_from_params(params: Mapping) -> dict:
    """deck=ID, set=CODE or cards=CODE:N,… from a query string or a form, checked."""
    if params.get("deck"):
        return {"deck": id_param(params["deck"], name="deck")}
    if params.get("set"):
        return {"set": str(params["set"])[:16]}
    if params.get("cards"):
        return {"cards": cards_from_text(str(params["cards"]))}
    return {}


def _list_title(cards: list[dict]) -> str:
    """A card list's title: one card's name as the reader reads it ("Print this card"),
    else "Card list". A job keeps the title it was made with: its creator's language."""
    if len({entry["code"] for entry in cards}) == 1:
        names = Card.objects.filter(code=cards[0]["code"]).values_list("name", "name_en").first()
        if names:
            return for_reader(*names)
    return _("Card list")


def source_cards(source: dict, user) -> tuple[str, list[dict], dict]:
    """(title, [{"code", "count"}], row links) for a deck, a set or a card list.

    The list is checked against the per-job bounds (entries, counts); the total
    with copies is checked by the caller, who knows the copies.
    """
    if source.get("deck"):
        deck = deck_for_viewer(deck_id=id_param(source["deck"], name="deck"), user=user)
        version = deck.versions.order_by("-number").first()
        if version is None:  # deleted since it was found: its versions went with it
            raise NotFound("not_found", _("No such deck."))
        cards = [
            {"code": e["code"], "count": e["count"]}
            for e in version.entries
            if e["board"] == "main"
        ]
        title, links = deck.name, {"source_kind": SourceKind.DECK, "deck_version": version}
    elif source.get("set"):
        card_set = CardSet.objects.filter(code=str(source["set"])[:16].upper()).first()
        if card_set is None:
            raise NotFound("not_found", _("There is nothing here, or it is not yours to see."))
        codes = card_set.cards.order_by("number").values_list("code", flat=True)
        # One past the limit is enough to refuse; a huge set is counted, not loaded.
        cards = [{"code": c, "count": 1} for c in codes[: limits.max_entries() + 1]]
        if len(cards) > limits.max_entries():
            limits.check_entry_count(card_set.cards.count())
        title, links = card_set.display_name, {"source_kind": SourceKind.SET, "card_set": card_set}
    elif source.get("cards"):
        cards = cards_from_list(source["cards"])
        title, links = source.get("title") or _list_title(cards), {"source_kind": SourceKind.CARDS}
    else:
        raise ApplicationError(
            "missing_source", _("Say what to print: a deck, a set or a card list.")
        )
    if not cards:
        raise ApplicationError("nothing_to_print", _("There are no cards to print."))
    limits.check_entry_count(len(cards))
    for entry in cards:  # a stored deck's counts are bounded by the same rule
        if not 1 <= entry["count"] <= limits.MAX_COUNT:
            raise _bad_count(entry["code"])
    return str(title), cards, links


def check_known(cards: list[dict]) -> None:
    """Refuse a list naming a code that no card has (one query for the whole list)."""
    codes = {c["code"] for c in cards}
    known = set(Card.objects.filter(code__in=codes).values_list("code", flat=True))
    unknown = [c["code"] for c in cards if c["code"] not in known]
    if unknown:
        raise unknown_cards(unknown)


def unknown_cards(codes: list[str]) -> UnknownCards:
    distinct = list(dict.fromkeys(codes))
    shown = ", ".join(distinct[:10]) + (" …" if len(distinct) > 10 else "")
    return UnknownCards("unknown_card", _("No card has the code %(codes)s.") % {"codes": shown})


def first_codes(cards: list[dict], count: int) -> Iterator[str]:
    """The first ``count`` card codes in print order, without building the whole list."""
    given = 0
    for entry in cards:
        for _copy in range(min(entry["count"], count - given)):
            yield entry["code"]
            given += 1
        if given >= count:
            return
