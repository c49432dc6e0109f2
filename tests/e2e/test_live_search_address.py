"""After a live search the page is the searched page: its title and the language switch.

Typing "kajtar" on /cards/ put ?q=kajtar in the address bar, but the title stayed "Cards ·
Kártyavár" (loading the address gives "kajtar · Cards · Kártyavár"), and the header's
language switch, its way back drawn with the page, went to /cards/: switching language
dropped the search. The collection's search keeps its query in the address too.
"""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.e2e.pages import asks

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_live_catalog_search_titles_the_page_and_survives_a_language_switch(page, loaded):
    page.goto("/cards/")
    page.get_by_role("searchbox").fill("kajtar")
    page.wait_for_url(asks(q="kajtar"))
    expect(page.locator("#results .reading")).to_contain_text("kajtar")
    after_search = page.title()
    page.reload()
    assert after_search == page.title()  # as the address, loaded, is titled
    assert after_search.startswith("kajtar · ")

    page.get_by_role("button", name="English").click()
    page.wait_for_url(asks(q="kajtar"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page).to_have_title("kajtar · Cards · Kártyavár")
    expect(page.get_by_role("searchbox")).to_have_value("kajtar")

    # and back, after another live search, in English now
    page.get_by_role("searchbox").fill("t:dreamwalker")
    page.wait_for_url(asks(q="t:dreamwalker"))
    expect(page).to_have_title("t:dreamwalker · Cards · Kártyavár")
    page.get_by_role("button", name="Magyar").click()
    page.wait_for_url(asks(q="t:dreamwalker"))
    expect(page.locator("html")).to_have_attribute("lang", "hu")
    expect(page.get_by_role("searchbox")).to_have_value("t:dreamwalker")


def test_a_live_collection_search_survives_a_language_switch(signed_in, owner):
    from collection import services as collection_services

    call_command("load_cards", verbosity=0)
    collection_services.collection_set_count(user=owner, code="AF1-001", count=2)
    page = signed_in(owner)
    page.goto("/collection/")
    page.get_by_role("searchbox").fill("r:bronz")
    page.wait_for_url(asks(q="r:bronz"))
    expect(page.locator("#collection-results .reading")).to_contain_text("bronz")

    page.get_by_role("button", name="English").click()
    page.wait_for_url(asks(q="r:bronz"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_role("searchbox")).to_have_value("r:bronz")
    expect(page.locator("#collection-results .reading")).to_contain_text("common")


def test_without_javascript_the_switch_returns_to_the_page_as_loaded(browser, live_server, loaded):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto("/cards/?q=kajtar")
        page.get_by_role("button", name="English").click()
        page.wait_for_url(asks(q="kajtar"))
        expect(page.locator("html")).to_have_attribute("lang", "en")
        expect(page).to_have_title("kajtar · Cards · Kártyavár")
    finally:
        context.close()
