"""The database itself refuses UPDATE and DELETE on events (both backends)."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from eventstore.store import event_store
from tests.support.events import Pinged
from tests.support.eventstore import ACTOR, new_stream

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE es_event SET event_type = 'forged'",
        "DELETE FROM es_event",
        "UPDATE es_event SET payload = payload WHERE global_position = 1",
    ],
)
def test_raw_sql_cannot_change_or_delete_events(sql: str) -> None:
    stream = new_stream()
    event_store().append(
        stream, [Pinged(n=1)], stream_type="test", expected_version=0, metadata=ACTOR
    )
    with (
        pytest.raises(DatabaseError, match="append-only"),
        transaction.atomic(),
        connection.cursor() as cursor,
    ):
        cursor.execute(sql)
    assert event_store().read_stream(stream).domain_events == [Pinged(n=1)]
