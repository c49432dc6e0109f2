"""A malformed move is refused in a word and logged in a line, however long.

A list where a card id belongs made the Álomfogó engine's explanation of a
refusal raise TypeError (play/engines/alomfogo/rules.py looks the id up in a
dict), and the service logged every such move whole, with a traceback: twenty
frames of 15,000 characters each wrote 300 KB to the log. A list or an object
where no offered move of its type has one is refused before the engine is
asked (bad_action), and an engine that still fails to say why is logged in one
bounded line: what failed and where, never the whole move or a traceback.
"""

from __future__ import annotations

import logging

import pytest
from asgiref.sync import async_to_sync

from play import selectors, services
from play.models import Match, MatchAction
from tests.play.test_matches import players, seated  # noqa: F401 - players: the fixture

pytestmark = pytest.mark.django_db(transaction=True)

LONG = "x" * 15000


def duel_with_a_card_to_play(players):  # noqa: F811
    """A running Álomfogó duel: the match, the mover, their seat and a move type with a card."""
    zsofi, gergo, deck, deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=deck2)
    match = Match.objects.get(pk=match.pk)
    state = selectors.match_state(match)
    seat = state.active_player
    kind = next(a["type"] for a in state.legal_actions(seat) if "card" in a)
    return match, (zsofi, gergo)[seat], seat, kind


def service_log(caplog) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "play.services"]


def test_twenty_malformed_moves_on_the_socket_are_refused_and_barely_logged(players, caplog):  # noqa: F811
    match, mover, seat, kind = duel_with_a_card_to_play(players)
    move = {"type": kind, "player": seat, "card": [LONG]}

    async def scenario():
        (socket,) = await seated(match, mover)
        answers = []
        for _ in range(20):
            await socket.send_json_to({"action": move, "version": match.version})
            answers.append(await socket.receive_json_from(timeout=5))
        await socket.disconnect()
        return answers

    with caplog.at_level(logging.INFO):
        answers = async_to_sync(scenario)()
    assert {(a["type"], a["code"]) for a in answers} == {("error", "bad_action")}
    assert all(len(a["detail"]) <= services.DETAIL_MAX_CHARS for a in answers)
    assert not MatchAction.objects.exists()
    assert service_log(caplog) == []  # refused before the engine could fail on it


def test_an_engine_that_cannot_explain_a_refusal_is_logged_in_one_bounded_line(
    players,  # noqa: F811
    caplog,
    monkeypatch,
):
    match, mover, seat, kind = duel_with_a_card_to_play(players)
    state_class = type(selectors.match_state(match))
    offered = state_class.apply

    def fails(state, action):
        if action.get("card") == LONG:
            raise KeyError(LONG)  # an engine's bug, quoting the move it choked on
        return offered(state, action)

    monkeypatch.setattr(state_class, "apply", fails)
    with caplog.at_level(logging.INFO), pytest.raises(services.MatchRefused) as refused:
        services.match_submit_action(
            match_id=match.pk,
            user=mover,
            action={"type": kind, "player": seat, "card": LONG},
            expected_version=match.version,
        )
    assert refused.value.code == "illegal_action"
    (record,) = service_log(caplog)
    assert record.levelno == logging.WARNING
    assert record.exc_info is None  # no traceback
    line = record.getMessage()
    assert len(line) < 3 * services.DETAIL_MAX_CHARS + 200
    assert "KeyError" in line and "test_malformed_move_log.py:" in line  # what failed, where
    assert not MatchAction.objects.exists()


def test_a_list_where_an_offered_move_has_one_still_goes_to_the_engine():
    """Only a list or an object where no offered move of the type has one is malformed:
    the engine words the rest (Arcane Guardian's choices are lists of cards)."""
    offered = [
        {"type": "choose", "player": 0, "cards": ["a", "b"]},
        {"type": "choose", "player": 0, "cards": []},
    ]
    assert services._fits({"type": "choose", "player": 0, "cards": ["c"]}, offered)
    assert services._fits({"type": "choose", "player": 0, "cards": "c"}, offered)  # a scalar
    assert not services._fits({"type": "choose", "player": 0, "cards": [["c"]]}, offered)
    assert not services._fits({"type": "choose", "player": 0, "cards": {"c": 1}}, offered)
    assert not services._fits({"type": "choose", "player": 0, "card": ["c"]}, offered)
    assert not services._fits({"type": "choose", "player": [0], "cards": []}, offered)
