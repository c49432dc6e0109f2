"""`python -m play.cli oniroo`: whole games in both languages, input handling, hidden hands."""

from __future__ import annotations

import io
import random
import re

import pytest

from play import cli, cli_loop, cli_oniroo
from play.engines.oniroo.dreams import explain_dream
from tests.play.oniroo_helpers import CARDS

OVER = {"hu": "A játék véget ért", "en": "The game is over"}
RESULT = re.compile(
    r"^(Nyertél!|Bot \d+(, Bot \d+)* nyert\.|Te, .* nyert\.|Döntetlen\.|Sikerült|Nem sikerült"
    r"|You won!|Bot \d+(, Bot \d+)* won\.|You, .* won\.|A draw\.|Done:|Not this time)",
    re.M,
)


class Always:
    """A stdin that answers every question with the same line."""

    def __init__(self, answer: str = "1") -> None:
        self.answer = answer

    def readline(self) -> str:
        return self.answer + "\n"


def run(argv: list[str], stdin) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(["oniroo", *argv], stdin, out)
    return code, out.getvalue()


@pytest.mark.parametrize(
    ("argv", "lang"),
    [
        (["--level", "1", "--players", "2", "--seed", "3"], "hu"),
        (["--level", "2", "--players", "4", "--seed", "4", "--lang", "en"], "en"),
        (["--level", "3", "--players", "3", "--seed", "5", "--bot", "random"], "hu"),
        (["--level", "4", "--players", "4", "--seed", "6", "--lang", "en"], "en"),
        (["--level", "4", "--players", "2", "--attack-kind", "bad_night", "--seed", "7"], "hu"),
        (["--level", "5", "--players", "6", "--seed", "8", "--lang", "en"], "en"),
        (["--level", "5", "--players", "3", "--games", "2", "--vote", "--seed", "9"], "hu"),
        (["--level", "1", "--players", "1", "--seed", "10"], "hu"),
        (["--level", "2", "--players", "1", "--seed", "11", "--lang", "en"], "en"),
        (["--level", "3", "--players", "1", "--free-cards", "yes", "--seed", "12"], "hu"),
    ],
)
def test_every_level_plays_to_the_end_answering_the_first_action(argv, lang):
    code, out = run(argv, Always("1"))
    assert code == 0
    assert OVER[lang] in out and RESULT.search(out), out[-600:]
    assert re.search(r"^  1\) ", out, re.M)


def test_the_table_in_words():
    code, out = run(["--level", "5", "--players", "3", "--seed", "21"], Always("1"))
    assert code == 0
    for words in ("Kezed:", "Húzópakli:", "pont", "Legutóbbi események:", "Bot 1", "Bot 2"):
        assert words in out
    assert re.search(r"\[\d{3} · [A-F] · \w+ · \d · \w+→\w+\]", out)  # a card's codes
    assert re.search(r"^  \d+\) (Új álmot kezdesz vele|Álomba teszed): ", out, re.M)
    assert re.search(r"^Bot \d ▸ ", out, re.M)  # the bots' moves as they happen
    assert "hiányzik:" in out  # what your dream still lacks


def test_what_a_dream_lacks_comes_from_the_explainer():
    cards = [CARDS[c] for c in ("ONI-S001", "ONI-S002", "ONI-S003")]
    why = explain_dream(cards, 5)
    text = cli_oniroo.missing_text(why, "en")
    assert text.startswith(f"{why['missing'][0]['count']} cards, a code set (best: ")
    assert cli_oniroo.missing_text(why, "hu").startswith("2 lap, kódsor")


def test_solitaire_in_words():
    code, out = run(["--level", "3", "--players", "1", "--seed", "2", "--lang", "en"], Always("1"))
    assert code == 0
    assert "Draw two cards" in out and "Codes:" in out and "Dream fairies:" in out
    assert "ONIROO solitaire — level 3" in out.splitlines()[0]


# --- input handling ---------------------------------------------------------------------------
def test_invalid_input_is_asked_again_and_q_quits():
    code, out = run(["--seed", "3"], io.StringIO("x\n999\n0\nq\n"))
    assert code == 0
    assert out.count("Érvénytelen választás") == 3 and "Kiléptél a játékból." in out
    assert OVER["hu"] not in out


def test_end_of_input_stops_the_game():
    code, out = run(["--seed", "3", "--lang", "en"], io.StringIO("1\n"))
    assert code == 1 and "No more input" in out


def test_random_answers_play_to_the_end():
    rng = random.Random(4)

    class Random:
        def readline(self) -> str:
            return f"{rng.randint(1, 3)}\n"

    code, out = run(["--level", "4", "--players", "3", "--seed", "13", "--lang", "en"], Random())
    assert code == 0 and OVER["en"] in out


def test_bad_options_are_refused():
    code, out = run(["--level", "6"], Always())
    assert code == 2 and "level is 1 to 5" in out
    code, out = run(["--level", "4", "--players", "1"], Always())
    assert code == 2 and "solitaire" in out
    with pytest.raises(SystemExit):
        cli.main(["oniroo", "--bot", "genius"], io.StringIO(""), io.StringIO())


# --- hidden information -----------------------------------------------------------------------
def names_of(codes) -> set[str]:
    return {n for code in codes for n in (CARDS[code]["name"], CARDS[code].get("name_en")) if n}


class Watching:
    """A stdin that, before each answer, checks what was printed since the last one."""

    def __init__(self, state, out: io.StringIO) -> None:
        self.state, self.out = state, out
        self.seen = 0
        self.checked = 0
        self.rng = random.Random(7)

    def readline(self) -> str:
        chunk = self.out.getvalue()[self.seen :]
        self.seen = len(self.out.getvalue())
        s = self.state.s
        # names in the bots' hands that nothing seat 0 may see also shows
        secret = names_of(s["cards"][c] for seat in s["players"][1:] for c in seat["hand"])
        secret -= names_of(s["cards"][c] for c in s["players"][0]["hand"])
        secret -= names_of(s["cards"][c] for c in s["discard"])
        secret -= names_of(
            s["cards"][c] for seat in s["players"] for d in seat["dreams"] for c in d["cards"]
        )
        secret -= names_of(
            s["cards"][c]
            for seat in s["players"][1:]
            for c in seat["hand"]
            if 0 in s["known"].get(c, ())
        )
        self.checked += len(secret)
        leaked = {name for name in secret if re.search(rf"(?<!\w){re.escape(name)}(?!\w)", chunk)}
        assert not leaked, f"a bot's hand leaked: {leaked}"
        legal = self.state.legal_actions(self.state.active_player)
        return f"{self.rng.randint(1, len(legal))}\n"


@pytest.mark.parametrize(("seed", "level", "lang"), [(3, 5, "hu"), (11, 4, "en")])
def test_the_text_never_shows_a_bots_hand(seed, level, lang):
    state = cli_oniroo.new_state({"level": level, "players": 3}, seed)
    out = io.StringIO()
    bots = cli_oniroo.make_bots("greedy", seed, [1, 2])
    reader = Watching(state, out)
    assert cli_loop.play(cli_oniroo, state, bots, reader, out, lang) == 0
    assert state.is_over and reader.checked > 0


def test_each_moon_mouth_choice_names_its_target_and_whether_you_join():
    # At three players the mouth is offered against each other seat, joining or staying
    # out: four choices, and the menu must tell all four apart.
    view = {"you": 0, "mode": "table", "players": []}
    choices = [
        cli_oniroo.format_action(
            {"type": "attack", "player": 0, "card": "c1", "target": target, "join": join},
            view,
            "en",
        )
        for target in (1, 2)
        for join in (True, False)
    ]
    assert len(set(choices)) == 4, choices
    assert [c.split("→")[1].split(" (")[0] for c in choices] == [" Bot 1"] * 2 + [" Bot 2"] * 2
