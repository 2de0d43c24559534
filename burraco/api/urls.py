from django.urls import path

from burraco.api import conduct, remedies, standings, tournaments, turns
from burraco.api.entries import AbandonmentApi, EntriesImportApi
from burraco.api.export import ExportApi
from burraco.api.printouts import PositionsCsvApi
from burraco.api.table_sheets import DeliveryApi, SignatureApi, TableSheetApi

T = "burraco/tournaments/<uuid:tournament_id>"
TURN = f"{T}/turns/<int:turn>"
TABLE = f"{TURN}/tables/<int:table>"

urlpatterns = [
    path("burraco/tournaments/", tournaments.BurracoTournamentListApi.as_view()),
    path(
        f"{T}/",
        tournaments.BurracoTournamentDetailApi.as_view(),
        name="burraco-tournament",
    ),
    path(f"{T}/lines/", turns.FormLinesApi.as_view()),
    path(f"{T}/entries/import/", EntriesImportApi.as_view()),
    path(f"{TURN}/positions/", turns.PositionsApi.as_view()),
    path(f"{TURN}/positions.csv", PositionsCsvApi.as_view()),
    path(f"{TURN}/start/", turns.StartTurnApi.as_view()),
    path(f"{TURN}/wrong-table/", turns.WrongTableApi.as_view()),
    path(
        f"{TURN}/results/",
        standings.TurnResultsApi.as_view(),
        name="burraco-turn-results",
    ),
    path(f"{TURN}/sheets/", turns.ScoreSheetsApi.as_view()),
    path(f"{TABLE}/sheet/", turns.ScoreSheetApi.as_view()),
    path(f"{TABLE}/table-sheet/", TableSheetApi.as_view()),
    path(f"{TABLE}/table-sheet/signature/", SignatureApi.as_view()),
    path(f"{TABLE}/table-sheet/delivery/", DeliveryApi.as_view()),
    path(f"{TABLE}/corrections/", turns.CorrectionApi.as_view()),
    path(f"{TABLE}/inversions/", turns.InversionApi.as_view()),
    path(f"{TABLE}/lateness/", turns.LatenessApi.as_view()),
    path(f"{TABLE}/lost-sheet/", turns.LostSheetApi.as_view()),
    path(f"{TABLE}/absence/", turns.AbsenceApi.as_view()),
    path(f"{TABLE}/line-up/", turns.LineUpApi.as_view()),
    path(f"{TABLE}/annulment/", remedies.AnnulmentApi.as_view()),
    path(f"{TABLE}/quarrel/", remedies.QuarrelApi.as_view()),
    path(f"{TABLE}/misconduct/", remedies.MisconductApi.as_view()),
    path(f"{TABLE}/both-abandoned/", remedies.BothAbandonedApi.as_view()),
    path(f"{T}/sports-justice-reports/", remedies.ReportsApi.as_view()),
    path(f"{T}/substitutions/", conduct.SubstitutionApi.as_view()),
    path(f"{T}/interruption/", conduct.InterruptionApi.as_view()),
    path(f"{T}/prizes/", conduct.PrizesApi.as_view()),
    path(f"{T}/abandonments/", AbandonmentApi.as_view()),
    path(f"{T}/standings/", standings.StandingsApi.as_view(), name="burraco-standings"),
    path(f"{T}/standings.csv", standings.StandingsCsvApi.as_view()),
    path(f"{T}/standings/final/", conduct.FinalStandingsApi.as_view()),
    path(f"{T}/standings/provisional/", conduct.ProvisionalStandingsApi.as_view()),
    path(f"{T}/groups/", conduct.GroupsApi.as_view()),
    path(f"{T}/warnings/", conduct.WarningApi.as_view()),
    path(f"{T}/export/", ExportApi.as_view(), name="burraco-export"),
]
