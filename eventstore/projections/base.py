"""What a projection is: the class every read model extends, and its partitions."""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils.module_loading import import_string

from eventstore.store import RecordedEvent


def partition_of(event: RecordedEvent) -> str:
    """The partition an event belongs to: its tournament, else its stream."""
    tournament_id = event.metadata.get("tournament_id")
    if tournament_id:
        return f"tournament:{tournament_id}"
    return f"stream:{event.stream_id}"


class Projection:
    """A read model fed by events; ``handle`` must be deterministic and idempotent."""

    name: ClassVar[str]
    event_types: ClassVar[tuple[str, ...]] = ()  # empty: every event
    # The tables ``reset`` empties: a rebuild builds them beside the live ones
    # and swaps them in (decision 0109). None: the projection has not said,
    # and is rebuilt in place in one transaction (decision 0072).
    read_models: ClassVar[tuple[type[models.Model], ...] | None] = None

    def handle(self, event: RecordedEvent) -> None:
        raise NotImplementedError

    def reset(self) -> None:
        """Delete every row of the read model (before a rebuild)."""
        raise NotImplementedError

    def flush(self) -> None:
        """Finish a batch inside its transaction (recompute what it touched)."""

    def discard(self) -> None:
        """Forget work held in memory for a batch whose writes rolled back."""

    def start_rebuild(self) -> None:
        """A rebuild begins: nobody reads the rows until ``finish_rebuild``, so
        the projection may defer work to it (a session scored once)."""

    def finish_rebuild(self) -> None:
        """Do the work the rebuild deferred, before its rows are read; the
        events after it are applied as a runner applies them."""

    def swap_in(self) -> None:
        """In the swap's transaction: write what a rebuild held back outside
        its own tables (shared rows must change when the read model does)."""

    def partition(self, event: RecordedEvent) -> str:
        """The partition a failure of this event parks (``partition_of``).

        A projection whose rows are keyed by stream may answer the stream
        always; any other answer must be ``tournament:<the envelope's
        tournament_id>`` or ``stream:<the stream id>``, the two forms the
        runner can read back.
        """
        return partition_of(event)

    def reset_partition(self, partition: str) -> bool:
        """Delete the rows this partition's events produced, and only those.

        Return False when the projection cannot tell them apart: a retry then
        replays the partition's events from its first failed one over the
        rows as they were (they hold everything before it).
        """
        return False

    def wants(self, event: RecordedEvent) -> bool:
        return not self.event_types or event.event_type in self.event_types


class CheckpointMoved(Exception):
    """Another runner advanced the checkpoint: this one must stop."""


class ProjectionLocked(Exception):
    """Another runner holds this projection's lock."""


def configured_projections() -> list[Projection]:
    return [import_string(path)() for path in settings.ARBITRO_PROJECTIONS]
