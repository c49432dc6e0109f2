"""What other apps may hear from play without play knowing them.

`match_ended(sender=Match, match=...)` is sent inside the transaction that
ends a match (its last move, a claimed win), after its result and ratings are
written: a receiver's writes commit or roll back with the match's own.
"""

from django.dispatch import Signal

match_ended = Signal()
