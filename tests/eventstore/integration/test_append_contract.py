"""The append contract: expected versions, idempotency, reads (both backends)."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta
from pathlib import Path

import pytest
from django.db import connection

from eventstore.errors import (
    DuplicateEventId,
    IdempotencyKeyReused,
    StreamMoved,
    WrongExpectedVersion,
)
from eventstore.registry import registry
from eventstore.store import ExpectedVersion, Metadata, StreamGuard, event_store
from tests.support.events import Colour, Item, Pinged, Rich
from tests.support.eventstore import ACTOR, new_stream

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).parents[2] / "fixtures" / "events"


def append(stream, events, expected, **kw):
    return event_store().append(
        stream,
        events,
        stream_type="test",
        expected_version=expected,
        metadata=ACTOR,
        **kw,
    )


def test_exact_version_appends_and_numbers_versions_and_positions() -> None:
    stream = new_stream()
    first = append(stream, [Pinged(n=1), Pinged(n=2)], 0)
    second = append(stream, [Pinged(n=3)], 2)
    assert (first.stream_version, second.stream_version) == (2, 3)
    assert second.first_position == first.last_position + 1
    history = event_store().read_stream(stream)
    assert [e.stream_version for e in history.events] == [1, 2, 3]
    assert history.domain_events == [Pinged(n=1), Pinged(n=2), Pinged(n=3)]


def test_stale_expected_version_is_a_typed_conflict_and_writes_nothing() -> None:
    stream = new_stream()
    append(stream, [Pinged(n=1)], 0)
    head = event_store().head_position()
    with pytest.raises(WrongExpectedVersion) as caught:
        append(stream, [Pinged(n=2)], 0)
    assert caught.value.code == "stream_version_conflict"
    assert caught.value.current_version == 1
    assert event_store().head_position() == head


def test_a_guarded_append_stores_nothing_once_its_guard_stream_moved() -> None:
    """Decision 0165: the append stores only while the other stream is at the
    version and position the caller read, and the guard is not a write."""
    other, target = new_stream(), new_stream()
    read = append(other, [Pinged(n=1)], 0)
    guard = StreamGuard(other, 1, read.last_position)
    assert append(target, [Pinged(n=2)], 0, guard=guard).stream_version == 1
    append(other, [Pinged(n=3)], 1)
    head = event_store().head_position()
    with pytest.raises(StreamMoved) as caught:
        append(target, [Pinged(n=4)], 1, guard=guard)
    assert caught.value.stream_id == other
    # The version it has now, with another event's position: not the same
    # stream as read (a flushed store's), refused too.
    with pytest.raises(StreamMoved):
        append(
            target, [Pinged(n=4)], 1, guard=StreamGuard(other, 2, read.last_position)
        )
    assert event_store().head_position() == head
    assert event_store().read_stream(target).domain_events == [Pinged(n=2)]
    moved = event_store().read_stream(other).events[-1]
    assert (
        append(
            target, [Pinged(n=4)], 1, guard=StreamGuard(other, 2, moved.global_position)
        ).stream_version
        == 2
    )


def test_no_stream_any_and_exists_modes() -> None:
    stream = new_stream()
    with pytest.raises(WrongExpectedVersion):
        append(stream, [Pinged(n=1)], ExpectedVersion.EXISTS)
    append(stream, [Pinged(n=1)], ExpectedVersion.NO_STREAM)
    with pytest.raises(WrongExpectedVersion):
        append(stream, [Pinged(n=2)], ExpectedVersion.NO_STREAM)
    assert append(stream, [Pinged(n=2)], ExpectedVersion.ANY).stream_version == 2
    assert append(stream, [Pinged(n=3)], ExpectedVersion.EXISTS).stream_version == 3


def test_idempotent_retry_returns_the_original_positions() -> None:
    stream = new_stream()
    first = append(stream, [Pinged(n=1)], 0, idempotency_key="retry-1")
    again = append(stream, [Pinged(n=1)], 0, idempotency_key="retry-1")
    assert again.replayed is True
    assert (again.first_position, again.last_position, again.stream_version) == (
        first.first_position,
        first.last_position,
        first.stream_version,
    )
    assert len(event_store().read_stream(stream).events) == 1


def test_idempotency_key_reused_with_other_content_is_refused() -> None:
    stream = new_stream()
    append(stream, [Pinged(n=1)], 0, idempotency_key="retry-2")
    with pytest.raises(IdempotencyKeyReused) as caught:
        append(stream, [Pinged(n=2)], 1, idempotency_key="retry-2")
    assert caught.value.code == "idempotency_key_reused"


def test_same_event_ids_replay_and_other_stream_is_refused() -> None:
    stream, ids = new_stream(), [uuid.uuid4()]
    first = append(stream, [Pinged(n=1)], 0, event_ids=ids)
    again = append(stream, [Pinged(n=1)], 0, event_ids=ids)
    assert again.replayed is True
    assert again.last_position == first.last_position
    with pytest.raises(DuplicateEventId):
        append(new_stream(), [Pinged(n=1)], 0, event_ids=ids)


def test_metadata_and_database_time_are_recorded() -> None:
    stream, tournament = new_stream(), uuid.uuid4()
    meta = Metadata(
        actor="user:42", tournament_id=tournament, correlation_id=tournament
    )
    result = event_store().append(
        stream, [Pinged(n=1)], stream_type="test", expected_version=0, metadata=meta
    )
    after = event_store().now()
    [event] = event_store().read_stream(stream).events
    assert event.metadata["actor"] == "user:42"
    assert event.metadata["tournament_id"] == str(tournament)
    # Database time in UTC, as the append reported it: on PostgreSQL the
    # instant the appending transaction began (here the test's own).
    assert event.recorded_at.utcoffset() == timedelta(0)
    assert result.recorded_at == event.recorded_at
    assert event.recorded_at <= after
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT now()")
            assert event.recorded_at == cursor.fetchone()[0]


def test_rich_payloads_round_trip_through_the_codec() -> None:
    stream = new_stream()
    rich = Rich(
        ref=uuid.uuid4(),
        at=event_store().now(),
        colour=Colour.BLUE,
        items=(Item(name="a", weight=1), Item(name="b", weight=2)),
        maybe=3,
        pair=("x", 9),
    )
    append(stream, [rich], 0)
    assert event_store().read_stream(stream).domain_events == [rich]


def test_read_all_filters_by_type_and_position() -> None:
    start = event_store().head_position()
    stream = new_stream()
    append(stream, [Pinged(n=1)], 0)
    rich = Rich(ref=uuid.uuid4(), at=event_store().now(), colour=Colour.RED, items=())
    append(stream, [rich], 1)
    everything = event_store().read_all(after_position=start)
    only_rich = event_store().read_all(after_position=start, event_types=["test.rich"])
    assert [e.event_type for e in everything] == ["test.pinged", "test.rich"]
    assert [e.event for e in only_rich] == [rich]


@pytest.mark.parametrize("version", ["v1", "v2"])
def test_every_stored_version_of_pinged_upcasts_and_decodes(version: str) -> None:
    """Golden payloads of every deployed schema version still decode (§6.6)."""
    payload = json.loads((FIXTURES / "test.pinged" / f"{version}.json").read_text())
    event = registry.decode("test.pinged", int(version[1:]), payload)
    assert event == Pinged(n=7, note=f"written by schema version {version[1:]}")


def test_empty_append_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one event"):
        append(new_stream(), [], 0)


def test_an_undecoded_read_parses_a_payload_only_when_asked_for() -> None:
    """A runner reads every event of a batch for each projection, and most
    want none of them (issue 13): ``decode=False`` leaves the payload as
    read until ``payload`` is asked for, once; the decoded copy keeps it."""
    start = event_store().head_position()
    append(new_stream(), [Pinged(n=4, note="più")], 0)
    [event] = event_store().read_all(after_position=start, decode=False)
    assert event.event is None
    assert event._payload is None
    assert json.loads(event.raw_payload) == {"n": 4, "note": "più"}
    assert event.payload == {"n": 4, "note": "più"}
    assert event.payload is event.payload
    decoded = event.decoded_as(Pinged(n=4, note="più"))
    assert (decoded.event, decoded.payload is event.payload) == (
        Pinged(n=4, note="più"),
        True,
    )
    assert decoded == event
    [read] = event_store().read_all(after_position=start)
    assert (read.event, read._payload) == (Pinged(n=4, note="più"), event.payload)
