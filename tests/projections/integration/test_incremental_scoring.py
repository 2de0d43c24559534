"""The results projection scores what changed (decisions 0098, 0099).

One projection instance, as the runner process keeps it, is fed random
results, corrections and adjusted scores in batches of random size (with a
penalty now and then, which scores the session whole): after each sequence
the read model equals a rebuild from zero by a fresh instance, which scores
every session whole. A batch of one new result re-scores its board with the
kept scorer, reads and writes a fixed number of statements whatever the
session's size, and writes only the rows whose figures moved.
"""

from __future__ import annotations

import itertools
import uuid
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eventstore.projections import ProjectionRunner
from tests.projections.integration.test_tournament_rebuild import snapshot
from tests.support.pairs_event import client_for, enter_all, seat_pairs
from tournaments import kept_sessions
from tournaments.models import ResultRow
from tournaments.projections import TournamentResults

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
SEATED = [(b, t) for b in range(1, 7) for t in range(1, 4)]  # 6 boards, 3 tables
COUNTER = itertools.count()


def make_event(scoring: str) -> str:
    n = next(COUNTER)
    staff, _ = client_for(f"istaff{n}", federation_staff={})
    tid = str(uuid.uuid4())
    body = {
        "tournament_id": tid,
        "name": "Incrementale",
        "form": "pairs",
        "scoring": scoring,
        "starts_at": "2026-01-01T18:00:00+00:00",
        "windows": {},
    }
    assert staff.post("/api/v1/tournaments/", body, format="json").status_code == 201
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    return tid


@st.composite
def steps(draw: st.DrawFn) -> tuple[str, dict]:
    kind = draw(st.sampled_from(["enter", "enter", "correct", "adjust", "penalty"]))
    board, table = draw(st.sampled_from(SEATED))
    tricks = draw(st.integers(min_value=6, max_value=13))
    if kind == "enter":
        body = {"board_number": board, "table": table, "contract": "3NTS"}
        return "results/", {**body, "tricks": tricks}
    if kind == "correct":
        body = {"contract": "4SN", "tricks": tricks, "reason": "scorer's slip"}
        return f"boards/{board}/tables/{table}/corrections/", body
    if kind == "adjust":
        score = draw(st.sampled_from(["A60/40", "A40/60", "assigned:400@0.5,-50@0.5"]))
        return "rulings/", {
            "board_number": board,
            "table": table,
            "laws": ["12C1"],
            "facts": "misinformation",
            "decision": "adjusted",
            "adjusted_score": score,
        }
    return "penalties/", {
        "entry_number": draw(st.integers(min_value=1, max_value=6)),
        "kind": "procedural",
        "unit": "matchpoints",
        "amount": 1,
        "law": "90A",
        "reason": "slow play",
    }


@settings(
    max_examples=10,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    scoring=st.sampled_from(["matchpoints", "imps_butler", "cross_imps"]),
    sequence=st.lists(
        st.tuples(steps(), st.booleans(), st.integers(1, 4)), min_size=2, max_size=16
    ),
)
def test_incremental_scoring_equals_a_full_rescore(
    scoring: str, sequence: list[tuple[tuple[str, dict], bool, int]]
) -> None:
    tid = make_event(scoring)
    director, _ = client_for(
        f"itd{next(COUNTER)}", chief_director={"tournament_id": tid}
    )
    projection = TournamentResults()  # kept between batches, as the runner does
    base = f"/api/v1/tournaments/{tid}/sessions/1/"
    for (path, body), project_now, batch in sequence:
        r = director.post(base + path, body, format="json")
        assert r.status_code < 500, r.content
        if project_now:
            ProjectionRunner(projection, batch_size=batch).catch_up()
    ProjectionRunner(projection, batch_size=3).catch_up()
    incremental = snapshot()
    ProjectionRunner(TournamentResults(), batch_size=50).rebuild()
    assert snapshot() == incremental


def test_a_new_result_rescores_its_board_with_set_based_writes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every board but one line entered and projected; the last line is then a
    batch of its own: the kept scorer takes it (no reload), and the batch's
    statements are the same handful whatever the session's size."""
    tid = make_event("matchpoints")
    director, _ = client_for("itd-last", chief_director={"tournament_id": tid})
    enter_all(director, tid, skip={(6, 3)})
    projection = TournamentResults()
    runner = ProjectionRunner(projection, batch_size=500)
    runner.catch_up()
    before = dict(ResultRow.objects.values_list("stream_id", "mp_ns"))
    loads: list[object] = []
    load = kept_sessions.KeptSession.load
    monkeypatch.setattr(
        kept_sessions.KeptSession,
        "load",
        classmethod(lambda cls, *a: loads.append(a) or load(*a)),
    )
    r = director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/results/",
        {"board_number": 6, "table": 3, "contract": "3NTS", "tricks": 9},
        format="json",
    )
    assert r.status_code == 201, r.json()
    with CaptureQueriesContext(connection) as queries:
        assert runner.run_batch() == 1
    assert loads == []
    # The whole batch, in order: 14 statements whatever the session's size
    # (issue 13: the checkpoint read and moved by plain statements, the
    # session's token read and set by one).
    statements = [q["sql"] for q in queries.captured_queries]
    expected = [
        "SELECT last_position FROM es_checkpoint",
        "SELECT global_position,",  # the batch
        "BEGIN",
        'SELECT "es_projection_failure"."partition"',  # parked partitions
        "SAVEPOINT ",
        'INSERT INTO "tournaments_resultrow"',  # the row, from arrays
        'UPDATE "tournaments_sessionrow"',  # the token swapped
        'SELECT "tournaments_resultrow"."stream_id"',  # the changed line
        'UPDATE "tournaments_resultrow"',  # the board's figures
        'INSERT INTO "tournaments_standingrow"',  # the standings that moved
        'UPDATE "tournaments_sessionrow"',  # the session's position (0135)
        "RELEASE SAVEPOINT",
        "UPDATE es_checkpoint SET last_position",
        "COMMIT",
    ]
    assert len(statements) == len(expected), statements
    for statement, start in zip(statements, expected, strict=True):
        assert statement.startswith(start), (statement, start)
    writes = [
        q["sql"].split()[0]
        for q in queries.captured_queries
        if "tournaments_resultrow" in q["sql"] or "tournaments_standingrow" in q["sql"]
    ]
    # The row's upsert, the changed line read back, one UPDATE ... FROM unnest
    # of the board's lines, one upsert of the standings that moved.
    assert writes == ["INSERT", "SELECT", "UPDATE", "INSERT"]
    assert "json_populate_recordset" in queries.captured_queries[9]["sql"]
    assert "unnest" in next(
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith("UPDATE") and "tournaments_resultrow" in q["sql"]
    )
    after = dict(ResultRow.objects.values_list("stream_id", "mp_ns"))
    moved = {sid for sid in after if before.get(sid) != after[sid]}
    boards = set(
        ResultRow.objects.filter(stream_id__in=moved).values_list(
            "board_number", flat=True
        )
    )
    assert boards == {6}
    incremental = snapshot()
    ProjectionRunner(TournamentResults(), batch_size=50).rebuild()
    assert snapshot() == incremental
