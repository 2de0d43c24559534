"""What the write side accepts, the projection can score (issue 11, defect 4;
decision 0076).

A two-winner schedule in which pairs change direction, and a penalty on an
entry that does not play the session, were accepted and then stopped the
results projection (the scoring raised on them). The tournament's decide now
scores the schedule with the projection's own pipeline and refuses both with
a 422 naming the Law; a penalty on a seated pair that has not played yet waits
for its first result instead of stopping the projection.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from eventstore.models import Checkpoint
from eventstore.store import event_store
from tests.support.api_events import event_with_entries, schedule_session
from tests.support.pairs_event import project
from tournaments.projections import TournamentResults

pytestmark = pytest.mark.django_db


def test_unscorable_sessions_and_penalties_are_refused_and_the_rest_projected() -> None:
    tid, staff, director = event_with_entries(
        "Trofeo delle due linee",
        form="pairs",
        scoring="matchpoints",
        entries=8,
        players_each=2,
    )
    refused = schedule_session(
        staff,
        tid,
        1,
        movement="howell",
        pairs=8,
        boards_per_round=2,
        winners="by_direction",
    )
    assert refused.status_code == 422, refused.json()
    assert {k: refused.json()[k] for k in ("code", "detail", "law")} == {
        "code": "invalid_schedule",
        "detail": "1 played in both directions",
        "law": "Law 78A",
    }
    # A Mitchell of pairs 1-6 keeps every pair in its direction: accepted.
    r = schedule_session(
        staff,
        tid,
        1,
        movement="mitchell",
        pairs=6,
        boards_per_round=2,
        winners="by_direction",
    )
    assert r.status_code == 201, r.json()
    penalties = f"/api/v1/tournaments/{tid}/sessions/1/penalties/"
    outsider = director.post(
        penalties,
        {"entry_number": 8, "kind": "procedural", "unit": "matchpoints", "amount": 2},
        format="json",
    )
    assert outsider.status_code == 422, outsider.json()
    assert {k: outsider.json()[k] for k in ("code", "detail", "law")} == {
        "code": "invalid_penalty",
        "detail": "entry 8 does not play in session 1",
        "law": "Law 90",
    }
    # Pair 1 is penalised before it has played a board.
    r = director.post(
        penalties,
        {"entry_number": 1, "kind": "procedural", "unit": "matchpoints", "amount": 2},
        format="json",
    )
    assert r.status_code == 201, r.json()
    results = f"/api/v1/tournaments/{tid}/sessions/1/results/"
    r = director.post(
        results,
        {"board_number": 3, "table": 2, "contract": "4SN", "tricks": 10},
        format="json",
    )
    assert r.status_code == 201, r.json()
    project()
    checkpoint = Checkpoint.objects.get(name=TournamentResults.name)
    assert (checkpoint.last_position, checkpoint.last_error) == (
        event_store().head_position(),
        "",
    )
    standings = f"/api/v1/tournaments/{tid}/sessions/1/standings/"
    lines = staff.get(standings).json()["standings"]
    assert sorted((s["entry_number"], s["direction"]) for s in lines) == [
        (2, "NS"),
        (5, "EW"),
    ]
    # Its first result brings the penalty in (Law 90). It is board 1's only
    # result so far, factored to the three results the schedule
    # plays it (decision 0164): the average, 2 of a top of 4.
    r = director.post(
        results,
        {"board_number": 1, "table": 1, "contract": "3NTS", "tricks": 9},
        format="json",
    )
    assert r.status_code == 201, r.json()
    project()
    [pair_1] = [
        s for s in staff.get(standings).json()["standings"] if s["entry_number"] == 1
    ]
    assert (Decimal(pair_1["matchpoints"]), Decimal(pair_1["penalty"])) == (
        Decimal(2),
        Decimal(2),
    )
