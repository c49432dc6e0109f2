"""How much one deck may hold, read from settings.LIMITS when a request asks.

Every way into a deck (the HTML forms, the API, imports, the quick-add line)
checks its input here or in the codec's readers, before any card is looked up
or any row written, and refuses with an ApplicationError (400) whose message
names the limit. The settings are read at call time, so an environment that
changes them (LIMIT_DECK_*) or a test that overrides them is obeyed at once.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from core.errors import ApplicationError
from core.text import line_feeds, plain_text, trimmed
from decks import codec

# The Deck.name column; the forms, the API and the services all refuse longer
# names with the same message instead of cutting them short.
NAME_MAX_CHARS = 120


def list_limits() -> codec.ListLimits:
    return codec.ListLimits(
        max_lines=settings.LIMITS["DECK_LIST_MAX_LINES"],
        max_chars=settings.LIMITS["DECK_LIST_MAX_CHARS"],
        max_entries=settings.LIMITS["DECK_MAX_ENTRIES"],
    )


def max_entries() -> int:
    return settings.LIMITS["DECK_MAX_ENTRIES"]


def description_max_chars() -> int:
    return settings.LIMITS["DECK_DESCRIPTION_MAX_CHARS"]


def description_max_lines() -> int:
    return settings.LIMITS["DECK_DESCRIPTION_MAX_LINES"]


class LimitExceeded(ApplicationError):
    """Input over one of the deck limits; `extra["limit"]` is the bound."""

    def __init__(self, code: str, message: str, limit: int) -> None:
        super().__init__(code, message, extra={"limit": limit})
        self.limit = limit


def refused(problem: codec.ListTooLarge) -> LimitExceeded:
    """The codec's refusal of an oversized list, in the reader's language."""
    return LimitExceeded(problem.code, problem.message(get_language()), problem.limit)


def too_many_entries(found: int) -> LimitExceeded:
    limit = max_entries()
    return LimitExceeded(
        "too_many_entries",
        _(
            "A deck may hold at most %(limit)s different entries (a card on the main deck or "
            "the side board); this one would have %(found)s."
        )
        % {"limit": limit, "found": found},
        limit,
    )


def check_name(name: str) -> str:
    """The deck name someone typed as it is stored (trimmed: core.text.trimmed), or a
    refusal: too long, NUL, a control character (`plain_text`), or a name that shows
    nothing (`bad_name`: spaces, zero-width or format characters, a Hangul filler, marks
    on nothing), the judgment tournaments make of their names too.

    A caller for whom no name means a default (a new deck, an import) passes none here:
    a name that was typed and shows nothing is refused, never taken for a missing one.
    """
    shown = trimmed(name)
    if len(shown) > NAME_MAX_CHARS:  # its length first, then its characters
        raise LimitExceeded(
            "name_too_long",
            _("A deck name may be at most %(limit)s characters long; this one has %(found)s.")
            % {"limit": NAME_MAX_CHARS, "found": len(shown)},
            NAME_MAX_CHARS,
        )
    # PostgreSQL cannot store NUL (refused as `nul_character`). The edge refuses it in
    # url-encoded forms; a JSON body or a multipart form reaches the deck services with it.
    # The name as typed: a direction control at an end is refused like one inside it
    # (trimming first would drop "\u202e" from "\u202egg" without a word).
    plain_text(name, field="name")
    if not shown:
        raise ApplicationError(
            "bad_name",
            _("This name shows nothing: give the deck a name with at least one visible character."),
            extra={"field": "name"},
        )
    return plain_text(shown, field="name")  # a tab inside becomes a space


def check_description(description: str) -> str:
    """The description as it is stored (line breaks made "\\n"), or a refusal: too long,
    too many lines, NUL, a control character."""
    description = line_feeds(description)  # a break counts once, as the box counted it
    limit = description_max_chars()
    if len(description) > limit:
        raise LimitExceeded(
            "description_too_long",
            _(
                "A deck description may be at most %(limit)s characters long; this one has "
                "%(found)s."
            )
            % {"limit": limit, "found": len(description)},
            limit,
        )
    return plain_text(
        description, multiline=True, max_lines=description_max_lines(), field="description"
    )


def check_room_for_a_deck(kept: int) -> None:
    """Refuse a new deck to a person who keeps LIMITS["DECKS_PER_USER"] already (`kept`)."""
    limit = settings.LIMITS["DECKS_PER_USER"]
    if kept >= limit:
        raise LimitExceeded(
            "too_many_decks",
            _("You keep %(limit)s decks, as many as one person may: delete one first.")
            % {"limit": limit},
            limit,
        )


def versions_kept() -> int:
    """How many versions of a deck are kept: past it the oldest free ones go."""
    return settings.LIMITS["DECK_VERSIONS_KEPT"]
