"""Serializer fields every API shares."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from django.utils.translation import gettext as _
from rest_framework import serializers

from core.params import BadParameter, int_param
from core.text import line_feeds

ID_MAX = 2**63 - 1  # a database id (bigint): past it nothing can match


# What a form adds to the fields it sends: the CSRF token of a form posted from a page.
FORM_EXTRAS = frozenset({"csrfmiddlewaretoken"})


def refuse_unknown_fields(serializer: serializers.Serializer, data) -> None:
    """A 400 naming each field of a request body that the serializer does not read,
    at any depth (`cards[2].bord` in a list of cards).

    DRF drops them silently, so a misspelt field ("copeis") fell back to its
    default and the request did something the sender did not ask for.
    """
    unknown = _unknown_fields(serializer, data, "")
    if unknown:
        raise serializers.ValidationError(
            {
                path[:60]: [
                    _("There is no field “%(name)s” here; the fields are: %(known)s.")
                    % {"name": path[:60], "known": known}
                    if known
                    else _("There is no field “%(name)s” here: this request reads no body.")
                    % {"name": path[:60]}
                ]
                for path, known in unknown
            },
            code="unknown_field",
        )


class NoBodySerializer(serializers.Serializer):
    """The body of a write that reads none: `validated(NoBodySerializer, request.data)`.

    An empty body or `{}` (a form's CSRF token aside) passes; any field is refused
    as a field the endpoint does not read is everywhere, not silently ignored.
    """


_MOST_NAMED = 5  # unknown fields named in one answer (the walk stops there)
_WALK_MOST = 1_000  # items of a list without a count of its own that the walk reads


class CountedListSerializer(serializers.ListSerializer):
    """A list of nested items whose length is checked before any item is read.

    DRF reads every item first: a list a million long cost seconds of CPU (and
    the unknown-field walk as many) before its length was refused. A subclass
    names its bound and its refusal: `most = staticmethod(limits.max_entries)`,
    `too_many = staticmethod(limits.too_many_entries)`.
    """

    most: Callable[[], int]
    too_many: Callable[[int], Exception]

    def to_internal_value(self, data):
        if isinstance(data, list) and len(data) > self.most():
            raise self.too_many(len(data))
        return super().to_internal_value(data)


class CountedDictField(serializers.DictField):
    """A mapping whose size is checked before any of its values is read (the same reason)."""

    def __init__(
        self, *, most: Callable[[], int], too_many: Callable[[int], Exception], **kwargs
    ) -> None:
        super().__init__(**kwargs)
        self.most, self.too_many = most, too_many

    def to_internal_value(self, data):
        if isinstance(data, Mapping) and len(data) > self.most():
            raise self.too_many(len(data))
        return super().to_internal_value(data)


def _unknown_fields(serializer, data, prefix: str) -> list[tuple[str, str]]:
    """(path, the fields there are) of the first unknown fields in `data`, depth first.

    Walks what the serializer would read: a nested serializer's mapping and each
    item of a list of them, up to the list's own count (CountedListSerializer) or
    _WALK_MOST items; a list over its count is refused by it, unread.
    """
    if not isinstance(data, Mapping):
        return []
    fields = serializer.fields
    found = [
        (prefix + str(key), _writable(serializer))
        for key in data
        if key not in fields and key not in FORM_EXTRAS
    ][:_MOST_NAMED]
    for name, field in fields.items():
        if len(found) >= _MOST_NAMED:
            break
        value = data.get(name)
        if isinstance(field, serializers.ListSerializer) and isinstance(value, list):
            if isinstance(field, CountedListSerializer) and len(value) > field.most():
                continue  # refused by its length before any item is read
            for i, item in enumerate(value[:_WALK_MOST]):
                found += _unknown_fields(field.child, item, f"{prefix}{name}[{i}].")
                if len(found) >= _MOST_NAMED:
                    break
        elif isinstance(field, serializers.Serializer):
            found += _unknown_fields(field, value, f"{prefix}{name}.")
    return found[:_MOST_NAMED]


def _writable(serializer) -> str:
    return ", ".join(name for name, field in serializer.fields.items() if not field.read_only)


def validated(serializer_class, data, *, body: bool = True) -> dict:
    """`data` read by `serializer_class`; a refusal is DRF's 400 (core.api words it).

    `body`: `data` is a request body, whose every field must be one the serializer
    reads; query parameters (body=False) may carry others (a cache buster, say).
    """
    serializer = serializer_class(data=data)
    if body:
        refuse_unknown_fields(serializer, data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class StrictIntegerField(serializers.IntegerField):
    """An integer read by core.params.int_param: JSON `true` or "1.0" or "²" is not a number.

    DRF's IntegerField accepts `1.0` and strings with a decimal point, and
    its bounds are optional; here both bounds are required and named.
    """

    def __init__(self, *, minimum: int, maximum: int, **kwargs) -> None:
        super().__init__(min_value=minimum, max_value=maximum, **kwargs)
        self.minimum, self.maximum = minimum, maximum

    def to_internal_value(self, data):
        # the child of a dict or list field has no name of its own: its parent's names it
        name = self.field_name or getattr(self.parent, "field_name", "") or "value"
        try:
            return int_param(data, name=name, minimum=self.minimum, maximum=self.maximum)
        except BadParameter as bad:
            raise serializers.ValidationError(bad.message, code="bad_parameter") from None


class MultilineTextField(serializers.CharField):
    """Multi-line text (a message, a description), its line breaks made "\\n" before
    `max_length` measures it: "\\r\\n" is one break, as the site's text boxes count it
    (core.forms.MultilineField is the form side of the same rule)."""

    def to_internal_value(self, data):
        return line_feeds(super().to_internal_value(data))
