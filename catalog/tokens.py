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

from django.db import connection
from django.db.models import BigAutoField, Case, Lookup, Q, Value, When
from django.db.models.functions import StrIndex
from django.db.models.lookups import GreaterThan

from catalog.text import fold_words

NAME, TEXT, FLAVOR, SUBTYPE = "n", "t", "f", "s"
MAX_WORD = 64


class AnyOf(Lookup):
    """`column = ANY(%s)`: a list of values as one array parameter (PostgreSQL only)."""

    lookup_name = "any_of"
    prepare_rhs = False

    def as_sql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        return f"{lhs} = ANY(%s)", [*lhs_params, list(self.rhs)]


BigAutoField.register_lookup(AnyOf)


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
# Where a common word is tested instead, and how: the folded text columns are
# padded with spaces, so " prefix" starts a word; subtype_keys is "|a|b|".
SCANNED_COLUMN = {
    NAME: ("search_name", " {}"),
    TEXT: ("search_text", " {}"),
    FLAVOR: ("search_flavor", " {}"),
    SUBTYPE: ("subtype_keys", "|{}|"),
}

# Set while catalog.search.cards_search compiles a query: only then may
# words_q look at the index to choose how to match a word. Elsewhere (tests
# of the pure compiler, say) every word takes the index subquery.
probe_common_words: ContextVar[bool] = ContextVar("probe_common_words", default=False)


def words_q(field: str, prefixes: Iterable[str], *, exact: bool = False) -> Q:
    """Cards having, in `field`, a word starting with any of the prefixes (or equal, if exact)."""
    from catalog.models import CardToken

    either = Q(pk__in=[])
    # One lookup per prefix: an OR of ranges inside one subquery makes the
    # databases scan the whole field instead of seeking each range.
    for prefix in dict.fromkeys(prefixes):
        words = Q(word=prefix) if exact else Q(word__gte=prefix, word__lt=_after(prefix))
        postings = CardToken.objects.filter(words, field=field)
        subquery = Q(pk__in=postings.values("card_id"))
        if not probe_common_words.get():
            either |= subquery
            continue
        # Reads at most COMMON_WORD index entries.
        ids = set(postings.values_list("card_id", flat=True)[:COMMON_WORD])
        if len(ids) >= COMMON_WORD:
            column, pattern = SCANNED_COLUMN[field]
            either |= text_has(column, pattern.format(prefix))
        elif connection.vendor == "postgresql":
            # PostgreSQL misjudges how many cards a word range matches and may
            # walk the catalog in sort order, probing the index once per card;
            # given the ids (one array parameter) it fetches just those rows.
            either |= Q(pk__any_of=sorted(ids))
        else:
            either |= subquery
    return either


def text_has(column: str, text: str) -> Q:
    """`column` contains `text`, byte for byte (the folded columns are lower case).

    Written as position(text in column) > 0 rather than LIKE '%text%': both
    scan, but PostgreSQL estimates a LIKE with a leading wildcard to match
    almost nothing and then sorts a full scan, while for a position test it
    assumes a third of the rows match and walks the sort_key index, stopping
    after one page. It is used only where the index said the word is common.
    """
    return Q(GreaterThan(StrIndex(column, Value(text)), 0))


# The rest of a word in a folded column, whose words are [0-9a-z] runs
# between single spaces: the same class in Python's re (SQLite's REGEXP) and
# PostgreSQL's regular expressions.
REST_OF_WORD = "[0-9a-z]*"


def words_in_order_q(column: str, text: str) -> Q:
    """`column` has words starting with the words of `text`, standing together in that order.

    "dra a ca" is in "draw a card", "w a card" is not (it starts no word
    there). The folded columns are padded with spaces, so " dra" starts a
    word, and their halves are joined by " | ", which no pattern crosses. A
    substring test cannot say this once the words are prefixes, hence a
    regular expression: " dra[0-9a-z]* a[0-9a-z]* ca". Combine it with
    all_words_q, whose index look-ups pick the few cards it then reads.
    """
    words = fold_words(text).split()
    if len(words) == 1:
        return text_has(column, f" {words[0]}")
    pattern = " " + f"{REST_OF_WORD} ".join(words)
    # Wrapped in "CASE … > 0" so that PostgreSQL does not estimate the pattern
    # from the column's statistics: like text_has, it then plans for a third
    # of the rows and walks the sort_key index rather than sorting a scan.
    return Q(
        GreaterThan(
            Case(When(Q(**{f"{column}__regex": pattern}), then=Value(1)), default=Value(0)), 0
        )
    )


def all_words_q(field: str, text: str) -> Q:
    """Cards having, in `field`, a word starting with each word of `text`.

    A word typed twice asks the same question twice, so each distinct word is
    looked up once (words_q may read the index for each). How many words a
    query may hold at all is the parser's term limit (catalog.search).
    """
    q = Q()
    for word in dict.fromkeys(word[:MAX_WORD] for word in fold_words(text).split()):
        q &= words_q(field, [word])
    return q
