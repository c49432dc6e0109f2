"""Deck versions (issue #19, item 8): a burst of edits is one version, the history page
compares with real choices, asks before restoring and speaks the reader's language."""

from __future__ import annotations

import importlib
from datetime import timedelta

import pytest
from django.apps import apps
from django.utils import translation

from catalog.models import Card
from decks import services
from decks.history import deck_history
from decks.models import DeckVersion, VersionKind
from decks.versioning import EDIT_BURST
from play import services as play_services
from printing.models import PrintJob, SourceKind
from tests.decks.conftest import login

pytestmark = pytest.mark.django_db


def plus(client, deck, code: str, delta: int = 1):
    return client.post(f"/decks/{deck.pk}/cards/", {"code": code, "delta": delta, "board": "main"})


def numbers(deck) -> list[int]:
    return list(deck.versions.order_by("number").values_list("number", flat=True))


def age_newest_version(deck, by: timedelta) -> None:
    newest = deck.versions.order_by("-number").first()
    DeckVersion.objects.filter(pk=newest.pk).update(edited_at=newest.edited_at - by)


# --- one burst, one version ----------------------------------------------------------------
def test_a_burst_of_plus_and_minus_clicks_is_one_version(client, deck, owner):
    login(client, owner)
    for _ in range(3):
        plus(client, deck, "AFD-002")
    plus(client, deck, "AF1-001", -1)
    client.post(f"/decks/{deck.pk}/add/", {"line": "1 AFD-003"})  # quick add joins the burst

    assert numbers(deck) == [1, 2]
    burst = deck.versions.get(number=2)
    assert burst.kind == VersionKind.EDITED
    assert {(c["code"], c["before"], c["after"]) for c in burst.changes} == {
        ("AF1-001", 3, 2),
        ("AFD-002", 0, 3),
        ("AFD-003", 0, 1),
    }
    assert burst.entries == services._snapshot(deck)


def test_an_edit_after_a_pause_starts_a_new_version(client, deck, owner):
    login(client, owner)
    plus(client, deck, "AFD-002")
    age_newest_version(deck, EDIT_BURST + timedelta(seconds=1))
    plus(client, deck, "AFD-002")
    assert numbers(deck) == [1, 2, 3]
    assert deck.versions.get(number=2).changes[0]["after"] == 1


def test_a_burst_that_undoes_itself_leaves_no_version(client, deck, owner):
    login(client, owner)
    plus(client, deck, "AFD-002")
    plus(client, deck, "AFD-002", -1)
    assert numbers(deck) == [1]


def test_a_minus_on_a_card_the_deck_lacks_writes_no_version(client, deck, owner):
    login(client, owner)
    plus(client, deck, "AFD-002", -1)
    assert numbers(deck) == [1]


@pytest.mark.parametrize("closer", ["settings", "restore", "import"])
def test_imports_restores_and_saves_stay_versions_of_their_own(client, deck, owner, closer):
    login(client, owner)
    plus(client, deck, "AFD-002")
    if closer == "settings":
        client.post(
            f"/decks/{deck.pk}/settings/",
            {"name": "Új név", "description": "", "format": deck.format, "visibility": "private"},
        )
    elif closer == "restore":
        client.post(f"/decks/{deck.pk}/history/1/restore/")
    else:  # the API's whole-list PATCH
        client.patch(
            f"/api/decks/{deck.pk}/",
            {"cards": [{"code": "AFD-002", "count": 2}]},
            content_type="application/json",
        )
    plus(client, deck, "AFD-003")
    kinds = list(deck.versions.order_by("number").values_list("kind", flat=True))
    expected = {"settings": "settings", "restore": "restored", "import": "replaced"}[closer]
    assert kinds == ["created", "edited", expected, "edited"]


def test_a_version_a_match_was_started_with_never_changes(client, cards, owner):
    from tests.play.test_matches import legal_deck

    deck = legal_deck(owner)
    login(client, owner)
    code = Card.objects.filter(game=deck.game).exclude(deck_entries__deck=deck).first().code
    plus(client, deck, code)
    pinned = deck.versions.get(number=2)
    match = play_services.match_create(user=owner, game=deck.game, deck=deck, opponent="invite")
    assert match.seats.get(position=0).deck_version_id == pinned.pk

    plus(client, deck, code)

    assert numbers(deck) == [1, 2, 3]
    pinned.refresh_from_db()
    assert pinned.changes == [{"code": code, "board": "main", "before": 0, "after": 1}]


def printed_from(version) -> None:
    """A print job made from this version (which then holds it)."""
    PrintJob.objects.create(
        source_kind=SourceKind.DECK, deck_version=version, cards=[], title="x", options={},
        content_hash="x",
    )  # fmt: skip


def test_a_version_a_print_job_was_made_from_never_changes(client, deck, owner):
    login(client, owner)
    plus(client, deck, "AFD-002")
    printed = deck.versions.get(number=2)
    printed_from(printed)
    plus(client, deck, "AFD-002")
    assert numbers(deck) == [1, 2, 3]
    printed.refresh_from_db()
    assert printed.changes == [{"code": "AFD-002", "board": "main", "before": 0, "after": 1}]


# --- how many are kept ----------------------------------------------------------------------
def limits(**changed):
    from django.conf import settings
    from django.test import override_settings

    return override_settings(LIMITS={**settings.LIMITS, **changed})


def test_only_the_newest_versions_are_kept_and_every_one_a_print_holds(client, deck, owner):
    """Each version holds the whole deck: a script renaming a deck forever would fill the
    database. Past LIMIT_DECK_VERSIONS the oldest go, except what a match or a print holds."""
    login(client, owner)
    plus(client, deck, "AFD-002")
    printed = deck.versions.get(number=2)
    printed_from(printed)
    with limits(DECK_VERSIONS_KEPT=3):
        for n in range(5):
            client.post(
                f"/decks/{deck.pk}/settings/",
                {
                    "name": f"Név {n}",
                    "description": "",
                    "format": deck.format,
                    "visibility": "private",
                },
            )
        page = client.get(f"/decks/{deck.pk}/history/").content.decode()
    assert numbers(deck) == [2, 5, 6, 7]  # the newest three, and the printed one
    assert "A legújabb 3 változatot" in page
    assert client.get(f"/decks/{deck.pk}/history/1/restore/").status_code == 404


def test_a_person_keeps_a_bounded_number_of_decks(client, deck, owner):
    login(client, owner)
    with limits(DECKS_PER_USER=2):
        response = client.post(
            "/api/decks/", {"game": "alomfogo", "name": "Második"}, content_type="application/json"
        )
        assert response.status_code == 201
        response = client.post(
            "/api/decks/", {"game": "alomfogo", "name": "Harmadik"}, content_type="application/json"
        )
        assert response.status_code == 400
        error = response.json()["error"]
        assert error["code"] == "too_many_decks" and "2 paklit" in error["message"]
        clone = client.post(f"/decks/{deck.pk}/clone/", follow=True)
        assert "2 paklit" in clone.content.decode()
    assert owner.decks.count() == 2


# --- the history page ------------------------------------------------------------------------
def test_history_labels_versions_once_and_compares_the_two_newest_by_default(client, deck, owner):
    login(client, owner)
    plus(client, deck, "AFD-002")
    html = client.get(f"/decks/{deck.pk}/history/").content.decode()
    assert '<select name="a">' in html and '<select name="b">' in html
    assert '<option value="1" selected>' in html.split('name="a"')[1].split("</select>")[0]
    assert '<option value="2" selected>' in html.split('name="b"')[1].split("</select>")[0]
    assert "<ol" not in html.split('class="versions"')[0][-10:]  # no list numbers before "v2"


@pytest.mark.parametrize(
    ("language", "message"),
    [("hu", "Válassz két változatot az összevetéshez."), ("en", "Choose two versions to compare.")],
)
def test_an_empty_comparison_says_what_to_do(client, deck, owner, language, message):
    login(client, owner)
    client.cookies["django_language"] = language
    response = client.get(f"/decks/{deck.pk}/history/", {"a": "", "b": ""})
    assert response.status_code == 400
    assert message in response.content.decode()


def test_comparing_a_number_with_no_version_says_so(client, deck, owner):
    login(client, owner)
    plus(client, deck, "AFD-002")
    DeckVersion.objects.filter(deck=deck, number=2).update(number=3)  # a gap at 2
    client.cookies["django_language"] = "en"
    response = client.get(f"/decks/{deck.pk}/history/", {"a": "2", "b": "3"})
    assert response.status_code == 400
    assert "This deck has no version 2." in response.content.decode()


def test_restore_asks_first_and_changes_nothing_until_confirmed(client, deck, owner):
    login(client, owner)
    plus(client, deck, "AF1-001", -3)
    client.cookies["django_language"] = "en"
    history = client.get(f"/decks/{deck.pk}/history/").content.decode()
    assert f'action="/decks/{deck.pk}/history/1/restore/"' not in history  # a link, not a button
    assert f'href="/decks/{deck.pk}/history/1/restore/"' in history
    assert f'href="/decks/{deck.pk}/history/2/restore/"' not in history  # v2 is the deck now

    page = client.get(f"/decks/{deck.pk}/history/1/restore/")
    html = page.content.decode()
    assert page.status_code == 200 and "Restore v1?" in html and "(0 → 3)" in html
    assert numbers(deck) == [1, 2] and not deck.entries.filter(card__code="AF1-001").exists()

    done = client.post(f"/decks/{deck.pk}/history/1/restore/")
    assert done.status_code == 302
    assert numbers(deck) == [1, 2, 3]
    assert deck.entries.get(card__code="AF1-001").count == 3


def test_restoring_the_deck_as_it_is_changes_nothing_and_says_so(client, deck, owner):
    login(client, owner)
    client.cookies["django_language"] = "en"
    response = client.post(f"/decks/{deck.pk}/history/1/restore/", follow=True)
    assert "The deck is already as it was in version 1." in response.content.decode()
    assert numbers(deck) == [1]


def test_a_strangers_restore_page_is_404(client, deck):
    from tests.factories import make_user

    login(client, make_user("idegen"))
    assert client.get(f"/decks/{deck.pk}/history/1/restore/").status_code == 404
    assert client.post(f"/decks/{deck.pk}/history/1/restore/").status_code == 404


# --- summaries in the reader's language ---------------------------------------------------------
def test_summaries_are_written_in_the_readers_language(client, deck, owner):
    kajtar = Card.objects.get(code="AF1-001")
    with translation.override("hu"):  # written by a Hungarian page
        services.deck_change_card(deck=deck, user=owner, card=kajtar, delta=-1)
        services.deck_restore(deck=deck, user=owner, number=1)
        services.deck_update(
            deck=deck, user=owner, name="Új", description="", format_id="tournament",
            visibility="private",
        )  # fmt: skip
    login(client, owner)
    client.cookies["django_language"] = "en"
    english = client.get(f"/decks/{deck.pk}/history/").content.decode()
    assert "Restored version 1" in english
    assert "Renamed from “Sámánok” to “Új”; Format changed from Casual" in english
    assert "Deck created" in english and "Visszaállítva" not in english
    client.cookies["django_language"] = "hu"
    hungarian = client.get(f"/decks/{deck.pk}/history/").content.decode()
    assert "Visszaállítva az 1. változat" in hungarian and "−1 Éjlépő Kajtár" in hungarian


def test_stored_sentences_are_read_back_into_what_changed(deck, owner):
    """The migration turns the sentences stored before into kinds the reader words anew."""
    migration = importlib.import_module("decks.migrations.0003_version_kinds")
    first = deck.versions.get(number=1)
    DeckVersion.objects.filter(pk=first.pk).update(kind="legacy", summary="A pakli elkészült")
    for number, summary in [
        (2, "−3 Éjlépő Kajtár"),
        (3, "Visszaállítva a(z) 1. változat"),
        (4, "Copied from “Régi”"),
        (5, "Something a person typed once"),
    ]:
        DeckVersion.objects.create(
            deck=deck, number=number, summary=summary, name=deck.name, format=deck.format,
            entries=[e for e in first.entries if e["code"] != "AF1-001"] if number == 2
            else first.entries,
        )  # fmt: skip

    migration.read_summaries(apps, None)

    with translation.override("en"):
        rows = {row.version.number: row for row in deck_history(deck).rows}
    assert rows[1].summary == "Deck created"
    assert rows[2].summary == "−3 Kajtár Nightstepper" and rows[2].version.kind == "edited"
    assert rows[2].lines[0].before == 3 and rows[2].lines[0].after == 0
    assert rows[3].summary == "Restored version 1" and rows[3].lines[0].after == 3
    assert rows[4].summary == "Copied from “Régi”"
    assert rows[5].summary == "Something a person typed once"
    assert rows[5].version.kind == "legacy"
