"""Random command sequences, retried and interrupted, project to a clean rebuild.

Hypothesis drives a pairs session through the API: results entered and
corrected, rulings with valid and invalid adjusted scores, penalties,
publication; any command may be sent twice under the same key (a client's
retry) and the projection runner and the process managers may die in the
middle of a batch (their transaction rolls back, as a SIGKILL leaves it).
After each sequence the incremental read models must equal a rebuild from
zero, and every keyed retry must have been answered with its first answer.
"""

from __future__ import annotations

import contextlib
import itertools
import uuid
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eventstore.processes import ProcessRunner, configured_processes
from eventstore.projections import ProjectionRunner
from tests.projections.integration.test_tournament_rebuild import snapshot
from tests.support.pairs_event import (
    client_for,
    make_tournament,
    seat_pairs,
)
from tournaments.projections import TournamentResults

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]
SEATED = [(b, t) for b in range(1, 7) for t in range(1, 4)]  # 6 boards, 3 tables
COUNTER = itertools.count()


class WorkerKilled(BaseException):
    """Raised inside a batch: not an error of the event (the runner would
    park its tournament) but the process dying, so the batch rolls back."""


@st.composite
def commands(draw: st.DrawFn) -> dict:
    kind = draw(st.sampled_from(["enter", "correct", "ruling", "penalty", "publish"]))
    board, table = draw(st.sampled_from(SEATED))
    tricks = draw(st.integers(min_value=6, max_value=13))
    body: dict
    if kind == "enter":
        path = "results/"
        body = {
            "board_number": board,
            "table": table,
            "contract": "3NTS",
            "tricks": tricks,
        }
    elif kind == "correct":
        path = f"boards/{board}/tables/{table}/corrections/"
        body = {"contract": "4SN", "tricks": tricks, "reason": "scorer's slip"}
    elif kind == "ruling":
        path = "rulings/"
        body = {
            "board_number": board,
            "table": table,
            "laws": ["12C1"],
            "facts": "misinformation",
            "decision": "adjusted",
            "adjusted_score": draw(
                st.sampled_from(["A60/40", "assigned:400@0.5,-50@0.5", "A70/oops"])
            ),
        }
    elif kind == "penalty":
        path = "penalties/"
        body = {
            "entry_number": draw(st.integers(min_value=1, max_value=6)),
            "kind": "procedural",
            "unit": "matchpoints",
            "amount": draw(st.integers(min_value=1, max_value=3)),
            "law": "90A",
            "reason": "slow play",
        }
    else:
        path, body = "publications/", {}
    return {
        "path": path,
        "body": body,
        "retried": draw(st.booleans()),
        "project_after": draw(st.booleans()),
        "kill_at": draw(st.none() | st.integers(min_value=1, max_value=4)),
    }


def _run_batches(kill_at: int | None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Catch up, the projection's worker dying once mid-batch if asked."""
    projection = TournamentResults()
    runner = ProjectionRunner(projection, batch_size=5)
    if kill_at is not None:
        seen = itertools.count(1)
        handle = projection.handle

        def dying(recorded):  # type: ignore[no-untyped-def]
            if next(seen) == kill_at:
                raise WorkerKilled
            handle(recorded)

        monkeypatch.setattr(projection, "handle", dying)
        with contextlib.suppress(WorkerKilled):
            runner.catch_up()
        monkeypatch.setattr(projection, "handle", handle)
    runner.catch_up()
    for manager in configured_processes():
        ProcessRunner(manager, batch_size=2).catch_up()


@settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(sequence=st.lists(commands(), min_size=3, max_size=14))
def test_random_commands_with_retries_and_kills_project_to_a_clean_rebuild(
    sequence: list[dict], monkeypatch: pytest.MonkeyPatch
) -> None:
    n = next(COUNTER)
    staff, _ = client_for(f"rstaff{n}", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for(f"rtd{n}", chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    base = f"/api/v1/tournaments/{tid}/sessions/1/"
    for step in sequence:
        key = str(uuid.uuid4())
        first = director.post(
            base + step["path"], step["body"], format="json", HTTP_IDEMPOTENCY_KEY=key
        )
        assert first.status_code < 500, first.content
        if step["retried"]:
            again = director.post(
                base + step["path"],
                step["body"],
                format="json",
                HTTP_IDEMPOTENCY_KEY=key,
            )
            if first.status_code == 201:
                assert again.status_code == 201
                assert again.json() == first.json()
            else:  # a refusal stored nothing: the retry is decided afresh
                assert again.status_code == first.status_code
        if step["project_after"]:
            _run_batches(step["kill_at"], monkeypatch)
    _run_batches(None, monkeypatch)
    incremental = snapshot()
    ProjectionRunner(TournamentResults(), batch_size=7).rebuild()
    assert snapshot() == incremental
