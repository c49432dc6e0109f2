"""Serializer fields every API shares."""

from __future__ import annotations

from rest_framework import serializers

from core.params import BadParameter, int_param

ID_MAX = 2**63 - 1  # a database id (bigint): past it nothing can match


def validated(serializer_class, data) -> dict:
    """`data` read by `serializer_class`; a refusal is DRF's 400 (core.api words it)."""
    serializer = serializer_class(data=data)
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
