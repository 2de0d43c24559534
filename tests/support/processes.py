"""A process manager for the tests: echoes each ``Pinged`` onto its echo stream.

A ``Pinged`` with a negative ``n`` is refused, as a target stream refuses a
reaction whose window has closed.
"""

from __future__ import annotations

import uuid
from uuid import UUID

from eventstore.commands import PendingAppend
from eventstore.processes import ProcessManager
from eventstore.store import ExpectedVersion, Metadata, RecordedEvent
from tests.support.events import Echoed, Pinged

ECHO = UUID("a3e1d7c2-5b44-4f0e-8d2a-9c6b1e0f7a53")


class Refused(Exception):
    pass


def echo_stream(stream_id: UUID) -> UUID:
    return uuid.uuid5(ECHO, str(stream_id))


class PingEcho(ProcessManager):
    name = "test.ping_echo"
    event_types = (Pinged.event_type,)
    refusals = (Refused,)

    def react(self, recorded: RecordedEvent) -> list[PendingAppend]:
        event = recorded.event
        assert isinstance(event, Pinged)
        if event.n < 0:
            raise Refused(f"a negative ping ({event.n}) has no echo")
        return [
            PendingAppend(
                echo_stream(recorded.stream_id),
                "test_echo",
                [Echoed(n=event.n)],
                ExpectedVersion.ANY,
                Metadata(actor="system:test-echo", causation_id=recorded.event_id),
                event_ids=[uuid.uuid5(ECHO, str(recorded.event_id))],
            )
        ]
