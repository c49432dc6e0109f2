"""The collection's writes (collection.services) and reads (collection.summary), as the
owner, a stranger and a signed-out visitor meet them."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command
from django.db import connection
from django.test import override_settings
from django.utils import translation

from catalog.models import Card, Game
from collection import services, summary
from collection.models import CollectionShare, OwnedCard
from collection.selectors import owned_counts
from core.errors import ApplicationError, NotFound
from decks.limits import LimitExceeded
from tests.concurrency import run_together
from tests.conftest import require
from tests.factories import make_user


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


def mine(user) -> dict[str, int]:
    return owned_counts(user)


def test_set_count_sets_removes_and_refuses_out_of_range(cards, owner):
    assert services.collection_set_count(user=owner, code="AF1-001", count=3) == 3
    assert services.collection_set_count(user=owner, code="af1-001", count=999) == 999
    assert mine(owner) == {"AF1-001": 999}
    for bad in (-1, 1000, True, "3", 2.0):
        with pytest.raises(ApplicationError) as refused:
            services.collection_set_count(user=owner, code="AF1-001", count=bad)
        assert refused.value.code == "bad_count"
    with pytest.raises(NotFound) as unknown:
        services.collection_set_count(user=owner, code="AF1-999", count=1)
    assert unknown.value.message == "No such card."
    assert services.collection_set_count(user=owner, code="AF1-001", count=0) == 0
    assert mine(owner) == {}
    assert not OwnedCard.objects.exists()  # 0 is no row, not a row of 0


def test_only_the_signed_in_owner_changes_their_own_collection(cards, owner, stranger):
    services.collection_set_count(user=owner, code="AF1-001", count=2)
    services.collection_change_count(user=stranger, code="AF1-001", delta=1)
    assert mine(owner) == {"AF1-001": 2}
    assert mine(stranger) == {"AF1-001": 1}
    anonymous = AnonymousUser()
    writes = [
        lambda: services.collection_set_count(user=anonymous, code="AF1-001", count=1),
        lambda: services.collection_change_count(user=anonymous, code="AF1-001", delta=1),
        lambda: services.collection_add_set(user=anonymous, set_code="AF1"),
        lambda: services.collection_import(user=anonymous, text="AF1-001,1"),
        lambda: services.collection_share(user=anonymous),
    ]
    for write in writes:
        with pytest.raises(services.SignInRequired):
            write()
    assert OwnedCard.objects.count() == 2


def test_change_count_at_its_bounds(cards, owner):
    assert services.collection_change_count(user=owner, code="AF1-001", delta=1) == 1
    assert services.collection_change_count(user=owner, code="AF1-001", delta=1) == 2
    assert services.collection_change_count(user=owner, code="AF1-001", delta=-1) == 1
    assert services.collection_change_count(user=owner, code="AF1-001", delta=-1) == 0
    assert mine(owner) == {}
    with pytest.raises(ApplicationError) as below:
        services.collection_change_count(user=owner, code="AF1-001", delta=-1)
    assert below.value.code == "none_left"
    assert "no copies of Kajtár Nightstepper" in below.value.message

    services.collection_set_count(user=owner, code="AF1-001", count=998)
    assert services.collection_change_count(user=owner, code="AF1-001", delta=1) == 999
    with pytest.raises(ApplicationError) as above:
        services.collection_change_count(user=owner, code="AF1-001", delta=1)
    assert above.value.code == "too_many_copies" and "999" in above.value.message
    with pytest.raises(ApplicationError) as too_far:
        services.collection_change_count(user=owner, code="AF1-001", delta=-1000)
    assert too_far.value.code == "bad_delta"
    with pytest.raises(ApplicationError):
        services.collection_change_count(user=owner, code="AF1-001", delta=0)
    assert mine(owner) == {"AF1-001": 999}


def test_add_a_whole_set_capped_at_999(cards, owner):
    af1 = list(Card.objects.filter(card_set__code="AF1").values_list("code", flat=True))
    services.collection_set_count(user=owner, code="AF1-001", count=998)
    result = services.collection_add_set(user=owner, set_code="af1", copies=2)
    assert result.cards == len(af1) == 13
    assert result.capped == 1
    assert result.copies_added == 1 + 2 * 12
    counts = mine(owner)
    assert counts["AF1-001"] == 999
    assert all(counts[code] == 2 for code in af1[1:])
    with pytest.raises(NotFound):
        services.collection_add_set(user=owner, set_code="NOPE")
    with pytest.raises(ApplicationError):
        services.collection_add_set(user=owner, set_code="AF1", copies=0)


def test_import_add_adds_to_what_is_owned_and_zero_removes(cards, owner):
    services.collection_set_count(user=owner, code="AF1-001", count=2)
    services.collection_set_count(user=owner, code="AF1-002", count=5)
    services.collection_set_count(user=owner, code="AF1-003", count=1)
    result = services.collection_import(
        user=owner, text="code,count\nAF1-001,3\nJégszem Soyana,0\nAFD-022,1\n", mode="add"
    )
    assert (result.cards, result.copies, result.removed) == (2, 4, 1)
    assert mine(owner) == {"AF1-001": 5, "AF1-003": 1, "AFD-022": 1}


def test_import_replace_makes_the_games_cards_exactly_the_file(cards, owner):
    services.collection_set_count(user=owner, code="AF1-001", count=2)
    services.collection_set_count(user=owner, code="AF1-002", count=5)
    services.collection_set_count(user=owner, code="ONI-S001", count=4)  # another game
    result = services.collection_import(
        user=owner, text="AF1-001,3\nAFD-022,1\n", game_slug="alomfogo", mode="replace"
    )
    assert (result.cards, result.copies, result.removed) == (2, 4, 1)
    assert mine(owner) == {"AF1-001": 3, "AFD-022": 1, "ONI-S001": 4}


def test_replacing_a_games_cards_with_a_file_of_another_game_is_refused(cards, owner):
    """ONIROO codes imported in "replace" with the game left at Álomfogó (the form's first
    choice) would have removed every Álomfogó card: refused, naming why, nothing changed."""
    services.collection_set_count(user=owner, code="AF1-001", count=3)
    services.collection_set_count(user=owner, code="AF1-002", count=3)
    text = "code,count\nONI-S001,2\nONI-S002,2\n"
    with pytest.raises(ApplicationError) as refused:
        services.collection_import(user=owner, text=text, game_slug="alomfogo", mode="replace")
    assert refused.value.code == "replace_other_game"
    assert "Álomfogó" in refused.value.message and "add instead" in refused.value.message
    assert mine(owner) == {"AF1-001": 3, "AF1-002": 3}
    # with the file's game chosen it replaces that game's cards; adding is always fine
    services.collection_import(user=owner, text=text, game_slug="oniroo", mode="replace")
    assert mine(owner) == {"AF1-001": 3, "AF1-002": 3, "ONI-S001": 2, "ONI-S002": 2}
    services.collection_import(user=owner, text=text, game_slug="alomfogo", mode="add")
    assert mine(owner)["ONI-S001"] == 4
    # a player owning none of the chosen game's cards loses nothing: no refusal
    other = make_user("uj")
    services.collection_import(user=other, text=text, game_slug="alomfogo", mode="replace")
    assert mine(other) == {"ONI-S001": 2, "ONI-S002": 2}


def test_a_bad_line_saves_nothing_and_every_line_is_listed(cards, owner):
    services.collection_set_count(user=owner, code="AF1-001", count=2)
    before = list(OwnedCard.objects.values_list("card_id", "count", "updated_at"))
    text = "AF1-002,3\nÉjlépő Kajtra,1\nAF1-003,1000\nAF1-004,1"
    # the suggestions are names in the reader's language
    with translation.override("hu"), pytest.raises(services.CollectionImportError) as refused:
        services.collection_import(user=owner, text=text, mode="replace")
    lines = refused.value.extra["lines"]
    assert [line["line_no"] for line in lines] == [2, 3]
    assert "Éjlépő Kajtár" in lines[0]["suggestions"]
    assert refused.value.message == "Néhány sort nem tudtunk értelmezni; semmit sem mentettünk."
    assert list(OwnedCard.objects.values_list("card_id", "count", "updated_at")) == before


def test_adding_past_999_with_what_is_owned_is_a_line_error(cards, owner):
    services.collection_set_count(user=owner, code="AF1-001", count=990)
    with pytest.raises(services.CollectionImportError) as refused:
        services.collection_import(user=owner, text="AF1-002,1\nAF1-001,10", mode="add")
    (line,) = refused.value.extra["lines"]
    assert line["line_no"] == 2 and "1000" in line["message"]
    assert mine(owner) == {"AF1-001": 990}
    # replacing is fine: 10 is the new count
    services.collection_import(user=owner, text="AF1-001,10", mode="replace")
    assert mine(owner) == {"AF1-001": 10}


def test_a_card_on_two_lines_counts_what_is_owned_on_each(cards, owner):
    """Owning 500, a file of 600 and 500 more: each line alone would take the card past 999
    with what is owned, and both are named at once, each with the total it would make (the
    second line was named before with the file's own 1,100, and the first not at all)."""
    services.collection_set_count(user=owner, code="AF1-001", count=500)
    with translation.override("en"), pytest.raises(services.CollectionImportError) as refused:
        services.collection_import(user=owner, text="AF1-001,600\nAF1-001,500", mode="add")
    lines = refused.value.extra["lines"]
    assert [line["line_no"] for line in lines] == [1, 2]
    assert "already own there would be 1100 copies" in lines[0]["message"]
    assert "already own there would be 1000 copies" in lines[1]["message"]
    # a file whose lines together stay within 999 with what is owned goes through
    services.collection_import(user=owner, text="AF1-001,200\nAF1-001,299", mode="add")
    assert mine(owner) == {"AF1-001": 999}


@override_settings(LIMITS={"COLLECTION_CSV_MAX_LINES": 3, "COLLECTION_CSV_MAX_CHARS": 300_000})
def test_an_import_over_the_limits_is_refused_naming_the_limit(cards, owner):
    with pytest.raises(LimitExceeded) as refused:
        services.collection_import(user=owner, text="AF1-001,1\n" * 4)
    assert refused.value.code == "too_many_lines" and refused.value.limit == 3
    assert "at most 3 card lines" in refused.value.message
    assert mine(owner) == {}


def test_import_refusals_for_mode_game_and_empty_file(cards, owner):
    for kwargs, code in [
        ({"text": "AF1-001,1", "mode": "merge"}, "bad_mode"),
        ({"text": "AF1-001,1", "game_slug": "chess"}, "unknown_game"),
        ({"text": "code,count\n\n# nothing\n"}, "empty_import"),
    ]:
        with pytest.raises(ApplicationError) as refused:
            services.collection_import(user=owner, **kwargs)
        assert refused.value.code == code


def test_a_2000_line_import_asks_the_database_a_few_times_not_once_a_line(
    cards, owner, django_assert_max_num_queries
):
    codes = list(Card.objects.values_list("code", flat=True))
    names = list(Card.objects.filter(game__slug="alomfogo").values_list("name", flat=True))
    lines = [f"{codes[i % len(codes)]},1" for i in range(1500)]
    lines += [f'"{names[i % len(names)]}",1' for i in range(500)]
    with django_assert_max_num_queries(30):
        result = services.collection_import(user=owner, text="\n".join(lines))
    assert result.copies == 2000
    assert sum(mine(owner).values()) == 2000


def test_share_is_one_link_until_unshared(cards, owner, stranger):
    assert summary.share_token(owner) is None
    share = services.collection_share(user=owner)
    assert len(share.token) >= 40
    assert services.collection_share(user=owner).token == share.token
    assert summary.collection_by_token(share.token) == owner
    assert services.collection_unshare(user=owner) is True
    with pytest.raises(NotFound):
        summary.collection_by_token(share.token)
    assert services.collection_unshare(user=owner) is False
    assert services.collection_share(user=owner).token != share.token
    with pytest.raises(NotFound):
        summary.collection_by_token("")
    assert not CollectionShare.objects.filter(user=stranger).exists()


def test_summary_counts_sets_rarities_and_completion(cards, owner, stranger):
    services.collection_add_set(user=owner, set_code="AF1")
    services.collection_set_count(user=owner, code="AFD-022", count=3)
    services.collection_set_count(user=stranger, code="AFD-001", count=3)
    (alomfogo,) = summary.collection_summary(owner, game_slug="alomfogo")
    sets = {s.code: s for s in alomfogo.sets}
    assert (sets["AF1"].owned_cards, sets["AF1"].total_cards, sets["AF1"].completion) == (
        13,
        13,
        100,
    )
    assert (sets["AFD"].owned_cards, sets["AFD"].copies, sets["AFD"].completion) == (1, 3, 1)
    assert alomfogo.owned_cards == 14 and alomfogo.total_cards == 86 and alomfogo.copies == 16
    rarities = {r.rarity: r for r in alomfogo.rarities}
    assert [r.rarity for r in alomfogo.rarities][0] == "common"
    assert rarities["rare"].owned_cards >= 1
    assert sum(r.owned_cards for r in alomfogo.rarities) == 14
    assert sum(r.total_cards for r in alomfogo.rarities) == 86
    everything = summary.collection_summary(AnonymousUser())
    assert [g.slug for g in everything] == list(
        Game.objects.order_by("position", "slug").values_list("slug", flat=True)
    )
    assert all(g.owned_cards == 0 for g in everything)


def test_owned_cards_annotates_any_card_queryset(cards, owner):
    services.collection_set_count(user=owner, code="AF1-002", count=4)
    rows = summary.owned_cards(owner, Card.objects.filter(card_set__code="AF1"))
    counts = {card.code: card.owned for card in rows}
    assert counts["AF1-002"] == 4 and counts["AF1-001"] == 0
    assert [card.code for card in rows.filter(owned__gte=1)] == ["AF1-002"]
    assert {card.owned for card in summary.owned_cards(AnonymousUser(), rows)} == {0}


def test_rows_and_csv_export_in_catalog_order(cards, owner):
    for code in ("ONI-S001", "AFD-022", "AF1-002"):
        services.collection_set_count(user=owner, code=code, count=2)
    assert [row["code"] for row in summary.owned_rows(owner)] == ["AF1-002", "AFD-022", "ONI-S001"]
    assert [row["code"] for row in summary.owned_rows(owner, game_slug="oniroo")] == ["ONI-S001"]
    text = summary.collection_csv(owner)
    assert text.splitlines()[0] == "\ufeffcode,count,name,name_en,set"  # BOM: Excel reads UTF-8
    assert text.splitlines()[2] == (
        'AFD-022,2,"Emese, az álomlátó ősanya","Emese, the Dreaming Foremother",AFD'
    )


def test_clicks_at_once_all_count_on_postgres(transactional_db):
    require(connection.vendor == "postgresql", "DATABASE_URL does not point at PostgreSQL")
    call_command("load_cards", verbosity=0)
    player = make_user("clicker")

    def clicks(delta: int):
        return lambda: [
            services.collection_change_count(user=player, code="AF1-001", delta=delta)
            for _ in range(10)
        ]

    # the first copy is inserted by whichever thread comes first; the other adds to it
    outcomes = run_together(clicks(1), clicks(1))
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert owned_counts(player) == {"AF1-001": 20}
    outcomes = run_together(clicks(-1), clicks(-1))
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert owned_counts(player) == {}


def test_two_imports_at_once_both_add_on_postgres(transactional_db):
    require(connection.vendor == "postgresql", "DATABASE_URL does not point at PostgreSQL")
    call_command("load_cards", verbosity=0)
    player = make_user("importer")
    services.collection_set_count(user=player, code="AF1-002", count=1)
    text = "AF1-001,5\nAF1-002,5"
    outcomes = run_together(
        lambda: services.collection_import(user=player, text=text),
        lambda: services.collection_import(user=player, text=text),
    )
    assert [o.copies for o in outcomes] == [10, 10], outcomes
    assert owned_counts(player) == {"AF1-001": 10, "AF1-002": 11}
