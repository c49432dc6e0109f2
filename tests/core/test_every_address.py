"""Every address of the site, asked the wrong way, answers without a server error.

The other tests of bad input go deep into one class of mistake; this one goes
wide. It walks the whole URL configuration (the admin aside: staff only) and
asks each address, as a visitor and as a signed-in player, with real and
unknown ids, with absurd query strings and with absurd form and JSON bodies,
as a page and as an htmx request.
Only a bug may answer 5xx, so any 5xx here is one, named with the request
that found it. The same walk, by a visitor and by another player, checks that
no address shows the owner's private deck.
"""

from __future__ import annotations

import json
import re
import uuid
from itertools import product

import pytest
from django.conf import settings
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from catalog.models import Game
from printing import services as print_services
from tests.factories import make_user
from tests.play_rows import first_cards_deck, oniroo_match
from tournaments import services as tournament_services
from tournaments.models import Pairing

pytestmark = pytest.mark.django_db

# The names views read from a query string or a body (grep of GET/POST/query_params/data).
KEYS = (
    "a action as b card cards chat code compact cost_max cost_min count deck description digit "
    "dir email exact file fix format fuzzy game k language limit line list name next on "
    "opponent order page play player public q seat seed side solve status step target text "
    "turn v view visibility where worker quantity page_size card_size margin_mm gap_mm "
    "bleed_mm flip back_offset_x back_offset_y set gives gets message"
).split()
HUGE = "9" * 30
PRIVATE_DECK = "Titkos pakli Q7"  # the name of the owner's private deck: nobody else reads it
ABSURD_VALUES = (HUGE, "-1", "1e400", "\"(<'&%;>" + "ő" * 300)
HTMX = {"HX-Request": "true", "HX-Target": "x" * 300, "HX-Current-URL": "javascript:x"}
# a page address urlsplit cannot read (it raised "Invalid IPv6 URL" in a trade view)
HTMX_UNREADABLE_PAGE = {"HX-Request": "true", "HX-Current-URL": "http://[::1"}
# a form in a codec that is not text: Django decoded its fields with it and raised
ODD_CHARSET_FORM = (
    b'--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--b--\r\n',
    "multipart/form-data; boundary=b; charset=idna",
)
ABSURD_JSON = (
    {key: [[{"a": [HUGE]}]] for key in KEYS},
    {key: 10**30 for key in KEYS},
    {key: {"": None} for key in KEYS},
)


def routes(resolver=None, prefix: str = ""):
    """Every route of the URL configuration as (route text, its converters by name)."""
    resolver = resolver or get_resolver()
    for entry in resolver.url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from routes(entry, route)
        elif isinstance(entry, URLPattern):
            yield route


PARAM = re.compile(r"<(?:(\w+):)?(\w+)>")


def addresses(route: str, values: dict[str, list[str]]) -> list[str]:
    """The route filled with the first three combinations of its parameters' candidate
    values (the real rows come first) and the last one (every value absurd)."""
    params = PARAM.findall(route)
    choices = [values[converter or "str"] for converter, _name in params]
    combinations = list(product(*choices))
    filled = []
    for combination in dict.fromkeys(combinations[:3] + combinations[-1:]):
        given = iter(combination)
        filled.append("/" + PARAM.sub(lambda _m, given=given: str(next(given)), route))
    return filled


@pytest.fixture
def world(cards, monkeypatch):
    """A player with a deck, an ONIROO table against a bot, a print job, and an event
    they organise and play in, its first round paired."""
    owner = make_user("tulaj", language="en")
    rival = make_user("rivalis", language="en")
    deck = first_cards_deck(owner, PRIVATE_DECK, 15)  # private: decks are, unless shared
    match = oniroo_match(owner, "bot:greedy")
    monkeypatch.setattr("printing.tasks.make_sheets.delay", lambda job_id: None)
    job = print_services.print_job_create(
        user=owner, session_key="", source={"deck": deck.pk}, options={}
    )
    event = tournament_services.tournament_create(
        organiser=owner, game=Game.objects.get(slug="alomfogo"), name="Klubest"
    )
    for player in (owner, rival):
        tournament_services.tournament_register(
            tournament_id=event.pk, user=player, deck=first_cards_deck(player, "Verseny", 15)
        )
    tournament_services.tournament_start(tournament_id=event.pk, user=owner)
    pairing = Pairing.objects.get(round__tournament=event)
    values = {
        # the real rows first, the absurd value last (addresses())
        "id": [str(pairing.pk), str(pairing.player_a_id), str(deck.pk), "0", HUGE],
        "uuid": [str(event.pk), str(match.pk), str(job.pk), str(uuid.UUID(int=0))],
        "str": ["AF1", "alomfogo", "ő" * 200],
        "slug": ["alomfogo", "nincs-ilyen"],
        "cardcode": ["AF1-001", "NOPE-999"],
        "path": ["1", HUGE],
    }
    return owner, values


def site_routes() -> list[str]:
    skip = ("admin/", "^media/")
    # Writes that end the session or remove the rows the other requests use go last.
    found = [r for r in routes() if not r.startswith(skip)]
    return sorted(found, key=lambda r: ("delete" in r or "logout" in r, r))


def test_no_address_answers_a_server_error_to_absurd_requests(world):
    owner, values = world
    visitor = Client(raise_request_exception=False)
    player = Client(raise_request_exception=False)
    failures: list[str] = []
    shown: set[str] = set()  # the addresses that answered a page (200) to a plain GET

    player.force_login(owner)

    def ask(client: Client, method: str, url: str, **kwargs) -> None:
        if method == "post_raw":  # the bytes as they are (`post` encodes them in the charset)
            response = client.generic("POST", url, **kwargs)
        else:
            response = getattr(client, method)(url, **kwargs)
        if client is player and settings.SESSION_COOKIE_NAME in response.cookies:
            # The request signed out, or changed or ended the session: sign in again.
            player.force_login(owner)
        if method == "get" and not kwargs and "?" not in url and response.status_code == 200:
            shown.add(url)
        if response.status_code >= 500:
            sent = {k: (v if len(str(v)) < 80 else str(v)[:80] + "…") for k, v in kwargs.items()}
            failures.append(f"{method.upper()} {url[:120]} {sent} -> {response.status_code}")

    queries = [{key: value for key in KEYS} for value in ABSURD_VALUES]
    deck_id, event_id, match_id, job_id = values["id"][2], *values["uuid"][:3]
    repeated = "&".join(f"{key}=1&{key}={HUGE}" for key in KEYS)
    urls = [url for route in site_routes() for url in addresses(route, values)]
    for url in urls:
        ask(visitor, "get", url)
        ask(visitor, "get", url, data=queries[0])
        ask(player, "get", url)
        for query in queries:
            ask(player, "get", url, data=query)
        ask(player, "get", f"{url}?{repeated}")
        ask(player, "get", url, data=queries[1], headers=HTMX)
        ask(visitor, "options", url)
    for url in urls:
        ask(visitor, "post", url, data=queries[0])
        for query in queries[:2]:
            ask(player, "post", url, data=query)
        ask(player, "post", url, data=queries[0], headers=HTMX)
        ask(player, "post", url, headers=HTMX_UNREADABLE_PAGE)
        body, kind = ODD_CHARSET_FORM
        ask(player, "post_raw", url, data=body, content_type=kind)
        for body in ABSURD_JSON:
            ask(player, "post", url, data=json.dumps(body), content_type="application/json")
        ask(player, "post", url, data="{not json", content_type="application/json")
    assert not failures, f"{len(failures)} server errors:\n" + "\n".join(failures[:40])
    # The walk reached the pages behind the real rows, not only refusals.
    assert len(urls) > 150
    for page in (
        f"/decks/{deck_id}/edit/",
        f"/play/{match_id}/",
        f"/tournaments/{event_id}/",
        f"/tournaments/{event_id}/players/{values['id'][1]}/",
        f"/print/jobs/{job_id}/",
        f"/api/decks/{deck_id}/",
        "/cards/AF1-001/",
    ):
        assert page in shown, page


def test_no_address_shows_a_private_deck_to_anyone_else(world):
    """Private data is the owner's: every address, filled with the owner's rows and asked
    by a visitor or another player, never shows the private deck's name."""
    owner, values = world
    visitor = Client(raise_request_exception=False)
    stranger = Client(raise_request_exception=False)
    stranger.force_login(make_user("idegen", language="en"))
    urls = [url for route in site_routes() for url in addresses(route, values)]
    shown = []
    for url in urls:
        for who, client in (("visitor", visitor), ("stranger", stranger)):
            response = client.get(url)
            body = b"".join(response) if response.streaming else response.content
            if PRIVATE_DECK.encode() in body:
                shown.append(f"{who} GET {url} -> {response.status_code}")
    assert not shown, "\n".join(shown)
    # The same walk, signed in as the owner, does find the name (the check can fail).
    owner_client = Client(raise_request_exception=False)
    owner_client.force_login(owner)
    deck_id = values["id"][2]
    assert PRIVATE_DECK.encode() in owner_client.get(f"/decks/{deck_id}/").content
