"""A real Celery worker on a real broker (Redis) analyses a session's deals.

The task is sent through the broker, a worker subprocess runs it against the
test database, and the progress it records reaches ``done`` of ``total``.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tests.boards.e2e.conftest import Event
from tests.support.celery_worker import (
    broker_connection,
    redis_up,
    start_worker,
    stop_worker,
)
from tournaments.models import DoubleDummyJob, DoubleDummyRow
from tournaments.tasks import analyse_session

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.celery,
    pytest.mark.django_db(transaction=True),
]
ROOT = Path(__file__).parents[3]
BROKER = "redis://127.0.0.1:6379/14"


def _wait_done(event: Event, timeout: float = 90.0) -> DoubleDummyJob:
    end = time.monotonic() + timeout
    seen: list[tuple[str, int]] = []
    while time.monotonic() < end:
        job = DoubleDummyJob.objects.filter(tournament_id=event.tid, session=1).first()
        if job is not None:
            seen.append((job.status, job.done))
            if job.status in ("done", "failed"):
                return job
        time.sleep(0.1)
    raise AssertionError(f"the worker did not finish the analysis: {seen[-5:]}")


@pytest.mark.skipif(not redis_up(), reason="needs Redis on 127.0.0.1:6379")
def test_a_worker_analyses_the_session_and_reports_done(
    event: Event, fixture_pbn: str
) -> None:
    """Sent through Redis, run by the worker: progress reaches 6 of 6."""
    response = event.director.post(
        f"{event.url}hand-records/", fixture_pbn, content_type="application/x-pbn"
    )
    assert response.status_code == 201, response.json()
    worker = start_worker(BROKER)
    try:
        with broker_connection(BROKER) as connection:
            analyse_session.apply_async(args=[event.tid, 1], connection=connection)
        job = _wait_done(event)
    finally:
        stop_worker(worker)
    assert (job.status, job.done, job.total) == ("done", 6, 6), job.error
    first = DoubleDummyRow.objects.get(
        tournament_id=event.tid, session=1, board_number=1
    )
    assert (first.par_score, first.par_contracts) == (-110, ["2SE=", "2SW="])
