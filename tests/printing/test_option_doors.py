"""One sheet is asked for one way at every door: the API, the form, the preview and the service.

A choice is read in any case ("A4" is "a4") and stored as its key; a length
has at most one decimal (as the form's field has) and is refused past it
everywhere. So the same options give the same stored options, and the same
reuse key, whichever door they came through.
"""

from __future__ import annotations

import pytest

from printing import options as print_options
from printing import services
from printing.forms import PrintOptionsForm
from printing.models import PrintJob
from tests.printing.requests import FORM, ONE_CARD, api_post

pytestmark = pytest.mark.django_db


def preview(client, **changed):
    return client.get("/print/preview/", {**FORM, "cards": "AF1-001:1", **changed})


def test_the_api_stores_a_choice_as_its_key_in_any_case(client, cards):
    response = api_post(client, **ONE_CARD, page_size=" A4", card_size="Poker", flip="LONG")
    assert response.status_code == 201, response.json()
    stored = PrintJob.objects.get(pk=response.json()["id"]).options
    assert (stored["page_size"], stored["card_size"], stored["flip"]) == ("a4", "poker", "long")


def test_the_form_and_the_preview_read_a_choice_in_any_case_too(client, cards):
    form = PrintOptionsForm({**FORM, "page_size": "A4", "card_size": "Poker", "flip": "Short"})
    assert form.is_valid(), form.errors
    options = form.to_options()
    assert (options["page_size"], options["card_size"], options["flip"]) == ("a4", "poker", "short")
    assert preview(client, page_size="Letter").status_code == 200


@pytest.mark.parametrize("name", ["page_size", "card_size", "flip"])
def test_an_unknown_choice_is_refused_at_every_door(client, cards, name):
    assert api_post(client, **ONE_CARD, **{name: "folio"}).status_code == 400
    assert preview(client, **{name: "folio"}).status_code == 400
    assert not PrintOptionsForm({**FORM, name: "folio"}).is_valid()
    with pytest.raises(services.PrintOptionsError):
        services.print_options_clean({name: "folio"})
    assert not PrintJob.objects.exists()


def test_an_unknown_flip_is_the_services_refusal_in_the_api(client, cards):
    """Not the serializer's "not a valid choice": the one message the service gives."""
    error = api_post(client, **ONE_CARD, flip="diagonal").json()["error"]
    assert error["code"] == "bad_option"


@pytest.mark.parametrize(
    ("name", "value"),
    [("bleed_mm", 2.55), ("margin_mm", 4.25), ("gap_mm", 0.05), ("back_offset_mm", [0.15, 0])],
)
def test_a_length_past_one_decimal_is_refused_at_every_door(client, cards, name, value):
    response = api_post(client, **ONE_CARD, **{name: value})
    assert response.status_code == 400 and response.json()["error"]["code"] == "bad_option"
    form_fields = (
        {"back_offset_x": value[0], "back_offset_y": value[1]}
        if name == "back_offset_mm"
        else {name: value}
    )
    assert not PrintOptionsForm({**FORM, **form_fields}).is_valid()
    assert preview(client, **form_fields).status_code == 400
    with pytest.raises(services.PrintOptionsError):
        services.print_options_clean({name: value})
    assert not PrintJob.objects.exists()


def test_the_decimals_a_length_may_have_are_the_options_tables():
    form = PrintOptionsForm()
    for option in print_options.OPTIONS:
        for name, _label in option.parts or ((option.name, ""),):
            if option.kind in ("mm", "offset"):
                assert form.fields[name].decimal_places == option.places


def test_a_length_with_a_floats_error_is_its_tenths():
    options = services.print_options_clean({"bleed_mm": 0.1 + 0.2, "gap_mm": 2.5})
    assert options["bleed_mm"] == 0.3 and options["gap_mm"] == 2.5


def test_the_same_sheet_through_the_api_and_the_form_is_one_reuse_key(
    client, owner, cards, django_capture_on_commit_callbacks
):
    client.force_login(owner)
    with django_capture_on_commit_callbacks(execute=True):
        response = api_post(
            client, **ONE_CARD, page_size="A4", card_size="Poker", bleed_mm=2.5, backs=True
        )
    assert response.status_code == 201, response.json()
    with django_capture_on_commit_callbacks(execute=True):
        posted = client.post("/print/new/", {**FORM, "cards": "AF1-001:1", "bleed_mm": "2.5"})
    assert posted.status_code == 302, posted.content.decode()[:500]
    by_api, by_form = PrintJob.objects.order_by("created_at")
    assert by_api.options == by_form.options
    assert by_api.content_hash == by_form.content_hash
    assert by_form.file.name == by_api.file.name  # the form's job reused the API's file
