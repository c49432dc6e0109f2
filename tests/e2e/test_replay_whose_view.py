"""A replay seen from a seat that is not the viewer's speaks of that seat by its name.

QA stepped through the bot's seat of their own match against it (`?seat=1`) and read
"Normal bot (you)", "your turn", "— Turn 2: You —", "You: +3 VP", "Your hand", why a card
of the bot's could not be played, and at the bot's turn "thinking…" and "Normal bot is
thinking…", as if the bot were thinking still. The frame says whether the seat is the
viewer's own (`replay.own`, play/replays.py); from another seat the table names every
seat, explains no card's playability and says whose turn it was without "thinking".

- Álomfogó against the normal bot, its seat replayed by its opponent, in English (the
  words checked) and in Hungarian (no "te" left), and the player's own seat beside it.
- ONIROO at level 3, where two people wake the one shared dream: the replay's result
  and log say "the wake-up on the shared dream", as the terminal game does, and the other
  seat's replay says what that seat drew in the third person.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command

from catalog.models import Game
from play import replays, selectors, services
from play.bots.alomfogo_cards import DEMO_DECKS
from play.models import Match
from tests.concurrency import aside
from tests.e2e.pages import showing
from tests.factories import make_user
from tests.play_rows import codes_deck, greedy_oniroo_game, oniroo_table_played
from tests.table_policies import alomfogo_choice

pytestmark = pytest.mark.django_db(transaction=True)

HUMAN_MOVES = 40  # enough for several turns of each seat


def a_match_against_the_bot(username: str, language: str) -> Match:
    """`username` against the normal bot at Álomfogó, some turns played, then called over."""
    user = make_user(username, language=language)
    deck = codes_deck(user, "Támadó", DEMO_DECKS["tamado"])
    match = services.match_create(
        user=user, game=Game.objects.get(slug="alomfogo"), deck=deck, opponent="bot:greedy"
    )
    for _ in range(HUMAN_MOVES):
        match = Match.objects.get(pk=match.pk)
        state = selectors.match_state(match)
        if match.status != "running" or state.active_player != 0:
            break
        action = alomfogo_choice(state.legal_actions(0))
        services.match_submit_action(
            match_id=match.pk, user=user, action=action, expected_version=match.version
        )
    Match.objects.filter(pk=match.pk).update(status="finished")
    return Match.objects.get(pk=match.pk)


def a_step_the_bot_decides(match: Match) -> int:
    """A step at the bot's own turn, the bot to act, after its second turn began, its hand
    holding a card the view says it cannot play and its VP having changed."""
    for step in range(match.version - 1, 0, -1):
        view = replays.replay_frame(match, 1, step)["view"]
        events = view["events"]
        turns = [e for e in events if e["type"] == "turn" and e["player"] == 1]
        if (
            view["to_act"] == 1
            and view["turn_player"] == 1
            and any(e["turn"] >= 2 for e in turns)
            and any(e["type"] == "vp" and e["player"] == 1 for e in events)
            and any(entry.get("why_not") for entry in view["players"][1]["hand"])
        ):
            return step
    raise AssertionError("no step of the bot's turn shows all that")


def open_replay(page, match: Match, seat, step: int) -> None:
    page.goto(f"/play/{match.pk}/replay/?seat={seat}&step={step}")
    showing(page, step)


def table_text(page) -> str:
    return page.locator("#match-table").inner_text()


def test_the_bots_seat_replayed_by_its_opponent_names_the_bot(signed_in):
    call_command("load_cards", verbosity=0)
    match = aside(a_match_against_the_bot, "zsofi", "en")
    step = aside(a_step_the_bot_decides, match)
    page = signed_in(match.seats.get(position=0).user)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    open_replay(page, match, 1, step)
    bot_panel = page.locator("#table-own .seat-name")
    assert bot_panel.inner_text().startswith("Normal bot")
    assert "(you)" not in table_text(page)
    heading = page.locator("#table-hand-heading").inner_text()
    assert heading.startswith("Normal bot's hand ("), heading
    summary = page.locator("#table-summary").inner_text()
    assert "your turn" not in summary and "Normal bot" in summary, summary
    log = page.locator("#table-log").inner_text()
    assert ": Normal bot —" in log and "You" not in log, log
    assert "Normal bot: +" in log or "Normal bot: −" in log, log
    # why a card could not be played is told to its player only
    assert page.locator("#table-hand-cards .tcard-note").count() == 0
    assert "not now" not in table_text(page) and "not this turn" not in table_text(page)
    # nothing thinks in a replay: whose turn it was, and no "thinking"
    assert page.locator("#table-prompt").inner_text() == "Normal bot to move."
    assert page.locator(".badge-thinking").count() == 0
    assert page.locator("#table-own .badge-turn").count() == 1
    assert "thinking" not in table_text(page)
    assert page.locator("#table-prompt.is-thinking").count() == 0

    # the player's own seat at the same step still speaks to them
    open_replay(page, match, 0, step)
    assert "(you)" in page.locator("#table-own .seat-name").inner_text()
    assert page.locator("#table-hand-heading").inner_text().startswith("Your hand (")
    assert "thinking" not in table_text(page)
    assert page.locator("#table-prompt").inner_text() == "Normal bot to move."

    # a spectator's view names everyone too
    open_replay(page, match, "watch", step)
    assert "(you)" not in table_text(page) and "your turn" not in table_text(page)
    assert not errors, errors


def test_in_hungarian_the_bots_seat_has_no_te_and_no_thinking(signed_in):
    call_command("load_cards", verbosity=0)
    match = aside(a_match_against_the_bot, "zsofi", "hu")
    step = aside(a_step_the_bot_decides, match)
    page = signed_in(match.seats.get(position=0).user)
    open_replay(page, match, 1, step)
    text = table_text(page)
    for words in ("(te)", "a te köröd", ": Te —", "Te: ", "A kezed", "gondolkodik"):
        assert words not in text, words
    assert page.locator("#table-prompt").inner_text() == "Közepes bot lép."
    assert page.locator("#table-own .badge-turn").text_content() == "soron van"
    # from her own seat she is "te" again
    open_replay(page, match, 0, step)
    assert "(te)" in page.locator("#table-own .seat-name").inner_text()
    assert "A kezed" in page.locator("#table-hand-heading").inner_text()


# --- ONIROO: the shared dream -------------------------------------------------------------
def a_game_won_on_the_shared_dream(options: dict) -> tuple[int, list[dict]]:
    """A seed and the moves of a game greedy bots play in both seats that ends with a
    wake-up on the shared dream."""
    return greedy_oniroo_game(
        options,
        lambda result: result["reason"] == "wake_up_shared",
        sample_seed=5,
        max_moves=600,
        what="ends on the shared dream",
    )


def two_people_wake_the_shared_dream() -> Match:
    users = [make_user(name, language="en") for name in ("zsofi", "gergo")]
    match, _ = oniroo_table_played(users, a_game_won_on_the_shared_dream, level=3)
    assert match.status == "finished" and match.result["reason"] == "wake_up_shared"
    return match


def test_oniroo_says_the_shared_dream_was_woken_and_names_the_other_seat(signed_in):
    call_command("load_cards", verbosity=0)
    match = aside(two_people_wake_the_shared_dream)
    page = signed_in(match.seats.get(position=0).user)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    open_replay(page, match, 0, match.version)
    page.locator("#table-result h2").wait_for()
    result = page.locator("#table-result").inner_text()
    assert "Reason: the wake-up on the shared dream." in result, result
    assert "their own dream" not in result
    log = page.locator("#table-log").inner_text()
    assert "(the wake-up on the shared dream)" in log, log

    # Gergő's seat, replayed by Zsófi: what he drew is his, not hers
    open_replay(page, match, 1, 0)
    assert page.locator("#table-hand-heading").inner_text().startswith("gergo's hand (")
    log = page.locator("#table-log").inner_text()
    assert "gergo is dealt: " in log and "You are dealt" not in log, log
    open_replay(page, match, 1, match.version - 1)
    log = page.locator("#table-log").inner_text()
    assert "you draw" not in log and "You draw" not in log, log
    assert "(you)" not in table_text(page) and "your turn" not in table_text(page)
    assert not errors, errors
