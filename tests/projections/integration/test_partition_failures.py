"""One tournament's failure never stops the others (decision 0070).

An event a projection cannot apply is rolled back alone and recorded against
its tournament; that tournament's later events are parked while every other
one keeps being projected and the checkpoint reaches the head. A corrective
event (or ``manage.py projections retry``) resets the tournament's rows and
replays its events; when they apply, the failure is resolved and the read
model equals a rebuild from zero.
"""

from __future__ import annotations

import io
import json
import uuid
from uuid import UUID

import pytest
from django.core.management import call_command
from django.db import connection

from eventstore.models import Checkpoint, Event, ProjectionFailure
from eventstore.projections import (
    ProjectionRunner,
    configured_projections,
    projection_lock,
)
from eventstore.store import ExpectedVersion, Metadata, event_store
from tests.support.events import Pinged
from tests.support.models import TournamentTally as TallyRow
from tests.support.projections import TournamentTally
from tests.support.staff import operator_client

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]
NAME = TournamentTally.name


@pytest.fixture(autouse=True)
def _retry_at_once(settings: object) -> None:
    settings.ARBITRO_PROJECTION_RETRY_SECONDS = 0  # type: ignore[attr-defined]


def ping(tournament: UUID, n: int, note: str = "") -> int:
    """Append one event of ``tournament`` (named in the envelope); its position."""
    result = event_store().append(
        uuid.uuid4(),
        [Pinged(n=n, note=note)],
        stream_type="test",
        expected_version=ExpectedVersion.NO_STREAM,
        metadata=Metadata(actor="user:test", tournament_id=tournament),
    )
    return result.last_position


def totals() -> dict[UUID, tuple[int, int]]:
    return {r.tournament_id: (r.events, r.total) for r in TallyRow.objects.all()}


def open_failure() -> ProjectionFailure:
    return ProjectionFailure.objects.get(projection=NAME, resolved_at__isnull=True)


def test_a_tournament_that_cannot_be_applied_is_parked_and_the_others_advance() -> None:
    runner = ProjectionRunner(TournamentTally(), batch_size=100)
    a, b = uuid.uuid4(), uuid.uuid4()
    ping(a, 5)
    ping(b, 3)
    runner.catch_up()
    failing = ping(a, -10)  # a's total would be -5: its flush refuses it
    ping(b, 4)
    parked = ping(a, 1)
    assert runner.catch_up() == 3
    head = event_store().head_position()
    assert Checkpoint.objects.get(name=NAME).last_position == head
    # b is projected; a stays as it was before the event it cannot apply.
    assert totals() == {a: (1, 5), b: (2, 7)}
    failure = open_failure()
    assert failure.partition == f"tournament:{a}"
    assert failure.position == failing
    assert failure.event_type == "test.pinged"
    assert failure.error == f"ValueError: tournament {a} would total -5"
    assert (failure.parked, failure.last_parked_position) == (1, parked)
    assert failure.attempts == 1

    # A new event of a: the retry replays a (5 - 10 + 1 + 2 < 0) and fails.
    still = ping(a, 2)
    runner.catch_up()
    assert runner.retry_due() == 1
    failure.refresh_from_db()
    assert failure.resolved_at is None
    assert failure.attempts == 2
    assert failure.parked == 2
    assert failure.retried_through == still
    assert failure.error == (
        f"ValueError: tournament {a} would total -2 (retry, at flush)"
    )
    assert runner.retry_due() == 0  # nothing new since: no retry
    assert totals() == {a: (1, 5), b: (2, 7)}

    # The corrective event: a's events now apply, and a is projected again.
    ping(a, 20)
    runner.catch_up()
    assert runner.retry_due() == 1
    failure.refresh_from_db()
    assert failure.resolved_at == failure.last_seen  # resolved by this retry
    assert failure.resolution == f"replayed through position {head + 2}"
    assert totals() == {a: (5, 18), b: (2, 7)}
    ping(a, 1)
    ping(b, 1)
    runner.catch_up()
    assert totals() == {a: (6, 19), b: (3, 8)}
    assert not ProjectionFailure.objects.filter(resolved_at__isnull=True).exists()
    incremental = totals()
    runner.rebuild()
    assert totals() == incremental


def test_a_parked_tournament_comes_back_by_the_retry_command_after_a_fix(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An event the handler itself refuses waits for a fixed handler; the
    operator then retries the tournament by name."""
    runner = ProjectionRunner(TournamentTally())
    a, b = uuid.uuid4(), uuid.uuid4()
    ping(a, 1)
    poison = ping(a, 2, note="poison")
    ping(a, 3)
    ping(b, 4)
    runner.catch_up()
    assert totals() == {a: (1, 1), b: (1, 4)}
    partition = f"tournament:{a}"

    out = io.StringIO()
    call_command("projections", "retry", NAME, partition, stdout=out)
    assert out.getvalue() == (
        f"{partition}: still fails, stays parked: ValueError: cannot apply the "
        f"event at {poison} (retry, at position {poison})\n"
    )
    out = io.StringIO()
    call_command("projections", stdout=out)
    listing = out.getvalue().splitlines()
    line = next(i for i, text in enumerate(listing) if text.startswith(NAME))
    assert listing[line].split()[1] == "down"  # no runner holds it here
    assert listing[line + 1].startswith(
        f"  parked {partition} at {poison} (test.pinged): 1 later events parked, "
        "2 attempts, since "
    )
    assert listing[line + 2] == (
        f"    ValueError: cannot apply the event at {poison} "
        f"(retry, at position {poison})"
    )
    assert listing[-1] == "overall: down"

    # A rebuild meets the same event, parks the tournament afresh and goes on.
    runner.rebuild()
    assert totals() == {a: (1, 1), b: (1, 4)}
    failures = ProjectionFailure.objects.filter(projection=NAME).order_by("id")
    assert [(f.resolution, f.resolved_at is None) for f in failures] == [
        ("rebuilt", False),
        ("", True),
    ]

    # A deploy fixes the handler: the poison is now a no-op.
    handle = TournamentTally.handle

    def fixed(self: TournamentTally, event: object) -> None:
        if event.payload.get("note") != "poison":  # type: ignore[attr-defined]
            handle(self, event)  # type: ignore[arg-type]

    monkeypatch.setattr(TournamentTally, "handle", fixed)
    out = io.StringIO()
    call_command("projections", "retry", NAME, "--all", stdout=out)
    assert out.getvalue() == f"{partition}: replayed; {NAME} projects it again\n"
    assert totals() == {a: (2, 4), b: (1, 4)}


def test_health_reports_parked_partitions_as_degraded() -> None:
    a = uuid.uuid4()
    ping(a, 1)
    failing = ping(a, -5)
    # Every projection runs here: this connection holds every lock.
    projections = configured_projections()
    locks = [projection_lock(p.name) for p in projections]
    for lock in locks:
        lock.__enter__()
    try:
        for projection in projections:
            runner = ProjectionRunner(projection)
            runner.heartbeat("test:1")
            runner.catch_up()
        response = operator_client().get("/api/health/")
    finally:
        for lock in reversed(locks):
            lock.__exit__(None, None, None)
    body = response.json()
    assert response.status_code == 200
    assert body["status"] == "degraded"
    assert body["ok"] is False
    mine = body["projections"][NAME]
    assert mine["state"] == "parked"
    assert mine["runner"]["alive"] is True
    assert mine["lag"] == 0
    assert mine["parked_partitions"] == 1
    [failure] = mine["failures"]
    assert failure["partition"] == f"tournament:{a}"
    assert failure["position"] == failing
    assert failure["event_type"] == "test.pinged"
    assert failure["parked_events"] == 0
    assert "error" not in failure  # the message is for operators only
    others = {n: p["state"] for n, p in body["projections"].items() if n != NAME}
    assert set(others.values()) == {"ok"}


def test_every_tournament_event_names_its_tournament_in_the_envelope() -> None:
    """The partition of a tournament's events is read from the envelope, so
    every event the results projection reads carries the tournament id."""
    from tournaments import demo
    from tournaments.projections import TournamentResults

    assert demo.build() is True
    types = TournamentResults.event_types
    unnamed = Event.objects.filter(event_type__in=types).exclude(
        metadata__has_key="tournament_id"
    )
    assert Event.objects.filter(event_type__in=types).count() > 100
    assert list(unnamed.values_list("global_position", "event_type")) == []


def test_results_of_one_tournament_that_cannot_be_scored_stop_no_other() -> None:
    """Issue 11 (4): a result whose pairs cannot be scored (one pair on both
    sides of a board, Law 78A) parks its tournament only; the director's
    re-entry of the result is the corrective event that brings it back."""
    from tournaments import demo
    from tournaments.domain import board_result
    from tournaments.models import ResultRow, StandingRow
    from tournaments.projections import TournamentResults

    assert demo.build() is True
    runner = ProjectionRunner(TournamentResults())
    pairs, individual = demo.PAIRS_EVENT, demo.INDIVIDUAL_EVENT

    def standings(tid: UUID) -> list[tuple]:
        return list(
            StandingRow.objects.filter(tournament_id=tid)
            .order_by("session", "direction", "entry_number")
            .values_list("session", "entry_number", "rank", "matchpoints", "percent")
        )

    before = standings(pairs)
    row = ResultRow.objects.filter(tournament_id=pairs, session=1).exclude(
        contract=None
    )[0]
    table = board_result.stream_id(pairs, 1, row.board_number, row.table)

    def enter(ns: int, ew: int) -> int:
        entered = board_result.ResultEntered(
            tournament_id=pairs,
            session=1,
            board_number=row.board_number,
            table=row.table,
            ns=ns,
            ew=ew,
            contract=row.contract,
            lead=row.lead,
            tricks=row.tricks,
            entered_by="director",
        )
        return (
            event_store()
            .append(
                table,
                [entered],
                stream_type=board_result.STREAM_TYPE,
                expected_version=ExpectedVersion.ANY,
                metadata=Metadata(actor="user:test", tournament_id=pairs),
            )
            .last_position
        )

    failing = enter(row.ns, row.ns)  # one pair on both sides
    other = ResultRow.objects.filter(tournament_id=individual).exclude(contract=None)[0]
    tricks = other.tricks or 0
    event_store().append(
        other.stream_id,
        [
            board_result.ResultCorrected(
                contract=other.contract,
                lead=other.lead,
                tricks=tricks - 1,
                reason="tricks miscounted",
                after_period=False,
            )
        ],
        stream_type=board_result.STREAM_TYPE,
        expected_version=ExpectedVersion.ANY,
        metadata=Metadata(actor="user:test", tournament_id=individual),
    )
    runner.catch_up()
    assert Checkpoint.objects.get(name=runner.name).last_position == (
        event_store().head_position()
    )
    failure = ProjectionFailure.objects.get(
        projection=runner.name, resolved_at__isnull=True
    )
    assert failure.partition == f"tournament:{pairs}"
    assert failure.position == failing
    assert failure.event_type == "board_result.entered"
    assert failure.error == "ScoringError: a pair sits both NS and EW on one board"
    # The individual event moved on; the pairs event is as before the failure.
    other.refresh_from_db()
    assert other.tricks == tricks - 1
    assert standings(pairs) == before
    row.refresh_from_db()
    assert row.ew != row.ns

    enter(row.ns, row.ew)  # the director enters the result again, rightly
    runner.catch_up()
    assert runner.retry_due() == 1
    failure.refresh_from_db()
    assert failure.resolved_at == failure.last_seen  # resolved by this retry
    assert standings(pairs) == before
    incremental = {tid: standings(tid) for tid in (pairs, individual)}
    runner.rebuild()
    assert {tid: standings(tid) for tid in (pairs, individual)} == incremental


def test_an_event_that_cannot_be_decoded_parks_only_its_tournament() -> None:
    """A payload the codec cannot read (no ``n``) fails where it is applied."""
    runner = ProjectionRunner(TournamentTally())
    a, b = uuid.uuid4(), uuid.uuid4()
    ping(a, 1)
    head = event_store().head_position()
    with connection.cursor() as cursor:  # forged: the store would never write it
        cursor.execute(
            "INSERT INTO es_event (global_position, stream_id, stream_version, "
            "event_id, event_type, schema_version, payload, metadata, hash) "
            "VALUES (%s, %s, 1, %s, 'test.pinged', 1, %s, %s, %s)",
            [
                head + 1,
                uuid.uuid4(),
                uuid.uuid4(),
                '{"text": "no n"}',
                json.dumps({"actor": "user:test", "tournament_id": str(a)}),
                bytes(32),  # not its chained hash: verify_store would name it
            ],
        )
        cursor.execute("UPDATE es_position SET last_position = %s", [head + 1])
    ping(b, 2)
    ping(a, 3)
    runner.catch_up()
    assert totals() == {a: (1, 1), b: (1, 2)}
    failure = open_failure()
    assert (failure.partition, failure.position) == (f"tournament:{a}", head + 1)
    assert failure.error.startswith("TypeError: ")
    assert failure.parked == 1


def test_retry_all_retries_every_projections_parked_tournaments(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``projections retry --all``, no projection named (the README's step
    after a deploy that fixes a handler, decision 0213): every parked
    partition of every projection, each projection reported."""
    runner = ProjectionRunner(TournamentTally())
    a, b, c = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    ping(a, 1)
    ping(a, 2, note="poison")
    ping(b, 4)
    ping(c, 3, note="poison")
    runner.catch_up()
    assert totals() == {a: (1, 1), b: (1, 4)}
    handle = TournamentTally.handle

    def fixed(self: TournamentTally, event: object) -> None:
        if event.payload.get("note") != "poison":  # type: ignore[attr-defined]
            handle(self, event)  # type: ignore[arg-type]

    monkeypatch.setattr(TournamentTally, "handle", fixed)
    out = io.StringIO()
    call_command("projections", "retry", "--all", stdout=out)
    names = sorted(p.name for p in configured_projections())
    assert out.getvalue().splitlines() == [
        line
        for name in names
        for line in (
            [
                f"tournament:{a}: replayed; {NAME} projects it again",
                f"tournament:{c}: replayed; {NAME} projects it again",
            ]
            if name == NAME
            else [f"{name}: no parked partition"]
        )
    ]
    assert totals() == {a: (1, 1), b: (1, 4)}
    assert not ProjectionFailure.objects.filter(resolved_at__isnull=True).exists()
