"""A bot is called by one name wherever a person reads it: the level the lobby offers it by
(easy, normal, hard) is the word the table, its result and its replay name its seat with.

The normal bot used to be "egy bot (közepes)" / "a bot (normal)" in the lobby but "Mohó bot" /
"Greedy bot" at the table, in the result and in the replay, while the easy and the hard bots
were "Könnyű bot" and "Nehéz bot" there, as the lobby says. The API's `bot_kind` ids stay.
"""

from __future__ import annotations

import json
import re

import pytest
from django.core.management import call_command

from play import names
from play.models import Match, MatchStatus, Seat
from tests.factories import make_user
from tests.play.page_scripts import scripts
from tests.play.test_lobby_offers_only_choosable_opponents import LobbyOptions
from tests.play.test_matches import legal_deck
from tests.play_rows import oniroo_match

pytestmark = pytest.mark.django_db

LEVELS = {"bot:random": "random", "bot:greedy": "greedy", "bot:search": "search"}


def level_word(label: str) -> str:
    """The level a lobby label names: "a bot (normal)" → "normal"."""
    return re.fullmatch(r".*\((\w+)\)", label).group(1).lower()


@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_table_names_each_bot_by_the_level_the_lobby_offers_it_by(client, language):
    call_command("load_cards", verbosity=0)
    zsofi = make_user("zsofi", language=language)
    legal_deck(zsofi)  # the Álomfogó form is drawn for a player with a deck
    client.force_login(zsofi)
    lobby = LobbyOptions(client.get("/play/").content.decode())
    duel = dict(lobby.forms["alomfogo"]["opponent"])
    table = dict(lobby.forms["oniroo"]["opponent"])
    words = {kind: level_word(duel[value]) for value, kind in LEVELS.items()}
    assert len(set(words.values())) == 3
    for value, kind in LEVELS.items():  # a table of several says it of its bots too
        assert level_word(table[value]) == words[kind]

    # a three-seat table against two normal bots, as its page and the replay name them
    match = Match.objects.get(pk=oniroo_match(zsofi, "bot:greedy", players=3, level=1).pk)
    html = client.get(f"/play/{match.pk}/").content.decode()
    blocks = scripts(html)
    strings = json.loads(blocks["live-strings"])  # the words live.js names a bot's seat with
    for kind, word in words.items():
        assert word in strings[f"bot_{kind}"].lower()
        assert word in strings[f"bot_{kind}_n"].lower()
    served = [p["name"] for p in json.loads(blocks["match-initial"])["players"]]
    assert all(words["greedy"] in name.lower() for name in served[1:]), served
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.FINISHED)
    replay = client.get(f"/play/{match.pk}/replay/?step=0").content.decode()
    seen_from = re.search(r'<p class="replay-perspective">(.*?)</p>', replay, re.S).group(1)
    assert seen_from.lower().count(f"{words['greedy']} bot") == 2

    # each kind's own seat, alone or numbered, as the result and the API name it
    seats = [Seat(position=p, bot=kind) for p, kind in enumerate(["random", "greedy", "search"])]
    for seat, name in zip(seats, names.seat_names(seats).values(), strict=True):
        assert words[seat.bot] in name.lower() and "bot" in name
