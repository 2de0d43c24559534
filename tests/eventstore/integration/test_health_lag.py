"""Health shows each runner's lag in positions and in seconds (issue 13).

``lag`` is how many stored events the projection has not applied;
``lag_seconds`` how long the first of them has waited (measured against the
database's clock, as the events' ``recorded_at``), 0 at the head. On event
night the seconds are what the standings are behind by.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from eventstore.liveness import lag_seconds, projection_report
from eventstore.models import Checkpoint, Event
from eventstore.projections import ProjectionRunner
from eventstore.store import event_store
from tests.support.events import Pinged
from tests.support.eventstore import ACTOR
from tests.support.projections import StreamTally

pytestmark = pytest.mark.django_db
NAME = StreamTally.name


def write(events: int) -> int:
    store = event_store()
    for n in range(events):
        store.append(
            uuid.uuid4(),
            [Pinged(n=n)],
            stream_type="test",
            expected_version=0,
            metadata=ACTOR,
        )
    return store.head_position()


def test_the_lag_in_positions_and_seconds() -> None:
    runner = ProjectionRunner(StreamTally())
    write(2)
    runner.catch_up()
    applied = runner.checkpoint()
    head = write(3)
    first = Event.objects.get(global_position=applied + 1).recorded_at

    # The first event not applied has waited 2.5 s at this instant.
    assert lag_seconds(applied, head, first + timedelta(seconds=2.5)) == 2.5
    assert lag_seconds(head, head, first + timedelta(hours=1)) == 0.0

    report = projection_report([NAME])["projections"][NAME]
    assert (report["position"], report["head"], report["lag"]) == (
        applied,
        head,
        3,
    )
    waited = (event_store().now() - first).total_seconds()
    assert 0 < report["lag_seconds"] <= round(waited, 3)

    runner.catch_up()
    report = projection_report([NAME])["projections"][NAME]
    assert (report["lag"], report["lag_seconds"]) == (0, 0.0)
    assert Checkpoint.objects.get(name=NAME).last_position == head
