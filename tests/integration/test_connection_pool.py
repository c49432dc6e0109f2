"""Connections per web process stay within DB_POOL_MAX_SIZE under load.

The ASGI server runs each request's view in a thread of its own pool; with
persistent per-thread connections one process kept 62 idle connections after
400 requests, and a busy server reached PostgreSQL's max_connections. With
the psycopg pool (config/settings.py) a process never holds more than its
configured bound, during the load or after it.
"""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import quote

from django.db import connection

from tests.integration.live_site import database_url_of_tests, start_site

POOL_SIZE = 4
APPLICATION = "kv-pool-test"


def _server_connections() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE application_name = %s", [APPLICATION]
        )
        return cursor.fetchone()[0]


def _get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:  # noqa: S310 (loopback)
            response.read()
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def test_connections_stay_within_the_pool_bound_under_32_parallel_requests(
    postgres, redis_url, transactional_db, tmp_path
):
    from django.core.management import call_command

    call_command("load_cards", verbosity=0)
    site = start_site(
        tmp_path,
        DATABASE_URL=f"{database_url_of_tests()}?application_name={APPLICATION}",
        DB_POOL_MIN_SIZE="1",
        DB_POOL_MAX_SIZE=str(POOL_SIZE),
    )
    # Pages that read the database several times each: the search, a card,
    # the API list and a set.
    paths = [
        "/cards/?q=" + quote("t:révülő"),
        "/api/cards/?q=" + quote("cost<=2"),
        "/cards/AFD-005/",
        "/api/sets/",
    ]
    urls = [f"{site.url}{paths[i % len(paths)]}" for i in range(320)]
    peak = 0
    done = threading.Event()

    def sample():
        nonlocal peak
        try:
            while not done.is_set():
                peak = max(peak, _server_connections())
                time.sleep(0.05)
        finally:
            connection.close()  # this thread's own connection

    sampler = threading.Thread(target=sample)
    sampler.start()
    try:
        with ThreadPoolExecutor(max_workers=32) as pool:
            statuses = list(pool.map(_get, urls))
        done.set()
        sampler.join()
        time.sleep(1)
        after = _server_connections()
    finally:
        done.set()
        site.stop()

    assert statuses.count(200) == len(urls), {s: statuses.count(s) for s in set(statuses)}
    print(f"peak {peak}, after {after} connections (bound {POOL_SIZE})")
    assert 1 <= peak <= POOL_SIZE, f"peak {peak} connections, bound {POOL_SIZE}"
    assert after <= POOL_SIZE
