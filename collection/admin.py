"""Collections in the admin: for support (look up what a player owns), read-mostly.

Counts are edited by players through collection.services; the admin shows them
and lets staff remove a row or revoke a share link, nothing cleverer.
"""

from django.contrib import admin

from collection.models import CollectionShare, OwnedCard


@admin.register(OwnedCard)
class OwnedCardAdmin(admin.ModelAdmin):
    list_display = ("user", "card", "count", "updated_at")
    list_filter = ("card__game", "card__card_set")
    search_fields = ("user__username", "card__code", "card__name")
    list_select_related = ("user", "card")
    # Thousands of users and cards: a text box for the id, not a drop-down of every row.
    raw_id_fields = ("user", "card")
    readonly_fields = ("updated_at",)


@admin.register(CollectionShare)
class CollectionShareAdmin(admin.ModelAdmin):
    list_display = ("user", "created_at")
    search_fields = ("user__username",)
    list_select_related = ("user",)
    raw_id_fields = ("user",)
    # The token is the key to a private collection: staff may revoke it (delete), not read it.
    exclude = ("token",)
    readonly_fields = ("user", "created_at")

    def has_add_permission(self, request) -> bool:
        return False  # a link is made by its owner (collection_share), with a fresh token
