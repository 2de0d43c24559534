"""Deadlines: a window closes exactly once, whoever sweeps and whatever dies."""

from __future__ import annotations

import threading
import uuid
from datetime import timedelta

import pytest
from django.db import connection

from eventstore.deadlines import fire_deadline, fired_event_id, sweep, window_open
from eventstore.models import Deadline
from eventstore.store import (
    EventStore,
    ExpectedVersion,
    Metadata,
    NewDeadline,
    deadline_id_for,
    event_store,
)
from rules.windows import in_time
from tests.support.events import WindowClosed, WindowOpened
from tests.support.eventstore import ACTOR


def open_window(due_in: timedelta) -> tuple[uuid.UUID, Deadline]:
    store, stream = event_store(), uuid.uuid4()
    due_at = store.now() + due_in
    store.append(
        stream,
        [WindowOpened(due_at=due_at)],
        stream_type="test",
        expected_version=0,
        metadata=ACTOR,
        deadlines=[
            NewDeadline(
                kind="correction", due_at=due_at, on_due=WindowClosed(kind="correction")
            )
        ],
    )
    return stream, Deadline.objects.get(stream_id=stream)


def closed_events(stream: uuid.UUID) -> list[object]:
    return [
        e
        for e in event_store().read_stream(stream).domain_events
        if isinstance(e, WindowClosed)
    ]


def late_command_allowed(stream: uuid.UUID) -> bool:
    """What a command handler does: check the window against database time."""
    [opened] = [
        e
        for e in event_store().read_stream(stream).domain_events
        if isinstance(e, WindowOpened)
    ]
    return window_open(opened.due_at, event_store().now())


@pytest.mark.django_db
def test_a_window_is_open_until_its_deadline_included() -> None:
    """Decision 0218: a period holds its last instant, as ``rules.windows``
    reads it for every command."""
    now = event_store().now()
    for due_at in (now + timedelta(seconds=1), now, now - timedelta(seconds=1)):
        assert window_open(due_at, now) is in_time(due_at, now)
    assert window_open(now, now) is True
    assert window_open(now - timedelta(microseconds=1), now) is False


@pytest.mark.django_db
def test_the_sweep_closes_a_window_only_after_its_last_instant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Decision 0218: at the deadline's instant the window is still open, so
    the sweep leaves it; a second later it records it closed."""
    stream, row = open_window(timedelta(minutes=5))
    pinned = [row.due_at - timedelta(seconds=1)]
    monkeypatch.setattr(EventStore, "now", lambda self: pinned[0])
    for at in (row.due_at - timedelta(seconds=1), row.due_at):
        pinned[0] = at
        assert fire_deadline(row.deadline_id) is None
        assert (closed_events(stream), late_command_allowed(stream)) == ([], True)
    pinned[0] = row.due_at + timedelta(seconds=1)
    assert late_command_allowed(stream) is False
    assert fire_deadline(row.deadline_id) is not None
    assert closed_events(stream) == [WindowClosed(kind="correction")]


@pytest.mark.django_db
def test_a_late_command_is_refused_even_when_no_sweeper_runs() -> None:
    stream, row = open_window(timedelta(milliseconds=-1))
    assert row.status == Deadline.Status.PENDING  # nobody swept
    assert late_command_allowed(stream) is False
    open_stream, _ = open_window(timedelta(minutes=5))
    assert late_command_allowed(open_stream) is True


@pytest.mark.django_db
def test_sweep_closes_a_due_window_once_and_ignores_future_ones() -> None:
    stream, row = open_window(timedelta(seconds=-1))
    future, _ = open_window(timedelta(hours=1))
    assert sweep() >= 1
    assert sweep() == 0
    assert closed_events(stream) == [WindowClosed(kind="correction")]
    assert closed_events(future) == []
    row.refresh_from_db()
    assert row.status == Deadline.Status.FIRED
    [closing] = [
        e
        for e in event_store().read_stream(stream).events
        if e.event_type == "test.window_closed"
    ]
    assert closing.event_id == fired_event_id(row.deadline_id, row.due_at)
    assert closing.metadata["actor"] == "system:deadline-sweeper"
    assert row.fired_position == closing.global_position


@pytest.mark.django_db
def test_a_claim_left_by_a_killed_worker_is_taken_over_after_the_lease(
    settings,
) -> None:
    settings.ARBITRO_DEADLINE_LEASE_SECONDS = 60
    stream, row = open_window(timedelta(seconds=-1))
    now = event_store().now()
    # A worker claimed it and died before appending.
    Deadline.objects.filter(pk=row.pk).update(status="firing", claimed_at=now)
    assert fire_deadline(row.deadline_id) is None  # lease still held
    Deadline.objects.filter(pk=row.pk).update(claimed_at=now - timedelta(seconds=61))
    fired = fire_deadline(row.deadline_id)
    # The window-closed event follows the opening on the same stream.
    assert (fired.stream_id, fired.stream_version) == (stream, 2)
    assert closed_events(stream) == [WindowClosed(kind="correction")]


@pytest.mark.django_db
def test_a_worker_killed_after_appending_does_not_cause_a_second_closing(
    settings,
) -> None:
    settings.ARBITRO_DEADLINE_LEASE_SECONDS = 0
    stream, row = open_window(timedelta(seconds=-1))
    # The dead worker appended the closing event but never marked the row.
    event_store().append(
        stream,
        [WindowClosed(kind="correction")],
        stream_type="test",
        expected_version=ExpectedVersion.ANY,
        metadata=Metadata(actor="system:deadline-sweeper"),
        event_ids=[fired_event_id(row.deadline_id, row.due_at)],
    )
    Deadline.objects.filter(pk=row.pk).update(
        status="firing", claimed_at=event_store().now() - timedelta(seconds=5)
    )
    assert sweep() == 1
    assert closed_events(stream) == [WindowClosed(kind="correction")]
    row.refresh_from_db()
    assert row.status == Deadline.Status.FIRED


@pytest.mark.django_db
def test_an_extension_moves_the_deadline_and_reopens_the_row() -> None:
    stream, _ = open_window(timedelta(seconds=-1))
    store = event_store()
    later = store.now() + timedelta(hours=1)
    store.append(
        stream,
        [WindowOpened(due_at=later)],
        stream_type="test",
        expected_version=1,
        metadata=ACTOR,
        deadlines=[
            NewDeadline(
                kind="correction", due_at=later, on_due=WindowClosed(kind="correction")
            )
        ],
    )
    assert (
        Deadline.objects.get(deadline_id=deadline_id_for(stream, "correction")).due_at
        == later
    )
    assert sweep() == 0
    assert closed_events(stream) == []


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_two_sweepers_at_once_close_each_window_exactly_once() -> None:
    streams = [open_window(timedelta(seconds=-1))[0] for _ in range(30)]
    barrier, errors = threading.Barrier(4), []

    def sweeper() -> None:
        try:
            barrier.wait()
            sweep()
        except Exception as exc:  # surfaced below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=sweeper) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert all(closed_events(s) == [WindowClosed(kind="correction")] for s in streams)
    assert Deadline.objects.filter(status="fired").count() == 30
