"""The bots' three levels: easy (random), normal (greedy) and hard (search), in the lobby,
the API, the live table's bot moves and the terminal games.

The hard bot thinks for PLAY_SEARCH_SECONDS of CPU a decision; the tests give it a
fiftieth of a second, so a game stays quick. Celery runs eagerly here, so a bot's
move happens inside the move that woke it, as the worker would make it.
"""

from __future__ import annotations

import io
import random

import pytest
from asgiref.sync import async_to_sync
from django.core.management import call_command
from django.test import override_settings

from catalog.models import Card
from play import cli_alomfogo, cli_oniroo, selectors, services
from play.bots import get_bot
from play.bots.oniroo_cards import oniroo_cards
from play.bots.search import SearchBot
from play.models import Match, MatchAction, Opponent
from tests.factories import PASSWORD, make_user
from tests.play.test_matches import connect, legal_deck
from tests.play_rows import oniroo_match

pytestmark = pytest.mark.django_db(transaction=True)

QUICK = 0.02  # CPU seconds a decision of the hard bot in these tests


@pytest.fixture
def zsofi():
    if not Card.objects.exists():  # transactional tests empty the database afterwards
        call_command("load_cards", verbosity=0)
    return make_user("zsofi")


@pytest.fixture
def hard_bots(monkeypatch):
    """Every search bot made while the test runs, in order (they still play as they would)."""
    made: list[SearchBot] = []
    init = SearchBot.__init__

    def recording(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(SearchBot, "__init__", recording)
    return made


def codes(cards: list[dict]) -> list[str]:
    return sorted(card["code"] for card in cards)


def bot_moved(match, after: int = 0) -> bool:
    """The bot (seat 1) has made a move logged after move number `after`."""
    return MatchAction.objects.filter(match=match, seat=1, seq__gt=after).exists()


def play_until(match, user, rng, done, moves: int = 60) -> None:
    """The person (seat 0) makes random legal moves until `done()` or the match ends;
    Celery runs eagerly here, so each move is answered by the bot before the next."""
    for _ in range(moves):
        match.refresh_from_db()
        if match.status != "running" or done():
            return
        state = selectors.match_state(match)
        assert state.active_player == 0, "the bot left its move unmade"
        services.match_submit_action(
            match_id=match.pk,
            user=user,
            action=rng.choice(state.legal_actions(0)),
            expected_version=match.version,
        )


# --- the lobby and the API ----------------------------------------------------------------
@override_settings(PLAY_SEARCH_SECONDS=QUICK)
def test_the_lobby_offers_three_levels_and_starts_alomfogo_against_the_hard_bot(zsofi, client):
    deck = legal_deck(zsofi)
    client.login(username="zsofi", password=PASSWORD)
    lobby = client.get("/play/").content.decode()
    for value in ("bot:random", "bot:greedy", "bot:search"):
        assert f'value="{value}"' in lobby  # in Álomfogó's opponents and ONIROO's bots
    assert str(Opponent.BOT_SEARCH.label) in lobby

    response = client.post(
        "/play/new/", {"deck": deck.pk, "opponent": "bot:search", "starting_glory": 15}
    )
    match = Match.objects.get()
    assert response["Location"] == f"/play/{match.pk}/"
    assert match.status == "running" and match.opponent == "bot:search"
    assert list(match.seats.order_by("position").values_list("bot", flat=True)) == ["", "search"]
    # whoever began, it is the person's move now: a bot to act would have moved already
    body = client.get(f"/api/matches/{match.pk}/").json()
    assert body["players"][1]["bot"] and body["players"][1]["bot_kind"] == "search"
    assert body["legal"], "the hard bot left its move unmade"


@override_settings(PLAY_SEARCH_SECONDS=QUICK)
def test_the_api_starts_oniroo_with_hard_bots_in_every_other_seat(zsofi, client):
    client.login(username="zsofi", password=PASSWORD)
    response = client.post(
        "/api/matches/",
        {"game": "oniroo", "opponent": "bot:search", "options": {"players": 3, "level": 2}},
        content_type="application/json",
    )
    assert response.status_code == 201, response.content
    match = Match.objects.get()
    bots = list(match.seats.order_by("position").values_list("bot", flat=True))
    assert bots == ["", "search", "search"]
    assert response.json()["legal"], "the hard bots left their moves unmade"


def test_a_game_without_a_search_bot_refuses_the_hard_level(zsofi, client):
    client.login(username="zsofi", password=PASSWORD)
    response = client.post(
        "/api/matches/",
        {"game": "arcane-guardian", "opponent": "bot:search"},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "bad_opponent"
    assert not Match.objects.exists()


# --- the live table: the hard bot answers a move --------------------------------------------
@override_settings(PLAY_SEARCH_SECONDS=QUICK)
def test_a_move_against_the_hard_bot_is_answered_by_a_search_that_knows_its_own_deck(
    zsofi, hard_bots
):
    deck = legal_deck(zsofi)
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:search")
    rng = random.Random(4)
    # moves of the person until the bot had a real choice to search
    play_until(match, zsofi, rng, lambda: any(bot.searched for bot in hard_bots))
    assert MatchAction.objects.filter(match=match, seat=1).exists(), "the bot never moved"
    searched = [bot for bot in hard_bots if bot.searched]
    assert searched, "no decision of the bot was searched"
    bot = searched[0]
    seats = list(match.seats.select_related("deck_version").order_by("position"))
    deck_given, options_given, _prior, _catalog = bot.knowledge_given
    # what new_game got for the bot's seat, and the match options, exactly
    assert codes(deck_given) == codes(selectors.engine_decks(match, seats)[1])
    assert options_given == match.options
    assert bot.seconds == QUICK


@override_settings(PLAY_SEARCH_SECONDS=QUICK)
def test_oniroo_hard_bots_know_the_whole_card_set_and_the_options(zsofi, hard_bots):
    match = oniroo_match(zsofi, "bot:search", players=2, level=5)
    rng = random.Random(2)
    play_until(match, zsofi, rng, lambda: bot_moved(match), moves=40)
    assert MatchAction.objects.filter(match=match, seat=1).exists(), "the bot never moved"
    assert hard_bots, "the seat was not played by the search bot"
    deck_given, options_given, _prior, _catalog = hard_bots[0].knowledge_given
    assert codes(deck_given) == codes(selectors.game_pool("oniroo"))
    assert options_given == match.options


def test_the_table_sees_its_own_move_before_the_bot_answers_it(zsofi):
    """Over the socket the person's move comes first, with the bot to act (the table says it
    is thinking), then the bot's moves, even where the bot moves in the web process
    (Celery eager, as here and on the e2e server)."""
    deck = legal_deck(zsofi)
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:greedy")

    async def scenario():
        socket, connected = await connect(match, zsofi)
        assert connected
        first = await socket.receive_json_from(timeout=5)
        assert (await socket.receive_json_from(timeout=5))["type"] == "chat"
        version, rng, seen = first["version"], random.Random(3), []
        while not seen and first["status"] == "running":  # until a move hands over to the bot
            action = rng.choice(first["legal"])
            await socket.send_json_to({"action": action, "version": version})
            frames = [await socket.receive_json_from(timeout=5)]
            while frames[-1]["status"] == "running" and not frames[-1]["legal"]:
                frames.append(await socket.receive_json_from(timeout=5))
            if frames[0]["view"]["to_act"] == 1:
                seen = (version, frames)
            first, version = frames[-1], frames[-1]["version"]
        await socket.disconnect()
        return seen

    moved_from, frames = async_to_sync(scenario)()
    mine, answer = frames[0], frames[1]
    # the person's own move first, then the bot's: nothing skipped, nothing out of order
    assert mine["version"] == moved_from + 1, "the bot's move came before the person's"
    assert answer["version"] == mine["version"] + 1
    assert mine["players"][1]["bot"] and not mine["legal"]


# --- the terminal ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("level", "kind"),
    [("easy", "random"), ("normal", "greedy"), ("hard", "search"), ("greedy", "greedy")],
)
def test_the_terminal_games_take_a_level_or_a_bots_name(level, kind):
    for module, game in ((cli_alomfogo, "alomfogo"), (cli_oniroo, "oniroo")):
        args = module.parse_args([game, "--bot", level])
        assert get_bot(args.bot, game=game).kind == kind
    assert cli_alomfogo.parse_args(["alomfogo"]).bot == "normal"  # the greedy bot, as before


def test_the_terminal_refuses_an_unknown_level(capsys):
    with pytest.raises(SystemExit):
        cli_alomfogo.parse_args(["alomfogo", "--bot", "expert"])
    assert "hard" in capsys.readouterr().err  # the choices are listed


class Always:
    """A stdin that answers every question with the first action."""

    def readline(self) -> str:
        return "1\n"


def test_a_terminal_game_against_the_hard_bot_runs_to_its_end(monkeypatch, hard_bots):
    def quick(*args, **kwargs):
        return get_bot(*args, seconds=QUICK, **kwargs)

    monkeypatch.setattr(cli_alomfogo, "get_bot", quick)
    out = io.StringIO()
    code = cli_alomfogo.main(["alomfogo", "--bot", "hard", "--seed", "5"], Always(), out)
    assert code == 0
    text = out.getvalue()
    assert "a bot (nehéz) ellen" in text.splitlines()[0]
    assert "A játék véget ért" in text
    (bot,) = hard_bots
    assert bot.searched > 0
    deck_given, options_given, _prior, _catalog = bot.knowledge_given
    assert codes(deck_given) == codes(cli_alomfogo.demo_pair("tamado")[cli_alomfogo.BOT])


def test_the_oniroo_terminal_gives_the_hard_bots_the_card_set_and_options(monkeypatch, hard_bots):
    def quick(*args, **kwargs):
        return get_bot(*args, seconds=QUICK, **kwargs)

    monkeypatch.setattr(cli_oniroo, "get_bot", quick)
    args = cli_oniroo.parse_args(["oniroo", "--bot", "hard", "--players", "3", "--level", "2"])
    state = cli_oniroo.deal(args, 7)
    cli_oniroo.seat_bots(args, 7, state)
    assert len(hard_bots) == 2
    for bot in hard_bots:
        deck_given, options_given, _prior, _catalog = bot.knowledge_given
        assert codes(deck_given) == codes(oniroo_cards())
        assert options_given == {"level": 2, "players": 3}


@override_settings(PLAY_SEARCH_SECONDS=QUICK)
def test_a_hard_bot_built_for_one_move_is_told_what_its_seat_was_shown_before(zsofi, monkeypatch):
    told: list[list[int]] = []
    recall = SearchBot.recall

    def recording(self, views):
        views = list(views)
        told.append([view["you"] for view in views])
        recall(self, views)

    monkeypatch.setattr(SearchBot, "recall", recording)
    deck = legal_deck(zsofi)
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:search")
    rng = random.Random(2)
    play_until(match, zsofi, rng, lambda: bot_moved(match, after=1))
    # each move of the bot (after the very first of the match, which has no past) was told
    # its seat's views, and no other seat's: the first of them the views after the deal and
    # after every move before it, each later one (this process kept what its seat knew) the
    # views since the move before (play/bots/seat_memory.py)
    moves = MatchAction.objects.filter(match=match, seat=1, seq__gt=1).order_by("seq")
    expected, known = [], 0
    for move in moves:
        expected.append([1] * (move.seq - 1 - known))
        known = move.seq - 1
    assert told and told == expected
