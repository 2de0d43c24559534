"""Lateness, slow play and playing time over the API (FIGB N-L8 §1-§4).

The four-team round robin of ``test_teams_tie_breaks``: team 2 wins 30 VPs,
1 and 2 level on 30, 4 and 3 as the matches give. The director records the
facts; the norm gives the penalties; the overall standings lose the VPs.
"""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from typing import Any

import pytest

from tests.support.pairs_event import client_for, make_tournament, project, seat_pairs
from tests.tournaments.e2e.test_teams_tie_breaks import round_robin

pytestmark = pytest.mark.django_db


def _post(client: Any, url: str, body: dict[str, Any]) -> Any:
    return client.post(url, body, format="json")


def _events(response: Any) -> int:
    body = response.json()
    return int(body["last_position"]) - int(body["first_position"]) + 1


def _overall(staff: Any, tid: str) -> dict[int, dict[str, Any]]:
    rows = staff.get(f"/api/v1/tournaments/{tid}/standings/").json()["standings"]
    return {r["entry_number"]: r for r in rows}


def test_late_and_slow_teams_lose_what_the_norm_says() -> None:
    """N-L8 §3: 12 minutes late is 2 VP (10,01-15); 3 minutes late a warning.
    N-L8 §2: team 1's first slow play is a warning, its second 1 VP; with the
    culprit unknown team 4 is penalised too (its first: a warning). N-L8 §4:
    team 1's two warnings cost 1 VP more, 2 in all; team 4's one warning is
    residual and costs nothing."""
    staff, director, tid = round_robin("teams_imps_vp", tag="cd")
    project()
    before = _overall(staff, tid)
    base = f"/api/v1/tournaments/{tid}/sessions/1"
    r = _post(director, f"{base}/lateness/", {"entry_number": 3, "minutes_late": "12"})
    assert r.status_code == 201, r.json()
    assert _events(r) == 2  # the fact and its 2 VP
    r = _post(director, f"{base}/lateness/", {"entry_number": 1, "minutes_late": "3"})
    assert r.status_code == 201, r.json()
    r = _post(director, f"{base}/slow-play/", {"entry_numbers": [1]})
    assert r.status_code == 201, r.json()
    r = _post(director, f"{base}/slow-play/", {"entry_numbers": [1, 4]})
    assert r.status_code == 201, r.json()
    assert _events(r) == 4  # two facts, 1 VP and a warning
    project()
    after = _overall(staff, tid)
    assert {n: Decimal(after[n]["vp_penalty"]) for n in after} == {
        1: Decimal(2),
        2: Decimal(0),
        3: Decimal(2),
        4: Decimal(0),
    }
    # Team 1 had 30 VPs level with team 2, behind it on head-to-head IMPs;
    # now 2 VPs part them without a tie-break.
    assert {n: (before[n]["vp"], before[n]["rank"]) for n in before} == {
        4: ("38.09", 1),
        2: ("30.00", 2),
        1: ("30.00", 3),
        3: ("21.91", 4),
    }
    assert before[1]["criterion"] == "head-to-head IMPs"
    assert after[1]["criterion"] == ""
    assert {n: (after[n]["vp"], after[n]["rank"]) for n in after} == {
        4: ("38.09", 1),
        2: ("30.00", 2),
        1: ("28.00", 3),
        3: ("19.91", 4),
    }


def test_a_pairs_event_is_told_to_use_the_per_board_penalty() -> None:
    """N-L8 §2-§3 are teams norms: a pairs event's slow play is the
    director's penalty for each board (and Law 12C1 for a board not played)."""
    staff, _ = client_for("cdpstaff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for("cdptd", chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    r = _post(
        director,
        f"/api/v1/tournaments/{tid}/sessions/1/slow-play/",
        {"entry_numbers": [1]},
    )
    assert r.status_code == 422, r.json()
    assert r.json()["code"] == "invalid_penalty"
    assert r.json()["law"] == "Norme integrative FIGB Art. N-L8 §2"


def test_refusals_name_the_norm_and_record_nothing() -> None:
    _, director, tid = round_robin("teams_imps_vp", tag="cr")
    base = f"/api/v1/tournaments/{tid}/sessions/1"
    r = _post(director, f"{base}/slow-play/", {"entry_numbers": [1, 1]})
    assert (r.status_code, r.json()["code"]) == (422, "invalid_penalty")
    r = _post(director, f"{base}/lateness/", {"entry_number": 9, "minutes_late": "3"})
    assert (r.status_code, r.json()["code"]) == (422, "invalid_penalty")
    r = _post(director, f"{base}/lateness/", {"entry_number": 1, "minutes_late": "-1"})
    assert r.status_code == 400, r.json()
    player, _ = client_for("crplayer")
    r = _post(player, f"{base}/lateness/", {"entry_number": 1, "minutes_late": "3"})
    assert r.status_code == 403
    r = _post(
        director,
        f"/api/v1/tournaments/{tid}/playing-conditions/",
        {"lateness_reading": "whenever"},
    )
    assert r.status_code == 400, r.json()


def test_playing_time_follows_the_table_and_the_screens() -> None:
    """N-L8 §1: one board a round is outside the table: 15 + 7.5, rounded up,
    23 minutes; with screens 28; at 4 boards an hour 15 + 15 + 5 = 35."""
    staff, director, tid = round_robin("teams_imps_vp", tag="ct")
    url = f"/api/v1/tournaments/{tid}/sessions/1/playing-time/"
    body = staff.get(url).json()
    assert body == {
        "screens": False,
        "boards_per_hour": 8,
        "norm": "Norme integrative FIGB Art. N-L8 §1",
        "rounds": [
            {"round": n, "boards": 1, "minutes": 23, "from_table": False}
            for n in (1, 2, 3)
        ],
    }
    conditions = f"/api/v1/tournaments/{tid}/playing-conditions/"
    r = _post(director, conditions, {"screens": True, "boards_per_hour": 4})
    assert r.status_code == 201, r.json()
    r = _post(director, conditions, {"screens": True, "boards_per_hour": 4})
    assert r.status_code == 200  # the same conditions: nothing to record
    assert [x["minutes"] for x in staff.get(url).json()["rounds"]] == [35, 35, 35]
    missing = staff.get(f"/api/v1/tournaments/{tid}/sessions/9/playing-time/")
    assert missing.status_code == 404
