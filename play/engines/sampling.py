"""What a seat knows besides its view, for the games' samplers (information-set search).

A search bot may not read the game state: it plays from its own view. To
look ahead it needs whole states, so each game's `sampling` module builds
one from a view and a `Knowledge`: what the seat sees stays as it is, and
every card it cannot see is drawn at random from the cards it cannot
account for. The hidden truth never enters, so two games that look the same
to the seat give the same samples for the same generator.

Each game's module `play.engines.<room>.sampling` provides:

- `sample_state(view, knowledge, rng)`: a full state consistent with the
  view, whose legal actions for the seat are the ones it has now;
- `remember(view, knowledge)`: note what the view shows that will be hidden
  again later (a card returned to a hand);
- `action_key(state, action)`: one key for "the same move" across samples
  (an invented hidden card is named by what it is, not by its made-up id).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field


@dataclass
class Knowledge:
    """What one seat knows besides its current view."""

    seat: int
    # Álomfogó: the cards this seat brought; ONIROO: the game's whole (public) card set
    deck: list[dict]
    options: dict  # the match options as given to new_game
    # the public decks an opponent may play (each a list of cards), which its unseen cards
    # are drawn from; [] where every card of the game is known
    prior: list[list[dict]] = field(default_factory=list)
    remembered: dict[str, str] = field(default_factory=dict)  # card id -> code, hidden again
    # public card data by code, for cards the view names that are neither in `deck` nor in
    # `prior` (an opponent's own choice of card)
    catalog: dict[str, dict] = field(default_factory=dict)
    # what a sampler works out once and reuses for every sample (normalised cards...)
    cache: dict = field(default_factory=dict, repr=False, compare=False)

    def copy(self) -> Knowledge:
        """A copy that either side may change without the other seeing it.

        A bot that keeps what its seat was shown between moves hands each
        decision a copy: the decision remembers its own view and fills the
        sampler's cache, and neither may reach the kept knowledge. The cards
        themselves (read, never changed) are shared; every container is new,
        and so is each value in the cache (`remember` keeps the last hand
        there).
        """
        return Knowledge(
            seat=self.seat,
            deck=list(self.deck),
            options=dict(self.options),
            prior=[list(deck) for deck in self.prior],
            remembered=dict(self.remembered),
            catalog=dict(self.catalog),
            cache={key: copy.copy(value) for key, value in self.cache.items()},
        )


class SampleError(ValueError):
    """The view cannot be rebuilt from what the seat knows (a card it has no data for)."""
