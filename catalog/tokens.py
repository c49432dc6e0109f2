"""Word index of the card texts, so name and text searches never scan every card.

A substring test (`LIKE '%kajtar%'`) reads every row: at 100,000 cards that
is most of a query's time. Instead each card's folded words are stored once in
CardToken, indexed by (field, word); a searched word becomes an index range
"words starting with …", and the substring test, where still needed (phrases,
signed numbers), runs only on the few cards the range found.
"""

from __future__ import annotations

from collections.abc import Iterable
from contextvars import ContextVar

from django.db.models import Q

from catalog.text import fold_words

NAME, TEXT, FLAVOR, SUBTYPE = "n", "t", "f", "s"
MAX_WORD = 64


def card_words(card) -> set[tuple[str, str]]:
    """(field, word) pairs of one card: folded name, rules and flavour words, subtype ids."""
    pairs: set[tuple[str, str]] = set()
    for field, texts in (
        (NAME, (card.name, card.name_en)),
        (TEXT, (card.text, card.text_en)),
        (FLAVOR, (card.flavor,)),
    ):
        for text in texts:
            pairs.update((field, word[:MAX_WORD]) for word in fold_words(text).split())
    pairs.update((SUBTYPE, subtype) for subtype in card.subtypes)
    return pairs


def tokens_for(cards: Iterable) -> list:
    from catalog.models import CardToken

    return [
        CardToken(card=card, field=field, word=word)
        for card in cards
        for field, word in sorted(card_words(card))
    ]


def reindex(cards: list) -> None:
    """Replace the word index rows of these (saved) cards."""
    from catalog.models import CardToken

    CardToken.objects.filter(card__in=[c.pk for c in cards]).delete()
    CardToken.objects.bulk_create(tokens_for(cards), batch_size=5000)


def _after(prefix: str) -> str:
    # Tokens are [0-9a-z] compared byte-wise (SQLite's BINARY, PostgreSQL's
    # "C" collation on this column), so every word with this prefix sorts
    # below the prefix with its last character raised by one.
    return prefix[:-1] + chr(ord(prefix[-1]) + 1)


# A word in more cards than this is "common": its index range would list a
# large share of the catalog, and reading that list costs more than testing
# the folded text of the cards in default order until a page is full.
COMMON_WORD = 5000
SCANNED_COLUMN = {NAME: "search_name", TEXT: "search_text", FLAVOR: "search_flavor"}


# Set while catalog.search.cards_search compiles a query: only then may
# words_q ask the database how common a word is. Elsewhere (tests of the pure
# compiler, say) every word takes the index range.
probe_common_words: ContextVar[bool] = ContextVar("probe_common_words", default=False)


def _is_common(field: str, words: Q) -> bool:
    from catalog.models import CardToken

    if not probe_common_words.get():
        return False
    probe = CardToken.objects.filter(words, field=field).values("pk")[:COMMON_WORD]
    return probe.count() >= COMMON_WORD  # reads at most COMMON_WORD index entries


def words_q(field: str, prefixes: Iterable[str], *, exact: bool = False) -> Q:
    """Cards having, in `field`, a word starting with any of the prefixes (or equal, if exact)."""
    from catalog.models import CardToken

    # One subquery per prefix: an OR of ranges inside one subquery makes the
    # databases scan the whole field instead of seeking each range.
    either = Q(pk__in=[])
    for prefix in dict.fromkeys(prefixes):
        words = Q(word=prefix) if exact else Q(word__gte=prefix, word__lt=_after(prefix))
        if field in SCANNED_COLUMN and _is_common(field, words):
            # The folded columns are padded with spaces: " prefix" starts a word.
            either |= Q(**{f"{SCANNED_COLUMN[field]}__contains": f" {prefix}"})
        else:
            either |= Q(pk__in=CardToken.objects.filter(words, field=field).values("card_id"))
    return either


def all_words_q(field: str, text: str) -> Q:
    """Cards having, in `field`, a word starting with each word of `text`."""
    q = Q()
    for word in fold_words(text).split():
        q &= words_q(field, [word[:MAX_WORD]])
    return q
