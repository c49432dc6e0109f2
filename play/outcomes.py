"""How a match ended, in words: the table's result drawn by the server, and the lobby's outcome.

A finished table is drawn by its script (static/js/live.js `renderResult` with the
game's `resultInfo`), which a page without JavaScript never runs: it showed no
winner at all. The server draws the same panel into `#table-result` when the page's
first frame is over, and the script replaces it with its own when it runs.

The words are the table's own, not a copy: the server reads the words the page gives
its scripts (`play/_live_strings.html` and the game's `play/_<room>_strings.html`, the
same gettext msgids in the page's language), so a reason, a headline or a score line
is worded in one place and reads the same with and without JavaScript. What decides
which words are used mirrors the scripts' `resultInfo` and reads only the frame's facts
(the result the engine or the match service wrote, the seats' figures in the view,
whether the view is a solitaire), never the game's id:

- no result yet on a match that was abandoned: "The match was abandoned.";
- a solitaire (the view's `mode`): "You reached the goal!" or "The solitaire is lost.";
- any other table of one (the dungeon): the game's own won/lost words, a spectator's
  naming the player;
- a bigger table: who won by name ("You won!", a shared win where the game words one);
- then why (the game's ending `end_<code>`, else `why_<code>`, a solitaire's own
  `why_solo_<code>` first), and each seat's final figures the result or view carries
  (glory, points, a solitaire's draws, the dungeon's steps), ratings where the game's
  table shows them, and the shuffle seed.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache

from django.template.loader import render_to_string
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from core.hungarian import settle_articles

LIVE_STRINGS = "play/_live_strings.html"
OVER = ("finished", "abandoned")
_JSON_OBJECT = re.compile(r"\{.*\}", re.S)
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@lru_cache(maxsize=32)
def _words_in(strings_template: str, language: str) -> dict[str, str]:
    live = _JSON_OBJECT.search(render_to_string(LIVE_STRINGS)).group(0)
    # the game's block is a run of entries: play/_table_base.html wraps it the same way
    own = "{" + render_to_string(strings_template) + '"_language": ""}'
    return {**json.loads(live), **json.loads(own)}


def table_words(spec) -> dict[str, str]:
    """The words a table page gives its scripts, in the active language: the game's over
    live.js's, as the scripts read them (one dict, read once per language and process)."""
    return _words_in(spec.rooms.strings_template, get_language() or "hu")


def _fill(text: str, **params) -> SafeString:
    """`text` with its {name} placeholders filled, as live.js's `fill`; escaped for HTML
    (a value may be markup already: a name set apart in <bdi>). An "a(z)" right before a
    field is settled first (core.hungarian.settle_articles), as `fill` does."""
    text = settle_articles(text, params)

    def one(found: re.Match) -> str:
        name = found.group(1)
        if params.get(name) is None:
            return conditional_escape(found.group(0))
        return conditional_escape(params[name])

    parts, end = [], 0
    for found in _PLACEHOLDER.finditer(text):
        parts += [conditional_escape(text[end : found.start()]), one(found)]
        end = found.end()
    parts.append(conditional_escape(text[end:]))
    return mark_safe("".join(parts))  # noqa: S308 - every part is escaped above


def _reason(words: dict[str, str], code, *, solitaire: bool) -> str:
    """Why a match ended, in the table's words: a solitaire's own, the game's ending, the
    game's or the match service's reason, else the code itself (as the scripts do)."""
    if not code:
        return ""
    keys = [f"end_{code}", f"why_{code}"]
    if solitaire:
        keys.insert(0, f"why_solo_{code}")
    return next((words[k] for k in keys if k in words), str(code))


def _seat(value) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _result_reason(words: dict[str, str], result: dict, *, solitaire: bool, you, name) -> str:
    """Why the match ended (`_reason`); a resignation says who gave up (the result's
    `resigned` seat): the viewer as "you", anyone else by `name(seat)` (live.js
    `resultReason`)."""
    seat = _seat(result.get("resigned"))
    if result.get("reason") == "resigned" and seat is not None:
        if seat == you:
            return _fill(words["why_resigned_you"])
        return _fill(words["why_resigned_by"], who=name(seat))
    return _reason(words, result.get("reason"), solitaire=solitaire)


@dataclass(frozen=True)
class TableOutcome:
    """The result panel of a table page: what live.js's `renderResult` draws."""

    headline: SafeString
    outcome: str  # "won", "lost", "draw" or "other": the panel's outcome-<x> class
    reason: SafeString = mark_safe("")  # "Reason: ….", or "" when the result gives none
    lines: list[SafeString] = field(default_factory=list)  # each seat's final figures
    lines_label: str = ""  # what the lines are (the list's label), where the game says it
    ratings: list[SafeString] = field(default_factory=list)
    ratings_label: str = ""
    seed: SafeString = mark_safe("")


class _Reader:
    """One frame as the result panel reads it (live.js `TableModel`, server side)."""

    def __init__(self, frame: dict, words: dict[str, str]) -> None:
        self.frame = frame
        self.words = words
        self.view = frame.get("view") or {}
        seat = frame.get("seat")
        # a replay seen from a seat not the viewer's own names that seat, not "you"
        # (play.replays: the frame's replay.own), as the table's scripts do
        replay = frame.get("replay") or {}
        own = replay.get("own", True) if isinstance(replay, dict) else True
        self.you = seat if isinstance(seat, int) and own else None
        self.players = {p["seat"]: p for p in frame.get("players") or []}
        self.seats = self.view.get("players") if isinstance(self.view.get("players"), list) else []
        self.solitaire = self.view.get("mode") == "solitaire"

    def w(self, key: str, **params) -> SafeString:
        return _fill(self.words.get(key, key), **params)

    def name(self, seat) -> SafeString:
        """A seat's name as live.js `playerName` gives it: a bot's own seat by its level, a
        person by their name (set apart: it is typed by them)."""
        player = self.players.get(seat)
        if player is None:
            return self.w("seat_n", n=seat + 1) if isinstance(seat, int) else mark_safe("?")
        kind, n = player.get("bot_kind"), player.get("bot_number")
        if kind in ("greedy", "random", "search"):
            return self.w(f"bot_{kind}_n", n=n) if n else self.w(f"bot_{kind}")
        return format_html("<bdi>{}</bdi>", player.get("name") or "")

    def seat_name(self, seat) -> SafeString:
        """The viewer's seat as "You", anyone else's by name."""
        return self.w("you") if seat == self.you else self.name(seat)

    def reason(self, result: dict) -> str:
        return _result_reason(
            self.words, result, solitaire=self.solitaire, you=self.you, name=self.name
        )

    def verdict(self, winners: list) -> tuple[SafeString, str]:
        """The headline for a table of several (live.js `verdict`)."""
        if not winners:
            return self.w("result_draw"), "draw"
        names = mark_safe(", ".join(self.name(s) for s in winners))  # noqa: S308 - escaped
        if self.you is not None and self.you in winners:
            if len(winners) == 1:
                return self.w("result_won"), "won"
            if "result_shared" in self.words:
                others = [self.name(s) for s in winners if s != self.you]
                return self.w("result_shared", who=mark_safe(", ".join(others))), "won"  # noqa: S308
        elif self.you is not None:
            return self.w("result_lost", who=names), "lost"
        return self.w("result_winner", who=names), "other"

    def figures(self, result: dict, key: str, seat_key: str) -> list | None:
        """Each seat's final figure: the result's list, else the seats' in the view."""
        if isinstance(result.get(key), list):
            return result[key]
        if self.seats and all(isinstance(s, dict) and seat_key in s for s in self.seats):
            return [s[seat_key] for s in self.seats]
        return None

    def outcome(self) -> TableOutcome | None:
        result = self.frame.get("result")
        if self.frame.get("status") not in OVER and not result:
            return None
        seed = self.seed()
        if not isinstance(result, dict):  # ended with nothing to say but that
            return TableOutcome(self.w("status_abandoned"), "other", seed=seed)
        winners = result.get("winners") if isinstance(result.get("winners"), list) else []
        reason = self.reason(result)
        said = self.w("result_reason", reason=reason) if reason else mark_safe("")
        if self.solitaire:
            won = result.get("won") is True or 0 in winners
            turns = result.get("turns")
            lines = [self.w("result_turns", n=turns)] if isinstance(turns, int) else []
            headline = self.w("result_solo_won" if won else "result_solo_lost")
            return TableOutcome(headline, "won" if won else "lost", said, lines, seed=seed)
        if len(self.players) == 1:  # alone against the game
            won = 0 in winners
            if self.you is not None:
                headline = self.w("result_won" if won else "result_lost")
            else:
                headline = self.w(
                    "result_watch_won" if won else "result_watch_lost", who=self.name(0)
                )
            lines = []
            if isinstance(result.get("steps"), int):
                facts = {k: result.get(k) for k in ("steps", "level", "life")}
                lines.append(self.w("result_stats", **facts))
            return TableOutcome(headline, "won" if won else "lost", said, lines, seed=seed)
        headline, outcome = self.verdict(winners)
        lines, label = [], ""
        if (glory := self.figures(result, "glory", "glory")) is not None:
            label = self.words.get("result_glory", "")
            lines = [
                self.w("result_glory_line", who=self.seat_name(s), glory=g)
                for s, g in enumerate(glory)
            ]
        elif (scores := self.figures(result, "scores", "score")) is not None:
            lines = [
                self.w("result_score_line", who=self.seat_name(s), n=n)
                for s, n in enumerate(scores)
            ]
        ratings, ratings_label = self.ratings()
        return TableOutcome(
            headline, outcome, said, lines, label, ratings, ratings_label, seed=seed
        )

    def ratings(self) -> tuple[list[SafeString], str]:
        """The rating changes, where the game's table shows them (its words have the line)."""
        changes = self.frame.get("rating_changes")
        if not isinstance(changes, dict) or "result_rating_line" not in self.words:
            return [], ""
        lines = [
            self.w(
                "result_rating_line",
                who=self.seat_name(int(seat)),
                before=change.get("before"),
                after=change.get("after"),
            )
            for seat, change in changes.items()
        ]
        return lines, self.words.get("result_ratings", "")

    def seed(self) -> SafeString:
        seed = self.frame.get("seed")
        return mark_safe("") if seed is None else self.w("result_seed", seed=str(seed))


def table_outcome(frame: dict, spec) -> TableOutcome | None:
    """The result panel of a table page whose first frame (`frame`: a live or replayed
    seat's) is over, in the active language; None while the match goes on."""
    if frame.get("status") not in OVER and not frame.get("result"):
        return None
    return _Reader(frame, table_words(spec)).outcome()


# --- the lobby: an ended match from one player's side -----------------------------------------
WON, LOST, DRAW, ABANDONED = "won", "lost", "draw", "abandoned"


def seat_outcome(status: str, result: dict | None, position: int | None, seats: int) -> str:
    """How an ended match went for the player at `position`: WON, LOST, DRAW (nobody won
    a table of several) or ABANDONED (it ended with no winner before it was played out);
    "" while it goes on. A table of one with no winner is lost."""
    if status not in OVER:
        return ""
    winners = (result or {}).get("winners") or []
    if winners:
        return WON if position in winners else LOST
    if status == "abandoned":
        return ABANDONED
    return LOST if seats == 1 else DRAW


def reason_words(spec, result: dict | None, *, alone: bool, you: int, names: dict) -> str:
    """Why a match ended, in the table's words (as its result panel says it to the player
    at seat `you`; `names`: the seats' names by position); "" for none. `alone`: a table
    of one (a solitaire words its own reasons)."""
    return _result_reason(
        table_words(spec),
        result or {},
        solitaire=alone,
        you=you,
        name=lambda seat: names.get(seat, "?"),
    )
