"""``manage.py verify_store`` names the first position a tampered store breaks
(decision 0117); rows are tampered with as the database owner would."""

from __future__ import annotations

import io
import json
import uuid

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from eventstore.chain import GENESIS, canonical_bytes, chain_hash
from eventstore.models import Event, StoreVerification
from eventstore.store import event_store
from eventstore.verify import verify_store
from tests.support.events import Pinged
from tests.support.eventstore import ACTOR, new_stream

pytestmark = pytest.mark.django_db


def _write(streams: int, per_stream: int) -> list[uuid.UUID]:
    ids = [new_stream() for _ in range(streams)]
    for n in range(per_stream):
        for stream in ids:
            event_store().append(
                stream,
                [Pinged(n=n), Pinged(n=n + 100)],
                stream_type="test",
                expected_version=2 * n,
                metadata=ACTOR,
            )
    return ids


def _run() -> str:
    out = io.StringIO()
    call_command("verify_store", stdout=out)
    return out.getvalue()


def _failure() -> str:
    with pytest.raises(CommandError) as caught:
        _run()
    return str(caught.value)


def _as_owner(*statements: tuple[str, list[object]]) -> None:
    """Run ``statements`` with the append-only trigger set aside, as an owner can."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("ALTER TABLE es_event DISABLE TRIGGER es_event_append_only")
        else:
            cursor.execute("DROP TRIGGER es_event_no_update")
            cursor.execute("DROP TRIGGER es_event_no_delete")
        for sql, params in statements:
            cursor.execute(sql, params)
        if connection.vendor == "postgresql":
            cursor.execute("ALTER TABLE es_event ENABLE TRIGGER es_event_append_only")


def _param(value: uuid.UUID) -> object:
    return value.hex if connection.vendor == "sqlite" else value


def test_a_sound_store_verifies_and_the_python_chain_equals_the_appends() -> None:
    _write(3, 4)
    head = event_store().head_position()
    assert head == 24
    events = list(Event.objects.order_by("global_position"))
    previous = GENESIS
    for event in events:  # the append's hash, recomputed from the fields alone
        payload = (
            json.dumps(event.payload, separators=(", ", ": "), sort_keys=True)
            if connection.vendor == "postgresql"
            else json.dumps(event.payload, separators=(",", ":"), sort_keys=True)
        )
        metadata = (
            json.dumps(event.metadata, separators=(", ", ": "), sort_keys=True)
            if connection.vendor == "postgresql"
            else json.dumps(event.metadata, separators=(",", ":"), sort_keys=True)
        )
        previous = chain_hash(
            previous,
            canonical_bytes(
                event.global_position,
                event.stream_id,
                event.stream_version,
                event.event_id,
                event.event_type,
                event.schema_version,
                event.recorded_at,
                payload,
                metadata,
            ),
        )
        assert bytes(event.hash) == previous
    assert _run() == (
        "store verified: positions 1..24 chained, gapless, at the counter (24); "
        f"head hash {previous.hex()}\n"
    )
    last = StoreVerification.objects.get()
    assert (last.ok, last.head, last.verified_through, last.first_bad_position) == (
        True,
        24,
        24,
        None,
    )
    assert bytes(last.head_hash) == previous


def test_an_edited_payload_is_named_by_its_position() -> None:
    _write(2, 3)
    _as_owner(
        (
            "UPDATE es_event SET payload = %s WHERE global_position = 7",
            ['{"n": 99, "note": ""}'],
        )
    )
    assert _failure() == (
        "store verification failed at position 7: its hash does not match the "
        "event and its predecessor's hash"
    )
    last = StoreVerification.objects.get()
    assert (last.ok, last.verified_through, last.first_bad_position) == (False, 6, 7)


def test_a_deleted_row_is_named_by_its_position() -> None:
    _write(2, 3)
    _as_owner(("DELETE FROM es_event WHERE global_position = 5", []))
    assert _failure() == (
        "store verification failed at position 5: the event is missing "
        "(a gap in positions)"
    )


def test_a_deleted_head_is_named_against_the_counter() -> None:
    _write(2, 3)
    _as_owner(("DELETE FROM es_event WHERE global_position = 12", []))
    assert _failure() == (
        "store verification failed at position 12: the event is missing "
        "(the counter is at 12)"
    )


def test_a_forged_row_after_the_head_is_named_and_refuses_appends_clearly() -> None:
    from eventstore.errors import StoreIntegrityError

    streams = _write(2, 3)
    head = event_store().head_position()
    last = Event.objects.get(global_position=head)
    forged = [
        head + 1,
        _param(streams[0]),
        7,
        _param(uuid.uuid4()),
        "test.pinged",
        2,
        '{"n": 1, "note": ""}',
        '{"actor": "forger"}',
        event_store().now(),
        # a forger who knows the chain: the hash is even right
        chain_hash(
            bytes(last.hash),
            canonical_bytes(
                head + 1,
                streams[0],
                7,
                uuid.uuid4(),
                "test.pinged",
                2,
                event_store().now(),
                '{"n": 1, "note": ""}',
                '{"actor": "forger"}',
            ),
        ),
    ]
    _as_owner(
        (
            "INSERT INTO es_event (global_position, stream_id, stream_version, "
            "event_id, event_type, schema_version, payload, metadata, recorded_at, "
            "hash) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s)",
            forged,
        )
    )
    assert _failure() == (
        f"store verification failed at position {head + 1}: "
        f"a row beyond the counter ({head})"
    )
    # Reads stop at the counter: the forged row is not history.
    assert [e.global_position for e in event_store().read_all(head - 1)] == [head]
    assert len(event_store().read_stream(streams[0]).events) == 6
    with pytest.raises(StoreIntegrityError) as refused:
        event_store().append(
            new_stream(),
            [Pinged(n=1)],
            stream_type="test",
            expected_version=0,
            metadata=ACTOR,
        )
    assert refused.value.position == head + 1
    assert str(refused.value) == (
        f"the event store refuses appends: a row beyond the counter at position "
        f"{head + 1}; an operator must run manage.py verify_store"
    )
    assert event_store().head_position() == head  # nothing half-written


def test_a_stream_version_moved_by_hand_is_named() -> None:
    streams = _write(2, 3)
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE es_stream SET version = 2 WHERE stream_id = %s",
            [_param(streams[1])],
        )
    assert _failure() == (
        "store verification failed at position 12: "
        f"stream {streams[1]} is at version 2 but its events end at 6"
    )


def test_a_history_rewritten_with_its_chain_recomputed_differs_at_the_anchor() -> None:
    _write(1, 3)
    assert verify_store().ok
    rows = list(Event.objects.order_by("global_position"))
    # The owner edits position 2 and recomputes every hash from there on.
    statements: list[tuple[str, list[object]]] = []
    previous = bytes(rows[0].hash)
    for event in rows[1:]:
        payload = (
            '{"n": 42, "note": ""}'
            if event.global_position == 2
            else (
                json.dumps(event.payload, separators=(", ", ": "), sort_keys=True)
                if connection.vendor == "postgresql"
                else json.dumps(event.payload, separators=(",", ":"), sort_keys=True)
            )
        )
        metadata = (
            json.dumps(event.metadata, separators=(", ", ": "), sort_keys=True)
            if connection.vendor == "postgresql"
            else json.dumps(event.metadata, separators=(",", ":"), sort_keys=True)
        )
        previous = chain_hash(
            previous,
            canonical_bytes(
                event.global_position,
                event.stream_id,
                event.stream_version,
                event.event_id,
                event.event_type,
                event.schema_version,
                event.recorded_at,
                payload,
                metadata,
            ),
        )
        statements.append(
            (
                "UPDATE es_event SET payload = %s, hash = %s WHERE global_position = %s",
                [payload, previous, event.global_position],
            )
        )
    _as_owner(*statements)
    anchor = StoreVerification.objects.get()
    assert _failure() == (
        "store verification failed at position 6: the chain differs from the one "
        f"verified on {anchor.finished_at.isoformat()}: history before it was "
        "rewritten"
    )
