"""Back and Forward through a search: the box and the menus show what the results are for.

htmx brings a page back from a copy of its markup, the browser's back-forward cache as the
page was left, and a page drawn again by the server may get the menus' last state from the
browser: each once showed another search's words or order beside the results.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.e2e.conftest import CHROMIUM
from tests.e2e.pages import asks

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def search_twice_then_back(page, box, reading, first, second) -> None:
    """Type one search, then another (each a query and a word its results line says), then
    Back: the first one's results, and its query in the box."""
    for query, said in (first, second):
        box.fill(query)
        page.wait_for_url(asks(q=query))
        expect(reading).to_contain_text(said)
    page.go_back()
    page.wait_for_url(asks(q=first[0]))
    expect(reading).to_contain_text(first[1])
    expect(box).to_have_value(first[0])


def test_back_and_forward_show_the_query_and_sort_of_the_results(page, loaded):
    page.goto("/cards/")
    box = page.get_by_role("searchbox")
    sort = page.get_by_label("Rendezés")
    reading = page.locator("#results .reading")

    search_twice_then_back(page, box, reading, ("t:révülő", "révülő"), ("t:álomlény", "álomlény"))

    sort.select_option("cost")
    page.wait_for_url(asks(q="t:révülő", order="cost"))
    expect(reading).to_contain_text("költség szerint")
    sort.select_option("name")
    page.wait_for_url(asks(q="t:révülő", order="name"))
    expect(reading).to_contain_text("név szerint")

    page.go_back()
    page.wait_for_url(asks(order="cost"))
    expect(reading).to_contain_text("költség szerint")
    expect(sort).to_have_value("cost")
    expect(box).to_have_value("t:révülő")
    page.go_forward()
    page.wait_for_url(asks(order="name"))
    expect(sort).to_have_value("name")
    page.go_back()
    page.wait_for_url(asks(order="cost"))
    expect(sort).to_have_value("cost")

    # Search, pressed again, asks for the cards on the page, not for every card.
    with page.expect_response(lambda answer: urlsplit(answer.url).path == "/cards/") as sent:
        page.get_by_role("button", name="Keresés").click()
    assert asks(q="t:révülő", order="cost")(sent.value.url)
    expect(reading).to_contain_text("révülő")
    expect(reading).to_contain_text("költség szerint")


def test_back_to_a_page_drawn_by_the_server_shows_what_it_drew(page, loaded):
    # The query's own order: wins over the address's order=, and the server's menu says so.
    page.goto("/cards/?q=t:révülő order:name&order=cost")
    sort = page.get_by_label("Rendezés")
    expect(sort).to_have_value("name")
    page.get_by_role("searchbox").fill("t:álomlény")
    page.wait_for_url(asks(q="t:álomlény"))

    page.go_back()
    page.wait_for_url(asks(q="t:révülő order:name"))
    expect(page.locator("#results .reading")).to_contain_text("név szerint")
    expect(sort).to_have_value("name")
    expect(page.get_by_role("searchbox")).to_have_value("t:révülő order:name")


def test_a_page_from_the_back_forward_cache_shows_its_results_query(browser, live_server, loaded):
    # Playwright turns the browser's back-forward cache off; a browser of its own has it.
    cached = browser.browser_type.launch(
        executable_path=CHROMIUM,
        headless=True,
        args=["--no-sandbox", "--disable-gpu"],
        ignore_default_args=["--disable-back-forward-cache"],
    )
    try:
        page = cached.new_context(base_url=live_server.url).new_page()
        page.set_default_timeout(10_000)
        page.goto("/cards/")
        page.evaluate("window.sameDocument = true")
        box = page.get_by_role("searchbox")
        box.fill("t:révülő")
        page.wait_for_url(asks(q="t:révülő"))
        expect(page.locator("#results .reading")).to_contain_text("révülő")
        # typed, and a card opened before the pause that sends it (set without an input
        # event, so that no search goes out however slow the click)
        box.evaluate("(box) => { box.value = 't:álomlény' }")
        page.locator("#results a.card-thumb").first.click()
        page.wait_for_url("**/cards/*-*/")

        page.go_back(wait_until="commit")  # a page from the cache fires no load event
        page.wait_for_url(asks(q="t:révülő"), wait_until="commit")
        assert page.evaluate("window.sameDocument === true"), "not from the back-forward cache"
        expect(page.locator("#results .reading")).to_contain_text("révülő")
        expect(box).to_have_value("t:révülő")
        page.wait_for_load_state("networkidle")
    finally:
        cached.close()


def test_without_javascript_back_shows_the_sort_of_the_results(browser, live_server, loaded):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/cards/?q=t:révülő")
        page.get_by_label("Rendezés").select_option("cost")
        page.get_by_role("searchbox").fill("t:álomlény")
        page.get_by_role("button", name="Keresés").click()
        page.wait_for_url(asks(q="t:álomlény", order="cost"))

        page.go_back()
        page.wait_for_url(asks(q="t:révülő"))
        reading = page.locator("#results .reading")
        expect(reading).not_to_contain_text("szerint")  # in the catalog's own order
        # the browser put back the menu as it was left (cost): the form says not to
        expect(page.get_by_label("Rendezés")).to_have_value("")
        expect(page.get_by_role("searchbox")).to_have_value("t:révülő")
        page.wait_for_load_state("networkidle")
    finally:
        context.close()


def test_back_in_the_collection_search_shows_its_query(signed_in, owner):
    from collection import services as collection_services

    call_command("load_cards", verbosity=0)
    collection_services.collection_set_count(user=owner, code="AF1-001", count=2)
    page = signed_in(owner)
    page.goto("/collection/")
    box = page.get_by_role("searchbox")
    reading = page.locator("#collection-results .reading")
    search_twice_then_back(page, box, reading, ("t:révülő", "révülő"), ("r:arany", "arany"))
