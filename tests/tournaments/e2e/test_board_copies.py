"""Boards as physical copies (Laws 2, 87A), over the API: a copy's markings
are recorded with the tables that played it; copies that differ foul the
board, and its tables score in their copy's group by the regulation's
fouled-board method; a copy off Law 2's markings that every table played
is flagged and played as marked, not fouled (decision 0162).

The 14-pair Mitchell of the regulation test (tests/tournaments/e2e/
test_figb_regulation.py): 7 tables, one board a round, top 12 (Law 78A).
Board 3 is dealt by South, East-West vulnerable (Law 2).
"""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from eventstore.projections import ProjectionRunner
from tests.support.pairs_event import client_for, project
from tests.tournaments.e2e.test_figb_regulation import (
    CONTRACTS,
    LAW_87B_BOARD_3,
    D,
    as_decimals,
    event,
    figures,
    traveller_lines,
)
from tournaments.projections import TournamentResults
from tournaments.results_io.exporting import export_results

pytestmark = pytest.mark.django_db


def played(laws: str) -> tuple[APIClient, APIClient, str, str]:
    """The event under ``laws``, every table's result on board 3."""
    staff, _ = client_for(f"staff-{laws}", federation_staff={})
    tid = event(staff, laws)
    director, _ = client_for(f"td-{laws}", chief_director={"tournament_id": tid})
    base = f"/api/v1/tournaments/{tid}/sessions/1/"
    results(director, base)
    return staff, director, tid, base


def results(director: APIClient, base: str) -> None:
    """Every table's result on board 3."""
    for table, (contract, tricks) in CONTRACTS.items():
        r = director.post(
            base + "results/",
            {"board_number": 3, "table": table, "contract": contract, "tricks": tricks},
            format="json",
        )
        assert r.status_code == 201, r.json()


def copy(director: APIClient, base: str, name: str, dv: str, tables: list[int]):
    dealer, vulnerability = dv.split("/")
    return director.post(
        base + "boards/3/copies/",
        {
            "copy": name,
            "dealer": dealer,
            "vulnerability": vulnerability,
            "tables": tables,
        },
        format="json",
    )


def test_copies_that_differ_foul_the_board_in_their_copys_groups() -> None:
    staff, director, tid, base = played("laws")
    assert copy(director, base, "A", "S/EW", [1, 2, 3, 4, 7]).status_code == 201
    # Copy B was marked both vulnerable: the copies differ (Law 87A).
    assert copy(director, base, "B", "S/All", [5, 6]).status_code == 201
    listed = director.get(base + "board-copies/").json()["copies"]
    assert listed == [
        {
            "board_number": 3,
            "copy": "A",
            "dealer": "S",
            "vulnerability": "EW",
            "tables": [1, 2, 3, 4, 7],
            "conforms": True,
            "group": 0,
            "fouled": True,
        },
        {
            "board_number": 3,
            "copy": "B",
            "dealer": "S",
            "vulnerability": "All",
            "tables": [5, 6],
            "conforms": False,
            "group": 1,
            "fouled": True,
        },
    ]
    project()
    lines = {line["table"]: line for line in traveller_lines(staff, tid, 3)}
    assert {t: line["irregularity"] for t, line in lines.items()} == dict.fromkeys(
        range(1, 8), "fouled"
    )
    # Law 87B under the Laws: each group factored to seven (Neuberg), as the
    # regulation test's board 3 fouled at tables 5 and 6, worked there.
    assert as_decimals(figures(staff, tid, 3)) == LAW_87B_BOARD_3
    # The same record again changes nothing (200, nothing appended).
    again = copy(director, base, "B", "S/All", [5, 6])
    assert again.status_code == 200, again.json()


def test_a_copy_off_law_2_played_at_every_table_is_flagged_not_fouled() -> None:
    staff, director, tid, base = played("laws")
    # Board 3 marked North dealer, none vulnerable, at every table: played
    # as marked (Law 2); the tables compared the same board (Law 87A).
    assert copy(director, base, "A", "N/None", [1, 2, 3, 4, 5, 6, 7]).status_code == 201
    listed = director.get(base + "board-copies/").json()["copies"]
    assert [(c["conforms"], c["group"], c["fouled"]) for c in listed] == [
        (False, 0, False)
    ]
    project()
    lines = traveller_lines(staff, tid, 3)
    assert [line["irregularity"] for line in lines] == [None] * 7
    # One field of seven, top 12: NS scores 650/450, 620/420, 600/400,
    # 140, 110, 90, -100/-50 rank 12, 10, 8, 6, 4, 2, 0 (the same order
    # whether East-West or no one is vulnerable).
    assert as_decimals(figures(staff, tid, 3)) == {
        1: D("12", "0"),
        2: D("10", "2"),
        3: D("8", "4"),
        4: D("0", "12"),
        5: D("4", "8"),
        6: D("6", "6"),
        7: D("2", "10"),
    }


def test_a_copy_is_refused_whole_naming_the_law() -> None:
    _, director, _, base = played("figb")
    assert copy(director, base, "A", "S/EW", [1, 2]).status_code == 201
    cases = [
        (
            copy(director, base, "B", "S/EW", [2, 3]),
            "Law 87A",
            "table 2 played copy 'A' of board 3",
        ),
        (
            copy(director, base, "B", "S/EW", [99]),
            "Law 15",
            "board 3 is not played at table 99 in this session",
        ),
        (copy(director, base, "B", "X/EW", [3]), "Law 2", "'X' is not a seat"),
    ]
    for response, law, detail in cases:
        assert response.status_code == 422, response.json()
        body = response.json()
        assert (body["code"], body["law"], body["detail"]) == (
            "invalid_board_copy",
            law,
            detail,
        )
    listed = director.get(base + "board-copies/").json()["copies"]
    assert [c["copy"] for c in listed] == ["A"]
    outsider, _ = client_for("player")
    assert outsider.get(base + "board-copies/").status_code == 403


def test_copies_recorded_before_the_results_foul_the_tables_all_the_same() -> None:
    staff, _ = client_for("staff-early", federation_staff={})
    tid = event(staff, "laws")
    director, _ = client_for("td-early", chief_director={"tournament_id": tid})
    base = f"/api/v1/tournaments/{tid}/sessions/1/"
    assert copy(director, base, "B", "S/All", [5, 6]).status_code == 201
    assert copy(director, base, "A", "S/EW", [1, 2, 3, 4, 7]).status_code == 201
    results(director, base)
    project()
    # As in the first test: tables 5-6 one group, the other five another.
    assert as_decimals(figures(staff, tid, 3)) == LAW_87B_BOARD_3


def scores(staff: APIClient, tid: str) -> dict[int, tuple[int, str]]:
    return {
        line["table"]: (line["score_ns"], line["vulnerability"])
        for line in traveller_lines(staff, tid, 3)
    }


def exported(tid: str) -> tuple[str | None, dict[int, int | None], tuple[str, ...]]:
    model, notes = export_results(uuid.UUID(tid), 1, names=False)
    [board] = [b for b in model.boards if b.board_number == 3]
    lines = {r.table_number: r.score_ns for r in model.results if r.board_number == 3}
    return board.vulnerability, lines, notes


def rebuilt() -> None:
    ProjectionRunner(TournamentResults(), batch_size=5).rebuild()


# Board 3 as Law 2 marks it (EW vulnerable): North-South not vulnerable.
LAW_2 = {1: 450, 2: 420, 3: 400, 4: -50, 5: 110, 6: 140, 7: 90}
# Every copy marked both vulnerable (Law 77): 4S= vulnerable is 620, one
# over 650, 3NT= 600, 4S-1 -100; the part scores do not change.
ALL_VULNERABLE = {1: 650, 2: 620, 3: 600, 4: -100, 5: 110, 6: 140, 7: 90}


def test_a_table_scores_with_its_copys_vulnerability() -> None:
    """Law 2: a copy marked against the table keeps its markings for the
    session, so 4S= at table 2 is worth 620 vulnerable, not 420, at the
    table, live, after a rebuild and in the export (decision 0170)."""
    staff, director, tid, base = played("figb")
    project()
    assert scores(staff, tid) == {t: (s, "EW") for t, s in LAW_2.items()}
    # Recorded after the results: each table's result is scored again.
    assert copy(director, base, "A", "S/All", [1, 2, 3, 4, 5, 6, 7]).status_code == 201
    project()
    assert scores(staff, tid) == {t: (s, "All") for t, s in ALL_VULNERABLE.items()}
    # The ranking is unchanged (the order of NS's scores is the same), so
    # only the scores show the copy: 12, 10, 8, 0, 4, 6, 2 for North-South.
    assert as_decimals(figures(staff, tid, 3))[2] == D("10", "2")
    live = scores(staff, tid)
    rebuilt()
    assert scores(staff, tid) == live
    vulnerability, lines, _ = exported(tid)
    assert (vulnerability, lines) == ("All", ALL_VULNERABLE)
    # A correction at table 2 is scored with the copy's markings too.
    corrected = director.post(
        base + "boards/3/tables/2/corrections/",
        {"contract": "4SN", "tricks": 11, "reason": "eleven tricks"},
        format="json",
    )
    assert corrected.status_code == 201, corrected.json()
    project()
    assert scores(staff, tid)[2] == (650, "All")


def test_a_copy_recorded_before_the_result_scores_it_as_marked() -> None:
    """The result entered after the copy carries the copy's vulnerability
    (Law 2); a copy at tables 2 and 5 marked both vulnerable differs from
    Law 2's at the others: the board is fouled (Law 87A), each table scored
    with its own copy, the export giving the correct form's markings
    (Law 87B) and naming the others."""
    staff, _ = client_for("staff-marked", federation_staff={})
    tid = event(staff, "figb")
    director, _ = client_for("td-marked", chief_director={"tournament_id": tid})
    base = f"/api/v1/tournaments/{tid}/sessions/1/"
    assert copy(director, base, "B", "S/All", [2, 5]).status_code == 201
    assert copy(director, base, "A", "S/EW", [1, 3, 4, 6, 7]).status_code == 201
    results(director, base)
    project()
    expected = {
        t: (ALL_VULNERABLE[t], "All") if t in (2, 5) else (LAW_2[t], "EW")
        for t in LAW_2
    }
    assert scores(staff, tid) == expected
    lines = traveller_lines(staff, tid, 3)
    assert {line["irregularity"] for line in lines} == {"fouled"}
    rebuilt()
    assert scores(staff, tid) == expected
    vulnerability, exported_lines, notes = exported(tid)
    assert vulnerability == "EW"
    assert exported_lines == {t: s for t, (s, _) in expected.items()}
    assert (
        "board 3: table(s) 2, 5 played a copy marked vulnerable All (Law 87A); "
        "the file gives the board as EW, each line its own score"
    ) in notes
