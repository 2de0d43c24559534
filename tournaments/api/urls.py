from django.urls import URLPattern, URLResolver, include, path, register_converter

from httpapi.inputs import BoundedNumber
from tournaments.api import board_views as b
from tournaments.api import conduct_views as cv
from tournaments.api import copy_views as c
from tournaments.api import entry_views as e
from tournaments.api import official_views as o
from tournaments.api import play_views as p
from tournaments.api import publication_views as pub
from tournaments.api import recap_views as r
from tournaments.api import result_views as res
from tournaments.api import results_file_views as rf
from tournaments.api import ruling_views as ru
from tournaments.api import session_views as s
from tournaments.api import standing_views as st
from tournaments.api import substitution_views as sub
from tournaments.api import swiss_knockout_views as sk
from tournaments.api import tournament_views as t
from tournaments.api import withdrawal_views as w
from tournaments.api.views import PingApi

# Session, board, table, entry and user numbers in paths: at most nine digits,
# so no lookup overflows a column (a longer number matches no path: 404).
register_converter(BoundedNumber, "num")

# Nested by prefix so a request is matched against its own branch only (a
# card play tries a handful of patterns, not every route of the API).
play: list[URLPattern | URLResolver] = [
    path("", p.BoardPlayDetailApi.as_view()),
    path("cards/", p.PlayCardApi.as_view()),
    path("calls/", p.MakeCallApi.as_view()),
    path("start/", p.StartBoardApi.as_view()),
    path("alerts/", p.MakeAlertApi.as_view()),
    path("explanations/", p.GiveExplanationApi.as_view()),
    path("rectifications/", p.ChooseRectificationApi.as_view()),
    path("claims/", p.ClaimTricksApi.as_view()),
    path("claim-responses/", p.RespondToClaimApi.as_view()),
    path("claim-adjudications/", p.AdjudicateClaimApi.as_view()),
    path("double-dummy/", p.DoubleDummyClaimApi.as_view()),
    path("dummy-designations/", p.DesignateDummyCardApi.as_view()),
    path("defective-tricks/", p.RectifyDefectiveTrickApi.as_view()),
]
board: list[URLPattern | URLResolver] = [
    path("copies/", c.BoardCopiesApi.as_view()),
    path("traveller/", st.TravellerApi.as_view()),
    path("tables/<num:table>/confirmations/", res.ConfirmResultApi.as_view()),
    path("tables/<num:table>/corrections/", res.CorrectResultApi.as_view()),
    path(
        "tables/<num:table>/late-correction-approvals/",
        res.ApproveLateCorrectionApi.as_view(),
    ),
    path(
        "tables/<num:table>/irregularities/", res.RecordBoardIrregularityApi.as_view()
    ),
]
session: list[URLPattern | URLResolver] = [
    path("tables/<num:table>/boards/<num:board_number>/play/", include(play)),
    path("boards/<num:board_number>/", include(board)),
    path("publications/", pub.PublishScoresApi.as_view()),
    path("rulings/", ru.GiveRulingApi.as_view()),
    path("ruling-list/", ru.RulingListApi.as_view()),
    path("penalties/", ru.ImposePenaltyApi.as_view()),
    path("lateness/", cv.RecordLatenessApi.as_view()),
    path("slow-play/", cv.RecordSlowPlayApi.as_view()),
    path("substitutions/", sub.RecordSubstitutionApi.as_view()),
    path("withdrawals/", w.RecordWithdrawalApi.as_view()),
    path("playing-time/", cv.PlayingTimeApi.as_view()),
    path("results/", res.EnterResultApi.as_view()),
    path("result-batches/", res.EnterResultBatchApi.as_view()),
    path("standings/", st.StandingsApi.as_view()),
    path("entries/<num:number>/guide-card/", s.GuideCardApi.as_view()),
    path("entries/<num:number>/score-card/", st.ScoreCardApi.as_view()),
    path("recap/", r.RecapApi.as_view()),
    path("hand-records/", b.HandRecordListApi.as_view()),
    path("hand-records.<str:file_format>", b.HandRecordsFileApi.as_view()),
    path("double-dummy/", b.DoubleDummyApi.as_view()),
    path("board-copies/", c.BoardCopyListApi.as_view()),
]
tournament: list[URLPattern | URLResolver] = [
    path("sessions/<num:session>/", include(session)),
    path("playing-conditions/", cv.PlayingConditionsApi.as_view()),
    path("substitutions/", sub.SubstitutionListApi.as_view()),
    path("withdrawals/", w.WithdrawalListApi.as_view()),
    path("", t.TournamentDetailApi.as_view()),
    path("entries/", e.EnterPairApi.as_view()),
    path("officials/", o.OfficialListApi.as_view()),
    path("officials/<num:user_id>/", o.OfficialDetailApi.as_view()),
    path("sessions/", s.ScheduleSessionApi.as_view()),
    path("swiss-rounds/", sk.SwissRoundApi.as_view()),
    path("bracket/", sk.BracketApi.as_view()),
    path("bracket/carry-overs/", sk.CarryOverApi.as_view()),
    path("standings/", sk.OverallStandingsApi.as_view()),
    path("results-files/", rf.ResultsExportApi.as_view()),
]

urlpatterns: list[URLPattern | URLResolver] = [
    path("tournaments/<uuid:tournament_id>/", include(tournament)),
    path("tournaments/", t.TournamentListApi.as_view(), name="tournaments"),
    path("results-files/imports/", rf.ResultsImportApi.as_view()),
    path("results-files/jobs/<uuid:job_id>/", rf.ResultsFileJobApi.as_view()),
    path("results-files/jobs/<uuid:job_id>/file/", rf.ResultsFileJobFileApi.as_view()),
    path("ping/", PingApi.as_view(), name="ping"),
    path("movements/<str:movement>/", s.MovementPreviewApi.as_view()),
]
