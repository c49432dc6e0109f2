from django.conf import settings
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularSwaggerSplitView

from accounts.api import MeApi, ObtainTokenApi
from catalog import api as catalog_api
from collection import api as collection_api
from collection.trade_api import api_patterns as trade_api_patterns
from core.schema import SchemaApi
from decks import api as decks_api
from play import api as play_api
from printing import api as printing_api
from tournaments import api as tournaments_api

api_patterns = [
    path("cards/", catalog_api.CardListApi.as_view(), name="card-list"),
    path("cards/autocomplete/", catalog_api.AutocompleteApi.as_view(), name="card-autocomplete"),
    path("cards/named/", catalog_api.NamedCardApi.as_view(), name="card-named"),
    path("cards/export/", catalog_api.CardExportApi.as_view(), name="card-export"),
    path("cards/<str:code>/", catalog_api.CardDetailApi.as_view(), name="card-detail"),
    path("sets/", catalog_api.SetListApi.as_view(), name="set-list"),
    path("sets/<str:code>/", catalog_api.SetDetailApi.as_view(), name="set-detail"),
    path("games/", catalog_api.GameListApi.as_view(), name="game-list"),
    path("decks/", decks_api.DeckListApi.as_view(), name="deck-list"),
    path("decks/validate/", decks_api.ValidateApi.as_view(), name="deck-validate"),
    path("decks/<id:deck_id>/", decks_api.DeckDetailApi.as_view(), name="deck-detail"),
    path("decks/<id:deck_id>/export/", decks_api.ExportApi.as_view(), name="deck-export"),
    path("", include(collection_api.api_patterns)),
    path("", include(trade_api_patterns)),
    path("decks/<id:deck_id>/missing/", decks_api.DeckMissingApi.as_view(), name="deck-missing"),
    path("matches/", play_api.MatchListApi.as_view(), name="match-list"),
    path("matches/<uuid:match_id>/", play_api.MatchDetailApi.as_view(), name="match-detail"),
    path("matches/<uuid:match_id>/join/", play_api.JoinApi.as_view(), name="match-join"),
    path("matches/<uuid:match_id>/actions/", play_api.ActionApi.as_view(), name="match-actions"),
    path("matches/<uuid:match_id>/ready/", play_api.ReadyApi.as_view(), name="match-ready"),
    path("matches/<uuid:match_id>/claim-win/", play_api.ClaimWinApi.as_view(), name="match-claim"),
    path(
        "matches/<uuid:match_id>/seat-to-bot/",
        play_api.SeatToBotApi.as_view(),
        name="match-seat-to-bot",
    ),
    path(
        "matches/<uuid:match_id>/take-seat-back/",
        play_api.TakeSeatBackApi.as_view(),
        name="match-take-seat-back",
    ),
    path("matches/<uuid:match_id>/resign/", play_api.ResignApi.as_view(), name="match-resign"),
    path("matches/<uuid:match_id>/call-off/", play_api.CallOffApi.as_view(), name="match-call-off"),
    path("matches/<uuid:match_id>/leave/", play_api.LeaveApi.as_view(), name="match-leave"),
    path("matches/<uuid:match_id>/replay/", play_api.ReplayApi.as_view(), name="match-replay"),
    path("matches/<uuid:match_id>/chat/", play_api.ChatApi.as_view(), name="match-chat"),
    path("matches/<uuid:match_id>/hint/", play_api.hint_view, name="match-hint"),
    path("", include(tournaments_api.api_patterns)),
    path("print-jobs/", printing_api.PrintJobListApi.as_view(), name="print-job-list"),
    path(
        "print-jobs/<uuid:job_id>/",
        printing_api.PrintJobDetailApi.as_view(),
        name="print-job-detail",
    ),
    path(
        "print-jobs/<uuid:job_id>/download/",
        printing_api.PrintJobDownloadApi.as_view(),
        name="print-job-download",
    ),
    path("me/", MeApi.as_view(), name="me"),
    path("auth/token/", ObtainTokenApi.as_view(), name="token"),
    # built once per process and language (core.schema: nothing a visitor sends makes a key)
    path("schema/", SchemaApi.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file of its own
    # (?script), which the Content-Security-Policy allows; an inline one it would not.
    # GET and HEAD only: DRF's OPTIONS answer would be drawn by the page's template
    # renderer, which has no template for it (a 500)
    path(
        "docs/",
        SpectacularSwaggerSplitView.as_view(
            url_name="api:schema", http_method_names=["get", "head"]
        ),
        name="docs",
    ),
]

urlpatterns = [
    path("", include("core.urls")),
    path("accounts/", include("accounts.urls")),
    path("cards/", include("catalog.urls")),
    path("decks/", include("decks.urls")),
    path("collection/", include("collection.urls")),
    path("print/", include("printing.urls")),
    path("play/", include("play.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("api/", include((api_patterns, "api"))),
    path("admin/", include("accounts.admin_urls")),  # its login and password change, limited
    path("admin/", admin.site.urls),
]

handler400 = "core.views.bad_request"
handler403 = "core.views.permission_denied"
handler404 = "core.views.page_not_found"
handler500 = "core.views.server_error"

if settings.DEBUG:
    from django.conf.urls.static import static

    from core.views import media_file

    urlpatterns += static(settings.MEDIA_URL, view=media_file)
