"""Tables of the append-only event store (spec/eventstore-research.md §6.1).

The ORM models exist for migrations, the admin and read queries; every write
to ``es_event`` goes through ``eventstore.store``. The database refuses UPDATE
and DELETE on ``es_event`` by trigger (migration 0002); the application's own
role may not write the store's tables at all, only call ``es_append``
(eventstore.roles, decision 0118).
"""

from django.db import models
from django.db.models import F, Q
from django.db.models.fields.json import KeyTextTransform
from django.db.models.functions import Now


class Stream(models.Model):
    """One row per stream: the compare-and-set target for optimistic concurrency."""

    stream_id = models.UUIDField(primary_key=True)
    stream_type = models.TextField()
    version = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(db_default=Now())

    class Meta:
        db_table = "es_stream"

    def __str__(self) -> str:
        return f"{self.stream_type}:{self.stream_id}@{self.version}"


class Event(models.Model):
    """An immutable event; ``global_position`` is gapless and in commit order."""

    global_position = models.BigIntegerField(primary_key=True)
    stream_id = models.UUIDField()
    stream_version = models.BigIntegerField()
    event_id = models.UUIDField(unique=True)
    event_type = models.TextField()
    schema_version = models.SmallIntegerField()
    payload = models.JSONField()
    metadata = models.JSONField()
    recorded_at = models.DateTimeField(db_default=Now())
    # SHA-256 of the predecessor's hash and this event's canonical bytes
    # (eventstore.chain, decision 0117), computed by the append.
    hash = models.BinaryField(editable=False)

    class Meta:
        db_table = "es_event"
        constraints = [
            models.UniqueConstraint(
                fields=["stream_id", "stream_version"], name="es_event_stream_version"
            )
        ]
        indexes = [
            # Filtered subscriptions read by type in position order.
            models.Index(
                fields=["event_type", "global_position"], name="es_event_type_pos"
            ),
            # A projection replays one tournament's events to repair its
            # partition (eventstore.projections, decision 0070).
            models.Index(
                KeyTextTransform("tournament_id", "metadata"),
                F("global_position"),
                name="es_event_tournament_pos",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.global_position} {self.event_type}"


class Position(models.Model):
    """The single counter row: the global serialization point of appends."""

    id = models.SmallIntegerField(primary_key=True)
    last_position = models.BigIntegerField(default=0)
    # The head event's hash (32 zero bytes for an empty store): the next
    # append chains from it without reading the head row (decision 0117).
    last_hash = models.BinaryField(default=bytes(32), editable=False)

    class Meta:
        db_table = "es_position"

    def __str__(self) -> str:
        return str(self.last_position)


class IdempotencyKey(models.Model):
    key = models.TextField(primary_key=True)
    fingerprint = models.TextField()
    stream_id = models.UUIDField()
    stream_version = models.BigIntegerField()
    first_position = models.BigIntegerField()
    last_position = models.BigIntegerField()
    created_at = models.DateTimeField(db_default=Now())

    class Meta:
        db_table = "es_idempotency"

    def __str__(self) -> str:
        return self.key


class Checkpoint(models.Model):
    """How far a projection has applied the store, and whether it runs.

    ``heartbeat_at`` and ``runner`` are written by the runner process that
    holds the projection's lock (decision 0071); a rebuild shows
    ``rebuilding`` while it runs and no runner holds the lock (decisions
    0072, 0109).
    """

    class Status(models.TextChoices):
        RUNNING = "running"
        STOPPED = "stopped"
        ERROR = "error"
        REBUILDING = "rebuilding"

    name = models.TextField(primary_key=True)
    last_position = models.BigIntegerField(default=0)
    status = models.TextField(choices=Status.choices, default=Status.STOPPED)
    last_error = models.TextField(blank=True, default="")
    updated_at = models.DateTimeField(db_default=Now())
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    runner = models.TextField(blank=True, default="")  # host:pid of the holder

    class Meta:
        db_table = "es_checkpoint"

    def __str__(self) -> str:
        return f"{self.name}@{self.last_position}"


class ProjectionFailure(models.Model):
    """An event one projection could not apply to one partition (a tournament).

    While the row is open (``resolved_at`` null) the partition is parked: its
    later events are counted here, not applied, and the rest of the store
    keeps being projected. A retry resets the partition and replays its
    events; when they apply, the row is resolved (decision 0070).
    """

    projection = models.TextField()
    partition = models.TextField()  # "tournament:<id>" or "stream:<id>"
    position = models.BigIntegerField()  # the first event not applied
    event_type = models.TextField()
    error = models.TextField()
    traceback = models.TextField(blank=True, default="")
    attempts = models.IntegerField(default=1)
    parked = models.IntegerField(default=0)  # later events of the partition
    last_parked_position = models.BigIntegerField(null=True, blank=True)
    retried_through = models.BigIntegerField()  # the last attempt replayed to here
    retry_requested = models.BooleanField(default=False)
    next_retry_at = models.DateTimeField()
    first_seen = models.DateTimeField(db_default=Now())
    last_seen = models.DateTimeField(db_default=Now())
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolution = models.TextField(blank=True, default="")

    class Meta:
        db_table = "es_projection_failure"
        constraints = [
            # One open failure per partition: it parks everything after it.
            models.UniqueConstraint(
                fields=["projection", "partition"],
                condition=Q(resolved_at__isnull=True),
                name="es_projection_failure_open",
            )
        ]
        indexes = [
            models.Index(
                fields=["projection", "resolved_at"],
                name="es_projection_failure_proj",
            )
        ]

    def __str__(self) -> str:
        return f"{self.projection} {self.partition} @{self.position}"


class Deadline(models.Model):
    """A window that closes at ``due_at``; the sweeper appends ``on_due`` once."""

    class Status(models.TextChoices):
        PENDING = "pending"
        FIRING = "firing"
        FIRED = "fired"
        CANCELLED = "cancelled"

    deadline_id = models.UUIDField(primary_key=True)
    stream_id = models.UUIDField()
    stream_type = models.TextField()
    kind = models.TextField()
    due_at = models.DateTimeField()
    on_due = models.JSONField()
    metadata = models.JSONField(default=dict)
    status = models.TextField(choices=Status.choices, default=Status.PENDING)
    claimed_at = models.DateTimeField(null=True, blank=True)
    fired_position = models.BigIntegerField(null=True, blank=True)
    attempts = models.IntegerField(default=0)
    last_error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(db_default=Now())

    class Meta:
        db_table = "es_deadline"
        constraints = [
            models.UniqueConstraint(
                fields=["stream_id", "kind"], name="es_deadline_stream_kind"
            )
        ]
        indexes = [models.Index(fields=["status", "due_at"], name="es_deadline_due")]

    def __str__(self) -> str:
        return f"{self.kind}@{self.due_at:%Y-%m-%d %H:%M:%S} ({self.status})"


class ProcessRefusal(models.Model):
    """A reaction its target refused (eventstore.processes): an outcome kept
    for the operator, recorded in the transaction that moves past it."""

    process = models.TextField()
    global_position = models.BigIntegerField()
    event_id = models.UUIDField()
    reason = models.TextField()
    recorded_at = models.DateTimeField(db_default=Now())

    class Meta:
        db_table = "es_process_refusal"
        constraints = [
            models.UniqueConstraint(
                fields=["process", "global_position"], name="es_process_refusal_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.process}@{self.global_position}: {self.reason}"


class StoreVerification(models.Model):
    """One run of ``manage.py verify_store`` (eventstore.verify): health
    reports the last one; ``head_hash`` anchors the next run."""

    started_at = models.DateTimeField()
    finished_at = models.DateTimeField()
    head = models.BigIntegerField()  # the counter when the run began
    verified_through = models.BigIntegerField()  # last position found sound
    head_hash = models.BinaryField(null=True)  # the hash at verified_through
    ok = models.BooleanField()
    first_bad_position = models.BigIntegerField(null=True, blank=True)
    problem = models.TextField(blank=True, default="")

    class Meta:
        db_table = "es_verification"

    def __str__(self) -> str:
        state = "ok" if self.ok else f"failed at {self.first_bad_position}"
        return f"verified to {self.verified_through} ({state})"
