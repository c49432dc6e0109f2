"""A match that is over shows its result without JavaScript, in the table's own words.

The result panel was drawn only by the table's script, so a finished match's page (and
its replay) read "The live match table needs JavaScript…" and nothing else: no winner,
no reason, no score. The server now draws the panel (play/outcomes.py) with the words
the page gives its scripts, and the Node half checks that the script draws the same.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.core.management import call_command

from catalog.models import Card, Game
from play import services
from play.models import Match, MatchStatus
from tests.factories import make_user
from tests.play.page_scripts import needs_node, scripts
from tests.play.table_js import TablePage
from tests.play.test_matches import players, started_duel  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _cards():
    if not Card.objects.exists():
        call_command("load_cards", verbosity=0)


class _Result(HTMLParser):
    """The text of #table-result (None: no such section, or hidden), one line per block."""

    BLOCKS = {"h2", "p", "li"}

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.hidden = False
        self.found = False
        self.lines: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if self.depth:
            self.depth += tag == "section"
            if tag in self.BLOCKS:
                self.lines.append("")
        elif tag == "section" and attrs.get("id") == "table-result":
            self.depth, self.found, self.hidden = 1, True, "hidden" in attrs

    def handle_endtag(self, tag):
        if self.depth and tag == "section":
            self.depth -= 1

    def handle_data(self, data):
        if self.depth and self.lines:
            self.lines[-1] += data


def result_lines(html: str) -> list[str] | None:
    parser = _Result()
    parser.feed(html)
    if not parser.found or parser.hidden:
        return None
    return [re.sub(r"\s+", " ", line).strip() for line in parser.lines if line.strip()]


def page(client, user, url: str, language: str) -> str:
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def noscript(html: str) -> str:
    return re.search(r"<noscript>(.*?)</noscript>", html, re.S).group(1)


# --- Álomfogó: a duel given up --------------------------------------------------------------
@pytest.mark.parametrize(
    ("language", "lines"),
    [
        ("hu", ["Nyertél!", "Oka: gergo feladta.", "Te: 15 dicsőség", "gergo: 15 dicsőség"]),
        ("en", ["You won!", "Reason: gergo gave up.", "You: 15 glory", "gergo: 15 glory"]),
    ],
)
def test_a_duel_given_up_names_the_winner_the_reason_and_the_glory(
    players,  # noqa: F811
    client,
    language,
    lines,
):
    zsofi, gergo, _deck, _deck2 = players
    match, _mover, _move = started_duel(players)
    services.match_resign(match_id=match.pk, user=gergo)
    html = page(client, zsofi, f"/play/{match.pk}/", language)
    shown = result_lines(html)
    assert shown[: len(lines)] == lines
    assert shown[-1].startswith("Shuffle seed" if language == "en" else "")
    # the note says what needs JavaScript, not that nothing can be shown
    assert "result" in noscript(html).lower() or "eredmény" in noscript(html).lower()
    # the way on works without JavaScript too: the replay and "Play again"
    assert re.search(r'<p id="table-replay" class="table-after">', html)
    assert re.search(r'<form id="table-rematch" class="table-after" method="post"[^>]*>', html)
    assert 'id="table-rematch" class="table-after" method="post" action="/play/' in html
    assert not re.search(r'id="table-rematch"[^>]*hidden', html)


def test_the_seed_line_is_a_sentence_of_its_own(players, client):  # noqa: F811
    """The script puts its browser's check of the seed after this line: "Shuffle seed: N. It
    matches the SHA-256…", not "Shuffle seed: N It matches…"."""
    zsofi, gergo, _deck, _deck2 = players
    match, _mover, _move = started_duel(players)
    services.match_resign(match_id=match.pk, user=gergo)
    shown = result_lines(page(client, zsofi, f"/play/{match.pk}/", "en"))
    assert shown[-1] == f"Shuffle seed: {Match.objects.get(pk=match.pk).seed}."


def test_the_loser_and_a_running_match(players, client):  # noqa: F811
    zsofi, gergo, _deck, _deck2 = players
    match, _mover, _move = started_duel(players)
    running = page(client, zsofi, f"/play/{match.pk}/", "en")
    assert result_lines(running) is None  # nothing to say while it goes on
    assert "to play or watch" in noscript(running)
    services.match_resign(match_id=match.pk, user=gergo)
    assert result_lines(page(client, gergo, f"/play/{match.pk}/", "en"))[:2] == [
        "zsofi won.",
        "Reason: you gave up.",
    ]


# --- ONIROO: an engine's ending, for a player and a spectator ----------------------------------
def oniroo_over(user, result: dict) -> Match:
    match = services.match_create(
        user=user,
        game=Game.objects.get(slug="oniroo"),
        deck=None,
        opponent="bot:greedy",
        options={"level": 1, "players": 2},
        public=True,
    )
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.FINISHED, result=result)
    return match


@pytest.mark.parametrize(
    ("language", "seat_lines", "watch_head"),
    [
        (
            "hu",
            [
                "Közepes bot nyert.",
                "Oka: ébredés a saját álmon.",
                "Te: 2 pont",
                "Közepes bot: 5 pont",
            ],
            "Közepes bot nyert.",
        ),
        (
            "en",
            [
                "Normal bot won.",
                "Reason: the wake-up on the winner's own dream.",
                "You: 2 points",
                "Normal bot: 5 points",
            ],
            "Normal bot won.",
        ),
    ],
)
def test_an_oniroo_ending_names_the_bot_the_reason_and_the_points(
    client, language, seat_lines, watch_head
):
    zsofi = make_user("zsofi")
    match = oniroo_over(zsofi, {"winners": [1], "reason": "wake_up", "scores": [2, 5], "games": []})
    assert result_lines(page(client, zsofi, f"/play/{match.pk}/", language))[:4] == seat_lines
    watching = result_lines(page(client, make_user("nezo"), f"/play/{match.pk}/", language))
    assert watching[0] == watch_head
    assert watching[2:4] == ["zsofi: 2 " + seat_lines[2].split()[-1], seat_lines[3]]


# --- Arcane Guardian: alone in the dungeon -----------------------------------------------------
def dungeon(user) -> Match:
    game = Game.objects.get(slug="arcane-guardian")
    return services.match_create(user=user, game=game, deck=None, opponent="solo")


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        ("hu", ["Nem jutottál ki.", "Oka: feladtad."]),
        ("en", ["You did not escape.", "Reason: you gave up."]),
    ],
)
def test_a_dungeon_given_up_says_so_on_the_page_and_its_replay(client, language, lines):
    zsofi = make_user("zsofi")
    match = dungeon(zsofi)
    services.match_resign(match_id=match.pk, user=zsofi)
    assert result_lines(page(client, zsofi, f"/play/{match.pk}/", language))[:2] == lines
    replay = page(client, zsofi, f"/play/{match.pk}/replay/", language)
    assert result_lines(replay)[:2] == lines


@pytest.mark.parametrize(
    ("language", "lines"),
    [
        (
            "hu",
            [
                "Kijutottál a kazamatából!",
                "Oka: megtaláltad a kijáratot.",
                "40 lépés · 3. szint · Élet 2",
            ],
        ),
        (
            "en",
            [
                "You escaped the dungeon!",
                "Reason: you found the way out.",
                "40 steps · level 3 · life 2",
            ],
        ),
    ],
)
def test_a_dungeon_escaped_gives_its_ending_and_its_figures(client, language, lines):
    zsofi = make_user("zsofi")
    match = dungeon(zsofi)
    result = {"winners": [0], "reason": "escaped", "steps": 40, "level": 3, "life": 2}
    Match.objects.filter(pk=match.pk).update(status=MatchStatus.FINISHED, result=result)
    assert result_lines(page(client, zsofi, f"/play/{match.pk}/", language))[:3] == lines


def test_a_replay_shows_the_result_at_its_last_step_only(players, client):  # noqa: F811
    zsofi, gergo, _deck, _deck2 = players
    match, mover, move = started_duel(players)
    services.match_submit_action(
        match_id=match.pk, user=mover, action=move, expected_version=match.version
    )
    services.match_resign(match_id=match.pk, user=gergo)
    last = page(client, zsofi, f"/play/{match.pk}/replay/", "en")
    assert result_lines(last)[:2] == ["You won!", "Reason: gergo gave up."]
    first = page(client, zsofi, f"/play/{match.pk}/replay/?step=0", "en")
    assert result_lines(first) is None


def test_a_replay_from_a_bots_seat_names_the_winner_not_you(players, client):  # noqa: F811
    """The seat a replay is seen from is "you" only when it is the viewer's own."""
    zsofi, _gergo, deck, _deck2 = players
    match = services.match_create(user=zsofi, game=deck.game, deck=deck, opponent="bot:random")
    services.match_resign(match_id=match.pk, user=zsofi)
    own = page(client, zsofi, f"/play/{match.pk}/replay/?seat=0", "en")
    assert result_lines(own)[0] == "Easy bot won."
    # seen from the winner's seat, which is not hers: once "You won!"
    bots = page(client, zsofi, f"/play/{match.pk}/replay/?seat=1", "en")
    assert result_lines(bots)[0] == "Easy bot won."


# --- the script draws the same words --------------------------------------------------------
DRIVER = r"""
const t = Live.makeT(input.strings);
const m = new lib[input.model](input.msg, t, input.lang, ...%s);
const info = m.resultInfo();
const out = [info.headline];
if (info.reason) out.push(t("result_reason", { reason: info.reason }));
for (const g of info.glory || []) out.push(t("result_glory_line", { who: g.name, glory: g.glory }));
for (const line of info.lines || []) out.push(line);
if (info.stats) out.push(info.stats);
process.stdout.write(JSON.stringify(out));
"""
MODELS = {"alomfogo": ("Table", "[]"), "oniroo": ("Oniroo", "[new Map()]")}
MODELS["arcane-guardian"] = ("ArcaneTable", "[{}]")


@needs_node
@pytest.mark.parametrize("language", ["hu", "en"])
def test_the_table_script_draws_the_words_the_server_drew(players, client, language):  # noqa: F811
    zsofi, gergo, _deck, _deck2 = players
    duel, _mover, _move = started_duel(players)
    services.match_resign(match_id=duel.pk, user=gergo)
    ended = [
        (duel, zsofi),  # "gergo gave up"
        (duel, gergo),  # "you gave up"
        (oniroo_over(zsofi, {"winners": [0, 1], "reason": "turn_limit", "scores": [4, 4]}), zsofi),
    ]
    escaped = dungeon(zsofi)
    result = {"winners": [], "reason": "died", "steps": 12, "level": 1, "life": 0}
    Match.objects.filter(pk=escaped.pk).update(status=MatchStatus.FINISHED, result=result)
    given_up = dungeon(zsofi)
    services.match_resign(match_id=given_up.pk, user=zsofi)
    ended += [(escaped, zsofi), (given_up, zsofi)]
    for match, viewer in ended:
        html = page(client, viewer, f"/play/{match.pk}/", language)
        blocks = scripts(html)
        strings = {**json.loads(blocks["live-strings"]), **json.loads(blocks["table-strings"])}
        model, extra = MODELS[match.game.slug]
        said = TablePage(match.game.slug).run_node(
            DRIVER % extra,
            {
                "strings": strings,
                "lang": language,
                "model": model,
                "msg": json.loads(blocks["match-initial"]),
            },
        )
        assert result_lines(html)[: len(said)] == said, match.game.slug
