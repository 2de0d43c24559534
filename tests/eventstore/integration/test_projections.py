"""Projection runner: checkpoints, holes, duplicates, rebuild equals incremental."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection

from eventstore.errors import ProjectionHole
from eventstore.models import Checkpoint
from eventstore.projections import ProjectionRunner, wait_for_position
from eventstore.store import event_store
from tests.support.events import Colour, Pinged, Rich
from tests.support.eventstore import ACTOR
from tests.support.models import Tally
from tests.support.projections import StreamTally

pytestmark = pytest.mark.django_db


def _write(streams: int = 5, per_stream: int = 7) -> None:
    store = event_store()
    for s in range(streams):
        stream = uuid.uuid4()
        for v in range(per_stream):
            store.append(
                stream,
                [Pinged(n=s * 100 + v)],
                stream_type="test",
                expected_version=v,
                metadata=ACTOR,
            )
        store.append(
            stream,
            [Rich(ref=stream, at=store.now(), colour=Colour.RED, items=())],
            stream_type="test",
            expected_version=per_stream,
            metadata=ACTOR,
        )


def _state() -> list[tuple]:
    return list(Tally.objects.order_by("stream_id").values_list())


def test_rebuild_from_zero_equals_the_incrementally_built_state() -> None:
    runner = ProjectionRunner(StreamTally(), batch_size=4)
    _write(3)
    runner.catch_up()
    _write(2)
    runner.catch_up()  # incremental, in small batches across two catch-ups
    incremental = _state()
    assert len(incremental) == 5
    assert runner.rebuild() == event_store().head_position()
    assert _state() == incremental


def test_a_batch_applied_twice_changes_nothing() -> None:
    runner = ProjectionRunner(StreamTally(), batch_size=100)
    _write(2)
    runner.catch_up()
    before = _state()
    # Rewind the checkpoint: the same events are delivered again.
    Checkpoint.objects.filter(name=runner.name).update(last_position=0)
    runner.catch_up()
    assert _state() == before


def test_a_hole_in_positions_stops_the_runner_instead_of_skipping() -> None:
    runner = ProjectionRunner(StreamTally())
    _write(1, 2)
    runner.catch_up()
    head = event_store().head_position()
    with connection.cursor() as cursor:  # forge a hole: bypass es_append
        cursor.execute(
            "INSERT INTO es_event (global_position, stream_id, stream_version, event_id, "
            "event_type, schema_version, payload, metadata, recorded_at, hash) "
            "VALUES (%s, %s, 1, %s, 'test.pinged', 2, %s, %s, %s, %s)",
            [
                head + 2,
                uuid.uuid4().hex if connection.vendor == "sqlite" else uuid.uuid4(),
                uuid.uuid4().hex if connection.vendor == "sqlite" else uuid.uuid4(),
                '{"n": 1, "note": ""}',
                '{"actor": "forger"}',
                event_store().now(),
                bytes(32),
            ],
        )
        # Reads stop at the counter: the hole is below it only once the
        # counter is moved too (what a deleted row leaves).
        cursor.execute("UPDATE es_position SET last_position = %s", [head + 2])
    with pytest.raises(ProjectionHole, match=f"expected position {head + 1}"):
        runner.catch_up()
    checkpoint = Checkpoint.objects.get(name=runner.name)
    assert checkpoint.status == Checkpoint.Status.ERROR
    assert checkpoint.last_position == head


def test_read_your_writes_waits_for_the_checkpoint_and_times_out_cleanly() -> None:
    runner = ProjectionRunner(StreamTally())
    _write(1, 1)
    head = event_store().head_position()
    assert wait_for_position([runner.name], head, timeout=0.1) is False
    runner.catch_up()
    assert wait_for_position([runner.name], head, timeout=0.1) is True
