"""Deck pages: my decks, public decks, the builder, history, import and export."""

from __future__ import annotations

import json
import random
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Page, Paginator
from django.forms.models import model_to_dict
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from catalog.models import Card, Game
from catalog.search import SearchError, cards_search
from catalog.selectors import cards_autocomplete
from core.errors import ApplicationError, Conflict, NotFound
from core.forms import posted
from core.games import GAMES
from core.hungarian import percent_filled
from core.params import BadParameter, int_param, next_or
from core.refusals import refusals
from decks import codec, formats, limits, odds, selectors, services
from decks.forms import BuiltForm, CardChangeForm, DeckSettingsForm, ImportForm, NewDeckForm
from decks.history import compare_versions, deck_history, nearest_page, restore_preview
from decks.models import Deck
from decks.panel import deck_missing, deck_panel, with_holdings

SEARCH_LIMIT = 30
SEED_MAX = 2**63 - 1


def _deck_context(request, deck: Deck, **extra) -> dict:
    entries = selectors.deck_entries(deck)
    owner = request.user.is_authenticated and deck.owner_id == request.user.pk
    fmt = formats.get_format(deck.game.slug, deck.format)
    return {
        "deck": deck,
        "is_owner": owner,
        "format": fmt,
        "panel": deck_panel(deck, entries, get_language(), viewer=request.user),
        "share_url": request.build_absolute_uri(reverse("decks:shared", args=[deck.share_token])),
        **extra,
    }


# --- lists ----------------------------------------------------------------------
LIST_PAGE_SIZE = 100  # decks a page of a deck list shows, newest change first


def _list_page(decks, raw_page: object) -> Page:
    """One page of a deck list: text that is not a page number gives the first, a number
    past the end the last (a person may hold LIMITS["DECKS_PER_USER"] decks, and public
    decks have no bound: no page draws them all)."""
    paginator = Paginator(decks, LIST_PAGE_SIZE)
    return paginator.page(nearest_page(raw_page, paginator.num_pages))


@require_GET
def index(request: HttpRequest) -> HttpResponse:
    if not request.user.is_authenticated:
        return redirect("decks:public")
    page = _list_page(selectors.decks_of(user=request.user), request.GET.get("page"))
    return render(request, "decks/index.html", {"decks": page.object_list, "page": page})


@require_GET
def public(request: HttpRequest) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    game = request.GET.get("game", "")
    card = request.GET.get("card", "").strip()
    decks = selectors.public_decks(query=query, game=game, card_code=card)
    page = _list_page(decks, request.GET.get("page"))
    # the search stays on every page
    search = (("q", query), ("game", game), ("card", card))
    kept = urlencode([(name, value) for name, value in search if value])
    return render(
        request,
        "decks/public.html",
        {
            "decks": page.object_list,
            "page": page,
            "pages_keep": f"{kept}&" if kept else "",
            "query": query,
            "game": game,
            "card": card,
            "games": Game.objects.all(),
        },
    )


# --- create, import, clone ----------------------------------------------------------
@login_required
@require_http_methods(["GET", "POST"])
def new(request: HttpRequest) -> HttpResponse:
    card = (
        Card.objects.select_related("game").filter(code=request.GET.get("card", "").upper()).first()
    )
    initial = {"game": card.game.slug, "card": card.code} if card else {}
    form = NewDeckForm(posted(request), initial=initial)
    if request.method == "POST" and form.is_valid():
        game = get_object_or_404(Game, slug=form.cleaned_data["game"])
        # an empty box is no name: the deck gets the default one
        name = form.cleaned_data["name"] or None
        deck = services.deck_create(owner=request.user, game=game, name=name)
        wanted = form.cleaned_data.get("card", "").strip().upper()
        first = Card.objects.filter(code=wanted, game=game).first() if wanted else None
        if first:
            services.deck_change_card(deck=deck, user=request.user, card=first, delta=1)
        elif wanted:  # the "start a deck with this card" link, for a card this game lacks
            messages.warning(
                request,
                _("This game has no card %(code)s: the deck starts empty.") % {"code": wanted[:32]},
            )
        return redirect("decks:edit", deck.pk)
    status = 400 if form.errors else 200
    return render(request, "decks/new.html", {"form": form, "card": card}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def import_deck(request: HttpRequest) -> HttpResponse:
    data = request.POST
    if "fix" in data:
        # A suggestion's button: its line replaces the unknown one, then the import runs again.
        data = data.copy()
        data["text"] = codec.apply_fix(data.get("text", ""), data["fix"])
    form = ImportForm(data or None)
    line_errors = []
    if request.method == "POST" and form.is_valid():
        game = get_object_or_404(Game, slug=form.cleaned_data["game"])
        try:
            deck = services.deck_import(
                owner=request.user,
                game=game,
                # an empty box is no name: the file's, else "Imported deck"
                name=form.cleaned_data["name"] or None,
                text=form.cleaned_data["text"],
                code=form.cleaned_data["code"],
                language=get_language(),
            )
        except services.DeckImportError as problem:
            line_errors = problem.lines  # the banner above the form says it; no form error too
        except ApplicationError as problem:
            form.add_error(None, problem.message)
        else:
            messages.success(request, _("Deck imported."))
            return redirect("decks:edit", deck.pk)
    status = 400 if request.method == "POST" and (form.errors or line_errors) else 200
    return render(
        request, "decks/import.html", {"form": form, "line_errors": line_errors}, status=status
    )


@login_required
@require_POST
@refusals
def clone(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(deck_id=deck_id, user=request.user)
    copy = services.deck_clone(deck=deck, user=request.user)
    messages.success(request, _("Copied into your decks."))
    return redirect("decks:edit", copy.pk)


@login_required
@require_POST
@refusals
def clone_shared(request: HttpRequest, token: str) -> HttpResponse:
    deck = selectors.deck_by_share_token(token=token)
    copy = services.deck_clone(deck=deck, user=request.user)
    messages.success(request, _("Copied into your decks."))
    return redirect("decks:edit", copy.pk)


# --- view and build -------------------------------------------------------------
@require_GET
@refusals
def detail(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(deck_id=deck_id, user=request.user)
    return render(request, "decks/detail.html", _page_context(request, deck))


@require_GET
@refusals
def shared(request: HttpRequest, token: str) -> HttpResponse:
    deck = selectors.deck_by_share_token(token=token)
    return render(request, "decks/detail.html", _page_context(request, deck, via_link=True))


def _page_context(request, deck: Deck, **extra) -> dict:
    """The deck page; its owner also sees what the deck is missing from their collection.

    A visitor who came by the share link reaches the sample hand and the odds by the link
    too: the deck's number leads a stranger nowhere (an unlisted deck is 404 by number).
    """
    context = _deck_context(request, deck, **extra)
    context.update(_tool_urls(deck, via_link=extra.get("via_link", False)))
    if context["is_owner"]:
        missing = deck_missing(deck)
        context["missing"] = missing
        context["missing_by_rarity"] = missing.rarity_rows(get_language())
    return context


@login_required
@require_GET
@refusals
def edit(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
    search = _builder_search(deck, request.GET.get("q", ""))
    return _builder_page(request, deck, search=search)


def _builder_page(request: HttpRequest, deck: Deck, *, status: int = 200, **extra) -> HttpResponse:
    """The deck builder; its examples are the deck's game's, in the reader's language."""
    examples = selectors.builder_examples(game=deck.game)
    context = _deck_context(request, deck, examples=examples, **extra)
    return render(request, "decks/edit.html", context, status=status)


def _builder_search(deck: Deck, query: str) -> dict:
    """Search results for the builder, limited to the deck's game.

    Only the deck's owner opens the builder, so the search counts their
    collection (`own>=1`) and each card shows their owned and free copies.
    """
    query = query.strip()
    if not query:
        return {"query": "", "cards": [], "rows": [], "error": None, "matched": 0}
    # The game narrows the cards searched, never the query's text: pasted in as
    # "(query) game:…" it counted against the query's terms and moved every error
    # position off what was typed.
    game_cards = Card.objects.filter(game=deck.game)
    try:
        result = cards_search(query, queryset=game_cards, owner=deck.owner)
    except SearchError as error:
        return {"query": query, "cards": [], "rows": [], "error": error, "matched": 0}
    # One card past the limit tells whether there are more; only then are they counted.
    cards = list(result.cards[: SEARCH_LIMIT + 1])
    matched = result.cards.count() if len(cards) > SEARCH_LIMIT else len(cards)
    cards = cards[:SEARCH_LIMIT]
    return {
        "query": query,
        "cards": cards,
        "rows": with_holdings(deck, cards),
        "error": None,
        "matched": matched,  # the page says so when it shows fewer than matched
    }


@login_required
@require_GET
@refusals
def search(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
    context = {"deck": deck, "search": _builder_search(deck, request.GET.get("q", ""))}
    status = 400 if context["search"]["error"] else 200
    return render(request, "decks/_search_results.html", context, status=status)


def _back_to_editor(request: HttpRequest, deck: Deck) -> HttpResponse:
    """Where a builder write without htmx lands: the form's `next`, else the deck's editor."""
    return redirect(next_or(request, reverse("decks:edit", args=[deck.pk])))


def _panel_answer(
    request: HttpRequest, deck: Deck, error: str | None, *, done: str | None = None
) -> HttpResponse:
    """After a builder write: the panel for htmx (400 with the refusal), else back to the
    page with the refusal, or with `done` (what the write did) when there was none."""
    if request.htmx:
        deck.refresh_from_db()
        context = _deck_context(request, deck, panel_error=error)
        return render(request, "decks/_panel_answer.html", context, status=400 if error else 200)
    if error:
        messages.error(request, error)
    elif done:
        messages.success(request, done)
    return _back_to_editor(request, deck)


def _small_form_write(request: HttpRequest, deck_id: int, form_class, write) -> HttpResponse:
    """A builder write from a small form: the owner's deck, the form read (a refusal when it
    cannot be), then `write(deck, cleaned_data)` and the panel's answer (_panel_answer).

    `write` returns the refusal to show (None when the write went through) and what it did;
    an ApplicationError it lets rise is answered by the view's @refusals, as a page.
    """
    deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
    form = form_class(request.POST)
    if not form.is_valid():
        return _panel_answer(request, deck, _("That change could not be read."))
    error, done = write(deck, form.cleaned_data)
    return _panel_answer(request, deck, error, done=done)


@login_required
@require_POST
@refusals
def change_card(request: HttpRequest, deck_id: int) -> HttpResponse:
    def change(deck: Deck, data: dict) -> tuple[str | None, str | None]:
        card = Card.objects.filter(code=data["code"].upper()).first()
        try:
            if card is None:
                raise ApplicationError("unknown_card", _("There is no such card."))
            services.deck_change_card(
                deck=deck,
                user=request.user,
                card=card,
                delta=data["delta"],
                board=data["board"] or "main",
            )
        except ApplicationError as problem:
            return problem.message, None
        return None, None

    return _small_form_write(request, deck_id, CardChangeForm, change)


@login_required
@require_POST
@refusals
def set_built(request: HttpRequest, deck_id: int) -> HttpResponse:
    """The owner marks the deck built from their cards, or takes the mark off."""

    def mark(deck: Deck, data: dict) -> tuple[str | None, str | None]:
        services.deck_set_built(deck=deck, user=request.user, built=data["built"])
        if deck.built:
            return None, _("Marked as built: its cards now count as taken.")
        return None, _("No longer marked as built: its cards are free again.")

    return _small_form_write(request, deck_id, BuiltForm, mark)


@login_required
@require_POST
@refusals
def add_by_name(request: HttpRequest, deck_id: int) -> HttpResponse:
    """Quick add: a typed line such as “3 Éjlépő Kajtár” or “2x AF1-004”."""
    deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
    # A suggestion's button sends its corrected line as "fix".
    line = request.POST.get("fix") or request.POST.get("line", "")
    error = None
    try:
        parsed = codec.parse_text(
            line, lookup=selectors.game_lookup(deck.game), limits=limits.list_limits()
        )
    except codec.ListTooLarge as problem:
        parsed, error = codec.ParsedList(), {"message": problem.message(get_language())}
    if parsed.errors:
        first = parsed.errors[0]
        language = get_language()
        # names in the page's language, as the import page offers them
        fixes = [{"name": name, "line": fixed} for name, fixed in first.fixes(language)]
        # With buttons the suggestions are named once, on the buttons; without, in the message.
        error = {
            "message": first.reason(language) if fixes else first.message(language),
            "fixes": fixes,
        }
    else:
        try:
            services.deck_add_entries(deck=deck, user=request.user, entries=parsed.entries)
        except ApplicationError as problem:
            error = {"message": problem.message}
    # The message goes beside the box it is about, in both answers; the box keeps the line.
    status = 400 if error else 200
    deck.refresh_from_db()
    if request.htmx:
        context = _deck_context(request, deck, quick_error=error)
        return render(request, "decks/_quick_add_answer.html", context, status=status)
    if error:
        search = _builder_search(deck, "")
        return _builder_page(
            request, deck, status=status, search=search, quick_error=error, quick_line=line
        )
    return redirect("decks:edit", deck.pk)


@require_GET
@refusals
def autocomplete(request: HttpRequest) -> HttpResponse:
    """The quick add's name suggestions: names of the builder's game (`game`, its slug) only,
    the names its add accepts."""
    game = request.GET.get("game", "")
    if not game:
        raise BadParameter("game", _("“%(name)s” is missing.") % {"name": "game"})
    if game not in GAMES:
        raise BadParameter("game", _("There is no game “%(game)s”.") % {"game": game[:40]})
    typed = request.GET.get("line", "").lstrip("0123456789xX ").strip()
    names = cards_autocomplete(query=typed, game=game)
    return render(request, "decks/_names.html", {"names": names})


def _tool_urls(deck: Deck, *, via_link: bool) -> dict:
    """Where the deck's sample hand and odds are asked: by its share link, or its number."""
    if via_link:
        return {
            "sample_url": reverse("decks:sample_shared", args=[deck.share_token]),
            "odds_url": reverse("decks:odds_shared", args=[deck.share_token]),
            "page_url": reverse("decks:shared", args=[deck.share_token]),
        }
    return {
        "sample_url": reverse("decks:sample", args=[deck.pk]),
        "odds_url": reverse("decks:odds", args=[deck.pk]),
        "page_url": reverse("decks:detail", args=[deck.pk]),
    }


def _by_number_and_by_link(tool):
    """A deck tool's two doors: by the deck's number (its owner, or anyone for a public deck)
    and by its share link. A malformed number in the query string is a 400 that names it."""

    @require_GET
    @refusals
    def by_number(request: HttpRequest, deck_id: int) -> HttpResponse:
        deck = selectors.deck_for_viewer(deck_id=deck_id, user=request.user)
        return tool(request, deck, via_link=False)

    @require_GET
    @refusals
    def by_link(request: HttpRequest, token: str) -> HttpResponse:
        return tool(request, selectors.deck_by_share_token(token=token), via_link=True)

    return by_number, by_link


def _sample_hand(request: HttpRequest, deck: Deck, *, via_link: bool) -> HttpResponse:
    seed = _seed(request)
    entries = selectors.deck_entries(deck)
    room = odds.odds_room(deck.game.slug)  # the game's goldfish, if the builder plays one
    context = {
        "deck": deck,
        "seed": seed,
        "hand": odds.sample_hand(entries, seed),
        "goldfish": room.goldfish(entries, seed) if room else [],
        **_tool_urls(deck, via_link=via_link),
    }
    template = "decks/_sample.html" if request.htmx else "decks/sample.html"
    return render(request, template, context)


def _odds_query(request: HttpRequest, deck: Deck, *, via_link: bool) -> HttpResponse:
    """The chance of drawing a chosen card or type by turn N (the builder's odds form)."""
    room = odds.odds_room(deck.game.slug)
    if room is None:
        raise NotFound("no_odds", _("The deck builder has no draw odds for this game."))
    entries = selectors.deck_entries(deck)
    target = request.GET.get("target", "")
    kind, _sep, value = target.partition(":")
    turn = int_param(request.GET.get("turn"), name="turn", minimum=0, maximum=20, default=1)
    k = int_param(request.GET.get("k"), name="k", minimum=1, maximum=10, default=1)
    on_the_play = request.GET.get("play", "1") == "1"
    target_name = odds.target_name(entries, kind, value, get_language())
    if target_name is None:
        raise BadParameter("target", _("This deck has no such card or card type to count."))
    test = odds.of_type(value) if kind == "type" else value
    probability = room.odds_for(entries, test, turn, on_the_play, k)
    context = {
        "deck": deck,
        "target": target_name,
        "percent": odds.format_percent(probability, get_language()),
        "turn": turn,
        "k": k,
        "on_the_play": on_the_play,
        "seen": room.cards_seen_by_turn(turn, on_the_play),
        **_tool_urls(deck, via_link=via_link),
    }
    template = "decks/_odds_answer.html" if request.htmx else "decks/odds.html"
    return render(request, template, context)


sample_hand, sample_hand_shared = _by_number_and_by_link(_sample_hand)
odds_query, odds_query_shared = _by_number_and_by_link(_odds_query)


def _seed(request: HttpRequest) -> int:
    """The seed a shared link names, or a fresh one."""
    raw = request.GET.get("seed")
    if not raw:
        return random.SystemRandom().randrange(1, 10**9)
    return int_param(raw, name="seed", minimum=0, maximum=SEED_MAX)


# --- settings, history ------------------------------------------------------------
@login_required
@require_http_methods(["GET", "POST"])
@refusals
def settings_view(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
    form = DeckSettingsForm(posted(request), initial=_settings_of(deck), game=deck.game.slug)
    if request.method == "POST" and form.is_valid():
        try:
            services.deck_update(
                deck=deck,
                user=request.user,
                name=form.cleaned_data["name"],
                description=form.cleaned_data["description"],
                format_id=form.cleaned_data["format"],
                visibility=form.cleaned_data["visibility"],
                expected_stamp=form.cleaned_data["version"],
            )
        except Conflict as stale:
            if stale.code != "stale":
                raise
            return _stale_settings(request, deck, form)
        messages.success(request, _("Deck settings saved."))
        return redirect("decks:edit", deck.pk)
    status = 400 if form.errors else 200
    return render(request, "decks/settings.html", {"deck": deck, "form": form}, status=status)


def _settings_of(deck: Deck) -> dict:
    """The settings form's values for the deck as it is, with the stamp they were read at."""
    fields = ["name", "description", "format", "visibility"]
    return {**model_to_dict(deck, fields=fields), "version": services.edit_stamp(deck)}


def _stale_settings(request: HttpRequest, deck: Deck, sent: DeckSettingsForm) -> HttpResponse:
    """409: the deck changed after the page was made. The form now holds the deck as it is
    (saving it again changes nothing back) and what was sent is listed beside it, so
    nothing typed is lost."""
    deck.refresh_from_db()
    now = _settings_of(deck)
    form = DeckSettingsForm(initial=now, game=deck.game.slug)
    unsaved = []
    for name in ("name", "description", "format", "visibility"):
        value = sent.cleaned_data[name]
        if value != now[name]:
            field = form.fields[name]
            shown = dict(field.choices).get(value, value) if hasattr(field, "choices") else value
            unsaved.append({"label": field.label, "value": shown})
    context = {"deck": deck, "form": form, "stale": True, "unsaved": unsaved}
    return render(request, "decks/settings.html", context, status=409)


@login_required
@require_POST
@refusals
def delete(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
    if services.deck_delete(deck=deck, user=request.user):
        messages.success(
            request,
            _("Deck deleted. The matches played with it keep the version they were played with."),
        )
    else:
        messages.success(request, _("Deck deleted."))
    return redirect("decks:index")


@login_required
@require_GET
@refusals
def history(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
    past = deck_history(deck, page=request.GET.get("page"))
    context = {
        "deck": deck,
        "rows": past.rows,
        "page": past.page,
        "choices": past.choices,
        "compare": None,
        "compare_error": None,
        "selected": past.numbers[1::-1],  # [older, newer]: the form starts on the two newest
        "versions_kept": limits.versions_kept(),
        "pages_keep": "",
    }
    if "a" in request.GET or "b" in request.GET:
        try:
            context["compare"] = compare_versions(
                past, a=request.GET.get("a"), b=request.GET.get("b")
            )
        except ApplicationError as problem:  # BadParameter too: shown on the page, by the form
            context["compare_error"] = problem.message
        else:
            context["selected"] = [context["compare"].a.number, context["compare"].b.number]
            # a comparison shown stays shown on every page of the history
            a, b = context["selected"]
            context["pages_keep"] = f"a={a}&b={b}&"
    status = 400 if context["compare_error"] else 200
    return render(request, "decks/history.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
@refusals
def restore(request: HttpRequest, deck_id: int, number: int) -> HttpResponse:
    """GET asks first (what would change, a button); the POST from that page restores."""
    deck = selectors.deck_for_owner(deck_id=deck_id, user=request.user)
    if request.method == "GET":
        preview = restore_preview(deck, number)
        if preview is None:
            raise Http404
        return render(request, "decks/restore.html", {"deck": deck, "preview": preview})
    try:
        services.deck_restore(deck=deck, user=request.user, number=number)
    except ApplicationError as problem:
        messages.error(request, problem.message)
    else:
        restored = {"n": number}
        messages.success(request, percent_filled(_("Version %(n)s restored."), restored))
    return redirect("decks:history", deck.pk)


# --- export -------------------------------------------------------------------------
@require_GET
@refusals
def export(request: HttpRequest, deck_id: int, kind: str) -> HttpResponse:
    deck = selectors.deck_for_viewer(deck_id=deck_id, user=request.user)
    return _export(deck, kind)


@require_GET
@refusals
def export_shared(request: HttpRequest, token: str, kind: str) -> HttpResponse:
    return _export(selectors.deck_by_share_token(token=token), kind)


@require_GET
@refusals
def code_page(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = selectors.deck_for_viewer(deck_id=deck_id, user=request.user)
    return _code_page(request, deck, reverse("decks:detail", args=[deck.pk]))


@require_GET
@refusals
def code_page_shared(request: HttpRequest, token: str) -> HttpResponse:
    deck = selectors.deck_by_share_token(token=token)
    return _code_page(request, deck, reverse("decks:shared", args=[token]))


def _code_page(request: HttpRequest, deck: Deck, deck_url: str) -> HttpResponse:
    """The deck code to copy, with the deck's name; export/code/ stays the bare code for scripts."""
    code = selectors.deck_code(deck)
    return render(request, "decks/code.html", {"deck": deck, "code": code, "deck_url": deck_url})


def _export(deck: Deck, kind: str) -> HttpResponse:
    if kind == "text":
        text = selectors.deck_text(deck, get_language())
        return HttpResponse(text, content_type="text/plain; charset=utf-8")
    if kind == "json":
        body = json.dumps(selectors.deck_file(deck), ensure_ascii=False, indent=2)
        return HttpResponse(body, content_type="application/json; charset=utf-8")
    if kind == "code":
        return HttpResponse(selectors.deck_code(deck), content_type="text/plain")
    raise Http404
