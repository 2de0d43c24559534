"""The runner's batch window (decision 0196): while events keep coming, a
turn starts at most once a window, so a burst is applied in one batch; a
turn after a quiet spell, or after a full batch, starts at once."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator

import pytest
from django.db import connection

from eventstore.projections.loop import RunnerLoop
from eventstore.projections.runner import SharedReads
from eventstore.store import event_store
from tests.support.events import Pinged
from tests.support.eventstore import ACTOR
from tests.support.models import Tally
from tests.support.projections import StreamTally

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

# Far longer than anything here takes, so the assertions below hold on a
# loaded machine: a turn that waited for the window would be seen.
WINDOW = 3.0


class Loop:
    """A ``RunnerLoop`` of ``StreamTally`` in a thread, with each batch's
    (positions covered) recorded."""

    def __init__(self, batch_size: int = 500) -> None:
        self.stopping = False
        self.loop = RunnerLoop(
            [StreamTally()],
            lambda: self.stopping,
            poll_interval=0.2,
            batch_size=batch_size,
            window=WINDOW,
        )
        self.batches: list[int] = []
        runner = self.loop.runners[0]
        run_batch = runner.run_batch

        def recorded(shared: SharedReads | None = None) -> int:
            covered = run_batch(shared)
            if covered:
                self.batches.append(covered)
            return covered

        runner.run_batch = recorded  # type: ignore[method-assign]
        self.thread = threading.Thread(target=self._run)

    def _run(self) -> None:
        try:
            self.loop.run()
        finally:
            connection.close()

    def applied(self) -> int:
        return sum(self.batches)

    def wait_for(self, events: int, timeout: float) -> float:
        """Seconds until ``events`` were applied; fails after ``timeout``."""
        start = time.monotonic()
        while self.applied() < events:
            assert time.monotonic() - start < timeout, self.batches
            time.sleep(0.01)
        return time.monotonic() - start


@pytest.fixture
def loops() -> Iterator[list[Loop]]:
    started: list[Loop] = []
    yield started
    for loop in started:
        loop.stopping = True
        loop.thread.join(timeout=WINDOW + 10)
    connection.close()


def start(loops: list[Loop], batch_size: int = 500) -> Loop:
    loop = Loop(batch_size)
    loops.append(loop)
    loop.thread.start()
    return loop


def write(events: int) -> None:
    store = event_store()
    for n in range(events):
        store.append(
            uuid.uuid4(),
            [Pinged(n=n)],
            stream_type="test",
            expected_version=0,
            metadata=ACTOR,
        )


def test_a_burst_after_a_batch_waits_for_the_window_and_is_one_batch(
    loops: list[Loop],
) -> None:
    loop = start(loops)
    write(1)
    first = loop.wait_for(1, timeout=WINDOW / 2)
    write(20)  # inside the window the first batch opened
    loop.wait_for(21, timeout=WINDOW * 2)
    assert first < WINDOW / 2  # the first event, after a quiet spell: at once
    assert loop.batches == [1, 20]
    assert Tally.objects.count() == 21


def test_an_event_after_a_quiet_spell_is_applied_at_once(loops: list[Loop]) -> None:
    loop = start(loops)
    write(1)
    loop.wait_for(1, timeout=WINDOW / 2)
    time.sleep(WINDOW + 0.5)  # the window has passed: the runner waits on NOTIFY
    write(1)
    assert loop.wait_for(2, timeout=WINDOW / 2) < WINDOW / 2
    assert loop.batches == [1, 1]


def test_a_full_batch_does_not_wait_for_the_window(loops: list[Loop]) -> None:
    write(25)
    loop = start(loops, batch_size=10)
    assert loop.wait_for(25, timeout=WINDOW / 2) < WINDOW / 2
    assert loop.batches == [10, 10, 5]
