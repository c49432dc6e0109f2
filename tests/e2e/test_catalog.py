"""A visitor searches the catalog in Chromium."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_search_as_you_type_then_open_the_card(page, loaded):
    page.goto("/cards/")
    page.get_by_role("searchbox").fill("ejlepo")
    # htmx swaps the results in place and puts the query in the address bar.
    expect(page.locator("#results")).to_contain_text("Éjlépő Kajtár")
    page.wait_for_url("**/cards/?q=ejlepo*")
    page.get_by_role("link", name="Éjlépő Kajtár").first.click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Éjlépő Kajtár")
    expect(page.locator(".facts")).to_contain_text("0/3")


def test_a_broken_query_is_explained_in_the_page(page, loaded):
    page.goto("/cards/")
    page.get_by_role("searchbox").fill("cost<<")
    page.get_by_role("button", name="Keresés").click()
    expect(page.get_by_role("alert")).to_be_visible()
    expect(page.locator("mark")).to_have_text("<")


def test_search_works_without_javascript(browser, live_server, loaded):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/cards/")
    page.get_by_role("searchbox").fill("letter:A shape:cross digit:5")
    page.get_by_role("button", name="Keresés").click()
    expect(page.locator("#results")).to_contain_text("Kentaur")
    assert "q=letter" in page.url
    page.wait_for_load_state("networkidle")  # pictures done before the database is emptied
    context.close()
