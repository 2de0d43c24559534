"""Register the burraco events with the store (called from ``BurracoConfig.ready``)."""

from __future__ import annotations

from burraco.domain import EVENT_TYPES, UPCASTERS
from eventstore.registry import registry


def register_all() -> None:
    registry.register(EVENT_TYPES, upcasters=UPCASTERS)
