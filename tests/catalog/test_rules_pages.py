"""The "How to play" pages (catalog:rules): one per game, in Hungarian and English.

Each says the goal and states the figures the site enforces; every figure is checked against
the engine's or the registry's constant (or the shipped card data the engine reads), never a
number typed here.
"""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from catalog.how_to_play import LISTED_VALUES
from catalog.models import Game
from catalog.records import shipped_cards
from core.games import (
    ALOMFOGO_MAX_COPIES,
    ALOMFOGO_SMALLEST_DECK,
    ALOMFOGO_TOURNAMENT_DECK,
    all_games,
    get_game,
)
from play.engines import alomfogo
from play.engines.alomfogo import duel
from play.engines.alomfogo import turn as alomfogo_turn
from play.engines.arcane_guardian import setup as ag_setup
from play.engines.oniroo import attacks as oni_attacks
from play.engines.oniroo import setup as oni_setup
from play.engines.oniroo import table as oni_table

pytestmark = pytest.mark.django_db

SLUGS = [spec.id for spec in all_games()]
LANGUAGES = ("hu", "en")


def page(client, slug: str, language: str):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(reverse("catalog:rules", args=[slug]))


def main_text(response) -> str:
    """The page's <main> as a reader sees it: tags dropped, entities read, spaces collapsed."""
    body = response.content.decode()
    main = body[body.index("<main") : body.index("</main>")]
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", main)).split())


def says(text: str, *phrases: str) -> None:
    missing = [phrase for phrase in phrases if phrase not in text]
    assert not missing, f"not on the page: {missing}"


# --- every game, both languages --------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", SLUGS)
def test_each_game_has_a_page_in_each_language(client, slug, language):
    response = page(client, slug, language)
    assert response.status_code == 200
    room = get_game(slug).room
    assert f"catalog/rules/{room}_{language}.html" in [t.name for t in response.templates]
    assert f'<html lang="{language}">' in response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", SLUGS)
def test_each_page_describes_every_card_type_of_the_engine(client, slug, language):
    spec = get_game(slug)
    body = page(client, slug, language).content.decode()
    for type_id in spec.card_module().TYPES:
        assert f'href="/cards/?q=game:{slug}+t:{type_id}"' in body, type_id


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", SLUGS)
def test_each_page_lists_the_lobbys_options_and_links_on(client, slug, language):
    spec = get_game(slug)
    response = page(client, slug, language)
    body, text = response.content.decode(), main_text(response)
    with translation.override(language):
        for choice in spec.choices:
            labels = [str(label) for _value, label in choice.options()]
            if len(labels) <= LISTED_VALUES:
                says(text, str(choice.label), *labels)
            else:  # a long list (Arcane Guardian's sets of endings) is counted, its default named
                default = labels[choice.values.index(choice.default)]
                says(text, str(choice.label), f"{len(labels)} ", default)
    assert f'href="/cards/?q=game:{slug}"' in body
    assert f'href="{reverse("play:index")}"' in body
    assert (f'href="{reverse("decks:new")}"' in body) == spec.uses_decks


@pytest.mark.parametrize("slug", SLUGS)
def test_the_hungarian_pages_say_te_never_on(client, slug):
    text = main_text(page(client, slug, "hu"))
    formal = re.findall(r"\b(?:Ön|Önnek|Önt|Önök|Öné)\b|kérjük|kérem|szíveskedj", text, re.I)
    assert not formal, formal


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unknown_game_has_no_rules_page(client, language):
    assert page(client, "chess", language).status_code == 404


# --- the goal and the figures, game by game ----------------------------------------------------


def test_alomfogo_states_its_goal_and_deck_rules_from_the_code(client):
    glory = alomfogo_turn.DEFAULTS["starting_glory"]
    hand, vp, defended = alomfogo.opening_hand, alomfogo.vp_per_turn, duel.defence_glory(0)

    response = page(client, "alomfogo", "hu")
    facts = response.context["f"]
    assert (facts["smallest_deck"], facts["tournament_deck"], facts["max_copies"]) == (
        ALOMFOGO_SMALLEST_DECK,
        ALOMFOGO_TOURNAMENT_DECK,
        ALOMFOGO_MAX_COPIES,
    )
    says(
        main_text(response),
        "A célod: az ellenfeled dicsőségét 0-ra apasztani.",
        f"{glory} dicsőségponttal indultok",
        f"legalább {ALOMFOGO_SMALLEST_DECK} lappal",
        f"legalább {ALOMFOGO_TOURNAMENT_DECK} lappal",
        f"legfeljebb {ALOMFOGO_MAX_COPIES} példánnyal",
        f"mindenki {hand} lapot vesz a kezébe",
        f"Kapsz {vp} VP-t",
        f"ha a védő nyer, kap {defended} dicsőséget",
    )
    says(
        main_text(page(client, "alomfogo", "en")),
        "Your goal is to bring your opponent's glory down to 0.",
        f"starts with {glory} glory points",
        f"at least {ALOMFOGO_SMALLEST_DECK} cards ({ALOMFOGO_TOURNAMENT_DECK} at tournaments",
        f"at most {ALOMFOGO_MAX_COPIES} copies of any card",
        f"takes {hand} cards into their hand",
        f"You get {vp} VP",
        f"a defender who wins gains {defended} glory",
    )


def test_oniroo_states_its_goal_players_and_points_from_the_code(client):
    total = len(shipped_cards("oniroo"))
    hand, most = oni_setup.HAND_SIZE, oni_setup.MAX_PLAYERS
    shortest, own = oni_setup.DEFAULT_MIN_LENGTH, oni_table.OWN_WAKE_UP_POINTS
    free, free_points = oni_table.SEVEN_FREE, oni_table.SEVEN_FREE_POINTS
    fairies, fairy_points = oni_table.FIVE_FAIRIES, oni_table.FIVE_FAIRIES_POINTS

    says(
        main_text(page(client, "oniroo", "hu")),
        "Építs álmot, és te ébredj fel belőle!",
        f"–{most}, a pasziánszban",
        f"A {total} lapos, kötött játék",
        f"mindenkinek {hand} lapot oszt",
        f"legalább {shortest[1]} lapos saját álmodra teszed az Ébredést, {own[1]} pontot nyersz",
        f"a saját kész álmodon {own[5]} pontot ér",
        f"egy másik játékos kész álmán {oni_table.OTHER_WAKE_UP_POINTS} pontot neked",
        f"a 4. és 5. szinten legalább {shortest[4]} lap",
        f"{free} szabad kártyából álló álom azonnal {free_points} pontot ér",
        f"{fairies} álomtündér egy kézben azonnal {fairy_points} pontot ér",
        f"a támadó pedig {oni_attacks.FAIRY_PENALTY} pontot veszít",
    )
    says(
        main_text(page(client, "oniroo", "en")),
        "Build a dream and be the one to wake up from it.",
        f"to {most} at the table game",
        f"The fixed game of {total} cards",
        f"deals {hand} to each player",
        f"own dream of at least {shortest[1]} cards to win {own[1]} points",
        f"on your own complete dream wins {own[5]} points",
        f"complete dream it wins you {oni_table.OTHER_WAKE_UP_POINTS}",
        f"{shortest[4]} at levels 4 and 5",
        f"a dream of {free} free cards wins {free_points} points at once",
        f"{fairies} dream fairies in one hand win {fairy_points} points at once",
        f"the attacker loses {oni_attacks.FAIRY_PENALTY} points",
    )


def test_arcane_guardian_says_find_the_key_then_the_gate_with_the_mages_figures(client):
    _table, mage, _spells, endings, dungeon = ag_setup.split_cards(shipped_cards("arcane-guardian"))
    piles, per_pile = ag_setup.PILES, len(dungeon) // ag_setup.PILES
    level, life, cap = mage["start_level"], mage["start_life"], mage["life_cap"]
    top = len(mage["max_life"])

    response = page(client, "arcane-guardian", "hu")
    gate = response.context["f"]["gate"]["name"]
    says(
        main_text(response),
        "A célod: kijutni a labirintusból.",
        "előbb a Kulcs, aztán a kapu",
        f"A {gate} csak akkor enged ki, ha nálad van a Kulcs",
        f"{level}. szintről indul, {life} Élettel",
        f"{piles} paklit rak belőlük, mindegyikbe {per_pile} lapot",
        f"az alsó {ag_setup.BOTTOM} lap közé",
        f"{top}. szinten {mage['max_life'][-1]}",
        f"{cap} fölé sosem mehet",
        f"a {len(endings)} véglapból {ag_setup.ENDINGS_IN_PLAY} darabot",
    )
    says(
        main_text(page(client, "arcane-guardian", "en")),
        "Your goal is to get out.",
        "first the Key, then the Gate",
        f"The {gate} lets you out only while you hold the Key",
        f"starts at level {level} with {life} life",
        f"{piles} piles of {per_pile} cards each",
        f"its bottom {ag_setup.BOTTOM} cards",
        f"level {top}: {mage['max_life'][-1]}",
        f"never more than {cap}",
        f"{ag_setup.ENDINGS_IN_PLAY} of the {len(endings)} endings",
    )


# --- where the pages are linked from --------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_game_page_links_its_rules_page(client, cards, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for game in Game.objects.all():
        body = client.get(game.get_absolute_url()).content.decode()
        assert f'href="{reverse("catalog:rules", args=[game.slug])}"' in body, game.slug


def test_the_search_syntax_page_links_every_rules_page(client):
    body = client.get(reverse("catalog:syntax")).content.decode()
    for slug in SLUGS:
        assert f'href="{reverse("catalog:rules", args=[slug])}"' in body, slug


def test_the_lobby_and_every_table_link_the_games_rules(client, owner, cards):
    """A player who starts or sits at a game finds its rules from there."""
    from core.games import all_games
    from tests.play.test_matches import legal_deck

    client.force_login(owner)
    client.cookies["django_language"] = "en"
    lobby = client.get("/play/").content.decode()
    for spec in all_games():
        assert f'href="/cards/games/{spec.id}/rules/"' in lobby, spec.id
    from play import services

    deck = legal_deck(owner)
    match = services.match_create(user=owner, game=deck.game, deck=deck, opponent="bot:random")
    table = client.get(f"/play/{match.pk}/").content.decode()
    assert f'href="/cards/games/{deck.game.slug}/rules/"' in table
    assert f"How to play {deck.game.name}" in table
