"""Site-wide pages: home, health, language choice."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django.views.i18n import set_language as django_set_language

from core import health
from core.games import GAMES


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    return render(request, "core/home.html", {"games": GAMES})


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    checks = health.run_checks(include_worker=request.GET.get("worker") == "1")
    healthy = all(check.ok for check in checks)
    body = {
        "status": "ok" if healthy else "unavailable",
        "checks": {check.name: check.as_dict() for check in checks},
    }
    return JsonResponse(body, status=200 if healthy else 503)


@require_POST
def set_language(request: HttpRequest) -> HttpResponse:
    """Django's language switch (cookie), plus the choice saved on the account."""
    response = django_set_language(request)
    language = request.POST.get("language")
    if request.user.is_authenticated and language in dict(request.user.LANGUAGE_CHOICES):
        if request.user.language != language:
            request.user.language = language
            request.user.save(update_fields=["language"])
    return response
