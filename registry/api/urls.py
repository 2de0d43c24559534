"""Registry URLs; included under ``/api/v1/registry/`` by ``config.urls``."""

from django.urls import path

from registry.api import clubs, imports, pairs, players, psychics, systems, teams

P = "players/<uuid:player_id>"
PAIR = "pairs/<uuid:pair_id>"
TEAM = "teams/<uuid:team_id>"

urlpatterns = [
    path("clubs/", clubs.ClubListApi.as_view(), name="registry-clubs"),
    path("clubs/<uuid:club_id>/", clubs.ClubDetailApi.as_view(), name="registry-club"),
    path("players/", players.PlayerListApi.as_view(), name="registry-players"),
    path(
        "players/imports/", imports.ImportPlayersApi.as_view(), name="registry-imports"
    ),
    path("players/imports/<uuid:job_id>/", imports.ImportJobApi.as_view()),
    path(f"{P}/", players.PlayerDetailApi.as_view(), name="registry-player"),
    path(f"{P}/affiliations/", players.AffiliatePlayerApi.as_view()),
    path(f"{P}/categories/", players.ChangePlayerCategoryApi.as_view()),
    path(f"{P}/erasures/", players.ForgetPlayerApi.as_view()),
    path(f"{P}/publication/", players.PlayerPublicationApi.as_view()),
    path("pairs/", pairs.PairListApi.as_view(), name="registry-pairs"),
    path(f"{PAIR}/", pairs.PairDetailApi.as_view(), name="registry-pair"),
    path(f"{PAIR}/convention-cards/", pairs.DeclareConventionCardApi.as_view()),
    path(f"{PAIR}/psychics/", psychics.PsychicsApi.as_view()),
    path(
        "system-checks/",
        systems.CheckSystemApi.as_view(),
        name="registry-system-checks",
    ),
    path("teams/", teams.TeamListApi.as_view(), name="registry-teams"),
    path(f"{TEAM}/", teams.TeamDetailApi.as_view(), name="registry-team"),
    path(f"{TEAM}/members/", teams.AddTeamMemberApi.as_view()),
    path(f"{TEAM}/members/<uuid:player_id>/", teams.RemoveTeamMemberApi.as_view()),
    path(f"{TEAM}/captains/", teams.AppointCaptainApi.as_view()),
    path(f"{TEAM}/lineups/", teams.LineupApi.as_view()),
]
