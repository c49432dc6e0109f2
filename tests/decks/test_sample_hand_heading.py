"""The sample hand's page goes from its h1 to an h2, skipping no heading level."""

from __future__ import annotations

import re

import pytest

from tests.decks.conftest import login

pytestmark = pytest.mark.django_db


def test_the_sample_hand_heading_follows_the_page_heading(client, deck, owner):
    login(client, owner)
    html = client.get(f"/decks/{deck.pk}/sample/").content.decode()
    levels = [int(level) for level in re.findall(r"<h([1-6])[\s>]", html)]
    assert levels[0] == 1 and 2 in levels
    assert all(b <= a + 1 for a, b in zip(levels, levels[1:], strict=False)), levels
