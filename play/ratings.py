"""Elo ratings, one per person and game, from rated matches between two people.

A match is rated when exactly two people (no bots) sit at it; for Álomfogó
both decks must also be tournament-legal (45 cards or more, the tournament
format's rules), so a rating is earned with decks anyone could bring to an
event. A tournament's match is no exception: an event played with smaller
decks is not rated. Whether a match is rated is decided once, when it starts,
and shown to both players; `rating_rule` words the same rule for the pages. A
finished match moves both ratings in the same transaction that stores its
last move (or the claimed win of an abandoned one).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from core.games import get_game
from core.hungarian import percent_filled
from decks import formats, validation
from decks.selectors import version_entries
from play.models import Match, MatchStatus, Rating, Seat

START = 1500.0
K = 32  # the usual factor for club play: a win against an equal moves 16 points


def expected_score(rating: float, opponent: float) -> float:
    """The share of points `rating` should take from `opponent` (Elo's logistic curve)."""
    return 1.0 / (1.0 + 10 ** ((opponent - rating) / 400.0))


def new_ratings(a: float, b: float, score_a: float) -> tuple[float, float]:
    """Both ratings after a game where A scored `score_a` (1 win, 0.5 draw, 0 loss)."""
    change = K * (score_a - expected_score(a, b))
    return a + change, b - change


def _legal_in(seat: Seat, game_slug: str, format_id: str) -> bool:
    fmt = formats.get_format(game_slug, format_id)
    if fmt is None or seat.deck_version is None:
        return False
    # a card no longer in the catalog is an unknown entry: a problem, so not legal
    return not validation.validate(version_entries(seat.deck_version.entries), game_slug, fmt)


def is_rated(match: Match, seats: list[Seat]) -> bool:
    """Two people, no bots; both decks legal in the game's rated format if it has one.

    Álomfogó's is the tournament format; the games that deal from their own
    set have none. A tournament's match is judged alike: its decks are the
    versions registered, checked against the event's format, which may be a
    smaller one.
    """
    if len(seats) != 2 or any(s.user_id is None for s in seats):
        return False
    slug = match.game.slug
    rated_format = get_game(slug).rated_format
    if rated_format is not None:
        return all(_legal_in(s, slug, rated_format) for s in seats)
    return True


def _seat_counts(spec) -> set[int]:
    """The table sizes the game's lobby offers: its default and each single choice's."""
    tried = [{}] + [{c.name: value} for c in spec.choices for value in c.values]
    return {spec.seats(options) for options in tried}


def rating_rule(game) -> str | None:
    """When a match of `game` (its row) is rated, in the reader's language; None for a game
    that two people never play alone together (a game for one).

    Worded from what `is_rated` reads (the registry's rated format), so the
    lobby and the leaderboard say what the code does, game by game.
    """
    spec = get_game(game.slug)
    if 2 not in _seat_counts(spec):
        return None
    if spec.rated_format is None:
        return _("%(game)s: a match of exactly two people, no bots, is rated.") % {
            "game": game.display_name
        }
    fmt = formats.get_format(game.slug, spec.rated_format)
    if fmt is None:
        return None  # no deck is legal in a format that is not there: nothing is rated
    words = {"game": game.display_name, "format": fmt.name(get_language())}
    if fmt.min_cards is None:
        message = _(
            "%(game)s: a match of exactly two people, no bots, is rated when both decks "
            "are legal in the “%(format)s” format."
        )
    else:
        message = _(
            "%(game)s: a match of exactly two people, no bots, is rated when both decks are legal "
            "in the “%(format)s” format (%(cards)s cards or more)."
        )
        words["cards"] = fmt.min_cards
    return percent_filled(message, words)


def _locked_ratings(game, user_ids: list[int]) -> dict[int, Rating]:
    """The players' Rating rows in `game`, made if missing, locked; by user id.

    Always in the order of the users' ids, whatever their seats: two matches of
    the same pair ending at once (one with A in the first seat, one with B) would
    otherwise each hold one row and wait for the other's, a deadlock PostgreSQL
    breaks by failing one of the moves. The first rating is made in the same
    order, as its unique key is a lock too.
    """
    ids = sorted(set(user_ids))
    for user_id in ids:
        Rating.objects.get_or_create(user_id=user_id, game=game, defaults={"rating": START})
    locked = Rating.objects.select_for_update().filter(user_id__in=ids, game=game)
    return {rating.user_id: rating for rating in locked.order_by("user_id")}


def record_result(match: Match) -> None:
    """Move both players' ratings for a rated match that just ended (inside its transaction)."""
    if not match.rated or match.rating_changes is not None or not match.result:
        return
    if match.status not in (MatchStatus.FINISHED, MatchStatus.ABANDONED):
        return
    seats = list(match.seats.order_by("position"))
    winners = set(match.result.get("winners") or [])
    with transaction.atomic():
        rows = _locked_ratings(match.game, [seat.user_id for seat in seats])
        a, b = (rows[s.user_id] for s in seats)
        if len(winners) == 1:
            score_a = 1.0 if seats[0].position in winners else 0.0
        else:
            score_a = 0.5  # nobody or both: a draw
        after_a, after_b = new_ratings(a.rating, b.rating, score_a)
        changes = {}
        for seat, rating, after, score in (
            (seats[0], a, after_a, score_a),
            (seats[1], b, after_b, 1 - score_a),
        ):
            changes[str(seat.position)] = {"before": round(rating.rating), "after": round(after)}
            Rating.objects.filter(pk=rating.pk).update(
                rating=after,
                matches=F("matches") + 1,
                wins=F("wins") + int(score == 1.0),  # ints: PostgreSQL adds no booleans
                losses=F("losses") + int(score == 0.0),
                draws=F("draws") + int(score == 0.5),
            )
        match.rating_changes = changes
        Match.objects.filter(pk=match.pk).update(rating_changes=changes)


def leaderboard(game, limit: int = 100):
    return (
        Rating.objects.filter(game=game, matches__gt=0)
        .select_related("user")
        .order_by("-rating", "user__username")[:limit]
    )
