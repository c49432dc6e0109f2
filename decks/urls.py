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
    path("s/<str:token>/sample/", views.sample_hand_shared, name="sample_shared"),
    path("s/<str:token>/odds/", views.odds_query_shared, name="odds_shared"),
    path("<id:deck_id>/", views.detail, name="detail"),
    path("<id:deck_id>/edit/", views.edit, name="edit"),
    path("<id:deck_id>/search/", views.search, name="search"),
    path("<id:deck_id>/cards/", views.change_card, name="change_card"),
    path("<id:deck_id>/add/", views.add_by_name, name="add"),
    path("<id:deck_id>/built/", views.set_built, name="built"),
    path("<id:deck_id>/sample/", views.sample_hand, name="sample"),
    path("<id:deck_id>/odds/", views.odds_query, name="odds"),
    path("<id:deck_id>/settings/", views.settings_view, name="settings"),
    path("<id:deck_id>/delete/", views.delete, name="delete"),
    path("<id:deck_id>/history/", views.history, name="history"),
    path("<id:deck_id>/history/<id:number>/restore/", views.restore, name="restore"),
    path("<id:deck_id>/clone/", views.clone, name="clone"),
    path("<id:deck_id>/export/<str:kind>/", views.export, name="export"),
    path("<id:deck_id>/code/", views.code_page, name="code"),
]
