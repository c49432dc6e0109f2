"""Each game's lobby form offers only the opponents a person can choose: every one it lists
starts a match, and none it would refuse is listed.

The Álomfogó form used to list every opponent but the game for one, so "the opponent a
tournament paired" was offered, and choosing it was always refused.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.core.management import call_command

from catalog.models import Card
from core.games import all_games
from play.models import Match, MatchStatus, Opponent
from tests.factories import make_user
from tests.play.test_matches import legal_deck

pytestmark = pytest.mark.django_db


class LobbyOptions(HTMLParser):
    """Each lobby form by its game: every option of each of its selects, (value, words), and
    the value each select sends as drawn (`sent`)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.forms: dict[str, dict[str, list[tuple[str, str]]]] = {}
        self.sent: dict[str, dict[str, str]] = {}
        self._form: dict | None = None
        self._select: str | None = None
        self._option: list | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and a.get("action") == "/play/new/":
            self._form, self._sent = {}, {}
        elif self._form is None:
            return
        elif tag == "input" and a.get("name") == "game":
            self.forms[a["value"]], self.sent[a["value"]] = self._form, self._sent
        elif tag == "select":
            self._select = a["name"]
            self._form[self._select] = []
        elif tag == "option" and self._select:
            self._option = [a["value"], ""]
            if "selected" in a or self._select not in self._sent:
                self._sent[self._select] = a["value"]

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "option" and self._option is not None:
            self._form[self._select].append((self._option[0], self._option[1].strip()))
            self._option = None

    def handle_data(self, data):
        if self._option is not None:
            self._option[1] += data


@pytest.fixture
def cards():
    if not Card.objects.exists():
        call_command("load_cards", verbosity=0)


def lobby(client, user) -> LobbyOptions:
    client.force_login(user)
    return LobbyOptions(client.get("/play/").content.decode())


def test_no_lobby_offers_a_tournament_pairing_or_a_game_alone(cards, client):
    user = make_user("zsofi", language="en")
    legal_deck(user)
    page = lobby(client, user)
    assert set(page.forms) == {g.id for g in all_games()}  # every game's form is drawn
    offered = {game: dict(form.get("opponent", [])) for game, form in page.forms.items()}
    assert offered["arcane-guardian"] == {}  # a game for one asks for nobody
    for game in ("alomfogo", "oniroo"):
        assert Opponent.PAIRED not in offered[game] and Opponent.SOLO not in offered[game]
        assert set(offered[game]) == {"bot:random", "bot:greedy", "bot:search", "invite", "open"}
    words = " ".join(offered["alomfogo"].values())
    assert "tournament" not in words and "nobody" not in words


def test_every_opponent_a_lobby_offers_starts_a_match(cards, client, settings):
    settings.PLAY_SEARCH_SECONDS = 0.05
    people = iter(range(100))
    owner = make_user("zsofi", language="en")
    legal_deck(owner)
    page = lobby(client, owner)
    tried = 0
    for game, form in page.forms.items():
        for value, words in form.get("opponent", []):
            # a new person each time: the open-match and hard-bot limits are not the point
            user = make_user(f"player{next(people)}", language="en")
            sent = {**page.sent[game], "game": game, "opponent": value}
            if "deck" in form:
                sent["deck"] = str(legal_deck(user).pk)
            client.force_login(user)
            answer = client.post("/play/new/", sent)
            assert answer.status_code == 302, (game, value, words, answer.content.decode()[:2000])
            match = Match.objects.get(created_by=user)
            assert match.opponent == value
            assert match.status in (MatchStatus.WAITING, MatchStatus.RUNNING)
            tried += 1
    assert tried == 10  # five opponents in each of the two games that have one
