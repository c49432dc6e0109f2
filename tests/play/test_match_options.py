"""The rulebooks' house rules as lobby choices (DECISIONS, Álomfogó 8 and ONIROO 4).

Álomfogó: VP each turn and the smallest deck besides the starting glory;
ONIROO: a longer shortest dream. A joiner sees the choices before sitting
down, and a value the lobby does not offer changes nothing.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from catalog.models import Card, Game
from decks import services as deck_services
from play import selectors
from play.models import Match
from tests.factories import PASSWORD, make_user
from tests.play_rows import demo_deck_entries, first_cards_deck

pytestmark = pytest.mark.django_db


@pytest.fixture
def zsofi_and_gergo():
    if not Card.objects.exists():
        call_command("load_cards", verbosity=0)
    return make_user("zsofi"), make_user("gergo")


def full_deck(user, name="Támadó"):
    game = Game.objects.get(slug="alomfogo")
    return deck_services.deck_create(owner=user, game=game, name=name, entries=demo_deck_entries())


def signed_in(client, user):
    client.login(username=user.username, password=PASSWORD)
    return client


def test_the_alomfogo_lobby_offers_the_house_rules(client, zsofi_and_gergo):
    zsofi, _gergo = zsofi_and_gergo
    full_deck(zsofi)
    html = signed_in(client, zsofi).get("/play/").content.decode()
    for name in ("starting_glory", "vp_per_turn", "min_deck_size"):
        assert f'name="{name}"' in html
    assert "Körönkénti VP" in html and "Legkisebb pakli" in html
    assert '<option value="3" selected>3</option>' in html  # the rulebook's VP


def test_more_vp_each_turn_reaches_the_table(client, zsofi_and_gergo):
    zsofi, gergo = zsofi_and_gergo
    deck, deck2 = full_deck(zsofi), full_deck(gergo, "Védő")
    signed_in(client, zsofi).post(
        "/play/new/", {"deck": deck.pk, "opponent": "invite", "vp_per_turn": "5"}
    )
    match = Match.objects.get()
    assert match.options["vp_per_turn"] == 5
    client.logout()
    signed_in(client, gergo).post(f"/play/{match.pk}/join/", {"deck": deck2.pk})
    state = selectors.match_state(Match.objects.get(pk=match.pk))
    mover = state.active_player
    assert state.view(mover)["players"][mover]["vp"] == 5  # not the rulebook's 3


def test_a_joiner_sees_the_choices_before_sitting_down(client, zsofi_and_gergo):
    zsofi, gergo = zsofi_and_gergo
    full_deck(zsofi), full_deck(gergo, "Védő")
    signed_in(client, zsofi).post(
        "/play/new/",
        {
            "deck": zsofi.decks.get().pk,
            "opponent": "open",
            "starting_glory": "10",
            "vp_per_turn": "4",
            "min_deck_size": "45",
        },
    )
    match = Match.objects.get()
    client.logout()
    signed_in(client, gergo)
    lobby = client.get("/play/").content.decode()
    assert "Álomfogó · <bdi>zsofi</bdi>" in lobby  # the maker set apart from the line
    assert "Kezdő dicsőség: 10 · Körönkénti VP: 4 · Legkisebb pakli: 45 lap" in lobby
    waiting = client.get(f"/play/{match.pk}/").content.decode()
    assert "Körönkénti VP: <strong>4</strong>" in waiting
    assert "Legkisebb pakli: <strong>45 lap (mint a versenyeken)</strong>" in waiting


def test_a_45_card_minimum_refuses_a_smaller_deck_at_create_and_at_join(client, zsofi_and_gergo):
    zsofi, gergo = zsofi_and_gergo
    small = first_cards_deck(zsofi, "Negyven", 14)  # 42 cards: legal at 35
    full_deck(zsofi)
    signed_in(client, zsofi)
    response = client.post(
        "/play/new/", {"deck": small.pk, "opponent": "invite", "min_deck_size": "45"}
    )
    assert response.status_code == 400 and not Match.objects.exists()
    page = response.content.decode()
    assert "Ez a pakli nem legális" in page and "legalább 45" in page
    client.post(
        "/play/new/",
        {"deck": zsofi.decks.get(name="Támadó").pk, "opponent": "invite", "min_deck_size": "45"},
    )
    match = Match.objects.get()
    assert match.options["min_deck_size"] == 45
    client.logout()
    theirs = first_cards_deck(gergo, "Negyven", 14)
    signed_in(client, gergo).post(f"/play/{match.pk}/join/", {"deck": theirs.pk})
    assert match.seats.count() == 1  # refused: the table still waits


@pytest.mark.parametrize("raw", ["99", "-1", "3.0", "", "három", "1e400"])
def test_a_value_the_lobby_does_not_offer_changes_nothing(client, zsofi_and_gergo, raw):
    zsofi, _gergo = zsofi_and_gergo
    deck = full_deck(zsofi)
    response = signed_in(client, zsofi).post(
        "/play/new/", {"deck": deck.pk, "opponent": "bot:greedy", "vp_per_turn": raw}
    )
    assert response.status_code == 400 and not Match.objects.exists()
    page = response.content.decode()
    assert "Válassz a felkínált értékek közül" in page and "vp_per_turn" in page


def test_a_bot_match_plays_to_a_45_card_minimum(client, zsofi_and_gergo):
    """The bots' demo decks hold 45 cards, so a bot table opens at the tournament minimum."""
    zsofi, _gergo = zsofi_and_gergo
    deck = full_deck(zsofi)
    signed_in(client, zsofi).post(
        "/play/new/", {"deck": deck.pk, "opponent": "bot:random", "min_deck_size": "45"}
    )
    match = Match.objects.get()
    assert match.status == "running"
    assert selectors.match_state(match).s["options"]["min_deck_size"] == 45


def test_oniroo_tables_may_raise_the_shortest_dream(client, zsofi_and_gergo):
    zsofi, _gergo = zsofi_and_gergo
    signed_in(client, zsofi)
    base = {"game": "oniroo", "opponent": "bot:random", "players": "2", "level": "5"}
    client.post("/play/new/", {**base, "min_dream_length": "12"})
    raised = Match.objects.get()
    assert raised.options["min_dream_length"] == 12
    assert selectors.match_state(raised).s["options"]["min_dream_length"] == 12
    client.post("/play/new/", {**base, "min_dream_length": "0"})  # as the level says
    plain = Match.objects.exclude(pk=raised.pk).get()
    assert "min_dream_length" not in plain.options
    assert selectors.match_state(plain).s["options"]["min_dream_length"] == 5


def test_the_lobby_offers_the_fifty_most_recently_edited_decks(client, zsofi_and_gergo):
    """Each deck offered is loaded and judged for the page: a person's thousand decks made the
    lobby take half a minute. The newest fifty are offered, legal ones first."""
    from datetime import timedelta

    from django.utils import timezone

    from decks.models import Deck
    from play.selectors import LOBBY_DECKS, lobby_decks

    zsofi = zsofi_and_gergo[0]
    game = Game.objects.get(slug="alomfogo")
    base = timezone.now() - timedelta(days=1)
    Deck.objects.bulk_create(
        Deck(owner=zsofi, game=game, name=f"Régi {n}", format="casual") for n in range(60)
    )
    for deck in Deck.objects.filter(owner=zsofi, name__startswith="Régi "):
        n = int(deck.name.split()[1])
        Deck.objects.filter(pk=deck.pk).update(updated_at=base + timedelta(minutes=n))
    full_deck(zsofi)  # legal, and edited last
    offered = lobby_decks(zsofi)
    assert len(offered) == LOBBY_DECKS == 50
    assert offered[0].legal  # her legal deck, the newest edit, leads
    empty = [row.deck.name for row in offered if not row.legal]
    assert empty == [f"Régi {n}" for n in range(59, 10, -1)]  # the 49 newest empty ones
    page = signed_in(client, zsofi).get("/play/").content.decode()
    assert "Régi 11 ·" in page and "Régi 10 ·" not in page


# --- Álomfogó 8: a banned card type, for every deck at the table --------------------------
HARCI_DOBOK = "AFD-054"  # Harci dobok: esemény, in the "tamado" demo deck
GYONGYFUZER = "AFD-064"  # Gyöngyfüzér: általános varázslat, in the "tamado" demo deck


def deck_without(user, *codes, name="Esemény nélkül", extra=(), format_id=""):
    """The "tamado" demo deck less `codes`, plus `extra` codes, three of each card."""
    from play.bots.alomfogo_cards import DEMO_DECKS
    from tests.play_rows import codes_deck

    kept = [code for code in DEMO_DECKS["tamado"] if code not in codes] + list(extra)
    deck = codes_deck(user, name, kept)
    if format_id:
        type(deck).objects.filter(pk=deck.pk).update(format=format_id)
        deck.refresh_from_db()
    return deck


def english(client):
    client.cookies["django_language"] = "en"
    return client


def created_with_a_ban(client, deck, opponent: str, banned: str) -> Match:
    """The match the signed-in client's lobby form makes with `deck`, banning the type `banned`."""
    client.post("/play/new/", {"deck": deck.pk, "opponent": opponent, "banned_types": banned})
    return Match.objects.get()


def test_the_alomfogo_lobby_offers_a_banned_card_type(client, zsofi_and_gergo):
    zsofi, _gergo = zsofi_and_gergo
    full_deck(zsofi)
    html = english(signed_in(client, zsofi)).get("/play/").content.decode()
    assert 'name="banned_types"' in html
    assert '<option value="none" selected>none</option>' in html  # the rulebook's game
    assert '<option value="esemeny">events</option>' in html
    assert '<option value="altalanos">general spells</option>' in html


@pytest.mark.parametrize("raw", ["esemeny", ["esemeny"]])  # a form's value, or the API's JSON
def test_a_banned_type_is_a_match_option_the_engine_plays_by(zsofi_and_gergo, raw):
    from play import services

    zsofi, _gergo = zsofi_and_gergo
    match = services.match_create(
        user=zsofi,
        game=Game.objects.get(slug="alomfogo"),
        deck=deck_without(zsofi, HARCI_DOBOK),
        opponent="invite",
        options={"banned_types": raw},
    )
    assert match.options["banned_types"] == ["esemeny"]


def test_no_ban_leaves_the_options_as_they_were(zsofi_and_gergo):
    from play import services

    zsofi, _gergo = zsofi_and_gergo
    match = services.match_create(
        user=zsofi,
        game=Game.objects.get(slug="alomfogo"),
        deck=full_deck(zsofi),
        opponent="invite",
        options={"banned_types": "none"},
    )
    assert match.options == {"starting_glory": 15, "vp_per_turn": 3, "min_deck_size": 35}


def test_a_deck_holding_the_banned_type_is_refused_at_create_and_at_join(client, zsofi_and_gergo):
    zsofi, gergo = zsofi_and_gergo
    with_events = full_deck(zsofi)  # holds Harci dobok, an esemény
    english(signed_in(client, zsofi))
    for opponent in ("invite", "bot:greedy"):
        response = client.post(
            "/play/new/",
            {"deck": with_events.pk, "opponent": opponent, "banned_types": "esemeny"},
        )
        assert response.status_code == 400 and not Match.objects.exists()
        page = response.content.decode()
        assert "This deck is not legal, so the match cannot start." in page
        assert "The “Casual” format allows no event cards at this table: War Drums." in page
    match = created_with_a_ban(client, deck_without(zsofi, HARCI_DOBOK), "invite", "esemeny")
    client.logout()
    english(signed_in(client, gergo))
    response = client.post(f"/play/{match.pk}/join/", {"deck": full_deck(gergo, "Védő").pk})
    assert match.seats.count() == 1 and match.status == "waiting"  # refused: still waiting
    assert (
        "The “Casual” format allows no event cards at this table"
        in client.get(response.url).content.decode()
    )
    client.post(f"/play/{match.pk}/join/", {"deck": deck_without(gergo, HARCI_DOBOK).pk})
    assert Match.objects.get(pk=match.pk).status == "running"


@pytest.mark.parametrize(
    ("banned", "smallest", "mine"),
    [
        ("esemeny", "35", (HARCI_DOBOK,)),  # 42 cards, the bots' decks 42 and 39
        ("altalanos", "35", (GYONGYFUZER,)),
        ("esemeny", "45", ()),  # the bots' decks topped up to 45
        ("altalanos", "45", ()),
    ],
)
def test_bots_play_a_legal_deck_under_the_ban(client, zsofi_and_gergo, banned, smallest, mine):
    from play.models import Seat
    from tests.play_rows import codes_deck

    zsofi, _gergo = zsofi_and_gergo
    if mine:
        deck = deck_without(zsofi, *mine)
    else:  # 45 cards of révülők and instants only
        deck = codes_deck(
            zsofi,
            "Révülők",
            ["AFD-005", "AFD-007", "AFD-010", "AFD-011", "AFD-014", "AFD-018", "AFD-019"]
            + ["AFD-017", "AFD-040", "AFD-041", "AFD-044", "AFD-042", "AFD-001", "AFD-002"]
            + ["AFD-004"],
        )
    signed_in(client, zsofi).post(
        "/play/new/",
        {
            "deck": deck.pk,
            "opponent": "bot:greedy",
            "banned_types": banned,
            "min_deck_size": smallest,
        },
    )
    match = Match.objects.get()
    assert match.status == "running"  # dealt: the engine took every deck
    state = selectors.match_state(match)
    assert state.s["options"]["banned_types"] == [banned]
    for seat in Seat.objects.filter(match=match, bot__isnull=False):
        cards = selectors.deck_cards(seat, match.options)
        assert len(cards) >= int(smallest)
        assert banned not in {card["type"] for card in cards}
    held = {i["code"] for i in state.s["inst"].values()}
    assert banned not in {state.s["cards"][code]["type"] for code in held}


def test_a_joiner_sees_the_banned_type_in_words(client, zsofi_and_gergo):
    from django.utils import translation

    from core.games import get_game

    zsofi, gergo = zsofi_and_gergo
    deck = deck_without(zsofi, GYONGYFUZER)
    match = created_with_a_ban(signed_in(client, zsofi), deck, "open", "altalanos")
    client.logout()
    english(signed_in(client, gergo))
    waiting = client.get(f"/play/{match.pk}/").content.decode()
    assert "Banned card type: <strong>general spells</strong>" in waiting
    assert "Banned card type: general spells" in client.get("/play/").content.decode()
    client.cookies["django_language"] = "hu"
    waiting = client.get(f"/play/{match.pk}/").content.decode()
    with translation.override("hu"):  # in words, as the Hungarian catalogue words them
        label, value = get_game("alomfogo").described_options(match.options)[-1]
    assert f"{label}: <strong>{value}</strong>" in waiting and value != "altalanos"


def test_a_decks_own_ban_holds_at_a_45_card_table(client, zsofi_and_gergo):
    """A deck saved as "no events" is checked as one at a tournament-sized table too."""
    zsofi, _gergo = zsofi_and_gergo
    # 45 cards with an esemény, saved in the "no events" format
    deck = deck_without(zsofi, name="Eseménnyel", extra=("AFD-004",), format_id="no-events")
    response = english(signed_in(client, zsofi)).post(
        "/play/new/", {"deck": deck.pk, "opponent": "invite", "min_deck_size": "45"}
    )
    assert response.status_code == 400 and not Match.objects.exists()
    assert "The “No events” format allows no event cards: War Drums." in response.content.decode()


@pytest.mark.parametrize(
    ("options", "own", "smallest", "banned"),
    [
        ({"min_deck_size": 35}, "casual", 35, set()),
        ({"min_deck_size": 45}, "casual", 45, set()),
        ({"min_deck_size": 45}, "no-events", 45, {"esemeny"}),
        ({"min_deck_size": 35, "banned_types": ["esemeny"]}, "casual", 35, {"esemeny"}),
        ({"min_deck_size": 35}, "tournament", 45, set()),  # its own size stands
        (
            {"min_deck_size": 45, "banned_types": ["altalanos"]},
            "no-events",
            45,
            {"esemeny", "altalanos"},
        ),
    ],
)
def test_a_deck_is_checked_in_its_own_format_with_the_tables_rules_on_top(
    options, own, smallest, banned
):
    from core.games import get_game

    fmt = get_game("alomfogo").table_format(options, own)
    assert (fmt.min_cards, set(fmt.banned_types)) == (smallest, banned)
