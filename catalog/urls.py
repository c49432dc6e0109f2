from django.urls import path, register_converter

from catalog import views
from catalog.cardfile import CARD_CODE_PATTERN


class CardCodeConverter:
    # The loader's rule (catalog.cardfile), in any case: a card code always holds a
    # dash (AF1-001, ONI-S023), so it never clashes with the fixed words of the other
    # routes, and an address no card code can have is a 404 before any view runs.
    regex = f"(?i:{CARD_CODE_PATTERN})"

    def to_python(self, value: str) -> str:
        return value.upper()

    def to_url(self, value: str) -> str:
        return value


register_converter(CardCodeConverter, "cardcode")

app_name = "catalog"

urlpatterns = [
    path("", views.card_list, name="index"),
    path("syntax/", views.syntax, name="syntax"),
    path("games/<slug:slug>/", views.game_detail, name="game"),
    path("games/<slug:slug>/rules/", views.rules, name="rules"),
    path("sets/<str:code>/", views.set_detail, name="set"),
    path("backs/<slug:slug>.webp", views.card_back, name="back"),
    path("<cardcode:code>/", views.card_detail, name="card"),
    path("<cardcode:code>/face.png", views.card_face, {"fmt": "png"}, name="face"),
    path("<cardcode:code>/thumb.webp", views.card_face, {"fmt": "webp"}, name="thumb"),
    path("<cardcode:code>/large.webp", views.card_face, {"fmt": "large"}, name="large"),
]
