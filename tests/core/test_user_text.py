"""Names other people typed stand apart from the site's sentences around them (<bdi>)."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from tests.factories import make_user


def test_the_filter_escapes_and_isolates():
    rendered = Template("{% load user_text %}{{ name|isolated }}").render(
        Context({"name": "<b>אבג</b>"})
    )
    assert rendered == "<bdi>&lt;b&gt;אבג&lt;/b&gt;</bdi>"


@pytest.mark.django_db
def test_a_right_to_left_name_in_a_sentence_is_isolated(client, cards):
    from catalog.models import Game
    from decks import services as deck_services

    owner = make_user("אבג")
    deck = deck_services.deck_create(
        owner=owner, game=Game.objects.get(slug="alomfogo"), name="Pakli"
    )
    deck.visibility = "public"
    deck.save(update_fields=["visibility"])
    page = client.get(f"/decks/{deck.pk}/").content.decode()
    assert "<bdi>אבג</bdi>" in page  # "built by" — the sentence keeps its own direction
