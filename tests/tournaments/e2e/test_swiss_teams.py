"""Swiss teams over the API: each round paired from the VP standings, no
repeat meetings (Law 8A), overall standings over every round."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from eventstore.store import event_store
from tests.support.pairs_event import client_for, project
from tests.support.players import register_players
from tournaments.models import SessionRow

pytestmark = pytest.mark.django_db
TEAMS = 4


def test_swiss_rounds_pair_from_the_standings_without_repeats() -> None:
    staff, _ = client_for("sstaff", federation_staff={})
    now = event_store().now()
    tid = str(uuid.uuid4())
    staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": "Swiss",
            "form": "teams",
            "scoring": "teams_imps_vp",
            "starts_at": now.isoformat(),
        },
        format="json",
    )
    director, _ = client_for("std", chief_director={"tournament_id": tid})
    for team in range(1, TEAMS + 1):
        staff.post(
            f"/api/v1/tournaments/{tid}/entries/",
            {"number": team, "player_ids": register_players(4)},
            format="json",
        )
    meetings: set[frozenset[int]] = set()
    for session in (1, 2, 3):
        boards = [2 * session - 1, 2 * session]
        r = director.post(
            f"/api/v1/tournaments/{tid}/swiss-rounds/",
            {
                "session": session,
                "boards": boards,
                "starts_at": now.isoformat(),
                "ends_at": (now + timedelta(hours=1)).isoformat(),
            },
            format="json",
        )
        assert r.status_code == 201, r.json()
        project()
        row = SessionRow.objects.get(tournament_id=tid, session=session)
        assert len(row.assignments) == TEAMS  # two rooms per match
        for a in row.assignments[::2]:
            pair = frozenset((a["ns"], a["ew"]))
            assert pair not in meetings, "a Swiss never repeats a meeting"
            meetings.add(pair)
        # Team 1 always wins big at the open room's first table.
        for a in row.assignments:
            for board in a["boards"]:
                contract, tricks = (
                    ("3NTN", 10) if a["ns"] == min(a["ns"], a["ew"]) else ("3NTN", 7)
                )
                r = director.post(
                    f"/api/v1/tournaments/{tid}/sessions/{session}/results/",
                    {
                        "board_number": board,
                        "table": a["table"],
                        "contract": contract,
                        "tricks": tricks,
                    },
                    format="json",
                )
                assert r.status_code == 201, r.json()
        project()
    assert len(meetings) == 6  # 4 teams, 3 rounds: everyone met everyone once
    overall = staff.get(f"/api/v1/tournaments/{tid}/standings/").json()["standings"]
    assert overall[0]["entry_number"] == 1
    assert sum(float(row["vp"]) for row in overall) == pytest.approx(20 * 2 * 3)


def test_a_swiss_round_is_not_paired_on_standings_behind_its_min_position() -> None:
    """Law 8A pairs from the standings: asked to read them at a position they
    have not reached, the command refuses (409) instead of pairing on stale
    ones, and records nothing (decision 0073)."""
    staff, _ = client_for("bstaff", federation_staff={})
    now = event_store().now()
    tid = str(uuid.uuid4())
    staff.post(
        "/api/v1/tournaments/",
        {
            "tournament_id": tid,
            "name": "Swiss",
            "form": "teams",
            "scoring": "teams_imps_vp",
            "starts_at": now.isoformat(),
        },
        format="json",
    )
    director, _ = client_for("btd", chief_director={"tournament_id": tid})
    for team in range(1, TEAMS + 1):
        entered = staff.post(
            f"/api/v1/tournaments/{tid}/entries/",
            {"number": team, "player_ids": register_players(4)},
            format="json",
        )
        assert entered.status_code == 201, entered.json()
    position = entered.json()["last_position"]
    url = f"/api/v1/tournaments/{tid}/swiss-rounds/?min_position={position}"
    body = {
        "session": 1,
        "boards": [1, 2],
        "starts_at": now.isoformat(),
        "ends_at": (now + timedelta(hours=1)).isoformat(),
    }
    refused = director.post(url, body, format="json")
    assert refused.status_code == 409
    assert refused.json()["code"] == "read_model_behind"
    assert refused.json()["detail"] == (
        "the standings have not reached min_position yet; retry"
    )
    assert refused["Arbitro-Behind"] == "true"
    assert event_store().head_position() == position  # nothing recorded
    project()
    paired = director.post(url, body, format="json")
    assert paired.status_code == 201, paired.json()
