"""Collection pages: my cards with − / +, import, export, the unlisted link, the set button.

Thin views: the writes are collection.services, the reads collection.summary
and collection.selectors; refusals come back where the user acted (htmx: the
partial with its message and a 4xx, which the site's htmx config swaps in;
without JavaScript: a message and a redirect back to the page).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from catalog.models import Card, CardSet
from catalog.paging import CappedPaginator
from catalog.search import SearchError, cards_search
from catalog.views import search_error_context
from collection import services, summary
from collection.forms import AddSetForm, CountChangeForm, ImportForm, ShareForm
from collection.templatetags.collection_tags import owned_context, set_add_context
from core.errors import ApplicationError, NotFound
from core.forms import posted, posted_files
from core.params import next_or
from core.refusals import refusals

PAGE_SIZE = 60


def _owned_results(request: HttpRequest, owner, query: str) -> tuple[dict, int]:
    """The page of `owner`'s cards matching `query` (the catalog's search language).

    A query the parser cannot read is explained as on the catalog page, with a 400.
    """
    context: dict = {"query": query}
    try:
        # Restricting the queryset first keeps the search to the rows this owner has;
        # `owner` makes the owned-count keys (own>=2: my duplicates) count this collection;
        # read on someone else's (a shared link), they are described as the owner's copies.
        result = cards_search(
            query,
            queryset=Card.objects.filter(owners__user=owner),
            owner=owner,
            owner_is_reader=request.user.pk == owner.pk,
        )
    except SearchError as error:
        context.update(search_error_context(query, error))
        return context, 400
    cards = summary.owned_cards(owner, result.cards)
    page = CappedPaginator(cards, PAGE_SIZE).get_page(request.GET.get("page"))
    context.update(page=page, description=result.description, warnings=result.warnings)
    return context, 200


def _collection_page(request: HttpRequest, owner, *, template: str, **extra) -> HttpResponse:
    query = request.GET.get("q", "").strip()
    results, status = _owned_results(request, owner, query)
    if request.htmx and request.htmx.target == "collection-results":
        return render(request, "collection/_results.html", {**results, **extra}, status=status)
    context = {**results, "games": summary.collection_summary(owner), "owner": owner, **extra}
    return render(request, template, context, status=status)


# --- pages ---------------------------------------------------------------------------
@login_required
@require_GET
def index(request: HttpRequest) -> HttpResponse:
    token = summary.share_token(request.user)
    share_url = (
        request.build_absolute_uri(reverse("collection:shared", args=[token])) if token else ""
    )
    return _collection_page(
        request,
        request.user,
        template="collection/index.html",
        editable=True,
        share_url=share_url,
        search_url=reverse("collection:index"),
    )


@require_GET
@refusals  # a wrong or withdrawn token: the 404 page
def shared(request: HttpRequest, token: str) -> HttpResponse:
    owner = summary.collection_by_token(token)
    return _collection_page(
        request,
        owner,
        template="collection/shared.html",
        editable=False,
        search_url=reverse("collection:shared", args=[token]),
    )


@login_required
@require_http_methods(["GET", "POST"])
def import_view(request: HttpRequest) -> HttpResponse:
    form = ImportForm(posted(request), posted_files(request))
    line_errors: list = []
    if request.method == "POST" and form.is_valid():
        try:
            result = services.collection_import(
                user=request.user,
                text=form.cleaned_data["csv"],
                game_slug=form.cleaned_data["game"],
                mode=form.cleaned_data["mode"],
            )
        except services.CollectionImportError as problem:
            line_errors = problem.lines  # listed above the form; nothing was saved
        except ApplicationError as problem:  # too large, empty, unknown game
            form.add_error(None, problem.message)
        else:
            messages.success(request, _imported_message(result))
            return redirect("collection:index")
    status = 400 if request.method == "POST" and (form.errors or line_errors) else 200
    return render(
        request, "collection/import.html", {"form": form, "line_errors": line_errors}, status=status
    )


def _imported_message(result) -> str:
    # Worded without a number before a noun: Hungarian and English agree on the form then.
    if result.mode == "replace":
        text = _("Collection replaced. Cards: %(cards)s, copies: %(copies)s.")
    else:
        text = _("Import done. Cards: %(cards)s, copies: %(copies)s.")
    text = text % {"cards": result.cards, "copies": result.copies}
    if result.removed:
        text += " " + _("Cards removed: %(n)s.") % {"n": result.removed}
    return text


@login_required
@never_cache  # a person's whole collection: kept by no cache on the way
@require_GET
def export(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(
        summary.collection_csv(request.user), content_type="text/csv; charset=utf-8"
    )
    response["Content-Disposition"] = 'attachment; filename="kartyavar-collection.csv"'
    return response


@login_required
@require_POST
def share(request: HttpRequest) -> HttpResponse:
    form = ShareForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("That request could not be read."))
    elif form.cleaned_data["action"] == "make":
        services.collection_share(user=request.user)
        messages.success(
            request, _("Your collection now has a link: whoever has it can see your cards.")
        )
    elif services.collection_unshare(user=request.user):
        messages.success(request, _("The link is withdrawn: it no longer shows your collection."))
    return redirect(reverse("collection:index") + "#share")


# --- the buttons ------------------------------------------------------------------------
@login_required
@require_POST
@refusals  # an unknown card: a 404 (a fragment for htmx)
def change(request: HttpRequest) -> HttpResponse:
    """− or +: one copy fewer or more of one card, answered where the button was."""
    form = CountChangeForm(request.POST)
    if not form.is_valid():
        raise ApplicationError("bad_change", _("That change could not be read."))
    card = Card.objects.select_related("card_set").filter(code=form.cleaned_data["code"].upper())
    card = card.first()
    if card is None:
        raise NotFound("no_such_card", _("There is no such card."))
    error, count = "", None
    try:
        count = services.collection_change_count(
            user=request.user, code=card.code, delta=form.cleaned_data["delta"]
        )
    except ApplicationError as problem:  # above 999, none left
        error = problem.message
    back = next_or(request, card.get_absolute_url())
    if request.htmx:
        compact = request.POST.get("compact") == "1"
        context = owned_context(
            request, card, count=count, error=error, compact=compact, next_url=back
        )
        template = "collection/_card_owned.html"
        if compact:  # the collection page: its counts by set change with the row
            context["games"] = summary.collection_summary(request.user)
            template = "collection/_row_answer.html"
        return render(request, template, context, status=400 if error else 200)
    if error:
        messages.error(request, error)
    return redirect(back)


@login_required
@require_POST
@refusals  # an unknown set: a 404
def add_set(request: HttpRequest, code: str) -> HttpResponse:
    # Set codes are stored upper-case; any case finds the set, as on the set's page.
    card_set = CardSet.objects.filter(code=code.upper()).first()
    if card_set is None:
        raise NotFound("no_such_set", _("There is no such set."))
    form = AddSetForm(request.POST)
    done, error = "", ""
    if not form.is_valid():
        error = _("Choose how many copies of each card to add (1 to 999).")
    else:
        copies = form.cleaned_data["copies"]
        try:
            result = services.collection_add_set(
                user=request.user, set_code=card_set.code, copies=copies
            )
        except ApplicationError as problem:
            error = problem.message
        else:
            done = _set_added_message(result, copies)
    back = next_or(request, card_set.get_absolute_url())
    if request.htmx:
        context = set_add_context(request, card_set, done=done, error=error, next_url=back)
        return render(request, "collection/_set_add.html", context, status=400 if error else 200)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, done)
    return redirect(back)


def _set_added_message(result, copies: int) -> str:
    text = _("Added to your collection: every card of the set (%(n)s), %(copies)s × each.") % {
        "n": result.cards,
        "copies": copies,
    }
    if result.capped:
        text += " " + _("Some cards could not take them all (at most 999 copies): %(n)s.") % {
            "n": result.capped
        }
    return text
