from __future__ import annotations

import os
import time

from django.db.models import F

from eventstore.projections import Projection
from eventstore.store import RecordedEvent
from tests.support.models import Tally


class StreamTally(Projection):
    """Counts events per stream; idempotent through ``last_position``."""

    name = "test.stream_tally"
    event_types = ("test.pinged",)

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
