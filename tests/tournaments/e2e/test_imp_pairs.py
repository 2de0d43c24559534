"""A pairs event scored in IMPs over the API: Butler and cross-IMPs (Law 78D).

The 3-table Mitchell of ``test_pairs_event`` (NS 1-3 stay, EW 4-6 move) with
every board played as 4S= at table 1, 4S+1 at table 2 and 3NT= at table 3:
420/450/400 not vulnerable, 620/650/600 vulnerable. The Butler datum drops
the highest and lowest result, so it is the table 1 score: table 2 gains
1 IMP (30 points), table 3 loses 1 (20 points). Line IMPs are published in
the matchpoint columns (decision 0053).
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal

import pytest

from eventstore.store import event_store
from tests.support.pairs_event import (
    client_for,
    enter_all,
    project,
    seat_pairs,
    traveller,
)
from tournaments.models import StandingRow

pytestmark = pytest.mark.django_db


def imp_event(staff: object, scoring: str) -> str:
    tid = str(uuid.uuid4())
    body = {
        "tournament_id": tid,
        "name": "Butler a coppie",
        "form": "pairs",
        "scoring": scoring,
        "starts_at": event_store().now().isoformat(),
        "windows": {},
    }
    r = staff.post("/api/v1/tournaments/", body, format="json")  # type: ignore[attr-defined]
    assert r.status_code == 201, r.json()
    seat_pairs(staff, tid, {}, timedelta(hours=1))  # type: ignore[arg-type]
    return tid


def standings(client: object, tid: str) -> dict[int, dict]:
    body = client.get(f"/api/v1/tournaments/{tid}/sessions/1/standings/").json()  # type: ignore[attr-defined]
    return {line["entry_number"]: line for line in body["standings"]}


def test_butler_pairs_score_each_line_against_the_datum() -> None:
    """Law 78D/78B: IMPs against the datum; standings by total IMPs per direction."""
    staff, _ = client_for("bstaff", federation_staff={})
    tid = imp_event(staff, "imps_butler")
    director, _ = client_for("btd", chief_director={"tournament_id": tid})
    enter_all(director, tid)
    project()
    for board in range(1, 7):
        lines = {t["table"]: t for t in traveller(staff, tid, board)}
        assert {t: Decimal(lines[t]["mp_ns"]) for t in lines} == {1: 0, 2: 1, 3: -1}
        assert all(Decimal(t["mp_ew"]) == -Decimal(t["mp_ns"]) for t in lines.values())
    table = standings(staff, tid)
    # NS stay put: pair 2 gains 1 IMP a board, pair 3 loses 1; every EW pair
    # meets each table twice and nets 0. A Mitchell ranks each direction apart.
    assert {n: Decimal(table[n]["matchpoints"]) for n in (1, 2, 3)} == {
        1: 0,
        2: 6,
        3: -6,
    }
    assert [table[n]["rank"] for n in (2, 1, 3)] == [1, 2, 3]
    assert {table[n]["direction"] for n in (1, 2, 3)} == {"NS"}
    assert all(table[n]["rank"] == 1 and table[n]["tied"] for n in (4, 5, 6))
    imps = dict(
        StandingRow.objects.filter(tournament_id=tid).values_list(
            "entry_number", "imps"
        )
    )
    assert imps == {1: 0, 2: 6, 3: -6, 4: 0, 5: 0, 6: 0}


def test_artificial_score_is_three_imps_and_leaves_the_datum() -> None:
    """Law 12C2(b): average plus/minus is +3/-3 IMPs; the other results of the
    board make the datum without it (their mean, 410: both 0 IMPs)."""
    staff, _ = client_for("bstaff2", federation_staff={})
    tid = imp_event(staff, "imps_butler")
    director, _ = client_for("btd2", chief_director={"tournament_id": tid})
    enter_all(director, tid)
    project()
    ruling = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/rulings/",
        {
            "board_number": 3,
            "table": 2,
            "laws": ["12C2"],
            "facts": "fouled auction",
            "decision": "average plus to NS, average minus to EW",
            "adjusted_score": "A60/40",
        },
        format="json",
    )
    assert ruling.status_code == 201, ruling.json()
    project()
    lines = {t["table"]: t for t in traveller(staff, tid, 3)}
    assert (Decimal(lines[2]["mp_ns"]), Decimal(lines[2]["mp_ew"])) == (3, -3)
    assert Decimal(lines[1]["mp_ns"]) == Decimal(lines[3]["mp_ns"]) == 0
    table = standings(staff, tid)
    assert Decimal(table[2]["matchpoints"]) == 8  # 5 boards at +1, +3 adjusted
    assert Decimal(table[3]["matchpoints"]) == -5
    average_minus = lines[2]["ew"]
    assert Decimal(table[average_minus]["matchpoints"]) == -2  # -1, -3, 0, +1...
    # An assigned score stands in the field as a result (Law 12C1(b)).
    assigned = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/rulings/",
        {
            "board_number": 3,
            "table": 2,
            "laws": ["12C1"],
            "facts": "misinformation",
            "decision": "4S by North, made",
            "adjusted_score": "assigned:420",
        },
        format="json",
    )
    assert assigned.status_code == 201, assigned.json()
    project()
    lines = {t["table"]: t for t in traveller(staff, tid, 3)}
    assert [Decimal(lines[t]["mp_ns"]) for t in (1, 2, 3)] == [0, 0, -1]


def test_cross_imps_average_every_comparison_and_imp_penalties_count() -> None:
    """Law 78D: each result IMPed against every other, divided by n - 1;
    Law 90: a procedural penalty in IMPs comes off the pair's total."""
    staff, _ = client_for("cstaff", federation_staff={})
    tid = imp_event(staff, "cross_imps")
    director, _ = client_for("ctd", chief_director={"tournament_id": tid})
    enter_all(director, tid)
    r = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/penalties/",
        {
            "entry_number": 1,
            "kind": "procedural",
            "unit": "imps",
            "amount": 2,
            "reason": "slow play",
        },
        format="json",
    )
    assert r.status_code == 201, r.json()
    project()
    lines = {t["table"]: t for t in traveller(staff, tid, 1)}
    # 420 v 450 and 400: (-1 + 1) / 2; 450: (1 + 2) / 2; 400: (-1 - 2) / 2.
    assert [Decimal(lines[t]["mp_ns"]) for t in (1, 2, 3)] == [
        0,
        Decimal("1.5"),
        Decimal("-1.5"),
    ]
    table = standings(staff, tid)
    assert Decimal(table[2]["matchpoints"]) == 9
    assert (Decimal(table[1]["matchpoints"]), Decimal(table[1]["penalty"])) == (0, 2)
    assert [table[n]["rank"] for n in (2, 1, 3)] == [1, 2, 3]
    overall = {
        row["entry_number"]: row
        for row in staff.get(f"/api/v1/tournaments/{tid}/standings/").json()[
            "standings"
        ]
    }
    assert Decimal(overall[1]["mp"]) == -2  # net of the penalty
    assert (overall[2]["rank"], overall[1]["rank"], overall[3]["rank"]) == (1, 2, 3)
    assert overall[4]["direction"] == "EW"
    assert overall[4]["rank"] == 1
