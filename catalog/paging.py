"""Pages of search results whose total is counted only up to a limit.

Counting every match of a broad search ("every card with a cost") reads as
many index entries as there are matches, so its cost grows with the catalog.
Past COUNT_LIMIT the exact number helps nobody; the page says "more than
5,000" and the API marks the count as not exact.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.utils.functional import cached_property
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

COUNT_LIMIT = 1000


class CappedPaginator(Paginator):
    count_exact = True

    @cached_property
    def count(self) -> int:
        # Ordering is irrelevant to a count and would force a sort of the matches.
        found = self.object_list.order_by()[: COUNT_LIMIT + 1].count()
        self.count_exact = found <= COUNT_LIMIT
        return min(found, COUNT_LIMIT)


class CardPagination(PageNumberPagination):
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
            "description": f"false when over {COUNT_LIMIT} cards match; count is then the limit",
        }
        return schema
