"""The shipped card data, loaded once per test database."""

from __future__ import annotations

import pytest
from django.core.management import call_command


@pytest.fixture(scope="session")
def catalog_data(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        call_command("load_cards", verbosity=0)


@pytest.fixture
def cards(catalog_data, db):
    """Tests that read the shipped catalog."""
    from catalog.models import Card

    return Card.objects
