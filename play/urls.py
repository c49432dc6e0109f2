from django.urls import path

from play import views

app_name = "play"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.create, name="create"),
    path("ratings/", views.leaderboard, name="leaderboard"),
    path("ratings/<slug:game_slug>/", views.leaderboard, name="leaderboard-game"),
    path("<uuid:match_id>/", views.match_page, name="match"),
    path("<uuid:match_id>/join/", views.join, name="join"),
    path("<uuid:match_id>/start/", views.start_with_bots, name="start"),
    path("<uuid:match_id>/rematch/", views.rematch, name="rematch"),
    path("<uuid:match_id>/ready/", views.ready, name="ready"),
    path("<uuid:match_id>/claim/", views.claim_win, name="claim"),
    path("<uuid:match_id>/seat-to-bot/", views.seat_to_bot, name="seat-to-bot"),
    path("<uuid:match_id>/take-seat-back/", views.take_seat_back, name="take-seat-back"),
    path("<uuid:match_id>/resign/", views.resign, name="resign"),
    path("<uuid:match_id>/leave/", views.leave, name="leave"),
    path("<uuid:match_id>/call-off/", views.call_off, name="call-off"),
    path("<uuid:match_id>/replay/", views.replay_page, name="replay"),
    path("<uuid:match_id>/chat/", views.chat_post, name="chat"),
]
