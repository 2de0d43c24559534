"""The console's pages in one block: the director's console, table entry on
a phone, the printables (issue 18). ``config.urls`` includes them before the
results site."""

from django.urls import path, register_converter

from console import (
    burraco_create,
    burraco_incidents,
    burraco_prizes,
    burraco_remedies,
    burraco_views,
    hand_record_views,
    organizer_views,
    print_views,
    table_views,
    views,
)
from httpapi.inputs import BoundedNumber

register_converter(BoundedNumber, "cnum")

app_name = "console"
S = "console/events/<uuid:tournament_id>/sessions/<cnum:session>"
P = f"{S}/print"
B = "console/burraco/<uuid:tournament_id>"

urlpatterns = [
    path(f"{S}/", views.console, name="console"),
    path(f"{S}/movement/", views.movement, name="movement"),
    path(f"{S}/rounds/<cnum:number>/", views.round_entry, name="round"),
    path(f"{S}/rulings/", views.ruling, name="ruling"),
    path(f"{S}/penalties/", views.penalty, name="penalty"),
    path(f"{S}/publication/", views.publication, name="publication"),
    path(f"{S}/corrections/", views.correction, name="correction"),
    path(f"{S}/table-codes/", views.table_codes, name="table_codes"),
    path(f"{S}/hand-records/", hand_record_views.hand_records, name="hand_records"),
    path(f"{P}/guide-cards/", print_views.guide_cards, name="guide_cards"),
    path(f"{P}/table-cards/", print_views.table_cards, name="table_cards"),
    path(f"{P}/travellers/", print_views.travellers, name="travellers"),
    path(f"{P}/recap/", print_views.recap, name="recap"),
    path(f"{P}/standings/", print_views.standings, name="standings"),
    path(
        "console/events/<uuid:tournament_id>/late-corrections/",
        organizer_views.late_corrections,
        name="late_corrections",
    ),
    path("console/burraco/new/", burraco_create.new_tournament, name="burraco_new"),
    path(f"{B}/", burraco_views.console, name="burraco"),
    path(f"{B}/steps/", burraco_views.step, name="burraco_step"),
    path(f"{B}/entries/", burraco_views.entries, name="burraco_entries"),
    path(f"{B}/prizes/", burraco_prizes.prizes, name="burraco_prizes"),
    path(
        f"{B}/prizes/print/",
        burraco_prizes.print_prizes,
        name="burraco_print_prizes",
    ),
    path(f"{B}/turns/<cnum:turn>/", burraco_views.turn_sheets, name="burraco_turn"),
    path(
        f"{B}/turns/<cnum:turn>/corrections/",
        burraco_views.turn_fix,
        name="burraco_fix",
    ),
    path(
        f"{B}/turns/<cnum:turn>/line-ups/",
        burraco_views.turn_line_up,
        name="burraco_line_up",
    ),
    path(
        f"{B}/turns/<cnum:turn>/incidents/",
        burraco_incidents.incident,
        name="burraco_incident",
    ),
    path(
        f"{B}/turns/<cnum:turn>/remedies/",
        burraco_remedies.remedy,
        name="burraco_remedy",
    ),
    path(
        f"{B}/reports/print/",
        burraco_remedies.print_reports,
        name="burraco_print_reports",
    ),
    path(
        f"{B}/turns/<cnum:turn>/print/",
        burraco_views.print_positions,
        name="burraco_print",
    ),
    path("table/", table_views.sign_in, name="table_login"),
    path("table/sign-out/", table_views.sign_out, name="table_logout"),
    path("table/boards/", table_views.boards, name="table_boards"),
    path("table/boards/<cnum:number>/", table_views.board, name="table_board"),
]
