"""A new match the lobby refuses leaves the lobby form as it was sent, the reason next to it.

The lobby used to answer a refusal with a redirect to itself: the reason in a
banner at the top and every option back at its default (the opponent, the
house rules, ONIROO's nine choices). It now draws the lobby again with the
refusal's status, the refused form's choices still chosen, and the reason by
that form. And a player none of whose decks is legal is told so where the
deck is chosen, with the way to the deck builder.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.core.management import call_command

from catalog.models import Card, Game
from decks import services as deck_services
from play import services
from play.models import Match
from tests.factories import make_user
from tests.play_rows import demo_deck_entries

pytestmark = pytest.mark.django_db


class LobbyForms(HTMLParser):
    """Each lobby form by its game: what its selects show selected, its checkboxes' state,
    and the text of the refusal said next to it (the `-error` paragraph before it)."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.forms: dict[str, dict] = {}
        self.errors: dict[str, str] = {}
        self._form: dict | None = None
        self._select: str | None = None
        self._error: str | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "p" and (a.get("id") or "").startswith("new-") and a["id"].endswith("-error"):
            self._error = a["id"][len("new-") : -len("-error")]
            self.errors[self._error] = ""
        elif tag == "form" and a.get("action") == "/play/new/":
            self._form = {"selected": {}, "first": {}, "checked": {}}
        elif self._form is None:
            return
        elif tag == "input" and a.get("name") == "game":
            self.forms[a["value"]] = self._form
        elif tag == "input" and a.get("type") == "checkbox":
            self._form["checked"][a["name"]] = "checked" in a
        elif tag == "select":
            self._select = a["name"]
        elif tag == "option" and self._select:
            self._form["first"].setdefault(self._select, a["value"])
            if "selected" in a:
                self._form["selected"][self._select] = a["value"]

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = None
        elif tag == "p":
            self._error = None

    def handle_data(self, data):
        if self._error:
            self.errors[self._error] += data

    def chosen(self, game: str) -> dict[str, str]:
        """What each select of `game`'s form would send: its selected option, else its first."""
        form = self.forms[game]
        return {**form["first"], **form["selected"]}


@pytest.fixture
def zsofi():
    if not Card.objects.exists():
        call_command("load_cards", verbosity=0)
    return make_user("zsofi", language="en")  # the messages read in English


def deck(user, name, entries):
    game = Game.objects.get(slug="alomfogo")
    return deck_services.deck_create(owner=user, game=game, name=name, entries=entries)


def test_a_refused_alomfogo_match_keeps_every_choice_and_says_why_by_its_form(zsofi, client):
    empty = deck(zsofi, "Üres", [])
    client.force_login(zsofi)
    sent = {
        "game": "alomfogo",
        "deck": str(empty.pk),
        "opponent": "bot:random",
        "starting_glory": "20",
        "vp_per_turn": "5",
        "min_deck_size": "45",
        "banned_types": "esemeny",
        "public": "on",
    }
    answer = client.post("/play/new/", sent)
    assert answer.status_code == 400  # not a redirect: the form is drawn again
    assert not Match.objects.exists()
    page = LobbyForms(answer.content.decode())
    assert page.chosen("alomfogo") == {k: v for k, v in sent.items() if k not in ("game", "public")}
    assert page.forms["alomfogo"]["checked"] == {"public": True}
    assert "The deck is empty" in page.errors["alomfogo"]
    assert set(page.errors) == {"alomfogo"}  # said by the form that sent it, nowhere else
    # the other games' forms keep their own defaults
    assert page.chosen("oniroo")["opponent"] == "bot:greedy"
    assert page.forms["oniroo"]["checked"] == {"public": False}


def test_a_refused_oniroo_match_keeps_all_nine_choices(zsofi, client):
    client.force_login(zsofi)
    sent = {
        "game": "oniroo",
        "players": "1",
        "level": "5",  # solitaire has levels 1 to 3: refused
        "free_cards": "1",
        "attack_kind": "bad_night",
        "any_digit_run": "1",
        "min_dream_length": "12",
        "games": "3",
        "vote": "1",
        "opponent": "bot:random",
        "public": "on",
    }
    answer = client.post("/play/new/", sent)
    assert answer.status_code == 400
    assert not Match.objects.exists()
    page = LobbyForms(answer.content.decode())
    assert page.chosen("oniroo") == {k: v for k, v in sent.items() if k not in ("game", "public")}
    assert page.forms["oniroo"]["checked"] == {"public": True}
    assert page.errors["oniroo"].strip()


def test_a_game_that_cannot_be_played_is_refused_above_the_forms(zsofi, client):
    client.force_login(zsofi)
    answer = client.post("/play/new/", {"game": "nincs-ilyen"})
    assert answer.status_code == 400
    assert "No such game: “nincs-ilyen”" in answer.content.decode()


def test_the_lobby_offers_a_legal_deck_first(zsofi, client):
    legal = deck(zsofi, "Támadó", demo_deck_entries())
    deck(zsofi, "Üres", [])  # edited last, but the table would refuse it
    client.force_login(zsofi)
    page = LobbyForms(client.get("/play/").content.decode())
    assert page.chosen("alomfogo")["deck"] == str(legal.pk)
    html = client.get("/play/").content.decode()
    assert "m-deck-none-legal" not in html
    # the rule a deck must meet stands under the deck menu, before the form's button
    start = html.index('id="m-deck"')
    assert start < html.index('id="m-deck-help"') < html.index("</form>", start)


def test_a_player_without_a_legal_deck_is_told_so_and_shown_the_deck_builder(zsofi, client):
    deck(zsofi, "Üres", [])
    client.force_login(zsofi)
    html = client.get("/play/").content.decode()
    assert 'id="m-deck-none-legal"' in html and 'aria-describedby="m-deck-none-legal"' in html
    hint = html[html.index('id="m-deck-none-legal"') :].split("</small>")[0]
    assert "None of your Álomfogó decks is legal in its format" in hint
    assert 'href="/decks/"' in hint and 'href="/decks/new/"' in hint


def test_the_refused_pages_address_leads_back_to_the_lobby(zsofi, client):
    """The refused lobby is drawn at /play/new/: the language switch returns there by GET."""
    client.force_login(zsofi)
    answer = client.get("/play/new/")
    assert answer.status_code == 302 and answer["Location"] == "/play/"


@pytest.fixture
def invitation(zsofi):
    """zsofi's Álomfogó match waiting for a second player."""
    own = deck(zsofi, "Támadó", demo_deck_entries())
    return services.match_create(user=zsofi, game=own.game, deck=own, opponent="invite")


def test_the_join_page_says_which_decks_the_table_takes(invitation, client):
    """The invited player's deck menu carries the lobby's line: a legal deck in its format."""
    gergo = make_user("gergo", language="en")
    deck(gergo, "Kész", demo_deck_entries())
    deck(gergo, "Üres", [])
    client.force_login(gergo)
    html = client.get(invitation.get_absolute_url()).content.decode()
    assert 'aria-describedby="j-deck-help"' in html
    help_line = html[html.index('id="j-deck-help"') :].split("</small>")[0]
    assert "The deck must be legal in its format; the table refuses any other." in help_line
    # under the menu it speaks of, before the button (not under the button)
    assert html.index('id="j-deck"') < html.index('id="j-deck-help"') < html.index("Join the match")
    assert "j-deck-none-legal" not in html
    assert "<option" in html and "Not legal · Üres" in html


def test_a_player_invited_without_a_legal_deck_is_told_so_where_he_chooses(invitation, client):
    gergo = make_user("gergo", language="en")
    deck(gergo, "Üres", [])
    client.force_login(gergo)
    html = client.get(invitation.get_absolute_url()).content.decode()
    assert 'aria-describedby="j-deck-none-legal"' in html and 'id="j-deck-help"' not in html
    hint = html[html.index('id="j-deck-none-legal"') :].split("</small>")[0]
    assert "None of your Álomfogó decks is legal in its format" in hint
    assert 'href="/decks/"' in hint and 'href="/decks/new/"' in hint
