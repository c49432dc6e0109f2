"""Trade pages: my have and want lists, partners, proposing, answering.

Thin views: the writes are collection.trades, the reads collection.partners.
The lists are refreshed lazily (collection.trades' contract): each page that
reads them first rewrites the visitor's default rows, so what it shows follows
the collection and the decks as they are now. Refusals come back where the
user acted: for htmx, the block that was changed with its message and a 4xx
(the site's htmx config swaps 4xx answers in); without JavaScript, the page
again with the message.
"""

from __future__ import annotations

from functools import partial
from urllib.parse import parse_qs, urlencode, urlsplit

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from collection import partners as reads
from collection import trades
from collection.models import ProposalStatus, TradeSide
from collection.trade_forms import (
    DecisionForm,
    EntryForm,
    ListsOpenForm,
    ProposalForm,
    WantDeckForm,
)
from core.errors import ApplicationError, NotFound
from core.forms import posted
from core.middleware import page_asked_from
from core.refusals import explained, refusals

# --- my lists ----------------------------------------------------------------------------
DECKS_PAGE = "decks"  # the query parameter of the page of deck checkboxes


def _lists_context(user, decks_page: object = None, **extra) -> dict:
    decks = reads.want_decks_page(user, decks_page)
    return {
        "lists": reads.trade_lists(user),
        "decks": decks.page.object_list,
        "decks_page": decks.page,
        "decks_ticked": decks.ticked,
        "lists_open": user.trades_open,
        **extra,
    }


def _decks_page_asked(request: HttpRequest) -> str | None:
    """The page of deck checkboxes the visitor was on when they changed something: a
    checkbox's form says it; htmx's other forms are answered on the page's own."""
    if request.POST.get(DECKS_PAGE):
        return request.POST[DECKS_PAGE]
    if request.htmx:  # the page it was on, if it is one of ours (not any header's text)
        return parse_qs(urlsplit(page_asked_from(request)).query).get(DECKS_PAGE, [None])[0]
    return None


def _lists_answer(
    request: HttpRequest, *, error: str = "", error_at: str = "", done: str = "", done_at=""
):
    """The changed lists: for htmx the block in place (4xx with a refusal), else the page
    at the part changed (`error_at`, `done_at`).

    A refused "add a card" form comes back with what was typed, to be corrected.
    """
    decks_page = _decks_page_asked(request)
    if request.htmx:
        typed = {}
        if error and error_at.startswith("add-"):
            typed = {k: request.POST.get(k, "")[:32] for k in ("code", "count")}
            typed["side"] = error_at.removeprefix("add-")
        context = _lists_context(
            request.user, decks_page, error=error, error_at=error_at, done=done, typed=typed
        )
        return render(
            request, "collection/trades/_lists.html", context, status=400 if error else 200
        )
    if error:
        messages.error(request, error)
    elif done:
        messages.success(request, done)
    anchor = f"#{error_at or done_at or 'trade-lists'}"
    # back to the page of decks the checkbox was on (a number: the page brings it into range)
    query = f"?{urlencode({DECKS_PAGE: decks_page[:20]})}" if decks_page else ""
    return redirect(reverse("collection:trades") + query + anchor)


@login_required
@require_GET
def trades_index(request: HttpRequest) -> HttpResponse:
    trades.trade_lists_refresh(user=request.user)
    context = _lists_context(request.user, request.GET.get(DECKS_PAGE))
    return render(request, "collection/trades/index.html", context)


@login_required
@require_POST
def entry(request: HttpRequest) -> HttpResponse:
    """Set one card's count on my have or want list, or put it back to the default."""
    form = EntryForm(request.POST)
    side = request.POST.get("side") if request.POST.get("side") in TradeSide.values else "have"
    # A refusal goes beside the row the user changed, or the "add a card" form of that side.
    where = request.POST.get("where") or ""
    error_at = where if where.startswith(("row-", "add-")) and len(where) < 48 else f"add-{side}"
    if not form.is_valid():
        problems = [str(e) for errors in form.errors.values() for e in errors]
        return _lists_answer(request, error=" ".join(problems), error_at=error_at)
    data = form.cleaned_data
    try:
        if data["action"] == "reset":
            trades.trade_entry_reset(user=request.user, code=data["code"], side=data["side"])
            done = _("Back to the default.")
        else:
            trades.trade_entry_set(
                user=request.user, code=data["code"], side=data["side"], count=data["count"]
            )
            done = _("Saved.")
    except ApplicationError as problem:  # not free, unknown card
        return _lists_answer(request, error=explained(problem), error_at=error_at)
    return _lists_answer(request, done=done)


@login_required
@require_POST
@refusals  # another player's deck (no checkbox of ours names it): 404, as its pages answer
def want_deck(request: HttpRequest) -> HttpResponse:
    """A deck's checkbox: its missing cards on my want list, or off it."""
    form = WantDeckForm(request.POST)
    if not form.is_valid():
        return _lists_answer(request, error=_("That change could not be read."), error_at="decks")
    try:
        trades.trade_want_deck_set(
            user=request.user, deck_id=form.cleaned_data["deck"], on=form.cleaned_data["on"]
        )
    except NotFound:
        raise
    except ApplicationError as problem:
        return _lists_answer(request, error=explained(problem), error_at="decks")
    done = _("Your want list follows your chosen decks.")
    return _lists_answer(request, done=done, done_at="decks")


@login_required
@require_POST
def lists_open(request: HttpRequest) -> HttpResponse:
    """Show my lists to other players, or hide them (the switch above the lists)."""
    form = ListsOpenForm(request.POST)
    if not form.is_valid():
        return _lists_answer(request, error=_("That change could not be read."), error_at="open")
    shown = trades.trade_lists_open(user=request.user, open=form.cleaned_data["open"])
    if shown:
        done = _("Other players can now find your lists and propose trades to you.")
    else:
        done = _("Your lists are hidden: only you see them now.")
    return _lists_answer(request, done=done)


# --- partners and proposing -----------------------------------------------------------------
@login_required
@require_GET
def partners_view(request: HttpRequest) -> HttpResponse:
    trades.trade_lists_refresh(user=request.user)
    rows = reads.kept_partners(request.user)
    context = {"partners": rows, "lists_open": request.user.trades_open}
    return render(request, "collection/trades/partners.html", context)


def _proposal_form(request: HttpRequest, choices: reads.ProposalChoices) -> ProposalForm:
    """The propose form over `choices`, each card's box filled with its suggestion."""
    return ProposalForm(
        posted(request),
        gives=choices.give,
        gets=choices.get,
        give_counts={row.code: row.suggested for row in choices.give},
        get_counts={row.code: row.suggested for row in choices.get},
    )


def _proposal_form_answer(
    request: HttpRequest,
    form: ProposalForm,
    *,
    send,
    sent: str,
    template_context: dict,
    not_found_is_404: bool,
) -> HttpResponse:
    """The propose form's answer: a valid POST is `send(gives=, gets=, message=)`.

    Sent: to the new proposal with `sent` as the message. Refused (or a GET): the form
    again, the refusal above it, 400 after a POST. With `not_found_is_404` a NotFound
    from `send` is not shown over the form: it goes on to the view's `@refusals`,
    which answers the 404 page.
    """
    refused: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            proposal = send(
                gives=form.cleaned_data["gives"],
                gets=form.cleaned_data["gets"],
                message=form.cleaned_data["message"],
            )
        except ApplicationError as problem:  # not free, too many lines…
            if not_found_is_404 and problem.status_code == 404:
                raise
            refused = _refusal_lines(problem)
            # and at each card's own box, marked for a screen reader too
            for code in problem.extra.get("cards", ()):
                if f"give_{code}" in form.fields:
                    form.add_error(f"give_{code}", _("You do not have this many free copies."))
        else:
            messages.success(request, sent)
            return redirect("collection:proposal", proposal_id=proposal.pk)
    context = {
        **template_context,
        # hidden lists: the page says so, with the way to show them, instead of the form
        "lists_open": request.user.trades_open,
        "refused": refused,
        "form": form,
        "give_rows": form.bound_rows(form.give_rows),
        "get_rows": form.bound_rows(form.get_rows),
    }
    status = 400 if request.method == "POST" else 200
    return render(request, "collection/trades/propose.html", context, status=status)


@login_required
@require_http_methods(["GET", "POST"])
@refusals  # an unknown player, or myself: the 404 page
def propose(request: HttpRequest, username: str) -> HttpResponse:
    partner = reads.trade_player(request.user, username)
    if request.method == "GET":
        trades.trade_lists_refresh(user=request.user)
    choices = reads.proposal_choices(request.user, partner)
    return _proposal_form_answer(
        request,
        _proposal_form(request, choices),
        send=partial(trades.proposal_create, maker=request.user, partner_id=partner.pk),
        sent=_("Your proposal is sent."),
        template_context={"partner_name": partner.username, "counter": None},
        # the partner was found above: a NotFound now (a card, or the partner just gone) is
        # shown as a refusal over the form
        not_found_is_404=False,
    )


def _refusal_lines(problem: ApplicationError) -> list[str]:
    """The refusal as the lines listed above the form (its message names the cards)."""
    return [explained(problem)]


# --- proposals ---------------------------------------------------------------------------------
# The proposals page's three lists, each paged on its own (its query parameter) and kept
# where it was while another is paged: (context name, parameter, what proposals_page reads).
PROPOSAL_LISTS = (
    ("received", "received", {"role": "received"}),
    ("made", "made", {"role": "made"}),
    ("history", "accepted", {"status": ProposalStatus.ACCEPTED}),
)


@login_required
@require_GET
def proposals(request: HttpRequest) -> HttpResponse:
    context = {}
    for name, param, only in PROPOSAL_LISTS:
        page = reads.proposals_page(request.user, request.GET.get(param), **only)
        # each list's links keep the others' pages (only those past the first)
        others = [(p, request.GET.get(p, "")[:20]) for _n, p, _o in PROPOSAL_LISTS if p != param]
        kept = urlencode([(p, value) for p, value in others if value not in ("", "1")])
        context[name] = page.object_list
        context[f"{name}_page"] = page
        context[f"{name}_keep"] = f"{kept}&" if kept else ""
    return render(request, "collection/trades/proposals.html", context)


HISTORY_PAGE = "history"  # the query parameter of a proposal page's history


def _proposal_context(user, proposal_id: int, history_page: object = None, **extra) -> dict:
    view = reads.proposal_for(user, proposal_id)
    other = view.partner_id if view.mine else view.maker_id
    # The history both players keep: the trades accepted between the two of them, a page
    # at a time.
    page = reads.proposals_page(user, history_page, other_id=other, status=ProposalStatus.ACCEPTED)
    return {"proposal": view, "history": page.object_list, "history_page": page, **extra}


@login_required
@require_GET
@refusals  # someone else's proposal: 404
def proposal(request: HttpRequest, proposal_id: int) -> HttpResponse:
    context = _proposal_context(request.user, proposal_id, request.GET.get(HISTORY_PAGE))
    if context["proposal"].new_answer:  # its maker sees the answer now: no longer news
        trades.proposal_answer_seen(user=request.user, proposal_id=proposal_id)
    return render(request, "collection/trades/proposal.html", context)


ANSWERS = {
    "accept": (
        trades.proposal_accept,
        gettext_lazy("Accepted: the cards have moved between your collections."),
    ),
    "decline": (trades.proposal_decline, gettext_lazy("Declined.")),
    "withdraw": (trades.proposal_withdraw, gettext_lazy("Withdrawn.")),
}


@login_required
@require_POST
@refusals  # someone else's proposal: 404
def answer(request: HttpRequest, proposal_id: int) -> HttpResponse:
    """Accept, decline (the partner) or withdraw (the maker); the answer shows by the buttons."""
    # Raises NotFound for a stranger before anything is read from the form.
    reads.proposal_for(request.user, proposal_id)
    form = DecisionForm(request.POST)
    error = done = ""
    if not form.is_valid():
        error = _("That request could not be read.")
    else:
        service, text = ANSWERS[form.cleaned_data["action"]]
        try:
            service(user=request.user, proposal_id=proposal_id)
        except ApplicationError as problem:  # not open any more, copies gone, not yours
            if problem.status_code == 404:
                raise
            error = explained(problem)
        else:
            done = str(text)
    if request.htmx:
        context = _proposal_context(request.user, proposal_id, error=error, done=done)
        return render(
            request, "collection/trades/_proposal.html", context, status=400 if error else 200
        )
    if error:
        messages.error(request, error)
    else:
        messages.success(request, done)
    return redirect("collection:proposal", proposal_id=proposal_id)


@login_required
@require_http_methods(["GET", "POST"])
@refusals  # someone else's proposal: 404; one I cannot answer: its refusal page
def counter(request: HttpRequest, proposal_id: int) -> HttpResponse:
    """The propose form the other way round, filled with the proposal's cards."""
    view = reads.proposal_for(request.user, proposal_id)
    # my own proposal (403), one answered already or whose maker has gone (409): the
    # codes and messages the counter itself, and the API, answer
    trades.proposal_counter_check(user=request.user, proposal=view)
    maker = reads.trade_player(request.user, view.maker_name, listed=False)
    # I give what they asked for and get what they offered: those lines first.
    choices = reads.counter_choices(request.user, view, maker)
    return _proposal_form_answer(
        request,
        _proposal_form(request, choices),
        send=partial(trades.proposal_counter, user=request.user, proposal_id=proposal_id),
        sent=_("Your counter-offer is sent."),
        template_context={"partner_name": view.maker_name, "counter": view},
        not_found_is_404=True,  # the proposal gone or not mine (any more): 404
    )
