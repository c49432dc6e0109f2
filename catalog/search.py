"""The card search language: one parser for the card page, the API and the deck builder.

    query string --tokenize--> tokens --Parser--> AST (And/Or/Not/Term/Loose)
                 --to_q--> Django Q --cards_search--> ordered queryset

Loose words match card names, blind to accents, case and Hungarian endings
(`kajtárral` finds Éjlépő Kajtár); `key:value` terms filter on one column; `-`
negates, juxtaposition is AND, `or`/`vagy` is OR (AND binds tighter),
parentheses group. The keys live in catalog/search_keys.py. `parse` is pure
(no database), so the page can show a message and its position for a bad query
before anything is run.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace

from django.db.models import Case, F, IntegerField, OuterRef, Q, QuerySet, Subquery, Value, When
from django.db.models.functions import Coalesce
from django.utils.translation import gettext

from catalog import search_keys as keys
from catalog import tokens, vocab
from catalog.text import fold, fold_words
from core.errors import ApplicationError
from core.hungarian import percent_filled

__all__ = [
    "And", "GameHint", "Loose", "Not", "Or", "ParsedQuery", "SearchError", "SearchResult",
    "SearchWarning", "Term", "cards_search", "describe", "game_hints", "parse", "to_q",
]  # fmt: skip

# Beyond these a query is refused: SQLite caps expression depth at 1000.
MAX_TERMS = 50
MAX_DEPTH = 20


class SearchError(ApplicationError):
    """A query the searcher can fix; `position` is a 0-based offset into it."""

    def __init__(self, code: str, message: str, position: int) -> None:
        super().__init__(code, message, extra={"position": position})
        self.position = position


@dataclass(frozen=True)
class SearchWarning:
    message: str
    position: int


# --- the syntax tree ----------------------------------------------------------
@dataclass(frozen=True)
class Term:
    """`key OP value`, normalised: canonical key, ":" read as "=", value an id or number."""

    key: str
    op: str
    value: str
    position: int


@dataclass(frozen=True)
class Loose:
    """A word with no key, or a "quoted phrase": matched against card names."""

    text: str
    quoted: bool
    position: int


@dataclass(frozen=True)
class Not:
    node: Node


@dataclass(frozen=True)
class And:
    nodes: tuple[Node, ...]


@dataclass(frozen=True)
class Or:
    nodes: tuple[Node, ...]


Node = Term | Loose | Not | And | Or


@dataclass
class ParsedQuery:
    node: Node | None  # None: no condition, every card
    order: list[str] = field(default_factory=lambda: list(keys.DEFAULT_ORDER))
    warnings: list[SearchWarning] = field(default_factory=list)
    order_keys: list[str] = field(default_factory=list)  # e.g. ["cost"]; for describe
    descending: bool = False
    direction_given: bool = False  # the query has a dir: of its own


@dataclass
class SearchResult:
    cards: QuerySet
    parsed: ParsedQuery
    description: str
    warnings: list[SearchWarning]


# --- tokenizer ----------------------------------------------------------------
@dataclass(frozen=True)
class Token:
    kind: str  # "(", ")", "-", "or", "term", "word"
    position: int
    text: str = ""  # word text, or the key as typed
    quoted: bool = False
    op: str = ""
    op_position: int = 0
    value: str = ""
    value_position: int = 0


OPEN_QUOTES = '"„“”'
CLOSE_QUOTES = '"”“'
OR_WORDS = {"or", "vagy"}
OPERATOR_CHARS = ":<>=!"
# A key is letters (combining accents allowed, for decomposed input) then an operator.
KEYED = re.compile(r"((?:[^\W\d_]|[\u0300-\u036f])+)(!=|<=|>=|[:=<>])")


def _is_space(ch: str) -> bool:
    return ch.isspace() or unicodedata.category(ch) == "Cc"


def _word_end(query: str, i: int) -> int:
    while i < len(query) and not _is_space(query[i]) and query[i] not in "()" + OPEN_QUOTES:
        i += 1
    return i


def _quoted_end(query: str, start: int) -> int:
    """The index of the closing quote of the quote at `start`."""
    end = next((i for i in range(start + 1, len(query)) if query[i] in CLOSE_QUOTES), -1)
    if end < 0:
        raise SearchError(
            "unclosed_quote",
            gettext('This quotation mark is never closed: add a closing " or remove it.'),
            start,
        )
    return end


def tokenize(query: str) -> list[Token]:
    tokens: list[Token] = []
    i = 0
    while i < len(query):
        ch = query[i]
        if _is_space(ch):
            i += 1
        elif ch in "()-":
            tokens.append(Token(ch, i))
            i += 1
        elif ch in OPEN_QUOTES:
            end = _quoted_end(query, i)
            tokens.append(Token("word", i, query[i + 1 : end], quoted=True))
            i = end + 1
        elif match := KEYED.match(query, i):
            token, i = _keyed_term(query, match)
            tokens.append(token)
        else:
            end = _word_end(query, i)
            word = query[i:end]
            tokens.append(Token("or" if fold(word) in OR_WORDS else "word", i, word))
            i = end
    return tokens


def _keyed_term(query: str, match: re.Match) -> tuple[Token, int]:
    key, op = match.group(1), match.group(2)
    start = match.end()
    if start < len(query) and query[start] in OPEN_QUOTES:
        end = _quoted_end(query, start)
        value, after, was_quoted = query[start + 1 : end], end + 1, True
    else:
        after = _word_end(query, start)
        value, was_quoted = query[start:after], False
    if not value or (not was_quoted and value[0] in OPERATOR_CHARS):
        # the problem is where the value should begin: for `cost<<`, the second "<"
        raise _missing_value(key, op, "" if was_quoted else value[:1], start)
    token = Token(
        "term", match.start(), key, was_quoted, op, match.start(2), value, start + int(was_quoted)
    )
    return token, after


def _missing_value(key: str, op: str, extra_char: str, position: int) -> SearchError:
    spec = keys.find_key(key)
    if spec is None:  # the unknown key is the first thing to fix
        problem = keys.unknown_key(key)
        return SearchError(problem.code, problem.message, position - len(key) - len(op))
    example = spec.local_example()
    if extra_char:
        message = gettext(
            "“%(key)s%(op)s” is followed by “%(char)s”, but a value should come here. "
            "Write one comparison and then a value, for example %(example)s."
        )
    else:
        message = gettext("“%(key)s%(op)s” needs a value right after it, for example %(example)s.")
    params = {"key": key, "op": op, "char": extra_char, "example": example}
    return SearchError("missing_value", percent_filled(message, params), position)


# --- parser -------------------------------------------------------------------
class Parser:
    """Recursive descent over the tokens:

    query := or_expr ;  or_expr := and_expr ("or" and_expr)*
    and_expr := unary+ ; unary := "-" unary | "(" or_expr ")" | term | word

    Ordering terms are removed from the tree as they are read (they never
    filter); a sub-expression left with nothing to filter is None.
    """

    def __init__(self, query: str) -> None:
        self.tokens = tokenize(query)
        self.i = 0
        self.depth = 0
        self.terms = 0
        self.warnings: list[SearchWarning] = []
        self.order_keys: list[str] = []
        self.descending = False
        self.direction_given = False

    def peek(self) -> str | None:
        return self.tokens[self.i].kind if self.i < len(self.tokens) else None

    def take(self) -> Token:
        self.i += 1
        return self.tokens[self.i - 1]

    def parse(self) -> ParsedQuery:
        node = self.or_expr()
        if self.peek() == ")":
            raise SearchError(
                "unbalanced_parenthesis",
                gettext("This closing parenthesis has no opening one."),
                self.take().position,
            )
        order = _order_fields(self.order_keys, self.descending)
        return ParsedQuery(
            node, order, self.warnings, self.order_keys, self.descending, self.direction_given
        )

    def or_expr(self) -> Node | None:
        if self.peek() == "or":
            raise self._dangling(self.take())
        branches = [self.and_expr()]
        while self.peek() == "or":
            or_token = self.take()
            if self.peek() in (None, "or", ")"):
                raise self._dangling(or_token)
            branches.append(self.and_expr())
        return _combine(Or, branches)

    def and_expr(self) -> Node | None:
        items = []
        while self.peek() not in (None, "or", ")"):
            items.append(self.unary())
        return _combine(And, items)

    def unary(self) -> Node | None:
        token = self.take()
        self.depth += 1
        if self.depth > MAX_DEPTH:
            message = gettext("This search nests too deeply; use at most %(limit)s levels.")
            raise SearchError("too_complex", message % {"limit": MAX_DEPTH}, token.position)
        try:
            return self._unary(token)
        finally:
            self.depth -= 1

    def _unary(self, token: Token) -> Node | None:
        if token.kind == "-":
            if self.peek() in (None, "or", ")"):
                raise SearchError(
                    "dangling_operator",
                    gettext("A “-” must be followed by what it excludes, for example -t:révülő."),
                    token.position,
                )
            inner = self.unary()
            if inner is None:
                self._warn(gettext("This “-” has nothing to exclude and was ignored."), token)
                return None
            return Not(inner)
        if token.kind == "(":
            if self.peek() == ")":
                raise SearchError(
                    "empty_group",
                    gettext("These parentheses are empty: put search terms between them."),
                    token.position,
                )
            node = self.or_expr()
            if self.peek() != ")":
                raise SearchError(
                    "unbalanced_parenthesis",
                    gettext("This parenthesis is never closed: add a “)”."),
                    token.position,
                )
            self.take()
            return node
        self._count(token)
        if token.kind == "term":
            return self._term(token)
        if not fold_words(token.text):
            message = gettext("“%(text)s” has no letters or digits to look for; ignored.")
            params = {"text": token.text}
            self._warn(percent_filled(message, params), token)
            return None
        return Loose(token.text, token.quoted, token.position)

    def _count(self, token: Token) -> None:
        self.terms += _term_cost(token)
        if self.terms > MAX_TERMS:
            message = gettext("This search is too long; use at most %(limit)s terms.")
            raise SearchError("too_complex", message % {"limit": MAX_TERMS}, token.position)

    def _term(self, token: Token) -> Node | None:
        spec = keys.find_key(token.text)
        op = "=" if token.op == ":" else token.op
        try:
            if spec is None:
                raise keys.unknown_key(token.text)
            key, op, value = spec.check(token.text, op, token.value)
        except keys.Ignored as ignored:
            self.warnings.append(SearchWarning(ignored.message, token.value_position))
            return None
        except keys.Invalid as problem:
            position = {"key": token.position, "op": token.op_position}.get(
                problem.where, token.value_position
            )
            raise SearchError(problem.code, problem.message, position) from None
        if spec.directive:
            if key == "dir":
                self.descending = value == "desc"
                self.direction_given = True
            elif value not in self.order_keys:
                self.order_keys.append(value)
            return None
        return Term(key, op, value, token.position)

    def _warn(self, message: str, token: Token) -> None:
        self.warnings.append(SearchWarning(message, token.position))

    def _dangling(self, token: Token) -> SearchError:
        message = gettext("“%(word)s” needs a search term on both sides.")
        params = {"word": token.text}
        return SearchError("dangling_operator", percent_filled(message, params), token.position)


def _term_cost(token: Token) -> int:
    """How many terms a word or `key:value` counts as against MAX_TERMS.

    A phrase ("e e e"), a word that folds to several (e-e-e) and a text key's
    value (o:"deal 1 damage") are matched one word at a time, each word a
    condition of its own (catalog.tokens.all_words_q), so each word counts:
    otherwise one 8 KB phrase would pass as a single term and cost thousands
    of look-ups. Anything else is one term.
    """
    if token.kind == "term":
        text = token.value if isinstance(keys.find_key(token.text), keys.TextKey) else ""
    else:
        text = token.text
    return max(1, len(fold_words(text).split()))


def _order_fields(order_keys: list[str], descending: bool) -> list[str]:
    """The columns that `order:` values (keys of search_keys.ORDERS) sort on, in order."""
    fields = [f for k in order_keys for f in keys.ORDERS[k][0]]
    fields = list(dict.fromkeys(fields)) or list(keys.DEFAULT_ORDER)
    return [f"-{f}" if descending else f for f in fields]


def _combine(kind: type[And] | type[Or], nodes: list[Node | None]) -> Node | None:
    kept = tuple(n for n in nodes if n is not None)
    if not kept:
        return None
    return kept[0] if len(kept) == 1 else kind(kept)


def parse(query: str) -> ParsedQuery:
    """The query as a tree plus ordering and warnings; raises SearchError. No database."""
    return Parser(query or "").parse()


def with_chosen_order(
    parsed: ParsedQuery, *, order: str = "", descending: bool | None = None
) -> ParsedQuery:
    """`parsed` sorted as a page's Sort and Direction menus say, where the query is silent.

    `order` is a key of search_keys.ORDERS ("" for none), `descending` None for
    no choice. The query's own `order:` and `dir:` win: they are what the
    visitor typed and shares, and a menu left alone still sends its default
    (ascending), which must not undo a typed `dir:desc`.
    """
    order_keys = parsed.order_keys or ([order] if order else [])
    if parsed.direction_given or descending is None:
        descending = parsed.descending
    return replace(
        parsed,
        order=_order_fields(order_keys, descending),
        order_keys=list(order_keys),
        descending=descending,
    )


# --- compiler -----------------------------------------------------------------
def to_q(node: Node | None) -> Q:
    """A Django Q on Card for the tree; None matches every card."""
    if node is None:
        return Q()
    if isinstance(node, Term):
        # Checked again so that a hand-built Term ("t", ":", "révülő") works too.
        try:
            spec = keys.find_key(node.key)
            if spec is None or spec.directive:
                raise keys.unknown_key(node.key)
            key, op, value = spec.check(node.key, "=" if node.op == ":" else node.op, node.value)
        except (keys.Invalid, keys.Ignored) as problem:
            code = getattr(problem, "code", "unknown_value")
            raise SearchError(code, problem.message, node.position) from None
        return keys.find_key(key).q(op, value)
    if isinstance(node, Loose):
        return keys.loose_q(node.text, node.quoted)
    if isinstance(node, Not):
        return ~to_q(node.node)
    combined = Q()
    for child in node.nodes:
        combined = combined & to_q(child) if isinstance(node, And) else combined | to_q(child)
    return combined


# --- plain-language reading -----------------------------------------------------
def describe(parsed: ParsedQuery, *, owner_is_reader: bool = True) -> str:
    """The query in words, in the active language: "cards whose cost is at most 1".

    `owner_is_reader` False: the owned-count keys count someone else's copies (a shared
    collection), and read "of which they own…" instead of "of which you own…".
    """
    if parsed.node is None:
        text = gettext("all cards")
    else:
        conditions = _describe(parsed.node, theirs=not owner_is_reader)
        text = gettext("cards %(conditions)s") % {"conditions": conditions}
    if parsed.order_keys:
        labels = gettext(", then ").join(gettext(keys.ORDERS[k][1]) for k in parsed.order_keys)
        if parsed.descending:
            template = gettext("%(description)s, sorted by %(order)s, descending")
        else:
            template = gettext("%(description)s, sorted by %(order)s")
        text = template % {"description": text, "order": labels}
    elif parsed.descending:
        text = gettext("%(description)s, in reverse order") % {"description": text}
    return text


def _term(key: str, op: str, value: str, theirs: bool) -> str:
    spec = keys.find_key(key)
    if theirs and spec.needs_owner:
        return spec.describe(op, value, theirs=True)
    return spec.describe(op, value)


def _describe(node: Node, nested: bool = False, *, theirs: bool = False) -> str:
    if isinstance(node, Term):
        return _term(node.key, node.op, node.value, theirs)
    if isinstance(node, Loose):
        template = (
            gettext("whose name contains %(text)s")
            if node.quoted
            else gettext("whose name matches %(text)s")
        )
        return template % {"text": keys.quoted(node.text)}
    if isinstance(node, Not):
        inner = node.node
        if isinstance(inner, Term) and inner.op == "=":
            return _term(inner.key, "!=", inner.value, theirs)
        if isinstance(inner, Loose) and not inner.quoted:
            return gettext("whose name does not match %(text)s") % {"text": keys.quoted(inner.text)}
        return gettext("not (%(clause)s)") % {"clause": _describe(inner, theirs=theirs)}
    joiner = gettext(" and ") if isinstance(node, And) else gettext(" or ")
    text = joiner.join(_describe(child, nested=True, theirs=theirs) for child in node.nodes)
    return f"({text})" if nested else text


# --- hints ----------------------------------------------------------------------
@dataclass(frozen=True)
class GameHint:
    """A loose word that names a game: `query` searches that game's cards instead."""

    word: str
    term: str  # "game:alomfogo"
    query: str


def game_hints(query: str, parsed: ParsedQuery) -> list[GameHint]:
    """A newcomer types a game's name (`alomfogo`) and no card is named so; the
    page then offers `game:alomfogo`. Pure: the query's text and its tree."""
    hints = []
    for loose in _loose_words(parsed.node):
        game = vocab.GAMES.resolve(loose.text)
        if game is None:
            continue
        term = f"game:{game.id}"
        width = len(loose.text) + (2 if loose.quoted else 0)
        rewritten = query[: loose.position] + term + query[loose.position + width :]
        hints.append(GameHint(loose.text, term, rewritten))
    return hints


def _loose_words(node: Node | None) -> list[Loose]:
    """The loose words that filter (a negated word is left alone)."""
    if isinstance(node, Loose):
        return [node]
    if isinstance(node, And | Or):
        return [word for child in node.nodes for word in _loose_words(child)]
    return []


# --- the selector -----------------------------------------------------------------
RARITY_RANK = Case(
    *(When(rarity=r, then=i) for i, r in enumerate(keys.RARITY_ORDER)),
    default=None,
    output_field=IntegerField(),
)


def cards_search(
    query: str,
    *,
    queryset: QuerySet | None = None,
    owner=None,
    owner_is_reader: bool = True,
    order: str = "",
    descending: bool | None = None,
) -> SearchResult:
    """The cards matching `query`, ordered as it asks; raises SearchError for a bad query.

    With a signed-in `owner` every card carries `owned_copies` (0 when not
    owned), which the owned-count keys (`own>=1`) filter on; without one such
    a key is refused at its position. `owner_is_reader` False: `owner` is not the
    one reading (a collection shared by link), and the description says "they own".

    `order` and `descending` are a page's sort menus, applied to the parsed
    query (never pasted into its text, which would count against its terms and
    change how it reads); the query's own `order:`/`dir:` win (with_chosen_order).
    """
    from catalog.models import Card

    parsed = with_chosen_order(parse(query), order=order, descending=descending)
    signed_in = owner is not None and owner.is_authenticated
    if not signed_in and (term := _first_owner_term(parsed.node)) is not None:
        raise SearchError(
            "sign_in_needed", gettext("Sign in to search your own cards."), term.position
        )
    cards = Card.objects.all() if queryset is None else queryset
    if signed_in:
        cards = cards.annotate(owned_copies=owned_copies(owner))
    probing = tokens.probe_common_words.set(True)
    try:
        condition = to_q(parsed.node)
    finally:
        tokens.probe_common_words.reset(probing)
    cards = cards.filter(condition).select_related("game", "card_set")
    if any(f.lstrip("-") == "rarity_rank" for f in parsed.order):
        cards = cards.annotate(rarity_rank=RARITY_RANK)
    cards = cards.order_by(*_ordering(parsed.order))
    description = describe(parsed, owner_is_reader=owner_is_reader)
    return SearchResult(cards, parsed, description, parsed.warnings)


def owned_copies(owner):
    """The copies of each card in `owner`'s collection: one indexed look-up per card, 0 if none."""
    from collection.models import OwnedCard

    copies = OwnedCard.objects.filter(user=owner, card=OuterRef("pk")).values("count")[:1]
    return Coalesce(Subquery(copies), Value(0), output_field=IntegerField())


def _first_owner_term(node: Node | None) -> Term | None:
    """The first term (in the query's order) that counts the searcher's own cards."""
    if isinstance(node, Term):
        spec = keys.find_key(node.key)
        return node if spec is not None and spec.needs_owner else None
    if isinstance(node, Not):
        return _first_owner_term(node.node)
    if isinstance(node, And | Or):
        for child in node.nodes:
            if (term := _first_owner_term(child)) is not None:
                return term
    return None


NEVER_NULL = {"sort_key", "code", "search_name", "number"}


def _ordering(order: list[str]) -> list:
    """Field names to expressions with empty values last, plus the default tie-break."""
    names = [f.lstrip("-") for f in order]
    tail = [f for f in (*keys.DEFAULT_ORDER, "code") if f not in names]
    expressions = []
    for name in [*order, *tail]:
        column = F(name.lstrip("-"))
        desc = name.startswith("-")
        if name.lstrip("-") in NEVER_NULL:
            # A plain ORDER BY lets the database walk the column's index.
            expressions.append(column.desc() if desc else column.asc())
        else:
            expressions.append(
                column.desc(nulls_last=True) if desc else column.asc(nulls_last=True)
            )
    return expressions
