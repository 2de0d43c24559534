"""A rebuild never shows a hole (decision 0072).

Issue 11 (8): during ``rebuild_projections`` the standings of a published
session answered 404. The rebuild now resets and replays in one transaction:
a reader keeps the old read model until the new one commits.
"""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from eventstore.models import Checkpoint
from eventstore.projections import ProjectionRunner
from eventstore.store import RecordedEvent
from tournaments import demo
from tournaments.models import SessionRow
from tournaments.projections import TournamentResults

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
STANDINGS = f"/api/v1/tournaments/{demo.PAIRS_EVENT}/sessions/1/standings/"


class SlowResults(TournamentResults):
    """The results projection, slowed so that readers meet the rebuild."""

    def handle(self, recorded: RecordedEvent) -> None:
        time.sleep(0.003)
        super().handle(recorded)


def test_readers_see_the_old_standings_until_the_rebuilt_ones_commit() -> None:
    assert demo.build() is True
    session = SessionRow.objects.get(tournament_id=demo.PAIRS_EVENT, session=1)
    assert session.status != SessionRow.Status.PROVISIONAL  # published
    expected = APIClient().get(STANDINGS).json()
    assert len(expected["standings"]) == demo.PAIRS
    reads: list[tuple[float, int, bool]] = []
    stop = threading.Event()

    def reader() -> None:
        client = APIClient()
        try:
            while not stop.is_set():
                response = client.get(STANDINGS)
                body: Any = response.json()
                reads.append((time.monotonic(), response.status_code, body == expected))
        finally:
            connection.close()

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        time.sleep(0.2)
        started = time.monotonic()
        replayed = ProjectionRunner(SlowResults(), batch_size=50).rebuild()
        finished = time.monotonic()
        time.sleep(0.2)
    finally:
        stop.set()
        thread.join(timeout=30)
    during = [r for r in reads if started < r[0] < finished]
    assert replayed > 300
    assert len(during) > 20, "the reader must have read during the rebuild"
    assert {(code, same) for _, code, same in reads} == {(200, True)}
    checkpoint = Checkpoint.objects.get(name=TournamentResults.name)
    assert checkpoint.status == Checkpoint.Status.STOPPED
