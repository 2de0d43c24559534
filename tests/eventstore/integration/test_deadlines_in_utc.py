"""Windows close at their instant on every backend (issue 11, defect 5;
decision 0077).

On SQLite a correction deadline written with its offset ("01:59:59+01:00")
was compared as text with UTC instants, so the sweep closed Law 79C windows
an hour late (two in summer). The server's zone here is Europe/Rome; each
window ends on one side of a daylight-saving change of 2026 (last Sunday of
March, 02:00 CET -> 03:00 CEST; last Sunday of October, 03:00 CEST -> 02:00
CET), given in local time as a director types it. The clock is pinned: at
the deadline the sweep leaves the window open (a period holds its last
instant, decision 0218), a microsecond after it closes it.

This module runs on the suite's database and again on SQLite
(``test_deadlines_in_utc_on_sqlite``), so both backends are tested in CI.
"""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from importlib import import_module
from zoneinfo import ZoneInfo

import pytest
from django.db import connection

from eventstore.deadlines import sweep
from eventstore.models import Deadline
from eventstore.store import EventStore, Metadata, event_store
from tests.support.players import new_player
from tournaments import handlers
from tournaments.domain import board_result, tournament

forwards = import_module("eventstore.migrations.0007_sqlite_instants_in_utc").forwards
pytestmark = pytest.mark.django_db
ROME = ZoneInfo("Europe/Rome")
DIRECTOR = Metadata(actor="user:td")

# The end of play as the API receives it (local time with its offset), and
# the same instant in UTC.
ENDS = {
    "before spring forward": ("2026-03-29T01:59:59+01:00", "2026-03-29T00:59:59"),
    "after spring forward": ("2026-03-29T03:00:01+02:00", "2026-03-29T01:00:01"),
    "before fall back": ("2026-10-25T02:30:00+02:00", "2026-10-25T00:30:00"),
    "after fall back": ("2026-10-25T02:30:00+01:00", "2026-10-25T01:30:00"),
}


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch, settings: object) -> list[datetime]:
    """Database time, pinned: ``clock[0]`` is what every command and sweep reads."""
    settings.TIME_ZONE = "Europe/Rome"  # type: ignore[attr-defined]
    pinned = [datetime(2026, 1, 1, tzinfo=UTC)]
    monkeypatch.setattr(EventStore, "now", lambda self: pinned[0])
    return pinned


def published_session(
    ends_at: datetime, clock: list[datetime], *, with_result: bool = False
) -> uuid.UUID:
    """A FIGB pairs session whose general correction period ends with play
    (N-L79), published an hour before the end (``with_result``: board 1
    entered at table 1 before then)."""
    tid = uuid.uuid4()
    clock[0] = ends_at - timedelta(hours=3)
    commands: list[tournament.TournamentCommand] = [
        tournament.CreateTournament(
            tournament_id=tid,
            name="Simultaneo",
            form=tournament.Form.PAIRS,
            scoring=tournament.ScoringMethod.MATCHPOINTS,
            windows=tournament.WindowRules(),
            starts_at=ends_at - timedelta(hours=3),
        ),
        *(
            tournament.EnterPair(
                number=n, entry_id=uuid.uuid4(), player_ids=(new_player(), new_player())
            )
            for n in (1, 2)
        ),
        tournament.ScheduleSession(
            session=1,
            movement="explicit",
            starts_at=ends_at - timedelta(hours=3),
            ends_at=ends_at,
            assignments=(
                tournament.TableAssignment(round=1, table=1, ns=1, ew=2, boards=(1,)),
            ),
            winners="one",
        ),
    ]
    for command in commands:
        handlers.handle_tournament(tid, command, metadata=DIRECTOR)
    if with_result:
        handlers.handle_board_result(
            handlers.TableRef(tid, 1, 1, 1),
            lambda a: board_result.EnterResult(
                tournament_id=tid,
                session=1,
                board_number=1,
                table=1,
                ns=a.ns,
                ew=a.ew,
                contract="4SN",
                lead=None,
                tricks=10,
                entered_by="director",
            ),
            metadata=DIRECTOR,
        )
    clock[0] = ends_at - timedelta(hours=1)
    handlers.handle_tournament(
        tid, tournament.PublishScores(session=1), metadata=DIRECTOR
    )
    return tid


def closings(tid: uuid.UUID) -> list[object]:
    return [
        e
        for e in event_store().read_stream(tournament.stream_id(tid)).domain_events
        if isinstance(e, tournament.CorrectionWindowClosed)
    ]


@pytest.mark.parametrize("case", list(ENDS))
def test_the_correction_window_closes_just_after_its_instant(
    case: str, clock: list[datetime]
) -> None:
    local = datetime.fromisoformat(ENDS[case][0])
    instant = datetime.fromisoformat(ENDS[case][1]).replace(tzinfo=UTC)
    # Rome's own offset at that instant is the one the director typed.
    assert instant.astimezone(ROME).utcoffset() == local.utcoffset()
    tid = published_session(local, clock)
    row = Deadline.objects.get(stream_id=tournament.stream_id(tid), kind="correction:1")
    assert row.due_at == instant

    clock[0] = instant
    sweep()
    row.refresh_from_db()
    assert (row.status, closings(tid)) == (Deadline.Status.PENDING, [])

    clock[0] = instant + timedelta(microseconds=1)
    assert sweep() == 1
    row.refresh_from_db()
    assert row.status == Deadline.Status.FIRED
    assert closings(tid) == [tournament.CorrectionWindowClosed(session=1)]


def test_a_deadline_stored_with_its_offset_is_rewritten_in_utc(
    clock: list[datetime],
) -> None:
    """Migration 0007: a row an older SQLite append wrote as local text is
    rewritten as UTC text, and then closes at its instant. PostgreSQL stores
    ``timestamptz``: there is nothing to rewrite (run on SQLite by
    ``test_deadlines_in_utc_on_sqlite``). The instant is still in the window
    (decision 0218)."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite text instants only; run on SQLite by the child pytest")
    tid = published_session(datetime.fromisoformat(ENDS["after fall back"][0]), clock)
    stream = tournament.stream_id(tid).hex
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE es_deadline SET due_at = %s WHERE stream_id = %s AND kind = %s",
            ["2026-10-25 02:30:00+01:00", stream, "correction:1"],
        )
    forwards(None, connection.schema_editor())
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT due_at FROM es_deadline WHERE stream_id = %s AND kind = %s",
            [stream, "correction:1"],
        )
        assert str(cursor.fetchone()[0]) == "2026-10-25 01:30:00"
    clock[0] = datetime(2026, 10, 25, 1, 30, tzinfo=UTC)
    sweep()  # the appeal window (15 minutes from publication) closes
    assert closings(tid) == []
    clock[0] = datetime(2026, 10, 25, 1, 30, 1, tzinfo=UTC)
    assert sweep() == 1
    assert closings(tid) == [tournament.CorrectionWindowClosed(session=1)]
