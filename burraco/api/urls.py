from django.urls import path

from burraco.api import views as v
from burraco.api.entries import AbandonmentApi, EntriesImportApi
from burraco.api.export import ExportApi
from burraco.api.printouts import PositionsCsvApi
from burraco.api.table_sheets import DeliveryApi, SignatureApi, TableSheetApi

T = "burraco/tournaments/<uuid:tournament_id>"
TURN = f"{T}/turns/<int:turn>"
TABLE = f"{TURN}/tables/<int:table>"

urlpatterns = [
    path("burraco/tournaments/", v.BurracoTournamentListApi.as_view()),
    path(f"{T}/", v.BurracoTournamentDetailApi.as_view(), name="burraco-tournament"),
    path(f"{T}/lines/", v.FormLinesApi.as_view()),
    path(f"{T}/entries/import/", EntriesImportApi.as_view()),
    path(f"{TURN}/positions/", v.PositionsApi.as_view()),
    path(f"{TURN}/positions.csv", PositionsCsvApi.as_view()),
    path(f"{TURN}/start/", v.StartTurnApi.as_view()),
    path(f"{TURN}/wrong-table/", v.WrongTableApi.as_view()),
    path(f"{TURN}/results/", v.TurnResultsApi.as_view(), name="burraco-turn-results"),
    path(f"{TABLE}/sheet/", v.ScoreSheetApi.as_view()),
    path(f"{TABLE}/table-sheet/", TableSheetApi.as_view()),
    path(f"{TABLE}/table-sheet/signature/", SignatureApi.as_view()),
    path(f"{TABLE}/table-sheet/delivery/", DeliveryApi.as_view()),
    path(f"{TABLE}/corrections/", v.CorrectionApi.as_view()),
    path(f"{TABLE}/inversions/", v.InversionApi.as_view()),
    path(f"{TABLE}/lateness/", v.LatenessApi.as_view()),
    path(f"{TABLE}/lost-sheet/", v.LostSheetApi.as_view()),
    path(f"{TABLE}/absence/", v.AbsenceApi.as_view()),
    path(f"{TABLE}/line-up/", v.LineUpApi.as_view()),
    path(f"{T}/substitutions/", v.SubstitutionApi.as_view()),
    path(f"{T}/interruption/", v.InterruptionApi.as_view()),
    path(f"{T}/prizes/", v.PrizesApi.as_view()),
    path(f"{T}/abandonments/", AbandonmentApi.as_view()),
    path(f"{T}/standings/", v.StandingsApi.as_view(), name="burraco-standings"),
    path(f"{T}/standings.csv", v.StandingsCsvApi.as_view()),
    path(f"{T}/standings/final/", v.FinalStandingsApi.as_view()),
    path(f"{T}/standings/provisional/", v.ProvisionalStandingsApi.as_view()),
    path(f"{T}/groups/", v.GroupsApi.as_view()),
    path(f"{T}/warnings/", v.WarningApi.as_view()),
    path(f"{T}/export/", ExportApi.as_view(), name="burraco-export"),
]
