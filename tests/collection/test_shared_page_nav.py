"""The header marks "Collection" as the current page on my own collection's pages only.

Personas: the owner, who shares their collection, and a stranger who opens the link
while signed in. Each test asserts which header link is marked as the current page.
"""

from __future__ import annotations

import re

import pytest

from collection import services
from tests.factories import PASSWORD, own

pytestmark = pytest.mark.django_db

# The header's Collection link (both menus), with aria-current when it is the page shown.
COLLECTION_LINK = re.compile(r'<a href="/collection/"( aria-current="page")?>')


def current_marks(client, path: str) -> list[bool]:
    """For each header Collection link on the page: is it marked as the current page?"""
    response = client.get(path)
    assert response.status_code == 200, path
    html = response.content.decode()
    header = html[html.index('<header class="site-header">') : html.index("</header>")]
    return [bool(mark) for mark in COLLECTION_LINK.findall(header)]


def test_someone_elses_shared_collection_is_not_my_collection(client, cards, owner, stranger):
    own(owner, AF1_001=3)
    link = f"/collection/s/{services.collection_share(user=owner).token}/"
    client.login(username=stranger.username, password=PASSWORD)
    assert current_marks(client, link) == [False, False]
    # my own collection's pages still are
    assert current_marks(client, "/collection/") == [True, True]
    assert current_marks(client, "/collection/import/") == [True, True]
