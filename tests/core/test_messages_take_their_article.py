"""A refusal or a warning the server fills in says "az „atk”" and "a „cost”", never "a(z)".

The Hungarian catalogue writes "a(z)" right before a value it cannot know; each place
that fills such a message settles the article from the value first
(core.hungarian.settle_articles). Each case here asks through the real door (the search,
an API with a bad body, a service) in Hungarian, with a value read from a vowel and one
read from a consonant where the message can take both.
"""

from __future__ import annotations

import dataclasses

import pytest
from django.utils import translation

from catalog.models import Card, Game
from catalog.search import SearchError, parse
from core.errors import ApplicationError
from decks import services as deck_services
from play import ratings
from play import services as play_services
from play.selectors import RecordUnreadable
from printing import services as print_services
from tests.api_client import login
from tests.factories import make_user


def search_refusal(query: str) -> str:
    with translation.override("hu"), pytest.raises(SearchError) as caught:
        parse(query)
    return caught.value.message


def search_warnings(query: str) -> list[str]:
    with translation.override("hu"):
        return [warning.message for warning in parse(query).warnings]


def hungarian_post(client, url: str, body: str):
    """`body` as it is sent (it may be no JSON at all), asking for Hungarian messages."""
    return client.post(url, body, content_type="application/json", HTTP_ACCEPT_LANGUAGE="hu")


def said(response) -> str:
    assert 400 <= response.status_code < 500, response.content
    return response.json()["error"]["message"]


def refusal(call, **kwargs) -> str:
    with translation.override("hu"), pytest.raises(ApplicationError) as caught:
        call(**kwargs)
    return caught.value.message


def no_open_article(*messages: str) -> None:
    for message in messages:
        assert "a(z)" not in message.lower(), message


# --- catalog: the search's refusals and warnings ---------------------------------------------
def test_a_search_key_takes_the_article_of_its_name():
    vowel, consonant = search_refusal("atk:x"), search_refusal("cost:x")
    assert vowel.startswith("Az „atk” után egész szám kell, nem „x”")
    assert consonant.startswith("A „cost” után egész szám kell, nem „x”")
    too_large, too_small = search_refusal("atk:99999999"), search_refusal("cost:-99999999")
    assert too_large.startswith("Az „atk” utáni szám túl nagy")
    assert too_small.startswith("A „cost” utáni szám túl kicsi")
    no_open_article(vowel, consonant, too_large, too_small)


def test_a_missing_value_and_a_comparison_name_the_key_with_its_article():
    missing = search_refusal("atk:"), search_refusal("cost:")
    assert missing[0].startswith("Az „atk:” után közvetlenül egy érték kell")
    assert missing[1].startswith("A „cost:” után közvetlenül egy érték kell")
    compared = search_refusal("order<x"), search_refusal("dir<x")
    assert compared[0].startswith("Az „order” nem hasonlítható össze")
    assert compared[1].startswith("A „dir” nem hasonlítható össze")
    unknown = search_refusal("type:xyzzy"), search_refusal("code:zzz")
    assert unknown[0].startswith("A „type” kulcsnak nincs „xyzzy” értéke")
    assert unknown[1].startswith("A „code:zzz” nem kód")
    dangling = search_refusal("or foo")
    assert dangling == "Az „or” mindkét oldalán keresőfeltételnek kell állnia."
    no_open_article(*missing, *compared, *unknown, dangling)


def test_a_group_number_is_read_aloud_for_its_article():
    nine, thousand = search_refusal("group:9"), search_refusal("group:1000")
    assert nine.endswith("A „9” nem ezek egyike.")  # kilenc
    assert thousand.endswith("Az „1000” nem ezek egyike.")  # ezer
    no_open_article(nine, thousand)


def test_an_ignored_search_word_is_named_with_its_article():
    (vowel,) = search_warnings("oracle:-")
    (consonant,) = search_warnings("name:-")
    assert vowel.startswith("Az „oracle:-” nem tartalmaz betűt vagy számjegyet")
    assert consonant.startswith("A „name:-” nem tartalmaz betűt vagy számjegyet")
    no_open_article(vowel, consonant)


def test_the_catalog_api_says_the_searchs_refusal_with_its_article(client, db):
    for query, start in (("atk:x", "Az „atk” után"), ("cost:x", "A „cost” után")):
        response = client.get("/api/cards/", {"q": query}, HTTP_ACCEPT_LANGUAGE="hu")
        message = said(response)
        assert message.startswith(start), message
        no_open_article(message)


# --- core: a request body that is no JSON, a page number out of range ------------------------
def test_a_bad_json_body_is_refused_with_the_article_of_its_line_and_number(client, owner):
    login(client, owner)
    line_one = said(hungarian_post(client, "/api/decks/", '{"name": }'))
    line_two = said(hungarian_post(client, "/api/decks/", '{\n"name": }'))
    assert line_one == "Hibás JSON: az 1. sor 10. oszlopánál."
    assert line_two == "Hibás JSON: a 2. sor 9. oszlopánál."
    one_e = said(hungarian_post(client, "/api/decks/", '{"name": 1e999}'))
    two_e = said(hungarian_post(client, "/api/decks/", '{"name": 2e999}'))
    assert one_e == "Az 1e999 szám túl nagy."  # egy
    assert two_e == "A 2e999 szám túl nagy."  # kettő
    infinity = said(hungarian_post(client, "/api/decks/", '{"name": Infinity}'))
    not_a_number = said(hungarian_post(client, "/api/decks/", '{"name": NaN}'))
    assert infinity == "Az „Infinity” nem JSON-szám."
    assert not_a_number == "A „NaN” nem JSON-szám."
    no_open_article(line_one, line_two, one_e, two_e, infinity, not_a_number)


def test_a_page_number_out_of_range_names_the_parameter_with_its_article(client, db):
    response = client.get("/api/cards/", {"page": "0"}, HTTP_ACCEPT_LANGUAGE="hu")
    message = said(response)
    assert message.startswith("A „page” értéke 1 és "), message
    no_open_article(message)


# --- decks: a card of another game, a format the game has not -------------------------------
def test_a_card_of_another_game_is_named_with_its_article(cards):
    user = make_user("owner")
    oniroo = Game.objects.get(slug="oniroo")
    with translation.override("hu"):
        deck = deck_services.deck_create(owner=user, game=oniroo, name="Pakli")
    messages = [
        refusal(
            deck_services.deck_change_card,
            deck=deck,
            user=user,
            card=Card.objects.get(code=code),
            delta=1,
        )
        for code in ("AF1-001", "AF1-002")
    ]
    assert messages == [
        "Az Éjlépő Kajtár nem az ONIROO lapja.",
        "A Jégszem Soyana nem az ONIROO lapja.",
    ]


def test_a_format_the_game_has_not_names_the_game_with_its_article(cards):
    message = refusal(
        deck_services.deck_create,
        owner=make_user("owner"),
        game=Game.objects.get(slug="alomfogo"),
        name="Pakli",
        format_id="zzz",
    )
    assert message == "Az Álomfogó játéknak nincs „zzz” formátuma."


# --- printing: an option that is no number, no flag; a count out of range -------------------
def test_a_print_option_is_named_with_its_article(client, cards):
    message = refusal(print_services.print_options_clean, raw={"gap_mm": "x"})
    assert message == "A „gap_mm” értéke szám legyen."
    message = refusal(print_services.print_options_clean, raw={"bleed_mm": 99})
    assert message == "A „bleed_mm” értéke 0 és 5 között legyen."
    user = make_user("printer")
    login(client, user)
    body = '{"cards": [{"code": "AF1-001", "count": 1}], "landscape": 5}'
    flag = said(hungarian_post(client, "/api/print-jobs/", body))
    assert flag == "A „landscape” értéke true vagy false lehet."
    no_open_article(flag)


def test_a_print_count_out_of_range_names_the_card_with_its_article(client, cards):
    """The print page reads ``cards=CODE:N`` from its address and shows the refusal."""
    for code, words in (("AF1-001", "Az AF1-001 darabszáma"), ("B", "A B darabszáma")):  # "bé"
        response = client.get("/print/new/", {"cards": f"{code}:0"}, HTTP_ACCEPT_LANGUAGE="hu")
        page = response.content.decode()
        assert f"{words} 1 és 99 közötti egész szám legyen." in page, page
        assert "A(z)" not in page


# --- play: an option the game has not, a record that cannot be replayed, the rating rule -----
def test_an_option_the_game_has_not_names_the_game_with_its_article(cards):
    message = refusal(
        play_services.match_create,
        user=make_user("player"),
        game=Game.objects.get(slug="oniroo"),
        deck=None,
        opponent="bot:random",
        options={"zzz": 1},
    )
    assert message == "Az ONIROO játéknak nincs ilyen beállítása: zzz."


def test_a_record_that_cannot_be_replayed_names_the_move_with_its_article():
    with translation.override("hu"):
        first, second = RecordUnreadable(1).message, RecordUnreadable(2).message
    assert first.endswith("felvétele az 1. lépéstől nem játszható vissza.")
    assert second.endswith("felvétele a 2. lépéstől nem játszható vissza.")


def test_the_rating_rule_names_the_format_with_its_article(cards, monkeypatch):
    alomfogo = Game.objects.get(slug="alomfogo")
    with translation.override("hu"):
        tournament = ratings.rating_rule(alomfogo)  # "Verseny"
        spec = dataclasses.replace(ratings.get_game("alomfogo"), rated_format="no-events")
        monkeypatch.setattr(ratings, "get_game", lambda slug: spec)
        no_events = ratings.rating_rule(alomfogo)  # "Esemény nélkül"
    assert "mindkét pakli szabályos a „Verseny” formátumban" in tournament
    assert "mindkét pakli szabályos az „Esemény nélkül” formátumban" in no_events
    no_open_article(tournament, no_events)
