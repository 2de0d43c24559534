"""The stored v1 payload of ``tournament.hand_records_set`` still decodes (§6.6)."""

from __future__ import annotations

import json
from pathlib import Path

from eventstore.registry import registry
from tournaments.domain.tournament import HandRecord, HandRecordsSet, HandSource

GOLDEN = (
    Path(__file__).resolve().parents[2]
    / "fixtures"
    / "events"
    / "tournament.hand_records_set"
    / "v1.json"
)


def test_the_v1_payload_decodes_and_encodes_back_unchanged() -> None:
    """A stored payload decodes to the event and encodes to the same JSON."""
    payload = json.loads(GOLDEN.read_text())
    event = registry.decode("tournament.hand_records_set", 1, payload)
    assert isinstance(event, HandRecordsSet)
    assert event.source is HandSource.IMPORTED
    assert event.records[0] == HandRecord(
        board_number=1,
        deal="N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3",
    )
    assert registry.encode(event) == ("tournament.hand_records_set", 1, payload)
