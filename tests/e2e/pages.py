"""Steps several browser tests take on a page: sign up or in, start a deck, follow a
live table, fetch a printed PDF. Each does what a person does, through the page only."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from tests.factories import PASSWORD
from tests.table_policies import action_key, alomfogo_choice  # noqa: F401 (action_key: the tests' one key, re-exported)

# The table's version moved past `v`: what a seat waits for after its own click.
MOVED_ON = "v => Number(document.getElementById('match-table').dataset.version) > v"
# ...or the match stopped running: what a seat waits for while the bots move.
MOVED_ON_OR_OVER = (
    f"{MOVED_ON} || document.getElementById('match-table').dataset.status !== 'running'"
)


# htmx marks what it is still requesting, swapping or settling
HTMX_BUSY = "document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling') !== null"


def htmx_settled(page) -> None:
    """Wait until htmx has settled what it swapped in. htmx binds a swapped-in form to its
    hx-post only as the swap settles (20 ms): a key pressed on the new button before that
    posts the form without htmx, a whole page load, as no person's second press does."""
    page.wait_for_function(f"!({HTMX_BUSY})")


def sign_up(page, username: str, password: str, confirmation: str | None = None) -> None:
    """Fill the sign-up form (the confirmation is the password unless given) and send it."""
    page.goto("/accounts/signup/")
    page.get_by_label("Felhasználónév").fill(username)
    page.get_by_label("Jelszó:", exact=True).fill(password)
    again = password if confirmation is None else confirmation
    page.get_by_label("Jelszó megerősítése").fill(again)
    page.get_by_role("button", name="Regisztráció").click()


def log_in(page, username: str) -> None:
    """Sign in through the login form with the tests' password."""
    page.goto("/accounts/login/")
    page.get_by_label("Felhasználónév").fill(username)
    page.get_by_label("Jelszó").fill(PASSWORD)
    page.locator("main").get_by_role("button", name="Belépés").click()


def new_alomfogo_deck(page, name: str) -> None:
    """Start an empty Álomfogó deck from the builder's first page; the builder opens."""
    page.goto("/decks/new/")
    page.get_by_label("Játék").select_option("alomfogo")
    page.get_by_label("Név").fill(name)
    page.get_by_role("button", name="Pakli létrehozása").click()


def showing(page, version: int) -> None:
    """Wait until the page's table shows `version` (it updates itself; nobody reloads)."""
    page.wait_for_selector(f'#match-table[data-version="{version}"]', state="attached")


def api_state(page, match_id) -> dict:
    """The match as the API shows it to the page's signed-in player."""
    response = page.request.get(f"/api/matches/{match_id}/")
    assert response.ok, response.text()
    return response.json()


def next_move(pages: dict, match_id) -> tuple[int, dict] | None:
    """The seat whose move it is and the tests' Álomfogó choice for it, as the API
    shows each seat's page its own state; None once the match is no longer running."""
    states = {seat: api_state(page, match_id) for seat, page in pages.items()}
    if states[0]["status"] != "running":
        return None
    seat = next(seat for seat, state in states.items() if state["legal"])
    return seat, alomfogo_choice(states[seat]["legal"])


def wait_past(page, version: int, *, or_over: bool = False) -> None:
    """Wait until the table shows a version after `version` (or, `or_over`, stops running)."""
    page.wait_for_function(MOVED_ON_OR_OVER if or_over else MOVED_ON, arg=version)


def printed_pdf(page, link: str, path, timeout: int):
    """Wait for the print job's progress bar to fill, download the PDF by `link`; its reader."""
    from playwright.sync_api import expect
    from pypdf import PdfReader

    expect(page.locator("#job-progress")).to_have_attribute("value", "100", timeout=timeout)
    with page.expect_download() as download_info:
        page.get_by_role("link", name=link).click()
    download_info.value.save_as(path)
    return PdfReader(path)


def print_with_margin(page, username: str, deck, margin_mm: str):
    """Signed in as `username`, submit the print form of `deck` with this printer margin
    (the way to a refusal of a field); the margin field."""
    log_in(page, username)
    page.goto(f"/print/new/?deck={deck.pk}")
    margin = page.get_by_label("Nyomtatómargó (mm)")
    margin.fill(margin_mm)
    page.get_by_role("button", name="PDF készítése").click()
    return margin


def asks(**params):
    """A predicate on an address: its query has these parameters (among others)."""

    def check(url: str) -> bool:
        query = parse_qs(urlsplit(url).query, keep_blank_values=True)
        return all(query.get(name) == [value] for name, value in params.items())

    return check
