"""A refused move is explained in the player's language, whichever engine refused it.

Engines are free of Django and say why in English for developers; the site
words each refusal by its code (play.move_refusals) and keeps the engine's
sentence as `detail`. The live table's socket speaks the language chosen as
for a page, for refusals raised on it as well as in the services it calls.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from django.utils import translation

from play import selectors, services
from play.engines import IllegalAction
from play.models import MatchAction
from play.move_refusals import WORDS
from tests.factories import make_user
from tests.play.test_matches import connect, legal_deck

ENGINES = Path(__file__).resolve().parents[2] / "play" / "engines"
CODE = re.compile(r'IllegalAction\(\s*"([a-z_]+)"')


def engine_refusal_codes() -> set[str]:
    return {
        code for path in ENGINES.rglob("*.py") for code in CODE.findall(path.read_text("utf-8"))
    }


def test_every_refusal_an_engine_gives_has_words_of_its_own_in_hungarian():
    codes = engine_refusal_codes()
    assert {"unknown_action", "not_your_turn", "pile_closed", "no_link"} <= codes  # all three
    assert codes <= set(WORDS), sorted(codes - set(WORDS))
    for code in codes:
        with translation.override("en"):
            english = str(WORDS[code])
        with translation.override("hu"):
            assert str(WORDS[code]) != english, code  # the catalogue has it


def test_a_pile_that_is_not_there_is_refused_with_the_engines_count_of_piles():
    """How many piles Arcane Guardian has is its engine's fact (a fact of the refusal), not
    written again in the words."""
    from play.bots.arcane_guardian_cards import arcane_cards
    from play.engines import get_engine
    from play.move_refusals import worded

    g = get_engine("arcane-guardian").new_game(arcane_cards(), {}, 1)
    piles = len(g.s["piles"])
    with pytest.raises(IllegalAction) as refused:
        g.apply({"type": "choose_pile", "player": 0, "pile": piles})
    assert refused.value.code == "no_such_pile" and refused.value.facts == {"piles": piles}
    with translation.override("en"):
        assert str(worded(refused.value)) == f"There is no such pile: there are {piles}."
    with translation.override("hu"):
        assert str(worded(refused.value)) == f"Nincs ilyen pakli: {piles} pakli van."


@pytest.fixture
def duel(db):
    from django.core.management import call_command

    call_command("load_cards", verbosity=0)
    zsofi, gergo = make_user("zsofi"), make_user("gergo", language="en")
    deck = legal_deck(zsofi)
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=legal_deck(gergo))
    match.refresh_from_db()
    state = selectors.match_state(match)
    mover, waiting = (zsofi, gergo) if state.active_player == 0 else (gergo, zsofi)
    return match, state, mover, waiting


def post_move(client, user, match, action) -> dict:
    client.force_login(user)
    answer = client.post(
        f"/api/matches/{match.pk}/actions/",
        {"action": action, "version": match.version},
        content_type="application/json",
    )
    assert answer.status_code == 400
    return answer.json()["error"]


def hungarian(text) -> str:
    with translation.override("hu"):
        return str(text)


def test_illegal_moves_are_explained_in_each_players_language(duel, client):
    match, state, mover, waiting = duel
    legal = state.legal_actions(state.active_player)[0]
    cases = [
        (mover, {"type": "fly"}, "unknown_action", "There is no action called 'fly'."),
        (waiting, {k: v for k, v in legal.items() if k != "player"}, "not_your_turn", "Seat"),
    ]
    for user, action, code, detail in cases:
        error = post_move(client, user, match, action)
        assert error["code"] == code and error["detail"].startswith(detail)
        with translation.override(user.language):
            words = str(WORDS[code])
        assert error["message"] == words != error["detail"]
    assert MatchAction.objects.filter(match=match).count() == 0  # nothing changed


@pytest.mark.django_db(transaction=True)
def test_the_live_table_refuses_in_the_language_the_player_chose():
    from django.core.management import call_command

    call_command("load_cards", verbosity=0)
    zsofi, gergo = make_user("zsofi"), make_user("gergo", language="en")
    deck = legal_deck(zsofi)
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="invite")
    services.match_join(match_id=match.pk, user=gergo, deck=legal_deck(gergo))

    async def refusals_for(user) -> list[str]:
        socket, connected = await connect(match, user)
        assert connected
        for _ in range(2):  # the table, the chat history
            await socket.receive_json_from(timeout=5)
        said = []
        for frame in ({"action": {"type": "fly"}, "version": 0}, {"action": {}, "version": "x"}):
            await socket.send_json_to(frame)
            said.append((await socket.receive_json_from(timeout=5))["message"])
        await socket.disconnect()
        return said

    english = async_to_sync(refusals_for)(gergo)
    magyar = async_to_sync(refusals_for)(zsofi)
    assert english == ["There is no such move in this game.", "“version” must be a whole number."]
    assert magyar == [hungarian(WORDS["unknown_action"]), "„version” egész szám legyen."]
