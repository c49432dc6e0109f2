from django.urls import path

from decks import views

app_name = "decks"

urlpatterns = [
    path("", views.index, name="index"),
    path("public/", views.public, name="public"),
    path("new/", views.new, name="new"),
    path("import/", views.import_deck, name="import"),
    path("names/", views.autocomplete, name="names"),
    path("s/<str:token>/", views.shared, name="shared"),
    path("s/<str:token>/clone/", views.clone_shared, name="clone_shared"),
    path("s/<str:token>/export/<str:kind>/", views.export_shared, name="export_shared"),
    path("s/<str:token>/code/", views.code_page_shared, name="code_shared"),
    path("<int:deck_id>/", views.detail, name="detail"),
    path("<int:deck_id>/edit/", views.edit, name="edit"),
    path("<int:deck_id>/search/", views.search, name="search"),
    path("<int:deck_id>/cards/", views.change_card, name="change_card"),
    path("<int:deck_id>/add/", views.add_by_name, name="add"),
    path("<int:deck_id>/built/", views.set_built, name="built"),
    path("<int:deck_id>/sample/", views.sample_hand, name="sample"),
    path("<int:deck_id>/odds/", views.odds_query, name="odds"),
    path("<int:deck_id>/settings/", views.settings_view, name="settings"),
    path("<int:deck_id>/delete/", views.delete, name="delete"),
    path("<int:deck_id>/history/", views.history, name="history"),
    path("<int:deck_id>/history/<int:number>/restore/", views.restore, name="restore"),
    path("<int:deck_id>/clone/", views.clone, name="clone"),
    path("<int:deck_id>/export/<str:kind>/", views.export, name="export"),
    path("<int:deck_id>/code/", views.code_page, name="code"),
]
