"""A turn of the runner loop reads for all of its projections at once (issue
13): their checkpoints in one statement, and a batch once for every
projection that starts it at the same position; one that is behind reads
its own. Each projection applies exactly what it would have alone."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from eventstore.projections import read_checkpoint
from eventstore.projections.loop import RunnerLoop, Turn
from eventstore.store import Metadata, event_store
from tests.support.events import Pinged
from tests.support.models import Tally, TournamentTally
from tests.support.projections import StreamTally
from tests.support.projections import TournamentTally as TournamentTallyProjection

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


@pytest.fixture
def loop() -> Iterator[RunnerLoop]:
    loop = RunnerLoop(
        [StreamTally(), TournamentTallyProjection()], lambda: False, batch_size=100
    )
    while loop.turn() is not Turn.IDLE:  # up to the head, whatever came before
        pass
    yield loop
    loop._shutdown()


def _append(tid: uuid.UUID, *ns: int) -> uuid.UUID:
    stream = uuid.uuid4()
    event_store().append(
        stream,
        [Pinged(n=n) for n in ns],
        stream_type="test",
        expected_version=0,
        metadata=Metadata(actor="user:test", tournament_id=tid),
    )
    return stream


def _reads(queries: CaptureQueriesContext) -> tuple[int, int]:
    """How many statements of the turn read events, and checkpoints."""
    sql = [q["sql"] for q in queries.captured_queries]
    return (
        sum("FROM es_event" in s for s in sql),
        sum(s.startswith("SELECT") and "FROM es_checkpoint" in s for s in sql),
    )


def test_projections_at_one_position_share_the_turns_reads(loop: RunnerLoop) -> None:
    tid = uuid.uuid4()
    stream = _append(tid, 2, 3, 4)
    with CaptureQueriesContext(connection) as queries:
        assert loop.turn() is Turn.WORKED
    assert _reads(queries) == (1, 1)
    head = event_store().head_position()
    assert [read_checkpoint(r.name) for r in loop.runners] == [head, head]
    assert Tally.objects.values_list("events", "total").get(stream_id=stream) == (3, 9)
    assert TournamentTally.objects.values_list("events", "total").get(
        tournament_id=tid
    ) == (3, 9)


def test_a_projection_behind_the_others_reads_its_own_batch(
    loop: RunnerLoop,
) -> None:
    tid = uuid.uuid4()
    _append(tid, 5)
    assert loop.runners[0].run_batch() == 1  # the first one moves on alone
    _append(tid, 7)
    with CaptureQueriesContext(connection) as queries:
        assert loop.turn() is Turn.WORKED
    assert _reads(queries) == (2, 1)
    head = event_store().head_position()
    assert [read_checkpoint(r.name) for r in loop.runners] == [head, head]
    assert TournamentTally.objects.values_list("events", "total").get(
        tournament_id=tid
    ) == (2, 12)
