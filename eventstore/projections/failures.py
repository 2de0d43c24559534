"""What a batch records of the partitions that failed or were parked
(decision 0070)."""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings

from eventstore.store import RecordedEvent


@dataclass
class _Outcome:
    """What a batch did to the partitions that failed or were parked."""

    failed: dict[str, tuple[RecordedEvent, BaseException]] = field(default_factory=dict)
    parked: dict[str, list[int]] = field(default_factory=dict)

    def park(self, partition: str, event: RecordedEvent) -> None:
        self.parked.setdefault(partition, []).append(event.global_position)


def _describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}"[:2000]


def _trace(exc: BaseException) -> str:
    return "".join(traceback.format_exception(exc))[-8000:]


def _retry_delay(attempts: int) -> timedelta:
    """Back off a partition that keeps failing: base, 2x, 4x ... at most 10 min."""
    base = float(settings.ARBITRO_PROJECTION_RETRY_SECONDS)
    return timedelta(seconds=min(base * 2 ** max(attempts - 2, 0), 600.0))
