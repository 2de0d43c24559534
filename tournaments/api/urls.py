from django.urls import include, path
from rest_framework.authtoken.views import ObtainAuthToken

from tournaments.api import board_views as b
from tournaments.api import official_views as o
from tournaments.api import play_views as p
from tournaments.api import recap_views as r
from tournaments.api import tournament_views as t
from tournaments.api.views import MeApi, PingApi

S = "tournaments/<uuid:tournament_id>/sessions/<int:session>"
B = f"{S}/boards/<int:board_number>"
T = f"{B}/tables/<int:table>"
P = f"{S}/tables/<int:table>/boards/<int:board_number>"

urlpatterns = [
    path("auth/token/", ObtainAuthToken.as_view(), name="auth-token"),
    path("me/", MeApi.as_view(), name="me"),
    path("ping/", PingApi.as_view(), name="ping"),
    path("registry/", include("tournaments.api.registry_urls")),
    path("movements/<str:movement>/", t.MovementPreviewApi.as_view()),
    path("tournaments/", t.TournamentListApi.as_view(), name="tournaments"),
    path("tournaments/<uuid:tournament_id>/", t.TournamentDetailApi.as_view()),
    path("tournaments/<uuid:tournament_id>/entries/", t.EnterPairApi.as_view()),
    path("tournaments/<uuid:tournament_id>/officials/", o.OfficialListApi.as_view()),
    path(
        "tournaments/<uuid:tournament_id>/officials/<int:user_id>/",
        o.OfficialDetailApi.as_view(),
    ),
    path("tournaments/<uuid:tournament_id>/sessions/", t.ScheduleSessionApi.as_view()),
    path("tournaments/<uuid:tournament_id>/swiss-rounds/", t.SwissRoundApi.as_view()),
    path("tournaments/<uuid:tournament_id>/bracket/", t.BracketApi.as_view()),
    path(
        "tournaments/<uuid:tournament_id>/bracket/carry-overs/",
        t.CarryOverApi.as_view(),
    ),
    path(
        "tournaments/<uuid:tournament_id>/standings/", t.OverallStandingsApi.as_view()
    ),
    path(f"{S}/publications/", t.PublishScoresApi.as_view()),
    path(f"{S}/rulings/", t.GiveRulingApi.as_view()),
    path(f"{S}/ruling-list/", t.RulingListApi.as_view()),
    path(f"{S}/penalties/", t.ImposePenaltyApi.as_view()),
    path(f"{S}/results/", t.EnterResultApi.as_view()),
    path(f"{S}/standings/", t.StandingsApi.as_view()),
    path(f"{S}/entries/<int:number>/guide-card/", t.GuideCardApi.as_view()),
    path(f"{S}/entries/<int:number>/score-card/", t.ScoreCardApi.as_view()),
    path(f"{S}/recap/", r.RecapApi.as_view()),
    path(f"{S}/hand-records/", b.HandRecordListApi.as_view()),
    path(f"{S}/hand-records.pbn", b.HandRecordsPbnApi.as_view()),
    path(f"{S}/double-dummy/", b.DoubleDummyApi.as_view()),
    path(f"{B}/traveller/", t.TravellerApi.as_view()),
    path(f"{T}/confirmations/", t.ConfirmResultApi.as_view()),
    path(f"{T}/corrections/", t.CorrectResultApi.as_view()),
    path(f"{T}/irregularities/", t.RecordBoardIrregularityApi.as_view()),
    path(f"{P}/play/", p.BoardPlayDetailApi.as_view()),
    path(f"{P}/play/start/", p.StartBoardApi.as_view()),
    path(f"{P}/play/calls/", p.MakeCallApi.as_view()),
    path(f"{P}/play/alerts/", p.MakeAlertApi.as_view()),
    path(f"{P}/play/explanations/", p.GiveExplanationApi.as_view()),
    path(f"{P}/play/cards/", p.PlayCardApi.as_view()),
    path(f"{P}/play/rectifications/", p.ChooseRectificationApi.as_view()),
    path(f"{P}/play/claims/", p.ClaimTricksApi.as_view()),
    path(f"{P}/play/claim-responses/", p.RespondToClaimApi.as_view()),
    path(f"{P}/play/claim-adjudications/", p.AdjudicateClaimApi.as_view()),
    path(f"{P}/play/double-dummy/", p.DoubleDummyClaimApi.as_view()),
    path(f"{P}/play/dummy-designations/", p.DesignateDummyCardApi.as_view()),
    path(f"{P}/play/defective-tricks/", p.RectifyDefectiveTrickApi.as_view()),
]
