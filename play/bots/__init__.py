"""Bots that play through the engine contract, seeing only their own view."""

from play.bots.base import LEVELS, Bot, bot_kinds, decide, get_bot, play_game, winner_of

__all__ = ["LEVELS", "Bot", "bot_kinds", "decide", "get_bot", "play_game", "winner_of"]
