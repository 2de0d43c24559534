"""Process managers: each reaction stored once, with its progress, whatever kills it.

The kill tests slow every checkpoint update down with a trigger (the
reaction's appends are then written and the transaction is open), SIGKILL a
real ``manage.py run_processes`` at random instants, and check after each
kill that the reactions stored are exactly those of the events up to the
checkpoint: both or neither, never one without the other.
"""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.db import connection

from eventstore.commands import append_together
from eventstore.models import Checkpoint, Event, ProcessRefusal
from eventstore.processes import ProcessRunner
from eventstore.store import event_store
from tests.support.events import Pinged
from tests.support.eventstore import ACTOR, subprocess_env
from tests.support.processes import PingEcho, echo_stream
from tests.support.staff import operator_client

pytestmark = pytest.mark.django_db(transaction=True)
ROOT = Path(__file__).parents[3]


def ping(stream: uuid.UUID, *values: int) -> None:
    version = event_store().stream_version(stream)
    event_store().append(
        stream,
        [Pinged(n=n) for n in values],
        stream_type="test",
        expected_version=version,
        metadata=ACTOR,
    )


def echoes(stream: uuid.UUID) -> list[int]:
    return [e.event.n for e in event_store().read_stream(echo_stream(stream)).events]


def checkpoint(name: str) -> Checkpoint:
    return Checkpoint.objects.get(name=name)


def test_each_event_is_answered_once_however_often_the_runner_runs() -> None:
    a, b = uuid.uuid4(), uuid.uuid4()
    ping(a, 1, 2)
    ping(b, 3)
    runner = ProcessRunner(PingEcho(), batch_size=2)
    assert runner.catch_up() == 3
    assert runner.catch_up() == 0
    assert echoes(a) == [1, 2]
    assert echoes(b) == [3]
    assert checkpoint(PingEcho.name).last_position == event_store().head_position()


def test_a_reaction_already_stored_inline_is_not_stored_again() -> None:
    """The command path may store a reaction in the command's own transaction;
    the runner then only moves on."""
    a = uuid.uuid4()
    ping(a, 7)
    [recorded] = event_store().read_stream(a).events
    append_together(PingEcho().react(recorded))
    ProcessRunner(PingEcho()).catch_up()
    assert echoes(a) == [7]


def test_a_refused_reaction_is_recorded_and_the_runner_moves_on() -> None:
    a = uuid.uuid4()
    ping(a, 1, -5, 2)
    ProcessRunner(PingEcho()).catch_up()
    assert echoes(a) == [1, 2]
    assert checkpoint(PingEcho.name).status == Checkpoint.Status.RUNNING
    [refusal] = ProcessRefusal.objects.filter(process=PingEcho.name)
    assert refusal.reason == "Refused: a negative ping (-5) has no echo"
    assert (
        refusal.global_position
        == event_store().read_stream(a).events[1].global_position
    )


def test_an_error_stops_the_runner_at_that_event_until_it_is_fixed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    a = uuid.uuid4()
    ping(a, 1, 2)
    runner = ProcessRunner(PingEcho())
    original = PingEcho.react
    calls = []

    def failing(self, recorded):
        calls.append(recorded.global_position)
        if len(calls) == 2:
            raise RuntimeError("database went away")
        return original(self, recorded)

    monkeypatch.setattr(PingEcho, "react", failing)
    with pytest.raises(RuntimeError):
        runner.catch_up()
    monkeypatch.setattr(PingEcho, "react", original)
    assert echoes(a) == [1]
    assert checkpoint(PingEcho.name).status == Checkpoint.Status.ERROR
    health = operator_client().get("/api/health/").json()
    assert health["processes"][PingEcho.name]["state"] == "error"
    runner.catch_up()
    assert echoes(a) == [1, 2]
    assert checkpoint(PingEcho.name).status == Checkpoint.Status.RUNNING
    runner.catch_up()  # the checkpoint trails its own last reaction until then
    again = operator_client().get("/api/health/").json()["processes"][PingEcho.name]
    head = event_store().head_position()
    assert again == {"state": "ok", "position": head, "lag": 0, "refused": 0}


SLOW_CHECKPOINT = """
CREATE OR REPLACE FUNCTION test_slow_checkpoint() RETURNS trigger AS $$
BEGIN PERFORM pg_sleep(0.03); RETURN NEW; END $$ LANGUAGE plpgsql;
CREATE TRIGGER test_slow_checkpoint BEFORE UPDATE ON es_checkpoint
FOR EACH ROW WHEN (NEW.name = '{name}') EXECUTE FUNCTION test_slow_checkpoint();
"""


def _runner() -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "manage.py", "run_processes", "--loop", "--interval", "0.1"],
        cwd=ROOT,
        env=subprocess_env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.mark.postgres
def test_a_runner_killed_mid_transaction_loses_and_doubles_nothing() -> None:
    streams = [uuid.uuid4() for _ in range(4)]
    for stream in streams:
        ping(stream, *range(1, 31))
    pings = {
        e.event_id: e.global_position
        for e in Event.objects.filter(event_type="test.pinged").values_list(
            "event_id", "global_position", named=True
        )
    }
    with connection.cursor() as cursor:
        cursor.execute(SLOW_CHECKPOINT.format(name=PingEcho.name))
    rng = random.Random(11)
    try:
        for _ in range(4):
            before = _done()
            child = _runner()
            _wait(lambda b=before: _done() > b)  # it is reacting now
            time.sleep(rng.uniform(0.0, 0.2))
            child.send_signal(signal.SIGKILL)
            child.wait()
            _check_both_or_neither(pings)
    finally:
        with connection.cursor() as cursor:
            cursor.execute(
                "DROP TRIGGER test_slow_checkpoint ON es_checkpoint;"
                "DROP FUNCTION test_slow_checkpoint();"
            )
    done = checkpoint(PingEcho.name).last_position
    assert 0 < done < max(pings.values()), "the kills did not land mid-way"
    ProcessRunner(PingEcho()).catch_up()
    for stream in streams:
        assert echoes(stream) == list(range(1, 31))


def _done() -> int:
    row = Checkpoint.objects.filter(name=PingEcho.name).first()
    return row.last_position if row else 0


def _wait(predicate, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "the runner did not start reacting"
        time.sleep(0.02)


def _check_both_or_neither(pings: dict[uuid.UUID, int]) -> None:
    done = _done()
    echoed = set(
        Event.objects.filter(event_type="test.echoed").values_list(
            "metadata__causation_id", flat=True
        )
    )
    for event_id, position in pings.items():
        assert (str(event_id) in echoed) == (position <= done), (
            f"ping at {position}: echoed={str(event_id) in echoed}, checkpoint {done}"
        )
