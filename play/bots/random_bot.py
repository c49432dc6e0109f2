"""The random bot: any legal action, uniformly. Works for every engine."""

from __future__ import annotations

import random

from play.bots.base import Bot
from play.engines.base import Action


class RandomBot(Bot):
    kind = "random"
    needs_view = False  # it never looks, so play_game does not build a view for it

    def choose(self, view: dict | None, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)
