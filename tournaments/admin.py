"""Admin of tournaments: read-mostly, for support; results change through the services (logged)."""

from django.contrib import admin
from django.db.models import F

from core.forms import changed_columns
from tournaments.models import Pairing, Player, ResultChange, Round, Tournament


class RaisesTheEventsVersion:
    """A change made here raises its event's version, as every service write does: the
    live part's kept rows and its ETag are keyed by it (tournaments.live), and would go on
    showing the event as it was before the change."""

    @staticmethod
    def event_id(obj):
        return obj.tournament_id

    def _raise(self, obj) -> None:
        Tournament.objects.filter(pk=self.event_id(obj)).update(version=F("version") + 1)

    def save_model(self, request, obj, form, change) -> None:
        # A change writes the columns the form changed: a whole row as this page read it
        # would put back a version (or a drop, a round's end) the services moved meanwhile,
        # and a version gone back names an older state's kept rows and ETag.
        if change:
            obj.save(update_fields=changed_columns(form))
        else:
            super().save_model(request, obj, form, change)
        self._raise(obj)

    def delete_model(self, request, obj) -> None:
        event_id = self.event_id(obj)
        super().delete_model(request, obj)
        Tournament.objects.filter(pk=event_id).update(version=F("version") + 1)

    def delete_queryset(self, request, queryset) -> None:
        event_ids = {self.event_id(obj) for obj in queryset}
        super().delete_queryset(request, queryset)
        Tournament.objects.filter(pk__in=event_ids).update(version=F("version") + 1)


@admin.register(Tournament)
class TournamentAdmin(RaisesTheEventsVersion, admin.ModelAdmin):
    list_display = ("name", "game", "status", "organiser", "created_at")
    list_filter = ("status", "game", "listed")
    search_fields = ("name", "organiser__username")
    raw_id_fields = ("organiser",)
    readonly_fields = ("id", "seed", "version", "created_at", "started_at", "finished_at")

    @staticmethod
    def event_id(obj):
        return obj.pk


@admin.register(Player)
class PlayerAdmin(RaisesTheEventsVersion, admin.ModelAdmin):
    list_display = ("user", "tournament", "dropped_after_round", "draw", "registered_at")
    search_fields = ("user__username", "tournament__name")
    raw_id_fields = ("tournament", "user", "deck_version")
    readonly_fields = ("deck_version", "draw", "registered_at")


@admin.register(Round)
class RoundAdmin(RaisesTheEventsVersion, admin.ModelAdmin):
    list_display = ("tournament", "number", "stage", "started_at", "ends_at", "finished_at")
    raw_id_fields = ("tournament",)
    readonly_fields = ("tournament", "number", "stage", "started_at")


@admin.register(Pairing)
class PairingAdmin(RaisesTheEventsVersion, admin.ModelAdmin):
    """Results are entered and corrected on the tournament's page, where each change is logged."""

    list_display = (
        "round",
        "table",
        "player_a",
        "player_b",
        "outcome",
        "wins_a",
        "wins_b",
        "draws",
    )
    list_filter = ("outcome",)
    raw_id_fields = ("round", "player_a", "player_b")
    readonly_fields = (
        "round", "table", "player_a", "player_b", "wins_a", "wins_b", "draws", "outcome",
        "decided_at",
    )  # fmt: skip

    @staticmethod
    def event_id(obj):
        return obj.round.tournament_id

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    list_display = ("pairing", "reason", "changed_by", "created_at")
    list_filter = ("reason",)
    readonly_fields = ("pairing", "changed_by", "reason", "before", "after", "created_at")

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
