"""A search key given no value answers with an example in the page's language.

An English page said "“t:” needs a value right after it, for example t:révülő." (and
r:arany, sub:bűvforrás, név:"éjlépő kajtár", shape:kereszt, o:"+4 erő", jel:P,
next:növények): Hungarian searches inside English sentences. Each key's example is read
off the page here, in both languages, and run as a search: it must be understood, with no
warning, and find cards; an English one must be written in English words.
"""

from __future__ import annotations

import html
import re

import pytest
from django.conf import settings
from django.utils import translation

from catalog import search_keys, vocab
from catalog.models import Card
from catalog.search import Term, cards_search, parse
from catalog.text import fold, fold_words
from tests.factories import make_user, own

pytestmark = pytest.mark.django_db

KEY_NAMES = [key.name for key in search_keys.KEYS]
# "for example t:dreamwalker." / "például: t:révülő." at the end of the refusal
EXAMPLE = re.compile(r"(?:for example|például:?) (.+?)\.</p>")
# Flavour text is Hungarian only (cards have no English flavour): its example cannot be English.
NO_ENGLISH_TEXT = {"flavor"}
# The English wording a text key's English example must find its words in.
ENGLISH_FIELDS = {"name": "name_en", "text": "text_en"}


def example_on_page(client, key_name: str, language: str) -> str:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = client.get("/cards/", {"q": f"{key_name}:"}).content.decode()
    found = EXAMPLE.search(page)
    assert found, (key_name, language)
    return html.unescape(found.group(1))


def hungarian_words() -> set[str]:
    """Folded words that are Hungarian and not English: the keys' Hungarian names and the
    words of the vocabularies' Hungarian labels."""
    words = {
        fold(name) for key, name in search_keys.HUNGARIAN_NAMES.items() if fold(name) != fold(key)
    }
    for vocabulary in (
        vocab.TYPES, vocab.SUBTYPES, vocab.RARITIES, vocab.SHAPES, vocab.GROUPS, vocab.PROVENANCE
    ):  # fmt: skip
        for term in vocabulary.terms:
            english = set(fold_words(term.en).split())
            words |= set(fold_words(term.hu).split()) - english
    return words


def terms(node) -> list[Term]:
    if isinstance(node, Term):
        return [node]
    inner = getattr(node, "nodes", None) or ([node.node] if hasattr(node, "node") else [])
    return [term for child in inner for term in terms(child)]


@pytest.mark.parametrize("language", ["hu", "en"])
@pytest.mark.parametrize("key_name", KEY_NAMES)
def test_each_keys_example_is_a_search_that_finds_cards(client, cards, key_name, language):
    searcher = make_user("zsofi")
    own(searcher, AF1_001=2)  # so that an example counting owned copies finds one
    example = example_on_page(client, key_name, language)
    with translation.override(language):
        result = cards_search(example, owner=searcher)
        assert not result.warnings, (example, result.warnings)
        assert result.cards.exists(), example
        parsed = result.parsed
    searched = {term.key for term in terms(parsed.node)}
    searched |= {"order"} if parsed.order_keys else set()
    searched |= {"dir"} if parsed.direction_given else set()
    assert key_name in searched, example  # an example of this key, not of another


@pytest.mark.parametrize("key_name", sorted(set(KEY_NAMES) - NO_ENGLISH_TEXT))
def test_an_english_page_gives_each_key_an_example_in_english(client, cards, key_name):
    example = example_on_page(client, key_name, "en")
    typed_key = example.split(":")[0].split("<")[0].split(">")[0]
    assert fold(typed_key) != fold(search_keys.HUNGARIAN_NAMES[key_name]) or fold(
        typed_key
    ) == fold(key_name), example
    assert not set(fold_words(example).split()) & hungarian_words(), example
    if key_name in ENGLISH_FIELDS:  # its words are a card's English words
        (term,) = terms(parse(example).node)
        words = fold_words(term.value)
        field = ENGLISH_FIELDS[key_name]
        english = [fold_words(text) for text in Card.objects.values_list(field, flat=True)]
        assert any(f" {words}" in f" {text}" for text in english), example


@pytest.mark.parametrize(
    ("query", "said"), [("r:", "Az „r:”"), ("t:", "A „t:”"), ("s:", "Az „s:”")]
)
def test_a_key_missing_its_value_takes_the_article_its_letter_is_read_with(query, said):
    """ "r:" is read "er": "Az „r:” után…", not "A „r:” után…"."""
    from catalog.search import SearchError

    with translation.override("hu"), pytest.raises(SearchError) as refused:
        parse(query)
    assert refused.value.message.startswith(said), refused.value.message
