from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.index, name="index"),
    path("mine/", views.mine, name="mine"),
    path("new/", views.new, name="new"),
    path("<uuid:tournament_id>/", views.detail, name="detail"),
    path("<uuid:tournament_id>/live/", views.live, name="live"),
    path("<uuid:tournament_id>/register/", views.register, name="register"),
    path("<uuid:tournament_id>/withdraw/", views.withdraw, name="withdraw"),
    path("<uuid:tournament_id>/start/", views.start, name="start"),
    path("<uuid:tournament_id>/cancel/", views.cancel, name="cancel"),
    path("<uuid:tournament_id>/next-round/", views.next_round, name="next_round"),
    path("<uuid:tournament_id>/drop/", views.drop, name="drop"),
    path("<uuid:tournament_id>/pairings/<id:pairing_id>/result/", views.result, name="result"),
    path("<uuid:tournament_id>/players/<id:player_id>/", views.player, name="player"),
    path("<uuid:tournament_id>/rounds/<id:number>/", views.round_page, name="round"),
]
