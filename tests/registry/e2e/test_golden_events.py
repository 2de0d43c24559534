"""Golden payloads of every registry event version still decode (§6.6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eventstore.registry import registry
from registry.domain import EVENT_TYPES

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "events"
NAMES = sorted(cls.event_type for cls in EVENT_TYPES)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", NAMES)
def test_every_stored_version_decodes_and_encodes_back_unchanged(name: str) -> None:
    """A stored v1 payload decodes to an event that encodes to the same JSON."""
    files = sorted((FIXTURES / name).glob("v*.json"))
    assert files, f"no golden payload for {name}"
    for path in files:
        payload = json.loads(path.read_text())
        event = registry.decode(name, int(path.stem[1:]), payload)
        assert registry.encode(event) == (name, int(path.stem[1:]), payload)
