"""A deck code the import cannot read is refused under the box it was typed in.

The refusal sat at the top of the form, above the game, the name and a twelve-line list
box, far from the code field to mend (at 390 px, off the screen). Persona: a player
pasting a damaged deck code, into the code field or into the list box.
"""

from __future__ import annotations

import re
from html import unescape

import pytest

from decks.models import Deck
from tests.decks.conftest import login

pytestmark = pytest.mark.django_db


def field_errors(html: str) -> dict[str, str]:
    """Each form field's error text, by the field's name, and "" for the form's own."""
    found = {}
    for block in re.findall(
        r'<div class="field has-error">(.*?)</div>\s*(?=<div class="field|<button)', html, re.S
    ):
        name = re.search(r'name="([^"]+)"', block).group(1)
        found[name] = unescape(re.sub(r"<[^>]*>", " ", block.split('class="errors"', 1)[1]))
    top = re.search(r'<div class="form-errors"[^>]*>(.*?)</div>', html, re.S)
    if top:
        found[""] = unescape(re.sub(r"<[^>]*>", " ", top.group(1)))
    return found


def damaged_code(client, deck) -> str:
    code = client.get(f"/decks/{deck.pk}/export/code/").content.decode()
    return code[:10] + ("A" if code[10] != "A" else "B") + code[11:]


@pytest.mark.parametrize("box", ["code", "text"])
def test_a_damaged_code_is_refused_under_its_box(client, deck, owner, box):
    login(client, owner)
    code = damaged_code(client, deck)
    response = client.post("/decks/import/", {"game": "alomfogo", box: code})
    assert response.status_code == 400
    errors = field_errors(response.content.decode())
    assert list(errors) == [box], errors
    assert "sérült" in errors[box]
    assert Deck.objects.filter(owner=owner).count() == 1


def test_an_empty_form_is_still_told_at_the_top(client, owner):
    login(client, owner)
    response = client.post("/decks/import/", {"game": "alomfogo"})
    assert response.status_code == 400
    errors = field_errors(response.content.decode())
    assert list(errors) == [""] and "paklikód" in errors[""]
