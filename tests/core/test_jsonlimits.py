"""core.jsonlimits: numbers JSON does not have are refused, as malformed JSON is."""

from __future__ import annotations

import pytest
from django.utils import translation

from core.jsonlimits import BadJson, loads_bounded


@pytest.mark.parametrize(
    "text",
    ['{"version": NaN}', "[Infinity]", "[-Infinity]", "[1e309]", "[-1e309]", '{"a": [1E400]}'],
)
def test_nan_infinity_and_a_number_too_large_for_a_float_are_refused(text):
    for language, word in (("en", "number"), ("hu", "szám")):
        with translation.override(language), pytest.raises(BadJson) as refusal:
            loads_bounded(text)
        assert refusal.value.code == "bad_json"
        assert word in refusal.value.message
    with pytest.raises(BadJson):
        loads_bounded(text, unique_keys=True)


def test_finite_numbers_still_read():
    assert loads_bounded("[1.5, 1e308, -0.0, 10, 1e2]") == [1.5, 1e308, -0.0, 10, 100.0]
    assert loads_bounded('{"name": "NaN"}') == {"name": "NaN"}  # a string, not the constant


@pytest.mark.django_db
def test_an_api_body_with_nan_is_a_400_not_a_value(client):
    from tests.factories import make_user

    client.force_login(make_user("zsofi"))
    answer = client.post(
        "/api/matches/", '{"starting_glory": NaN}', content_type="application/json"
    )
    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "bad_json"  # as the socket says it
