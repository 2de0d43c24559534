"""A teams event end to end: teams entered, two rooms per match, IMPs and VPs."""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal

import pytest

from eventstore.deadlines import sweep
from eventstore.store import event_store
from tests.support.pairs_event import client_for, project
from tests.support.players import register_players
from tournaments.models import MatchRow

pytestmark = pytest.mark.django_db
BOARDS = (1, 2, 3, 4)


def test_teams_match_scores_imps_and_victory_points_and_windows_close() -> None:
    staff, _ = client_for("tstaff", federation_staff={})
    now = event_store().now()
    tid = str(uuid.uuid4())
    body = {
        "tournament_id": tid,
        "name": "Serie A",
        "form": "teams",
        "scoring": "teams_imps_vp",
        "starts_at": now.isoformat(),
        "windows": {"regulation": "laws", "correction_minutes": 0, "appeal_minutes": 0},
    }
    assert staff.post("/api/v1/tournaments/", body, format="json").status_code == 201
    director, _ = client_for("ttd", chief_director={"tournament_id": tid})
    for team in (1, 2):
        members = register_players(4)
        r = staff.post(
            f"/api/v1/tournaments/{tid}/entries/",
            {"number": team, "player_ids": members},
            format="json",
        )
        assert r.status_code == 201
    # Open room: team 1 NS; closed room: team 2 NS (the two rooms of one match).
    assignments = [
        {"round": 1, "table": 1, "ns": 1, "ew": 2, "boards": list(BOARDS)},
        {"round": 1, "table": 2, "ns": 2, "ew": 1, "boards": list(BOARDS)},
    ]
    r = staff.post(
        f"/api/v1/tournaments/{tid}/sessions/",
        {
            "session": 1,
            "movement": "explicit",
            "assignments": assignments,
            "starts_at": now.isoformat(),
            "ends_at": (now + timedelta(hours=3)).isoformat(),
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    # Board 1 (none vul): 4S= by N in the open room, 3NT+1 by S in the closed room
    # where team 2 sits NS: team 1 gains 420 - 430 = -10 -> 0 IMPs.
    # Board 2 (NS vul): 4S= vul 620 open; closed 4S-1 vul -100 -> 720 -> +12 IMPs.
    plays = {
        (1, 1): ("4SN", 10),
        (1, 2): ("3NTS", 10),
        (2, 1): ("4SN", 10),
        (2, 2): ("4SN", 9),
        (3, 1): ("PASS", None),
        (3, 2): ("PASS", None),
        (4, 1): ("2HE", 8),
        (4, 2): ("2HW", 8),
    }
    for (board, table), (contract, tricks) in plays.items():
        r = director.post(
            f"/api/v1/tournaments/{tid}/sessions/1/results/",
            {
                "board_number": board,
                "table": table,
                "contract": contract,
                "tricks": tricks,
            },
            format="json",
        )
        assert r.status_code == 201, r.json()
    project()
    [match] = MatchRow.objects.filter(tournament_id=tid)
    assert (match.team_a, match.team_b, match.imps_a, match.imps_b) == (1, 2, 12, 0)
    assert match.vp_a + match.vp_b == Decimal(20)
    assert match.vp_a > 15
    standings = staff.get(f"/api/v1/tournaments/{tid}/sessions/1/standings/").json()
    assert standings["standings"][0]["entry_number"] == 1
    # Laws defaults with zero minutes: published scores are final at once after
    # the sweep; a correction needs the organizer's approval (Law 79C2).
    assert (
        director.post(f"/api/v1/tournaments/{tid}/sessions/1/publications/").status_code
        == 201
    )
    late = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/boards/2/tables/2/corrections/",
        {"contract": "4SN", "tricks": 10, "reason": "recount"},
        format="json",
    )
    assert late.status_code == 409
    assert (late.json()["code"], late.json()["law"]) == (
        "correction_period_closed",
        "Law 79C",
    )
    assert sweep() == 2
    project()
    final = staff.get(f"/api/v1/tournaments/{tid}/sessions/1/standings/").json()
    assert final["status"] == "final"
