"""Checkpointed projection runner (spec/eventstore-research.md §6.3).

One active runner per projection (a PostgreSQL session advisory lock; a file
lock on SQLite). Each batch is applied together with a compare-and-set of the
checkpoint in one transaction, so a crash mid-batch leaves the read model and
checkpoint as they were. Positions are gapless by construction, so a hole is a
bug: the runner stops with ``ProjectionHole`` instead of skipping. It wakes on
``LISTEN es_events`` and polls as a fallback, because NOTIFY is not durable.

One partition's failure never stops the others (decision 0070). A partition
is the tournament the event's envelope names, else the event's stream. An
event a projection cannot apply is rolled back alone (a savepoint), recorded
in ``es_projection_failure`` against its partition, and the partition's later
events are parked (counted, not applied) while the checkpoint advances for
everyone else. A partition comes back when a retry (a new event of it, or
``manage.py projections retry``) resets its rows and replays its events and
they now apply.

The runner process survives a lost connection: it closes it, backs off,
reconnects and takes its lock again, and writes a heartbeat that health
reads beside the lock's holder (decision 0071). A rebuild builds the read
model beside the live tables and swaps it in in one short transaction, so
readers and the runner keep the old read model until then (decision 0109,
``shadow``); on SQLite, or for a projection that does not name its tables,
it resets and replays in one transaction (decision 0072).
"""

from eventstore.projections.base import (
    CheckpointMoved,
    Projection,
    ProjectionLocked,
    configured_projections,
    partition_of,
)
from eventstore.projections.checkpoints import (
    advance_checkpoint,
    parked_at,
    read_checkpoint,
    read_position,
    stop_checkpoint,
    wait_for_position,
)
from eventstore.projections.locks import (
    RunnerLock,
    connection_lost,
    lock_holder,
    projection_lock,
)
from eventstore.projections.loop import Notifications, RunnerLoop, run_forever
from eventstore.projections.runner import ProjectionRunner

__all__ = [
    "CheckpointMoved",
    "Notifications",
    "Projection",
    "ProjectionLocked",
    "ProjectionRunner",
    "RunnerLock",
    "RunnerLoop",
    "advance_checkpoint",
    "configured_projections",
    "connection_lost",
    "lock_holder",
    "parked_at",
    "partition_of",
    "projection_lock",
    "read_checkpoint",
    "read_position",
    "run_forever",
    "stop_checkpoint",
    "wait_for_position",
]
