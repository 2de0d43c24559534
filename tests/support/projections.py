from __future__ import annotations

import os
import time
from uuid import UUID

from django.db.models import F

from eventstore.projections import Projection
from eventstore.store import RecordedEvent
from tests.support.models import Tally
from tests.support.models import TournamentTally as TournamentTally_


class StreamTally(Projection):
    """Counts events per stream; idempotent through ``last_position``."""

    name = "test.stream_tally"
    event_types = ("test.pinged",)
    read_models = (Tally,)

    def handle(self, event: RecordedEvent) -> None:
        delay = float(os.environ.get("ARBITRO_TEST_PROJECTION_DELAY", "0"))
        if delay:
            time.sleep(delay)
        Tally.objects.get_or_create(stream_id=event.stream_id)
        Tally.objects.filter(
            stream_id=event.stream_id, last_position__lt=event.global_position
        ).update(
            events=F("events") + 1,
            total=F("total") + event.payload["n"],
            last_position=event.global_position,
        )

    def reset(self) -> None:
        Tally.objects.all().delete()


class TournamentTally(Projection):
    """Sums ``n`` per tournament (the envelope's); a total below zero is an
    invariant its flush refuses, and a ``note="poison"`` event is one its
    handler refuses, as a projection with a bug would."""

    name = "test.tournament_tally"
    event_types = ("test.pinged",)
    read_models = (TournamentTally_,)

    def __init__(self) -> None:
        self.dirty: set[UUID] = set()

    def handle(self, event: RecordedEvent) -> None:
        tid = event.metadata.get("tournament_id")
        if tid is None:
            return
        if event.payload.get("note") == "poison":
            raise ValueError(f"cannot apply the event at {event.global_position}")
        TournamentTally_.objects.get_or_create(tournament_id=tid)
        TournamentTally_.objects.filter(tournament_id=tid).update(
            events=F("events") + 1, total=F("total") + event.payload["n"]
        )
        self.dirty.add(UUID(tid))

    def flush(self) -> None:
        for tid in sorted(self.dirty):
            total = TournamentTally_.objects.get(tournament_id=tid).total
            if total < 0:
                raise ValueError(f"tournament {tid} would total {total}")
        self.dirty.clear()

    def discard(self) -> None:
        self.dirty.clear()

    def reset(self) -> None:
        TournamentTally_.objects.all().delete()

    def reset_partition(self, partition: str) -> bool:
        kind, _, key = partition.partition(":")
        if kind != "tournament":
            return False
        TournamentTally_.objects.filter(tournament_id=key).delete()
        return True
