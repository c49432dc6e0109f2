"""What the heaviest pages within every limit cost: queries, wall time and bytes per request.

    .venv/bin/python bench/heavy_pages.py                  # every case, about 30 s
    .venv/bin/python bench/heavy_pages.py decks replay     # some of them
    .venv/bin/python bench/heavy_pages.py --help           # the sizes (--decks, --players, ...)

A scratch SQLite database in a temporary folder is migrated and given the
shipped cards once; each case then runs in a fresh child process on a copy of
it, builds its rows with the project's services, and asks Django's test client
(config.settings_test with DEBUG off: the cached template loader, hashed static
files, a LocMem cache, no query log). Before the first measured request a
small page (the home page) is served once, so "first" is what the request
itself costs in a process that has served something, not Python's imports.

Every line gives the queries of the first request (and of the later ones when
they differ), the wall time of the first and the best of `--repeat` later ones,
and the body's size; a conditional request (If-None-Match) gives its status.

Cases (settings.LIMITS, defaults in README "Limits and security"):

- decks: one person keeps `--decks` (200) Álomfogó decks of the largest size the
  limits allow: every card of the game on the main board at the copy limit
  (decks/validation.py: a format's max_copies), at most DECK_MAX_ENTRIES
  entries. Their API list, 100 a page (`GET /api/decks/?page_size=100`), and
  the lobby (`GET /play/`), which offers the play.selectors.LOBBY_DECKS most
  recently edited, each validated.
- public: `--public` (2,000) public 45-card Álomfogó decks of 20 people:
  `GET /decks/public/` and `GET /decks/public/?game=alomfogo` (anonymous).
- tournament: a `--players` (256) Swiss event whose first `--rounds` (3)
  rounds are played (results entered by the organiser, best of 1); the third
  round's time is up, so its clock no longer counts (while it counts the live
  part's ETag changes once a minute). Anonymous: the live part
  (`GET /tournaments/<id>/live/`) first, again (its rows kept), again with
  If-None-Match (304); the event's page; the rounds API
  (`GET /api/tournaments/<id>/rounds/`) without and with If-None-Match.
- replay: a public six-player ONIROO series of `--games` (5) played by a
  stalling policy (it stages and unstages cards before anything else, so
  turns are long; each game ends at the engine's turn cap), a few thousand
  actions, watched anonymously: `GET /api/matches/<id>/replay/` at the last
  step (first visit: the log is played once and states are kept every
  replays.SNAPSHOT_EVERY steps), again, a middle step, one step back; then the
  replay page (`GET /play/<id>/replay/?step=<last>`) first (it lists where
  each turn starts: the log played once more, the engine's `turn_marker` read
  a step) and again. Then that turn list alone (`replays._turns_from_deal`),
  first and best of `--repeat`, for this match and a long random-bot match of
  Álomfogó and of Arcane Guardian (`TURN_MATCHES`).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.cases import case_parser, parsed_cases  # noqa: E402
from bench.sigterm import stop_on_sigterm  # noqa: E402

CASES = ("decks", "public", "tournament", "replay")
BASE_DB = "base.sqlite3"
REPLAY_SEED = 20_260_101  # the replay case's deal


# --- measuring -------------------------------------------------------------------------
class _QueryCounter:
    """Counts the queries sent on the default connection (no SQL kept, unlike the query log)."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


def _request(client, url: str, **headers: str) -> tuple[object, int, float, int]:
    """One GET: the response, its queries, its wall milliseconds and its body's bytes."""
    from django.db import connection

    counter = _QueryCounter()
    with connection.execute_wrapper(counter):
        start = time.perf_counter()
        response = client.get(url, headers={k.replace("_", "-"): v for k, v in headers.items()})
        if getattr(response, "streaming", False):
            body = b"".join(response.streaming_content)
        else:
            body = response.content
        ms = (time.perf_counter() - start) * 1000
    return response, counter.count, ms, len(body)


def measure(client, label: str, url: str, repeat: int, **headers: str):
    """Print the first request's figures and the best of `repeat` later ones; the last response."""
    response, queries, first_ms, size = _request(client, url, **headers)
    later, best = set(), None
    statuses = {response.status_code}
    for _ in range(repeat):
        response, n, ms, size = _request(client, url, **headers)
        later.add(n)
        statuses.add(response.status_code)
        best = ms if best is None else min(best, ms)
    status = "/".join(str(s) for s in sorted(statuses))
    counted = f"{queries} queries"
    if later and later != {queries}:
        counted += f" (later {'/'.join(str(n) for n in sorted(later))})"
    again = f", best of {repeat} later {best:7.1f} ms" if repeat else ""
    print(
        f"  {label:<44} HTTP {status}  {counted:<24} first {first_ms:7.1f} ms{again}"
        f"  {size / 1024:8.1f} KB",
        flush=True,
    )
    return response


def _warm_up(client) -> None:
    client.get("/")


def _say(text: str) -> None:
    print(text, flush=True)


# --- the cases ----------------------------------------------------------------------------
def case_decks(args) -> None:
    from django.conf import settings
    from django.test import Client

    from catalog.models import Card, Game
    from catalog.records import row_record
    from decks import services
    from decks.entries import MAIN, Entry
    from decks.formats import formats_for
    from decks.models import DeckEntry
    from tests.factories import make_user

    game = Game.objects.get(slug="alomfogo")
    copies = max(f.max_copies for f in formats_for(game.slug) if f.max_copies is not None)
    cards = list(Card.objects.filter(game=game).select_related("game", "card_set"))
    cards = cards[: settings.LIMITS["DECK_MAX_ENTRIES"]]
    entries = [Entry(card=row_record(card), count=copies, board=MAIN) for card in cards]
    owner = make_user("sok-pakli")
    start = time.perf_counter()
    for n in range(args.decks):
        services.deck_create(owner=owner, game=game, name=f"Nagy pakli {n + 1}", entries=entries)
    _say(
        f"decks: {args.decks} decks of {len(cards)} entries ({len(cards) * copies} cards: every "
        f"Álomfogó card x{copies}), {DeckEntry.objects.count():,} entry rows; "
        f"built in {time.perf_counter() - start:.1f} s"
    )
    client = Client(HTTP_HOST="testserver")
    client.force_login(owner)
    _warm_up(client)
    measure(client, "GET /api/decks/?page_size=100", "/api/decks/?page_size=100", args.repeat)
    measure(client, "GET /play/ (lobby)", "/play/", args.repeat)


def case_public(args) -> None:
    from django.test import Client

    from catalog.models import Game
    from decks.models import Deck, DeckEntry, DeckVersion, Visibility
    from tests.factories import make_user
    from tests.play_rows import first_cards_deck

    game = Game.objects.get(slug="alomfogo")
    owners = [make_user(f"kozzetevo{n}") for n in range(20)]
    start = time.perf_counter()
    # One deck made by the service, the rest copied row by row (the service takes ~10 ms a
    # deck): the same deck, entries and first version, public, under 20 owners.
    model = first_cards_deck(owners[0], "Közzétett pakli 1", 15)
    Deck.objects.filter(pk=model.pk).update(visibility=Visibility.PUBLIC)
    model_entries = list(model.entries.all())
    model_version = model.versions.get()
    decks = Deck.objects.bulk_create(
        Deck(
            owner=owners[n % len(owners)],
            game=game,
            name=f"Közzétett pakli {n + 1}",
            format=model.format,
            visibility=Visibility.PUBLIC,
        )
        for n in range(1, args.public)
    )
    DeckEntry.objects.bulk_create(
        (
            DeckEntry(deck=deck, card_id=e.card_id, count=e.count, board=e.board)
            for deck in decks
            for e in model_entries
        ),
        batch_size=5000,
    )
    DeckVersion.objects.bulk_create(
        (
            DeckVersion(
                deck=deck,
                number=1,
                kind=model_version.kind,
                details={},
                changes=[],
                edited_at=model_version.edited_at,
                name=deck.name,
                format=deck.format,
                entries=model_version.entries,
            )  # fmt: skip
            for deck in decks
        ),
        batch_size=1000,
    )
    _say(
        f"public: {Deck.objects.filter(visibility=Visibility.PUBLIC).count():,} public decks of "
        f"{len(model_entries)} entries (45 cards) by {len(owners)} people, "
        f"{DeckEntry.objects.count():,} entry rows; built in {time.perf_counter() - start:.1f} s"
    )
    client = Client(HTTP_HOST="testserver")
    _warm_up(client)
    measure(client, "GET /decks/public/", "/decks/public/", args.repeat)
    measure(client, "GET /decks/public/?game=alomfogo", "/decks/public/?game=alomfogo", args.repeat)


def case_tournament(args) -> None:
    from datetime import timedelta

    from django.test import Client
    from django.utils import timezone

    from catalog.models import Game
    from tests.factories import make_user
    from tests.play_rows import first_cards_deck
    from tournaments import services
    from tournaments.models import Pairing, Round

    game = Game.objects.get(slug="alomfogo")
    organiser = make_user("szervezo")
    event = services.tournament_create(
        organiser=organiser, game=game, name="Nagy svájci verseny", decklists_public=True
    )
    start = time.perf_counter()
    for n in range(args.players):
        user = make_user(f"versenyzo{n}")
        deck = first_cards_deck(user, "Verseny pakli", 15)
        services.tournament_register(tournament_id=event.pk, user=user, deck=deck)
    registered = time.perf_counter() - start
    services.tournament_start(tournament_id=event.pk, user=organiser)
    rng = random.Random(1)
    for number in range(1, args.rounds + 1):
        pairings = Pairing.objects.filter(round__tournament=event, round__number=number)
        for pairing in pairings.order_by("table"):
            if pairing.decided:  # a bye
                continue
            wins_a, wins_b, draws = rng.choice(
                [(1, 0, 0), (0, 1, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]
            )
            services.pairing_record_result(
                tournament_id=event.pk, pairing_id=pairing.pk, user=organiser,
                wins_a=wins_a, wins_b=wins_b, draws=draws,
            )  # fmt: skip
        if number < args.rounds:
            services.tournament_next_round(tournament_id=event.pk, user=organiser)
    # The last round's time is up: every result is in and the organiser has not paired the
    # next round yet, so the live part shows no clock and its ETag stays put.
    Round.objects.filter(tournament=event, number=args.rounds).update(
        ends_at=timezone.now() - timedelta(seconds=1)
    )
    event.refresh_from_db()
    played = time.perf_counter() - start - registered
    _say(
        f"tournament: {args.players} players, {args.rounds} of {event.swiss_rounds} Swiss rounds "
        f"played ({Pairing.objects.filter(round__tournament=event).count()} pairings); "
        f"registered in {registered:.1f} s, played in {played:.1f} s"
    )
    client = Client(HTTP_HOST="testserver")
    _warm_up(client)
    live = f"/tournaments/{event.pk}/live/"
    tag = measure(client, "GET live/ (first, then rows kept)", live, args.repeat)["ETag"]
    measure(client, "GET live/ If-None-Match", live, args.repeat, if_none_match=tag)
    measure(client, "GET /tournaments/<id>/ (event page)", f"/tournaments/{event.pk}/", args.repeat)
    rounds = f"/api/tournaments/{event.pk}/rounds/"
    tag = measure(client, "GET /api/tournaments/<id>/rounds/", rounds, args.repeat)["ETag"]
    measure(client, "GET .../rounds/ If-None-Match", rounds, args.repeat, if_none_match=tag)


def _stall(legal: list[dict], rng: random.Random) -> dict:
    """The stalling policy: rearrange cards before anything else, end the turn before playing."""
    rank = {"unstage": 0, "stage": 1, "discard": 2, "end_turn": 3, "reveal": 8}
    best = min(rank.get(a["type"], 9) for a in legal)
    return rng.choice([a for a in legal if rank.get(a["type"], 9) == best])


def case_replay(args) -> None:
    from django.test import Client
    from django.utils import timezone

    from catalog.models import Game
    from play import replays, services
    from play.models import Match, MatchStatus, Seat
    from tests.factories import make_user

    user = make_user("visszajatszo")
    players = 6
    match = services.match_create(
        user=user,
        game=Game.objects.get(slug="oniroo"),
        deck=None,
        opponent="invite",
        options={"players": players, "games": args.games},
        public=True,
    )
    for position in range(1, players):
        Seat.objects.create(match=match, position=position, bot="random")
    # A fixed deal (its published hash to match), so every run replays the same match.
    Match.objects.filter(pk=match.pk).update(
        status=MatchStatus.RUNNING,
        started_at=timezone.now(),
        seed=REPLAY_SEED,
        seed_sha256=hashlib.sha256(str(REPLAY_SEED).encode()).hexdigest(),
    )
    start = time.perf_counter()
    n = _play_out(match, _stall)
    _say(
        f"replay: ONIROO, {players} players, a series of {args.games} games, {n:,} actions "
        f"(states kept every {replays.SNAPSHOT_EVERY}); played in "
        f"{time.perf_counter() - start:.1f} s"
    )
    client = Client(HTTP_HOST="testserver")
    _warm_up(client)
    api = f"/api/matches/{match.pk}/replay/?step="
    measure(client, f"GET replay API, last step ({n})", f"{api}{n}", args.repeat)
    middle = n // 2 + 1  # off a kept state: the worst a step costs once states are kept
    measure(client, f"GET replay API, middle step ({middle})", f"{api}{middle}", args.repeat)
    measure(client, f"GET replay API, one step back ({n - 1})", f"{api}{n - 1}", args.repeat)
    page = f"/play/{match.pk}/replay/?step={n}"
    measure(client, "GET /play/<id>/replay/?step=<last>", page, args.repeat)
    _say(
        "turn starts (replays._turns_from_deal, the page's first-load part beside the frame: "
        "the log played from the deal, the turn asked at each step)"
    )
    _time_turn_starts(Match.objects.get(pk=match.pk), args.repeat)
    for slug, options, seed in TURN_MATCHES:
        _time_turn_starts(_bot_match(user, slug, options, seed), args.repeat)


# The other games' matches for the turn starts, long ones the lobby allows: random bots,
# each deal the one of seeds 0-59 whose game is longest (Álomfogó with its slowest
# scoring: 610 moves; Arcane Guardian, whose games are short: 112).
TURN_MATCHES = (
    ("alomfogo", {"vp_per_turn": 2, "starting_glory": 20}, 56),
    ("arcane-guardian", {}, 38),
)


def _play_out(match, policy=None) -> int:
    """Play `match` to its end by `policy(legal, rng)` (a random move by default), its moves
    logged as the service logs them, the match finished; the number of moves.

    As tests/play/test_replay_cost.py does: legal moves straight through the engine."""
    from django.utils import timezone

    from play import selectors
    from play.models import Match, MatchAction, MatchStatus

    state = selectors.match_state(Match.objects.get(pk=match.pk))
    rng, log = random.Random(1), []
    while not state.is_over:
        seat = state.active_player
        legal = state.legal_actions(seat)
        action = policy(legal, rng) if policy else rng.choice(legal)
        state.apply(action)
        log.append(MatchAction(match=match, seq=len(log) + 1, seat=seat, action=action))
    MatchAction.objects.bulk_create(log, batch_size=5000)
    Match.objects.filter(pk=match.pk).update(
        status=MatchStatus.FINISHED, version=len(log), result=state.result,
        finished_at=timezone.now(),
    )  # fmt: skip
    return len(log)


def _bot_match(user, slug: str, options: dict, seed: int):
    """A finished public match of `slug` between random bots (their own decks), dealt by
    `seed`, with the lobby's options: the registry's defaults under `options`."""
    from django.utils import timezone

    from catalog.models import Game
    from core.games import table_game
    from play.models import Match, MatchStatus, Opponent, Seat

    spec = table_game(slug)
    options, bad = spec.options_from(options)
    assert not bad, bad
    match = Match.objects.create(
        game=Game.objects.get(slug=slug),
        options=options,
        opponent=Opponent.BOT_RANDOM,
        public=True,
        status=MatchStatus.RUNNING,
        seed=seed,
        seed_sha256=hashlib.sha256(str(seed).encode()).hexdigest(),
        created_by=user,
        seat_count=spec.seats(options),
        started_at=timezone.now(),
    )
    for position in range(match.seat_count):
        Seat.objects.create(match=match, position=position, bot="random")
    _play_out(match)
    return Match.objects.select_related("game").get(pk=match.pk)


def _time_turn_starts(match, repeat: int) -> None:
    """Print what working out a finished match's turn starts costs: first and best of
    `repeat` later runs (each plays the whole log again: nothing kept is read), and per move."""
    from play import replays

    times, turns = [], []
    for _ in range(1 + repeat):
        start = time.perf_counter()
        turns = replays._turns_from_deal(match)
        times.append((time.perf_counter() - start) * 1000)
    best = min(times[1:] or times)
    label = f"{match.game.slug}, {match.version:,} moves, {len(turns)} turns"
    print(
        f"  {label:<44} first {times[0]:7.1f} ms, best of {repeat} later {best:7.1f} ms"
        f"  ({best * 1000 / max(1, match.version):.0f} µs a move)",
        flush=True,
    )


# --- running -----------------------------------------------------------------------------
def _environment(var: Path, database: Path) -> dict:
    return {
        **{k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}},
        "VAR_DIR": str(var),
        "DATABASE_URL": f"sqlite:///{database}",
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "DEBUG": "0",
        "SECRET_KEY": "bench-" + "x" * 60,
        "ALLOWED_HOSTS": "testserver",
        "SECURE_SSL_REDIRECT": "0",
        "PYTHONUNBUFFERED": "1",
    }


def child(case: str, args) -> None:
    import logging

    import django

    django.setup()
    # The eager Celery tasks (a round's clock) log each run; the figures are what counts here.
    logging.getLogger("celery").setLevel(logging.WARNING)
    logging.getLogger("kombu").setLevel(logging.ERROR)
    globals()[f"case_{case}"](args)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = case_parser(
        CASES,
        description=__doc__.splitlines()[0],
        epilog="Each case runs in a fresh child process on its own copy of a scratch SQLite "
        "database.",
    )
    parser.add_argument("--repeat", type=int, default=5, help="later requests per URL (5)")
    parser.add_argument("--decks", type=int, default=200, help="decks case: decks kept (200)")
    parser.add_argument("--public", type=int, default=2000, help="public case: decks (2000)")
    parser.add_argument("--players", type=int, default=256, help="tournament case: players (256)")
    parser.add_argument("--rounds", type=int, default=3, help="tournament case: rounds played (3)")
    parser.add_argument("--games", type=int, default=5, help="replay case: games in the series (5)")
    return parsed_cases(parser, CASES, argv)


def main(args: argparse.Namespace) -> None:
    cases = list(args.cases) or list(CASES)
    sizes = [  # the children's options
        f"--{name}={getattr(args, name)}"
        for name in ("repeat", "decks", "public", "players", "rounds", "games")
    ]
    stop_on_sigterm()  # the scratch folder goes as on Ctrl-C
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="kartyavar-heavy-") as folder:
        var = Path(folder)
        base = var / BASE_DB
        env = _environment(var, base)
        manage = [sys.executable, str(ROOT / "manage.py")]
        for command in (["migrate"], ["load_cards"], ["collectstatic", "--noinput"]):
            subprocess.run([*manage, *command, "-v0"], env=env, check=True, cwd=ROOT)
        _say(f"scratch database ready in {time.perf_counter() - started:.1f} s")
        for case in cases:
            database = var / f"{case}.sqlite3"
            shutil.copyfile(base, database)
            run = subprocess.run(
                [sys.executable, __file__, "--child", case, *sizes],
                env=_environment(var, database), cwd=ROOT, check=False,
            )  # fmt: skip
            if run.returncode:
                _say(f"{case}: failed (exit {run.returncode})")
            database.unlink()
    _say(f"total {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    arguments = parse_args()
    if arguments.child:
        child(arguments.child, arguments)
    else:
        main(arguments)
