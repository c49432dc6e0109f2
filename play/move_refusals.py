"""What an engine's refusal of a move tells the player, in the player's language.

Engines are free of Django, so the message an `IllegalAction` carries is an
English sentence for developers (with seat numbers and action names in it).
A player is told by the refusal's code, worded here; the engine's sentence
stays in the answer as `detail` for API clients. A code without words of its
own (a new engine's) gets the general one, never English to a Hungarian.
"""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from play.engines import IllegalAction

GENERAL = _("This move is not allowed now.")

WORDS = {
    # any game
    "game_over": _("The game is over."),
    "unknown_action": _("There is no such move in this game."),
    "bad_action": _("The move is not well formed: send it as the table offered it."),
    "bad_player": _("The move must name your own seat."),
    "not_your_turn": _("It is not your turn: another player decides now."),
    "wrong_step": _("That kind of move is not possible at this point of the game."),
    "wrong_moment": _("That kind of move is not possible at this point of the game."),
    "not_allowed": GENERAL,
    "illegal_action": GENERAL,
    # Álomfogó and ONIROO
    "not_in_hand": _("That card is not in your hand."),
    "not_enough_vp": _("You do not have enough VP for that card."),
    "hand_full": _("Your hand is full."),
    "dream_not_complete": _("A wake-up card goes on a complete dream only."),
    "no_complete_dream": _(
        "With that card there, the laid-out cards cannot become a complete dream."
    ),
    "no_link": _(
        "More cards this turn go on the same dream, each linking on to the card before it."
    ),
    # Arcane Guardian
    # the count is the engine's, a fact of its refusal
    "no_such_pile": _("There is no such pile: there are {piles}."),
    "pile_closed": _("That pile cannot be chosen now."),
    "bad_cost": _("Choose a cost of the ending that you can pay."),
    "not_usable": _("That card cannot be used now."),
    "curse_stays": _("That curse cannot be discarded now."),
    "bad_option": _("That option cannot be chosen now."),
    "bad_spells": _("Cast two upright spells, or the one upright spell that defeats this enemy."),
    "bad_choice": _("Choose exactly as many cards as asked for."),
}


def worded(refused: IllegalAction):
    """The player's words for an engine's refusal (lazy: said in the active language), with
    the figures the engine gave (`facts`) in their places."""
    words = WORDS.get(refused.code, GENERAL)
    return format_lazy(words, **refused.facts) if refused.facts else words
