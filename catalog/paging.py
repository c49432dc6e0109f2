"""Pages of search results whose total is counted only up to a limit.

Counting every match of a broad search ("every card with a cost") reads as
many index entries as there are matches, so its cost grows with the catalog.
Past COUNT_LIMIT the exact number helps nobody; the page says "more than
1,000" and the API marks the count as not exact.

An inexact count must not end the pages, though: past it a page has a next one
when one more row than the page holds is found, and any page up to the one
that starts MAX_OFFSET matches in can be asked for. MAX_OFFSET bounds what a
deep page costs (the database walks every row before it), and is the largest
catalog the search benchmark measures (bench/search.py, 100,000 cards), so
every match of every search there is reachable.
"""

from __future__ import annotations

import math

from django.core.paginator import EmptyPage, Page, PageNotAnInteger, Paginator
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from core.hungarian import percent_filled
from core.params import BadParameter, int_param

COUNT_LIMIT = 1000
MAX_OFFSET = 100_000


def max_page(per_page: int) -> int:
    """The deepest page that may be asked for: the one that starts at most MAX_OFFSET rows in."""
    return MAX_OFFSET // per_page + 1


class OpenEndedPage(Page):
    """A page of results whose end is not known: it has a next one when a row was found past it."""

    def __init__(self, object_list, number: int, paginator: Paginator, *, more: bool) -> None:
        super().__init__(object_list, number, paginator)
        self.more = more

    def has_next(self) -> bool:
        return self.more

    def end_index(self) -> int:
        return self.start_index() + len(self.object_list) - 1


class CappedPaginator(Paginator):
    """A Paginator whose count stops at COUNT_LIMIT (`count_exact` says whether it did)
    and whose pages go on past it, up to max_page(per_page)."""

    @cached_property
    def _found(self) -> int:
        # Ordering is irrelevant to a count and would force a sort of the matches.
        return self.object_list.order_by()[: COUNT_LIMIT + 1].count()

    @cached_property
    def count(self) -> int:
        return min(self._found, COUNT_LIMIT)

    @property
    def count_exact(self) -> bool:
        return self._found <= COUNT_LIMIT

    @property
    def max_page(self) -> int:
        return max_page(self.per_page)

    def validate_number(self, number) -> int:
        if self.count_exact:
            return super().validate_number(number)
        # Past COUNT_LIMIT the last page is not known without counting every match:
        # any page up to max_page is one, and page() finds out whether it holds cards.
        try:
            if isinstance(number, float) and not number.is_integer():
                raise ValueError
            number = int(number)
        except (TypeError, ValueError):
            raise PageNotAnInteger(self.error_messages["invalid_page"]) from None
        if number < 1:
            raise EmptyPage(self.error_messages["min_page"])
        if number > self.max_page:
            raise EmptyPage(self.error_messages["no_results"])
        return number

    def page(self, number) -> Page:
        number = self.validate_number(number)
        if self.count_exact:
            return super().page(number)
        bottom = (number - 1) * self.per_page
        # One row past the page tells whether another page follows.
        rows = list(self.object_list[bottom : bottom + self.per_page + 1])
        if not rows:
            raise EmptyPage(self.error_messages["no_results"])
        more = len(rows) > self.per_page and number < self.max_page
        return OpenEndedPage(rows[: self.per_page], number, self, more=more)

    def last_page_number(self) -> int:
        """The last page's number; past COUNT_LIMIT, counted up to the deepest page (bounded)."""
        if self.count_exact:
            return self.num_pages
        found = self.object_list.order_by()[: self.max_page * self.per_page].count()
        return min(math.ceil(found / self.per_page), self.max_page)

    def get_page(self, number) -> Page:
        """The page a visitor's link or typing asked for, for an HTML page that never refuses:
        text that is not a page number, or a number below 1, gives the first page; a number
        past the end the last one (Django's own get_page gave the last for 0 and -1)."""
        try:
            return self.page(asked_page(number, self.max_page))
        except EmptyPage:
            return self.page(self.last_page_number())


def asked_page(raw: object, maximum: int) -> int:
    """A page number as typed, brought into 1..maximum; 1 when it is not a whole number."""
    text = str(raw).strip() if raw is not None else ""
    if not (text.isascii() and text.isdigit()):
        return 1  # empty, negative, "2.5", "²", "abc"
    digits = text.lstrip("0")
    if len(digits) > len(str(maximum)):
        return maximum  # int() of thousands of digits would fail; it is past the end anyway
    return min(max(int(digits or "0"), 1), maximum)


def _page_param(
    raw: object, *, name: str, maximum: int, default: int, above_gives_maximum: bool = False
) -> int:
    try:
        if above_gives_maximum:
            value = int_param(raw, name=name, minimum=1, maximum=2**63 - 1, default=default)
            return min(value, maximum)
        return int_param(raw, name=name, minimum=1, maximum=maximum, default=default)
    except BadParameter:
        # One message for every way of getting it wrong ("0", "abc", "2.5", 10**20): the range.
        message = _("“%(name)s” must be a whole number from 1 to %(maximum)s.")
        params = {"name": name, "maximum": maximum}
        raise BadParameter(name, percent_filled(message, params)) from None


class CheckedPagination(PageNumberPagination):
    """Page-number paging that answers 400 `bad_parameter`, naming the range, for a `page`
    or `page_size` that is not one. DRF's own answers 404 "Invalid page." for page=0 or
    page=abc and quietly uses its default for page_size=abc or 0. As in DRF, a page past
    the end of the results is a 404, `page=last` names the last page and a page_size over
    max_page_size gives max_page_size (the docs say "up to").
    """

    def get_page_size(self, request) -> int:
        if not self.page_size_query_param:
            return self.page_size
        return _page_param(
            request.query_params.get(self.page_size_query_param),
            name=self.page_size_query_param,
            maximum=self.max_page_size or self.page_size,
            default=self.page_size,
            above_gives_maximum=True,
        )

    def get_page_number(self, request, paginator) -> int:
        raw = request.query_params.get(self.page_query_param)
        if raw in self.last_page_strings:
            if isinstance(paginator, CappedPaginator):
                return paginator.last_page_number()
            return paginator.num_pages
        return _page_param(
            raw, name=self.page_query_param, maximum=max_page(paginator.per_page), default=1
        )


class CardPagination(CheckedPagination):
    django_paginator_class = CappedPaginator
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_paginated_response(self, data) -> Response:
        response = super().get_paginated_response(data)
        response.data["count_exact"] = self.page.paginator.count_exact
        return response

    def get_paginated_response_schema(self, schema: dict) -> dict:
        schema = super().get_paginated_response_schema(schema)
        schema["properties"]["count_exact"] = {
            "type": "boolean",
            "description": (
                f"false when over {COUNT_LIMIT} cards match; count is then the limit, "
                "and `next` says whether more pages follow"
            ),
        }
        return schema
