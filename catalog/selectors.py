"""Reads of the catalog besides the search language: names, sets, games, export."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from django.db.models import Count, Max, QuerySet
from django.urls import reverse
from rapidfuzz import fuzz, process

from catalog import render
from catalog.models import Card, CardSet, Game
from catalog.text import fold_words

AUTOCOMPLETE_LIMIT = 20
FUZZY_CUTOFF = 72


@dataclass
class _NameIndex:
    stamp: tuple
    folded: list[str]
    names: list[str]
    games: list[frozenset[str]]  # the games (slugs) that have a card of each name


_name_index: _NameIndex | None = None


FACE_ROUTES = {"face": "catalog:face", "thumb": "catalog:thumb", "large": "catalog:large"}


def face_url(card, kind: str = "face") -> str:
    """The versioned URL of a card's face ("face"), list-size ("thumb") or close-up ("large").

    `card` is a Card row or a deck's card record (a dict, as catalog.records makes).
    """
    code = card["code"] if isinstance(card, dict) else card.code
    return f"{reverse(FACE_ROUTES[kind], args=[code])}?v={render.face_version(card)}"


def back_url(game_slug: str) -> str:
    """The versioned URL of a game's card back at list size (face-down cards on the table)."""
    return f"{reverse('catalog:back', args=[game_slug])}?v={render.back_version(game_slug)}"


def _catalog_stamp() -> tuple:
    aggregate = Card.objects.aggregate(count=Count("id"), last=Max("id"), changed=Max("updated_at"))
    return (aggregate["count"], aggregate["last"], aggregate["changed"])


def _names() -> _NameIndex:
    """Every distinct card name, folded, with its games, kept per process until the cards change.

    Typo-tolerant matching compares against every name; reading 20,000 names
    from the database on each keystroke would dominate the request, while one
    aggregate tells whether anything was added, removed or edited.
    """
    global _name_index
    stamp = _catalog_stamp()
    if _name_index is None or _name_index.stamp != stamp:
        games: dict[str, set[str]] = {}
        for name, name_en, game in Card.objects.values_list("name", "name_en", "game__slug"):
            for each in (name, name_en):
                if each:
                    games.setdefault(each, set()).add(game)
        names = sorted(games)
        _name_index = _NameIndex(
            stamp, [fold_words(n) for n in names], names, [frozenset(games[n]) for n in names]
        )
    return _name_index


def _prefix_of(length: int):
    """A processor keeping the first `length` characters: a name's words compared as typed."""
    return lambda text: text[:length]


def cards_autocomplete(
    *, query: str, limit: int = AUTOCOMPLETE_LIMIT, game: str | None = None
) -> list[str]:
    """Up to `limit` card names for what a player has typed so far; with `game` (a slug),
    only the names of that game's cards.

    Names whose words start with the typed text come first, then names that
    contain it, then close spellings (typos, missing letters), each group in
    alphabetical order; accents and case never matter. A short text (under six
    letters) is the start of a word being typed, so its close spellings are
    words that start almost so, with its first letter ("kajtr": Kajtár), never
    names that merely share two of its letters somewhere ("éjl" is not "Chapel").
    """
    typed = fold_words(query)
    if not typed:
        return []
    limit = max(1, min(limit, AUTOCOMPLETE_LIMIT))
    index = _names()
    rows = [
        (folded, name)
        for folded, name, games in zip(index.folded, index.names, index.games, strict=True)
        if game is None or game in games
    ]
    starts, contains = [], []
    for folded, name in rows:
        if folded.startswith(typed) or f" {typed}" in f" {folded}":
            starts.append(name)
        elif typed in folded:
            contains.append(name)
    found = (starts + contains)[:limit]
    if len(found) < limit and len(typed) >= 3:
        if len(typed) < 6:
            # each word that starts with the same letter, as far as typed and one letter more
            # (a letter left out)
            choices = [
                (folded[i:], name)
                for folded, name in rows
                for i in _word_starts(folded)
                if folded.startswith(typed[0], i)
            ]
            fuzzy = {"scorer": fuzz.ratio, "processor": _prefix_of(len(typed) + 1)}
        else:
            choices, fuzzy = rows, {"scorer": fuzz.WRatio}
        seen = set(found)
        for _folded, _score, position in process.extract(
            typed,
            [folded for folded, _name in choices],
            limit=limit * 2,
            score_cutoff=FUZZY_CUTOFF,
            **fuzzy,
        ):
            name = choices[position][1]
            if name not in seen:
                found.append(name)
                seen.add(name)
            if len(found) >= limit:
                break
    return found


def _word_starts(folded: str) -> list[int]:
    return [0] + [i + 1 for i, ch in enumerate(folded) if ch == " "]


class NamedCardNotFound(Exception):
    def __init__(self, code: str, candidates: list[str] | None = None) -> None:
        super().__init__(code)
        self.code = code
        self.candidates = candidates or []


def card_named(*, exact: str | None = None, fuzzy: str | None = None) -> Card:
    """One card by its name (Hungarian or English), exactly or forgivingly.

    Exact ignores only accents, case and spacing. Fuzzy takes a unique name
    that starts with or contains the text, else the closest spelling; when
    several names fit equally it refuses with the candidates.
    """
    text = exact if exact is not None else fuzzy
    typed = fold_words(text or "")
    if not typed:
        raise NamedCardNotFound("missing_name")
    index = _names()
    matches = [n for f, n in zip(index.folded, index.names, strict=True) if f == typed]
    if not matches and fuzzy is not None:
        candidates = cards_autocomplete(query=typed)
        starting = [n for n in candidates if fold_words(n).startswith(typed)]
        if len(starting) > 1:
            raise NamedCardNotFound("ambiguous", starting)
        if starting:
            matches = starting
        elif len(candidates) == 1:
            matches = candidates
        else:
            best = process.extractOne(
                typed, index.folded, scorer=fuzz.WRatio, score_cutoff=FUZZY_CUTOFF
            )
            matches = [index.names[best[2]]] if best else []
    if not matches:
        raise NamedCardNotFound("not_found")
    return _first_card_named(matches[0])


def _first_card_named(name: str) -> Card:
    # A name can have several printings; the earliest set's comes back.
    queryset = Card.objects.select_related("game", "card_set")
    return queryset.filter(name=name).first() or queryset.filter(name_en=name).first()


def games_with_counts() -> QuerySet[Game]:
    return Game.objects.annotate(card_count=Count("cards")).order_by("position")


def game_sets(*, game: Game) -> QuerySet[CardSet]:
    return game.sets.annotate(card_count=Count("cards")).order_by("position")


def game_type_counts(*, game: Game) -> list[tuple[str, int]]:
    rows = game.cards.values("type").annotate(n=Count("id")).order_by("-n", "type")
    return [(row["type"], row["n"]) for row in rows]


SAMPLE_CARDS = 6


def game_sample_cards(*, game: Game, limit: int = SAMPLE_CARDS) -> list[Card]:
    """A few cards that show the game: the first card of each of its commonest types."""
    samples = []
    for type_id, _count in game_type_counts(game=game)[:limit]:
        card = game.cards.filter(type=type_id).select_related("game", "card_set")
        samples.append(card.order_by("sort_key").first())
    return samples


def game_provenance_counts(*, game: Game) -> list[tuple[str, int]]:
    """(provenance, cards) for the game: how much comes from the rulebook, how much is ours."""
    rows = game.cards.values("provenance").annotate(n=Count("id")).order_by("-n", "provenance")
    return [(row["provenance"], row["n"]) for row in rows]


# A set page's optional columns and the fields that fill them.
SET_COLUMNS = {
    "cost": ("cost",),
    "attack": ("attack", "defense"),
    "codes": ("letter", "shape", "digit"),
    "group": ("group", "next_group"),
}


def set_columns(*, card_set: CardSet) -> set[str]:
    """The optional columns at least one card of the set fills (an ONIROO set has no cost)."""
    fields = {f for names in SET_COLUMNS.values() for f in names}
    filled = card_set.cards.aggregate(**{f: Count(f) for f in fields})  # Count skips nulls
    return {column for column, names in SET_COLUMNS.items() if any(filled[f] for f in names)}


def cards_export() -> tuple[bytes, str]:
    """Every card as JSON (the card-data record plus game and set), and its ETag."""
    cards = Card.objects.select_related("game", "card_set").order_by(
        "game__position", "card_set__position", "number"
    )
    payload = {
        "games": [{"id": g.slug, "name": g.name, "name_en": g.name_en} for g in Game.objects.all()],
        "sets": [
            {
                "code": s.code,
                "game": s.game.slug,
                "name": s.name,
                "name_en": s.name_en or None,
                "release_year": s.release_year,
                "provenance": s.provenance,
            }
            for s in CardSet.objects.select_related("game")
        ],
        "cards": [{"game": c.game.slug, "set": c.card_set.code, **c.as_data()} for c in cards],
    }
    body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
