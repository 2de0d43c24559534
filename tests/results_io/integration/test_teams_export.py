"""A teams session exported with its matches (issue 15, decision 0153): each
board's two rooms with their round, table and IMPs (Law 78B), the match's
IMPs and VPs (FIGB N-L78 §5), the ranking as the standings show it, the deals
of the hand records (Law 6); USEBIO 1.3 and the JSON read back whole, PBN
2.1 with every result."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from eventstore.store import event_store
from scoring.formats import (
    CompetitionForm,
    MatchRecord,
    read_json,
    read_pbn,
    read_usebio,
    write_json,
    write_pbn,
    write_usebio,
)
from tests.support.pairs_event import client_for, project
from tests.support.players import register_players
from tournaments.models import DoubleDummyRow
from tournaments.results_io import export_results

pytestmark = pytest.mark.django_db
BOARDS = (1, 2, 3, 4)
HAND_RECORDS = (
    Path(__file__).parents[2] / "fixtures" / "pbn" / "hand_records_session1.pbn"
)
# (board, table): contract and tricks; team 1 NS at table 1, team 2 at table 2.
BOARD_1 = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
DD_1 = [[5, 8, 5, 8], [6, 6, 6, 6], [5, 7, 5, 7], [7, 5, 7, 5], [6, 6, 6, 6]]
PLAYS = {
    (1, 1): ("4SN", 10),  # 420
    (1, 2): ("3NTS", 10),  # 430: team 1 loses 10, 0 IMPs
    (2, 1): ("4SN", 10),  # 620 vulnerable
    (2, 2): ("4SN", 9),  # -100: 720 to team 1, 12 IMPs
    (3, 1): ("PASS", None),
    (3, 2): ("PASS", None),
    (4, 1): ("2HE", 8),  # -110
    (4, 2): ("2HW", 8),  # -110 to team 2 NS: 0
}


def _teams_event() -> tuple[str, Any]:
    staff, _ = client_for("xstaff", federation_staff={})
    now = event_store().now()
    tid = str(uuid.uuid4())
    body = {
        "tournament_id": tid,
        "name": "Serie A",
        "form": "teams",
        "scoring": "teams_imps_vp",
        "starts_at": now.isoformat(),
    }
    assert staff.post("/api/v1/tournaments/", body, format="json").status_code == 201
    director, _ = client_for("xtd", chief_director={"tournament_id": tid})
    for team in (1, 2):
        players = register_players(4)
        entry = {"number": team, "player_ids": players}
        assert (
            staff.post(
                f"/api/v1/tournaments/{tid}/entries/", entry, format="json"
            ).status_code
            == 201
        )
    assignments = [
        {"round": 1, "table": 1, "ns": 1, "ew": 2, "boards": list(BOARDS)},
        {"round": 1, "table": 2, "ns": 2, "ew": 1, "boards": list(BOARDS)},
    ]
    session = {
        "session": 1,
        "movement": "explicit",
        "assignments": assignments,
        "starts_at": now.isoformat(),
        "ends_at": (now + timedelta(hours=3)).isoformat(),
    }
    r = staff.post(f"/api/v1/tournaments/{tid}/sessions/", session, format="json")
    assert r.status_code == 201, r.json()
    records = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/hand-records/",
        # Boards 1-4 of the fixture: the session plays four.
        HAND_RECORDS.read_text(encoding="latin-1").split('[Board "5"]')[0],
        content_type="application/x-pbn",
    )
    assert records.status_code == 201, records.json()
    for (board, table), (contract, tricks) in PLAYS.items():
        result = {
            "board_number": board,
            "table": table,
            "contract": contract,
            "tricks": tricks,
        }
        r = director.post(
            f"/api/v1/tournaments/{tid}/sessions/1/results/", result, format="json"
        )
        assert r.status_code == 201, r.json()
    project()
    # Board 1's double-dummy tricks as the worker records them (DDS's own
    # figures for this deal: rows S, H, D, C, NT; columns N, E, S, W).
    DoubleDummyRow.objects.create(
        tournament_id=tid,
        session=1,
        board_number=1,
        deal=BOARD_1,
        tricks=DD_1,
        par_score=-110,  # East-West's 2S (8 tricks), DDS's par for this deal
        par_contracts=[],
    )
    return tid, staff


def test_a_teams_session_is_exported_with_its_matches_and_reads_back() -> None:
    tid, staff = _teams_event()
    results, notes = export_results(uuid.UUID(tid), 1, names=False)
    assert notes == ()
    assert results.header.form is CompetitionForm.TEAMS
    standings = staff.get(f"/api/v1/tournaments/{tid}/sessions/1/standings/").json()
    vp = {s["entry_number"]: s for s in standings["standings"]}
    [match] = results.matches
    assert match == MatchRecord(
        round_number=1,
        team_a="1",
        team_b="2",
        boards=4,
        imps_a=12,
        imps_b=0,
        vp_a=match.vp_a,
        vp_b=match.vp_b,
    )
    assert match.vp_a is not None
    assert match.vp_b is not None
    assert match.vp_a + match.vp_b == Decimal(20)
    assert [(e.participant_id, e.rank, e.total) for e in results.ranking] == [
        ("1", 1, match.vp_a),
        ("2", 2, match.vp_b),
    ]
    assert str(match.vp_a) == str(vp[1]["vp"])
    # Each board's two rooms, with round, table and the IMPs to the NS team.
    lines = [
        (r.board_number, r.table_number, r.round_number, r.ns_id, r.score_ns, r.imp_ns)
        for r in results.results
    ]
    assert lines == [
        (1, 1, 1, "1", 420, Decimal(0)),
        (1, 2, 1, "2", 430, Decimal(0)),
        (2, 1, 1, "1", 620, Decimal(12)),
        (2, 2, 1, "2", -100, Decimal(-12)),
        (3, 1, 1, "1", 0, Decimal(0)),
        (3, 2, 1, "2", 0, Decimal(0)),
        (4, 1, 1, "1", -110, Decimal(0)),
        (4, 2, 1, "2", -110, Decimal(0)),
    ]
    assert results.boards[0].deal == BOARD_1
    assert results.boards[0].double_dummy == tuple(tuple(row) for row in DD_1)
    assert results.boards[0].par_score == -110
    assert results.boards[1].double_dummy is None  # not analysed
    assert results.boards[1].par_score is None
    # USEBIO has no dealer and vulnerability (decision 0028): Law 2 gives
    # them; 1.3 carries the double-dummy tricks and par, 1.2 neither
    # (decision 0183).
    unlabelled = tuple(
        replace(b, dealer=None, vulnerability=None) for b in results.boards
    )
    assert read_usebio(write_usebio(results, version="1.3")) == replace(
        results, boards=unlabelled
    )
    assert read_usebio(write_usebio(results, version="1.2")) == replace(
        results,
        boards=tuple(replace(b, double_dummy=None, par_score=None) for b in unlabelled),
    )
    assert read_json(write_json(results)) == results
    back = read_pbn(write_pbn(results))
    assert back.results == results.results
    assert back.boards == results.boards  # deals and double-dummy tricks
    assert back.matches == ()
