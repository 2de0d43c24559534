"""Register the appeal events with the store (called from ``AppealsConfig.ready``)."""

from __future__ import annotations

from appeals.domain import appeal, conditions
from eventstore.registry import registry


def register_all() -> None:
    registry.register(appeal.EVENT_TYPES)
    registry.register(conditions.EVENT_TYPES)
