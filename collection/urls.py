from django.urls import path

from collection import trade_views, views

app_name = "collection"

urlpatterns = [
    path("", views.index, name="index"),
    path("import/", views.import_view, name="import"),
    path("export.csv", views.export, name="export"),
    path("share/", views.share, name="share"),
    path("s/<str:token>/", views.shared, name="shared"),
    path("cards/", views.change, name="change"),
    path("sets/<str:code>/add/", views.add_set, name="add_set"),
    # trades (collection.trade_views)
    path("trades/", trade_views.trades_index, name="trades"),
    path("trades/entry/", trade_views.entry, name="trade_entry"),
    path("trades/open/", trade_views.lists_open, name="lists_open"),
    path("trades/want-decks/", trade_views.want_deck, name="want_deck"),
    path("trades/partners/", trade_views.partners_view, name="partners"),
    path("trades/propose/<str:username>/", trade_views.propose, name="propose"),
    path("trades/proposals/", trade_views.proposals, name="proposals"),
    path("trades/proposals/<id:proposal_id>/", trade_views.proposal, name="proposal"),
    path("trades/proposals/<id:proposal_id>/answer/", trade_views.answer, name="answer"),
    path("trades/proposals/<id:proposal_id>/counter/", trade_views.counter, name="counter"),
]
