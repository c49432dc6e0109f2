from django.contrib import admin
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from catalog.models import Card, CardSet, Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("slug", "name", "name_en", "position")


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "game", "release_year", "provenance", "position")
    list_filter = ("game", "provenance")
    search_fields = ("code", "name", "name_en")


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "game", "type", "rarity", "cost", "provenance", "art")
    list_filter = ("game", "card_set", "type", "rarity", "provenance", "helper_mark")
    search_fields = ("code", "name", "name_en", "search_name", "text")
    list_select_related = ("game", "card_set")
    readonly_fields = ("art_preview", "search_name", "search_text", "updated_at")
    ordering = ("game__position", "card_set__position", "number")

    @admin.display(description=_("art"))
    def art(self, card: Card) -> str:
        if not card.image:
            return "—"
        return format_html('<img src="{}" alt="" style="height:40px">', card.image.url)

    @admin.display(description=_("art preview"))
    def art_preview(self, card: Card) -> str:
        if not card.image:
            return _("No uploaded art; the card face is drawn from the card's data.")
        return format_html('<img src="{}" alt="" style="max-height:320px">', card.image.url)
