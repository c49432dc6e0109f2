"""What a live table's hard bot knew at its seat's last move, kept in this process.

The live table builds its bot afresh for every move (`services._one_bot_move`)
and tells it what its seat was shown before: the views of versions 0 to v - 1.
Replaying the log from the deal for that cost every decision time in the
length of the match (`bench/bot_recall.py`: 0.12 s at 1,000 actions, 0.7 s
at 6,000; 3-4 ms kept).
Here the seat's `Knowledge` after those views is kept, with the engine state
at v - 1 that showed the last of them; the seat's next decision, at v', plays
that state on over the logged actions v to v' - 1 and tells the bot only
their views.

It is the same as recalling everything, view for view:

- The kept state is the very state that replayed the log from the deal,
  played on with the next actions of the same log, so each view is built by
  the same calls on the same state; `remember` gets them in the same order.
- A match's log is only ever appended to, so actions up to v - 1 never
  change. The key names the log and whoever reads it: the match's id (a
  UUID: a rematch is another match) and seed, the seat, and the bot's kind,
  seed and game, so no two bots share what one learnt. The knowledge a bot
  starts from is what it was given (its deck, the options...): a kept entry
  made from other givens is not used, nor one ahead of the version asked for.
- An entry is taken out while it is played on and put back after, so two
  threads never play one state on; one that fails midway is dropped.
- The bot gets a copy of the kept knowledge and the memory keeps a copy of the
  bot's: its decision remembers its current view and fills the sampler's
  cache, and none of that reaches the next decision.

Memory is bounded: the `SIZE` seats used last (an entry is a state of some
tens of KB and what the seat remembered).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from play.engines.base import GameState, IllegalAction
from play.engines.sampling import Knowledge

SIZE = 256  # match seats kept per process


@dataclass
class Kept:
    """One seat's knowledge after the views of versions 0 to `version` - 1."""

    given: tuple  # what the bot was given (`SearchBot.knowledge_given`) when this was built
    version: int
    knowledge: Knowledge
    state: GameState  # the engine state at `version` - 1, to be played on


class SeatMemory:
    """Kept knowledge by (match, seat, bot), the least recently used dropped past `size`."""

    def __init__(self, size: int = SIZE) -> None:
        self.size = size
        self._items: OrderedDict[tuple, Kept] = OrderedDict()
        self._lock = threading.Lock()

    def take(self, key: tuple) -> Kept | None:
        """The entry of `key`, removed: its state is played on by one caller at a time."""
        with self._lock:
            return self._items.pop(key, None)

    def put(self, key: tuple, kept: Kept) -> None:
        with self._lock:
            self._items[key] = kept
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


memory = SeatMemory()


def key_of(bot, match, position: int) -> tuple:
    return (str(match.pk), match.seed, position, bot.kind, bot.seed, bot.game)


def recall(bot, match, position: int, version: int, from_deal) -> None:
    """Tell `bot` what seat `position` of `match` was shown at versions 0 to `version` - 1.

    `from_deal(match, upto=...)` is `selectors.states_from_deal`: the replay a
    seat this process has not kept needs. `version` is at least 1.
    """
    key = key_of(bot, match, position)
    given = bot.knowledge_given
    kept = memory.take(key)
    tail = None
    if kept is not None and kept.given == given and kept.version <= version:
        tail = _logged(match, kept.version, version - 1)
    if tail is None:  # nothing kept (or not usable): from the deal, as a bot without memory
        bot.knowledge = None
        last: list[GameState] = []

        def views():
            for state in from_deal(match, upto=version - 1):
                yield state.view(position)
            last.append(state)  # one state, moved on in place: now at version - 1

        bot.recall(views())
        state = last[0]
    else:
        bot.knowledge = kept.knowledge.copy()
        state = kept.state
        bot.recall(_played_on(state, tail, position))
    memory.put(key, Kept(given, version, bot.knowledge.copy(), state))


def _logged(match, first: int, last: int) -> list[tuple[int, dict]] | None:
    """The logged actions `first` to `last` in order; None when the log lacks one."""
    if last < first:
        return []
    rows = list(
        match.actions.filter(seq__gte=first, seq__lte=last)
        .order_by("seq")
        .values_list("seq", "action")
    )
    if [seq for seq, _action in rows] != list(range(first, last + 1)):
        return None
    return rows


def _played_on(state: GameState, tail: list[tuple[int, dict]], position: int):
    """The seat's view after each action of `tail`, applied to `state` in place."""
    for seq, action in tail:
        try:
            state.apply(action)
        except IllegalAction as refused:  # as the replay from the deal says it
            from play.selectors import RecordUnreadable

            raise RecordUnreadable(seq) from refused
        yield state.view(position)
