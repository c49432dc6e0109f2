"""Rows a test or a benchmark needs before it can play or print: decks, a session, a table.

Import after Django is set up (the models load with this module).
"""

from __future__ import annotations

import random

from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

from catalog.models import Card, Game
from catalog.records import row_record
from decks import services as deck_services
from decks.entries import Entry
from play import services as play_services


def demo_deck_entries(name: str = "tamado") -> list[Entry]:
    """Three of each card of a demo deck the bots play: a legal Álomfogó list."""
    from play.bots.alomfogo_cards import DEMO_DECKS

    codes = DEMO_DECKS[name]
    cards = {
        c.code: c for c in Card.objects.filter(code__in=codes).select_related("game", "card_set")
    }
    return [Entry(card=row_record(cards[code]), count=3) for code in codes]


def codes_deck(owner, name: str, codes: list[str]):
    """A deck of the owner's: 3 of each Álomfogó card named by code (15 codes: 45 cards)."""
    game = Game.objects.get(slug="alomfogo")
    cards = {c.code: c for c in Card.objects.filter(code__in=codes).select_related("game")}
    entries = [Entry(card=row_record(cards[code]), count=3) for code in codes]
    return deck_services.deck_create(owner=owner, game=game, name=name, entries=entries)


def first_cards_deck(owner, name: str, kinds: int):
    """A deck of the owner's: the first `kinds` Álomfogó cards in catalog order, 3 of each."""
    game = Game.objects.get(slug="alomfogo")
    cards = Card.objects.filter(game=game).select_related("game", "card_set").order_by("sort_key")
    return deck_services.deck_create(
        owner=owner,
        game=game,
        name=name,
        entries=[Entry(card=row_record(c), count=3) for c in cards[:kinds]],
    )


def session_key(user) -> str:
    """A new signed-in session of the user's: the `sessionid` cookie a browser or socket sends."""
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.create()
    return session.session_key


def oniroo_match(user, opponent: str, *, public: bool = False, **options):
    """An ONIROO table the user starts: seated, waiting for `opponent` ("invite", "bot:...");
    `public`: anyone may watch it."""
    return play_services.match_create(
        user=user,
        game=Game.objects.get(slug="oniroo"),
        deck=None,
        opponent=opponent,
        options=options,
        public=public,
    )


def oniroo_table_played(users, seed_and_moves, *, level: int, unplayed: int = 0):
    """An ONIROO table at `level` of `users` (the first starts it, the others join), dealt the
    seed `seed_and_moves(options)` gives, its moves played through the match service, each as
    its seat's person, but for the last `unplayed`: (the match now, the moves not played)."""
    from play.models import Match

    match = oniroo_match(users[0], "invite", players=len(users), level=level)
    seed, moves = seed_and_moves(match.options)
    Match.objects.filter(pk=match.pk).update(seed=seed)
    for user in users[1:]:
        play_services.match_join(match_id=match.pk, user=user, deck=None)
    played = len(moves) - unplayed
    for action in moves[:played]:
        match = Match.objects.get(pk=match.pk)
        play_services.match_submit_action(
            match_id=match.pk,
            user=users[action["player"]],
            action=action,
            expected_version=match.version,
        )
    return Match.objects.get(pk=match.pk), moves[played:]


def greedy_oniroo_game(options: dict, ends, *, sample_seed: int, max_moves: int, what: str):
    """A seed and the moves of an ONIROO game greedy bots play in every seat whose end
    `ends(result)` accepts, searched among 100 seeds drawn from `sample_seed`; `what`
    says which ending was wanted when none of them has it."""
    from play import selectors
    from play.bots import decide, get_bot
    from play.engines import get_engine

    engine, pool = get_engine("oniroo"), selectors.game_pool("oniroo")
    for seed in random.Random(sample_seed).sample(range(100_000), 100):
        state = engine.new_game([pool], options, seed)
        bots = {p: get_bot("greedy", seed + p, game="oniroo") for p in state.players}
        rng, moves = random.Random(seed), []
        while not state.is_over and len(moves) < max_moves:
            action = decide(state, state.active_player, bots[state.active_player], rng)
            moves.append(action)
            state.apply(action)
        if state.result and ends(state.result):
            return seed, moves
    raise AssertionError(f"no greedy game among 100 {what}")
