"""A page of an API list as DRF's PageNumberPagination answers it, for the schema.

The paged lists are plain APIViews that page with a pagination class of their own
(catalog.paging.CheckedPagination), so drf-spectacular does not see the paging: each
operation names its page's answer and its `page` / `page_size` parameters itself,
from here.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers


def page_serializer(name: str, results, *, count_help: str) -> type[serializers.Serializer]:
    """The answer of one page, {count, next, previous, results}, as a serializer class
    called `name` (the schema's component is `name` without "Serializer"); `results` is
    the serializer class of one row, `count_help` says what `count` counts."""
    fields = {
        "count": serializers.IntegerField(help_text=count_help),
        "next": serializers.URLField(allow_null=True),
        "previous": serializers.URLField(allow_null=True),
        # made last: DRF orders declared fields by when they were made
        "results": results(many=True),
    }
    return type(name, (serializers.Serializer,), {**fields, "__qualname__": name})


def page_parameters(pagination) -> list[OpenApiParameter]:
    """The `page` and page size parameters of a page-number `pagination` class."""
    return [
        OpenApiParameter(pagination.page_query_param, int, description="From 1."),
        OpenApiParameter(
            pagination.page_size_query_param,
            int,
            description=f"At most {pagination.max_page_size}.",
        ),
    ]
