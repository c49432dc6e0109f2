"""Catalog pages: search, card, set, game, syntax help, how to play each game."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import (
    FileResponse,
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseNotModified,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.cache import patch_cache_control
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from catalog import how_to_play, selectors, vocab
from catalog import render as card_faces
from catalog.forms import SORTS, FilterForm
from catalog.models import Card, CardSet, Game, Provenance
from catalog.paging import CappedPaginator
from catalog.search import SearchError, cards_search, game_hints
from core.games import GAMES, all_games

PAGE_SIZE = 60
VIEWS = ("grid", "list")


def search_error_context(query: str, error: SearchError) -> dict:
    """A refused query for a page: the error, and the query cut where it went wrong."""
    position = error.extra.get("position")
    return {
        "error": error,
        "error_before": query[:position] if position is not None else query,
        "error_at": query[position : position + 1] if position is not None else "",
        "error_after": query[position + 1 :] if position is not None else "",
    }


@require_GET
def card_list(request: HttpRequest) -> HttpResponse:
    refused_filters = None
    if "filters" in request.GET:
        # The filter panel was submitted: fold its fields into one query and
        # redirect, so the address bar always shows a shareable ?q=.
        form = FilterForm(request.GET)
        if form.is_valid():
            params = {"q": form.to_query()}
            if request.GET.get("view") in VIEWS:
                params["view"] = request.GET["view"]
            return redirect(f"{request.path}?{urlencode(params)}")
        # Refused (a cost of 100, a game that is not one): the panel comes back open with
        # what was chosen and each refused field's reason; nothing of it is applied.
        refused_filters = form
    query = request.GET.get("q", "").strip()
    view = request.GET.get("view") if request.GET.get("view") in VIEWS else "grid"
    # The Sort and Direction menus go to the search beside the query, never into its
    # text: pasted in, they counted against its terms and turned "kajtár -" into a warning.
    order = request.GET.get("order", "")
    order = order if order in dict(SORTS) else ""
    descending = {"desc": True, "asc": False}.get(request.GET.get("dir"))

    context = {
        "query": query,
        "view": view,
        "order": order,
        "dir": "desc" if descending else "asc",
        "sorts": SORTS,
        "filter_form": refused_filters or FilterForm(initial={"q": query}),
        "filters_refused": refused_filters is not None,
    }
    try:
        result = cards_search(query, owner=request.user, order=order, descending=descending)
    except SearchError as error:
        context.update(search_error_context(query, error))
        status = 400
    else:
        page = CappedPaginator(result.cards, PAGE_SIZE).get_page(request.GET.get("page"))
        context.update(
            # The menus show the order the cards are in: the query's own order: and dir:
            # win over them (catalog.search.with_chosen_order).
            order=_menu_order(result.parsed.order_keys),
            dir="desc" if result.parsed.descending else "asc",
            page=page,
            description=result.description,
            warnings=result.warnings,
            hints=game_hints(query, result.parsed),
        )
        status = 400 if refused_filters is not None else 200
    template = "catalog/_results.html" if request.htmx else "catalog/card_list.html"
    return render(request, template, context, status=status)


def _menu_order(order_keys: list[str]) -> str:
    """The Sort menu's choice for a search sorted by `order_keys` ("" when it has none to show)."""
    first = order_keys[0] if order_keys else ""
    return first if first in dict(SORTS) else ""


@require_GET
def card_detail(request: HttpRequest, code: str) -> HttpResponse:
    card = get_object_or_404(Card.objects.select_related("game", "card_set"), code=code)
    language = get_language()
    context = {
        "card": card,
        "reconstructed": set(card.reconstructed_fields),
        "reconstructed_labels": [
            str(Card._meta.get_field(name).verbose_name) for name in card.reconstructed_fields
        ],
        "helper_mark_label": (
            vocab.HELPER_MARKS[card.helper_mark][1 if language == "en" else 0]
            if card.helper_mark
            else ""
        ),
        "other_printings": Card.objects.filter(name=card.name)
        .exclude(pk=card.pk)
        .select_related("card_set"),
    }
    return render(request, "catalog/card_detail.html", context)


@require_GET
def set_detail(request: HttpRequest, code: str) -> HttpResponse:
    # Set codes are stored upper-case; any case finds the set, as for a card's code.
    card_set = get_object_or_404(CardSet.objects.select_related("game"), code=code.upper())
    cards = card_set.cards.order_by("number")
    context = {"set": card_set, "cards": cards, "columns": selectors.set_columns(card_set=card_set)}
    return render(request, "catalog/set_detail.html", context)


@require_GET
def game_detail(request: HttpRequest, slug: str) -> HttpResponse:
    game = get_object_or_404(Game, slug=slug)
    provenance_labels = dict(Provenance.choices)
    context = {
        "game": game,
        "intro": GAMES.get(game.slug),
        "sets": selectors.game_sets(game=game),
        "type_counts": [
            (vocab.TYPES.label(type_id, get_language()), type_id, n)
            for type_id, n in selectors.game_type_counts(game=game)
        ],
        "provenance_counts": [
            (provenance_labels.get(provenance, provenance), provenance, n)
            for provenance, n in selectors.game_provenance_counts(game=game)
        ],
        "samples": selectors.game_sample_cards(game=game),
    }
    return render(request, "catalog/game_detail.html", context)


@require_GET
def syntax(request: HttpRequest) -> HttpResponse:
    return render(request, "catalog/syntax.html", {"games": all_games()})


@require_GET
def rules(request: HttpRequest, slug: str) -> HttpResponse:
    """How to play the game, in the visitor's language, with the figures its code enforces."""
    spec = GAMES.get(slug)
    if spec is None:
        raise Http404
    language = get_language()
    return render(
        request,
        how_to_play.template_name(spec, language),
        how_to_play.page_context(spec, language),
    )


FACE_TYPES = {"png": "image/png", "webp": "image/webp", "large": "image/webp"}


def _picture_response(request: HttpRequest, path, key: str, version: str, fmt: str):
    """A cached picture file: immutable for a year under its ?v=<version> URL, else revalidated."""
    etag = f'"{key[:32]}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = HttpResponseNotModified()
    else:
        response = FileResponse(path.open("rb"), content_type=FACE_TYPES[fmt])
    response["ETag"] = etag
    if request.GET.get("v") == version:
        patch_cache_control(response, public=True, max_age=31536000, immutable=True)
    else:
        patch_cache_control(response, public=True, max_age=3600)
    return response


@require_GET
def card_face(request: HttpRequest, code: str, fmt: str) -> HttpResponse:
    """The card's face: full size (face.png), list size (thumb.webp) or the live table's
    close-up (large.webp), cached on disk.

    Pages link faces as …?v=<version>; such a URL never changes content, so it
    is cached for a year. Without the version it is revalidated by ETag.
    """
    card = get_object_or_404(Card.objects.select_related("game", "card_set"), code=code)
    path, key = card_faces.face_file(card, fmt=fmt)
    return _picture_response(request, path, key, card_faces.face_version(card), fmt)


@require_GET
def card_back(request: HttpRequest, slug: str) -> HttpResponse:
    """A game's card back at list size: what the live tables show for a face-down card."""
    game = get_object_or_404(Game, slug=slug)
    path, key = card_faces.back_file(game.slug, fmt="webp")
    return _picture_response(request, path, key, card_faces.back_version(game.slug), "webp")
