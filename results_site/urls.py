"""The results site's pages, at the root (``config.urls`` includes them last)."""

from django.contrib.auth import views as auth_views
from django.urls import path, register_converter

from httpapi.inputs import BoundedNumber
from results_site import views, views_burraco, views_history, views_players, views_teams

register_converter(BoundedNumber, "n")

app_name = "site"
E = "events/<uuid:tournament_id>"
S = f"{E}/sessions/<n:session>"

urlpatterns = [
    path("", views.home, name="home"),
    path("events/", views.events, name="events"),
    path(f"{E}/", views.event, name="event"),
    path(f"{S}/", views.session, name="session"),
    path(f"{S}/recap/", views.recap, name="recap"),
    path(f"{S}/boards/<n:board>/", views.board, name="board"),
    path(f"{S}/entries/<n:entry>/", views.score_card, name="score_card"),
    # Teams, knockout, rulings, players, burraco (issue 17; decision 0154).
    path(f"{S}/matches/", views_teams.matches, name="matches"),
    path(f"{S}/rulings/", views_teams.rulings, name="rulings"),
    path(f"{E}/standings/", views_teams.standings, name="team_standings"),
    path(f"{E}/bracket/", views_teams.bracket, name="bracket"),
    path(f"{E}/burraco/", views_burraco.event, name="burraco"),
    path(f"{E}/burraco/prizes/", views_burraco.prizes, name="burraco_prizes"),
    path("players/<str:number>/", views_players.player, name="player"),
    # The record, shown (issue 17): a result's history, the standings as they
    # stood at any moment.
    path(
        f"{S}/boards/<n:board>/tables/<n:table>/",
        views_history.result_record,
        name="result_record",
    ),
    path(f"{S}/as-of/", views_history.standings_at, name="standings_at"),
    path(
        "logout/", auth_views.LogoutView.as_view(next_page="site:home"), name="logout"
    ),
]
