"""The terminal front-end: `python -m play.cli alomfogo` against a bot, driven through StringIO."""

from __future__ import annotations

import io
import random
import re

import pytest

from play import cli_alomfogo as cli
from play import cli_loop
from play.bots.alomfogo_cards import all_cards
from play.engines import get_engine

CARDS = all_cards()
OVER = {"hu": "A játék véget ért", "en": "The game is over"}
RESULT = re.compile(r"^(Nyertél!|A bot nyert\.|Döntetlen\.|You won!|The bot won\.|A draw\.)", re.M)


class Always:
    """A stdin that answers every question with the same line."""

    def __init__(self, answer: str = "1") -> None:
        self.answer = answer
        self.reads = 0

    def readline(self) -> str:
        self.reads += 1
        return self.answer + "\n"


def run(argv: list[str], stdin) -> tuple[int, str]:
    out = io.StringIO()
    code = cli.main(["alomfogo", *argv], stdin, out)
    return code, out.getvalue()


def names_of(codes) -> set[str]:
    """Both the Hungarian and the English name of each card code."""
    found = set()
    for code in codes:
        card = CARDS[code]
        found.update(n for n in (card["name"], card.get("name_en")) if n)
    return found


def hidden_only(state, bot: int = cli.BOT) -> set[str]:
    """Names in the bot's hand that no zone seat 0 may see also shows."""
    s = state.s
    public = [i for seat in s["players"] for z in ("board", "discard", "stack") for i in seat[z]]
    public += s["players"][cli.YOU]["hand"]
    in_hand = names_of(s["inst"][i]["code"] for i in s["players"][bot]["hand"])
    return in_hand - names_of(s["inst"][i]["code"] for i in public)


# --- whole games --------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "lang"),
    [
        (["--seed", "3", "--bot", "random"], "hu"),
        (["--seed", "8", "--bot", "greedy", "--deck", "vedo", "--lang", "en"], "en"),
        (["--seed", "21", "--bot", "greedy", "--lang", "hu"], "hu"),
    ],
)
def test_a_whole_game_answering_the_first_action(argv, lang):
    code, out = run(argv, Always("1"))
    assert code == 0
    assert OVER[lang] in out
    assert RESULT.search(out), out[-500:]
    assert re.search(r"^  1\) ", out, re.M) and re.search(r"^  2\) ", out, re.M)
    assert "Bot ▸ " in out  # the bot's moves are printed as they happen
    first = "Kijátszod: " if lang == "hu" else "Play: "
    assert re.search(rf"^  \d+\) {first}.+ \(\d+ VP\)", out, re.M)


def test_enough_scripted_lines_play_to_the_end():
    code, out = run(["--seed", "5", "--bot", "random"], io.StringIO("2\n1\n" * 1500))
    assert code == 0 and OVER["hu"] in out and RESULT.search(out)


def test_the_view_shows_the_table_in_words():
    code, out = run(["--seed", "3", "--bot", "greedy"], Always("1"))
    assert code == 0
    for words in ("dicsőség", "VP", "Kezed:", "Asztal:", "Bűbájketrec", "pakli", "kéz"):
        assert words in out
    assert re.search(r"révülő \d+/\d+, (aktív|pihenő|sérült)", out)
    assert re.search(r"^Párbaj: .+ ⟷ ", out, re.M)
    assert "Támadsz ezzel: " in out and "Legutóbbi események:" in out


def test_attack_and_play_are_named_in_english_too():
    code, out = run(["--seed", "3", "--lang", "en"], Always("1"))
    assert code == 0
    assert re.search(r"^  \d+\) Attack with: .+ \(attack \d+\)", out, re.M)
    assert "Your hand:" in out and "Recent events:" in out and "Duel: " in out


# --- input handling -----------------------------------------------------------
def test_invalid_input_is_asked_again():
    code, out = run(["--seed", "3"], io.StringIO("x\n999\n0\n\n-1\nq\n"))
    assert code == 0
    assert out.count("Érvénytelen választás") == 5
    assert "'x'" in out and "'999'" in out
    assert out.count("Választásod (1–") == 6  # the same question, six times
    assert "Kiléptél a játékból." in out


def test_invalid_then_valid_goes_on_playing():
    code, out = run(["--seed", "4", "--lang", "en"], io.StringIO("abc\n1\n" * 3000))
    assert code == 0 and OVER["en"] in out
    assert "Not a valid choice: 'abc'" in out


def test_q_quits_cleanly():
    code, out = run(["--seed", "3"], io.StringIO("q\n"))
    assert code == 0
    assert "Kiléptél a játékból." in out
    assert OVER["hu"] not in out


def test_end_of_input_stops_the_game():
    code, out = run(["--seed", "3", "--lang", "en"], io.StringIO("1\n1\n"))
    assert code == 1
    assert "No more input" in out and OVER["en"] not in out


def test_bad_arguments_stop_argparse():
    with pytest.raises(SystemExit):
        cli.main(["chess"], io.StringIO(""), io.StringIO())
    with pytest.raises(SystemExit):
        cli.main(["alomfogo", "--bot", "genius"], io.StringIO(""), io.StringIO())


# --- hidden information -------------------------------------------------------
class Watching:
    """A stdin that, before each answer, checks what was printed since the last one."""

    def __init__(self, state, out: io.StringIO) -> None:
        self.state, self.out = state, out
        self.seen = 0
        self.checked = 0  # bot-only names actually looked for
        self.rng = random.Random(7)

    def readline(self) -> str:
        chunk = self.out.getvalue()[self.seen :]
        self.seen = len(self.out.getvalue())
        secret = hidden_only(self.state)
        self.checked += len(secret)
        leaked = {name for name in secret if name in chunk}
        assert not leaked, f"the bot's hand leaked: {leaked}"
        legal = self.state.legal_actions(self.state.active_player)
        return f"{self.rng.randint(1, len(legal))}\n"


@pytest.mark.parametrize(("seed", "lang", "kind"), [(3, "hu", "greedy"), (11, "en", "random")])
def test_the_text_never_shows_the_bots_hand(seed, lang, kind):
    state = cli.new_state("tamado", seed)
    out = io.StringIO()
    bot = cli.make_bot(kind, seed)
    reader = Watching(state, out)
    assert cli_loop.play(cli, state, {cli.BOT: bot}, reader, out, lang) == 0
    assert state.is_over and reader.checked > 0


def test_format_view_hides_the_bots_hand_with_every_card():
    """Random decks of all shipped cards, checked after every action."""
    engine = get_engine("alomfogo")
    rng = random.Random(2)
    cards = list(CARDS.values())
    for seed in range(3):
        decks = [[rng.choice(cards) for _ in range(40)] for _ in range(2)]
        state = engine.new_game(decks, {"max_copies": 0}, seed)
        checked = 0
        while not state.is_over:
            for lang in ("hu", "en"):
                view = state.view(cli.YOU)
                text = cli.format_view(view, lang)
                if state.active_player == cli.YOU:
                    text += cli.format_actions(state.legal_actions(cli.YOU), view, lang)
                secret = hidden_only(state)
                checked += len(secret)
                assert not {name for name in secret if name in text}
            state.apply(rng.choice(state.legal_actions(state.active_player)))
        assert checked > 0


# --- pieces -------------------------------------------------------------------
def test_actions_in_words():
    state = cli.new_state("tamado", 3)
    while state.active_player != cli.YOU:
        state.apply(state.legal_actions(state.active_player)[-1])  # the bot ends its turn
    view = state.view(cli.YOU)
    hand = {c["id"]: c for c in view["players"][cli.YOU]["hand"]}
    for action in state.legal_actions(cli.YOU):
        text = cli.format_action(action, view, "hu")
        if action["type"] == "play_card":
            card = CARDS[hand[action["card"]]["code"]]
            assert text.startswith(f"Kijátszod: {card['name']} ({card['cost']} VP)")
            assert cli.format_action(action, view, "en").startswith(f"Play: {card['name_en']}")
    assert cli.format_action({"type": "end_turn", "player": 0}, view, "hu") == "Befejezed a köröd"


def test_the_bot_is_play_bots_and_sees_only_its_view(monkeypatch):
    state = cli.new_state("vedo", 1)
    while state.active_player != cli.BOT:
        state.apply(state.legal_actions(state.active_player)[-1])
    asked = []
    real_view = type(state).view
    monkeypatch.setattr(type(state), "view", lambda g, p: asked.append(p) or real_view(g, p))
    action = cli.make_bot("greedy", 1)(state, cli.BOT)
    assert action in state.legal_actions(cli.BOT)
    assert asked == [cli.BOT]


def test_the_bot_is_seeded():
    def picks(seed):
        state, bot, seq = cli.new_state("tamado", 1), cli.make_bot("random", seed), []
        for _ in range(40):
            action = bot(state, state.active_player)
            seq.append(action)
            state.apply(action)
        return seq

    assert picks(4) == picks(4)
