"""Registry URLs; included under ``/api/v1/registry/`` by ``config.urls``."""

from django.urls import path

from registry.api import views as r

P = "players/<uuid:player_id>"
PAIR = "pairs/<uuid:pair_id>"
TEAM = "teams/<uuid:team_id>"

urlpatterns = [
    path("clubs/", r.ClubListApi.as_view(), name="registry-clubs"),
    path("clubs/<uuid:club_id>/", r.ClubDetailApi.as_view(), name="registry-club"),
    path("players/", r.PlayerListApi.as_view(), name="registry-players"),
    path("players/imports/", r.ImportPlayersApi.as_view(), name="registry-imports"),
    path(f"{P}/", r.PlayerDetailApi.as_view(), name="registry-player"),
    path(f"{P}/affiliations/", r.AffiliatePlayerApi.as_view()),
    path(f"{P}/categories/", r.ChangePlayerCategoryApi.as_view()),
    path(f"{P}/erasures/", r.ForgetPlayerApi.as_view()),
    path("pairs/", r.PairListApi.as_view(), name="registry-pairs"),
    path(f"{PAIR}/", r.PairDetailApi.as_view(), name="registry-pair"),
    path(f"{PAIR}/convention-cards/", r.DeclareConventionCardApi.as_view()),
    path("system-checks/", r.CheckSystemApi.as_view(), name="registry-system-checks"),
    path("teams/", r.TeamListApi.as_view(), name="registry-teams"),
    path(f"{TEAM}/", r.TeamDetailApi.as_view(), name="registry-team"),
    path(f"{TEAM}/members/", r.AddTeamMemberApi.as_view()),
    path(f"{TEAM}/members/<uuid:player_id>/", r.RemoveTeamMemberApi.as_view()),
    path(f"{TEAM}/captains/", r.AppointCaptainApi.as_view()),
    path(f"{TEAM}/lineups/", r.LineupApi.as_view()),
]
