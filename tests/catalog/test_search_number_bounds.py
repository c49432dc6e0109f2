"""A number too large (or too small) for a search key is called that, with the bound.

`cost<=99999999999999999999` was refused as "needs a whole number", which it is: every
numeric key said so of any number past six digits.
"""

from __future__ import annotations

import pytest
from django.conf import settings
from django.utils import translation

from catalog.search import SearchError, parse
from catalog.search_keys import KEYS, NumberKey

NUMBER_KEYS = [key for key in KEYS if isinstance(key, NumberKey)]


def refusal(query: str) -> SearchError:
    with translation.override("en"), pytest.raises(SearchError) as caught:
        parse(query)
    return caught.value


def test_every_numeric_key_is_covered():
    assert {key.name for key in NUMBER_KEYS} == {
        "cost", "attack", "defense", "glory", "digit", "owned"
    }  # fmt: skip


@pytest.mark.parametrize("key", NUMBER_KEYS, ids=lambda key: key.name)
@pytest.mark.parametrize("above", ["1", "99999999999999999999", "9" * 5000])
def test_a_number_above_a_keys_largest_says_so_and_names_it(key, above):
    value = str(key.maximum + int(above)) if len(above) < 5 else above
    problem = refusal(f"{key.name}<={value}")
    assert problem.code == "bad_number"
    assert problem.position == len(key.name) + 2  # at the number
    assert problem.message == (
        f"The number after “{key.name}” is too large: the largest it takes is {key.maximum}."
    )


@pytest.mark.parametrize("key", NUMBER_KEYS, ids=lambda key: key.name)
def test_a_number_below_a_keys_smallest_says_so_and_names_it(key):
    for value in (str(key.minimum - 1), "-99999999999999999999"):
        problem = refusal(f"{key.name}>={value}")
        assert problem.code == "bad_number"
        assert problem.message == (
            f"The number after “{key.name}” is too small: the smallest it takes is {key.minimum}."
        )


@pytest.mark.parametrize("key", NUMBER_KEYS, ids=lambda key: key.name)
def test_the_bounds_themselves_and_leading_zeros_are_numbers(key):
    assert parse(f"{key.name}<={key.maximum}").node.value == str(key.maximum)
    assert parse(f"{key.name}>={key.minimum}").node.value == str(key.minimum)
    assert parse(f"{key.name}:{'0' * 30}7").node.value == "7"


def test_what_is_no_number_is_still_called_that():
    with translation.override("en"):
        assert "needs a whole number, not “sok”" in refusal("cost:sok").message
        assert "needs a whole number from 0 to 999, not “1.5”" in refusal("own:1.5").message


def test_a_group_number_of_any_length_lists_the_groups():
    assert "eight groups" in refusal("group:99999999999999999999").message


@pytest.mark.parametrize(
    ("language", "says", "never"),
    [
        ("en", "The number after “cost” is too large: the largest it takes is 999999.", ""),
        # the Hungarian words come from the catalogue; never the old "not a whole number"
        ("hu", "999999", "egész szám kell"),
    ],
)
def test_the_search_page_says_the_number_is_too_large(client, cards, language, says, never):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get("/cards/", {"q": "cost<=99999999999999999999"})
    assert response.status_code == 400
    alert = response.content.decode().split('role="alert"', 1)[1].split("</div>", 1)[0]
    assert says in alert
    assert not never or never not in alert


def test_the_api_says_the_number_is_too_large(client, cards):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get("/api/cards/", {"q": "atk>=1" + "0" * 40})
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["position"]) == ("bad_number", 5)
    assert (
        error["message"] == "The number after “atk” is too large: the largest it takes is 999999."
    )
