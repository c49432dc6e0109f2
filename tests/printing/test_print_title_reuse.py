"""A reused print file is the asker's own file: the title printed in it is part of the key.

alice prints her private deck; bob prints a deck of his with the same cards and
options under another name. His PDF must carry his deck's name only, in the
metadata and on every sheet's label, never alice's.
"""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from decks import services as deck_services
from printing import services
from tests.factories import make_user
from tests.play_rows import first_cards_deck

pytestmark = pytest.mark.django_db

ALICE_DECK = "Őrült Űrlény-pakli"
BOB_DECK = "Bob saját paklija"


@pytest.fixture
def run(django_capture_on_commit_callbacks):
    def run(user, deck):
        with django_capture_on_commit_callbacks(execute=True):
            job = services.print_job_create(
                user=user, session_key="", source={"deck": deck.pk}, options={}
            )
        job.refresh_from_db()
        assert job.status == "done", job.error
        return job

    return run


def titles_in(job) -> tuple[str, str]:
    """The PDF's Title metadata and the text of all its pages."""
    with job.file.open("rb") as handle:
        reader = PdfReader(handle)
        return reader.metadata.title, "\n".join(page.extract_text() for page in reader.pages)


def test_the_same_cards_under_another_name_print_only_that_name(cards, run):
    alice, bob = make_user("alice"), make_user("bob")
    alice_job = run(alice, first_cards_deck(alice, ALICE_DECK, 2))
    bob_job = run(bob, first_cards_deck(bob, BOB_DECK, 2))
    assert bob_job.cards == alice_job.cards and bob_job.options == alice_job.options
    assert bob_job.file.name != alice_job.file.name

    title, text = titles_in(bob_job)
    assert title == BOB_DECK
    assert f"{BOB_DECK} · 1/1 · előlap / front" in text
    assert f"{BOB_DECK} · 1/1 · hátlap / back" in text
    assert ALICE_DECK not in title and ALICE_DECK not in text
    # alice's own file still says hers
    title, text = titles_in(alice_job)
    assert title == ALICE_DECK and ALICE_DECK in text and BOB_DECK not in text


def test_a_renamed_deck_prints_under_its_new_name(cards, owner, run):
    deck = first_cards_deck(owner, "Régi név", 2)
    before = run(owner, deck)
    deck_services.deck_update(
        deck=deck, user=owner, name="Új név", description=deck.description,
        format_id=deck.format, visibility=deck.visibility,
    )  # fmt: skip
    after = run(owner, deck)
    title, text = titles_in(after)
    assert title == "Új név" and "Új név · 1/1" in text and "Régi név" not in text
    # the same name again is the same file
    assert run(owner, deck).file.name == after.file.name != before.file.name
