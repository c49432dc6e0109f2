"""An import reads one CSV, sent once: nothing the person sent is left unread without a word.

A multipart body with a `file` and a `text` imported the file and ignored the text;
with two `file` parts (or two `mode`s) the last one won. Both now answer 400 and
import nothing, on the API and on the page's form.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from collection import services
from collection.selectors import owned_counts

pytestmark = pytest.mark.django_db

API, PAGE = "/api/collection/import/", "/collection/import/"


def _csv(content: str, name: str = "cards.csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, content.encode(), content_type="text/csv")


@pytest.fixture
def signed_in(client, owner, cards):
    services.collection_set_count(user=owner, code="AF1-001", count=1)
    client.force_login(owner)
    client.cookies["django_language"] = "en"
    return owner


def test_a_file_and_a_text_are_refused_and_nothing_is_imported(client, signed_in):
    answer = client.post(API, {"text": "AF1-002,2", "file": _csv("AF1-003,3")})

    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "text_and_file"
    assert "not both" in error["message"]
    assert owned_counts(signed_in) == {"AF1-001": 1}


def test_two_files_are_refused_and_nothing_is_imported(client, signed_in):
    answer = client.post(API, {"file": [_csv("AF1-002,2", "a.csv"), _csv("AF1-003,3", "b.csv")]})

    assert answer.status_code == 400
    error = answer.json()["error"]
    assert (error["code"], error["field"]) == ("repeated_field", "file")
    assert "one CSV file" in error["message"]
    assert owned_counts(signed_in) == {"AF1-001": 1}


@pytest.mark.parametrize(
    "body",
    [
        {"text": ["AF1-002,2", "AF1-003,3"]},
        {"text": "AF1-002,2", "mode": ["add", "replace"]},
        {"text": "AF1-002,2", "game": ["alomfogo", "oniroo"]},
    ],
)
def test_any_field_sent_twice_is_refused_and_nothing_is_imported(client, signed_in, body):
    answer = client.post(API, body)  # multipart, as the test client sends a dict

    assert answer.status_code == 400
    error = answer.json()["error"]
    assert error["code"] == "repeated_field"
    assert f"“{error['field']}” was sent 2 times" in error["message"]
    assert owned_counts(signed_in) == {"AF1-001": 1}


def test_a_blank_text_beside_a_file_is_no_conflict(client, signed_in):
    answer = client.post(API, {"text": "", "file": _csv("AF1-002,2")})

    assert answer.status_code == 200
    assert owned_counts(signed_in) == {"AF1-001": 1, "AF1-002": 2}


def test_the_refusal_is_in_hungarian_on_a_hungarian_request(client, signed_in):
    client.cookies["django_language"] = "hu"

    answer = client.post(API, {"text": "AF1-002,2", "file": _csv("AF1-003,3")})

    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "text_and_file"
    assert answer.headers["Content-Language"] == "hu"


def _page_form(**fields) -> dict:
    return {"game": "alomfogo", "mode": "add", "text": "", **fields}


def test_the_page_refuses_a_pasted_text_beside_a_chosen_file(client, signed_in):
    answer = client.post(PAGE, _page_form(text="AF1-002,2", file=_csv("AF1-003,3")))

    assert answer.status_code == 400
    assert "Paste the CSV or choose a file, not both" in answer.content.decode()
    assert owned_counts(signed_in) == {"AF1-001": 1}


def test_the_page_refuses_two_files(client, signed_in):
    answer = client.post(PAGE, _page_form(file=[_csv("AF1-002,2"), _csv("AF1-003,3")]))

    assert answer.status_code == 400
    assert "Send one CSV file at a time: this request has 2." in answer.content.decode()
    assert owned_counts(signed_in) == {"AF1-001": 1}


def test_the_page_refuses_a_mode_sent_twice(client, signed_in):
    answer = client.post(PAGE, _page_form(text="AF1-002,2", mode=["add", "replace"]))

    assert answer.status_code == 400
    assert "“mode” was sent 2 times" in answer.content.decode()
    assert owned_counts(signed_in) == {"AF1-001": 1}


def test_the_page_still_imports_a_file_with_the_text_box_left_empty(client, signed_in):
    answer = client.post(PAGE, _page_form(file=_csv("AF1-002,2")))

    assert answer.status_code == 302
    assert owned_counts(signed_in) == {"AF1-001": 1, "AF1-002": 2}
