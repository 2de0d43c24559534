"""An import is all or nothing (issue 11, defect 7; decision 0079).

An import killed half-way once stayed half-written for ever: some events
recorded, the tournament listed with standings from a few results, and a
re-import refused as "already imported". Every stream's events now go in one
transaction: a process killed after its ninth append has recorded nothing,
the projection shows nothing, and the same file imports cleanly afterwards.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management.base import CommandError

from eventstore.models import Event
from eventstore.store import event_store
from tests.support.eventstore import subprocess_env
from tests.support.results_io import CLUB_PBN, run
from tournaments.models import ResultRow, StandingRow, TournamentRow
from tournaments.results_io import (
    AlreadyImported,
    plan_import,
    project,
    read_results,
    record,
    tournament_id_for,
)

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[3]

# The child imports the file and is killed by SIGKILL as it makes its tenth
# append: the hook lives here, in the test, not in the code under test.
CHILD = """
import os, signal, sys

import django

django.setup()

from django.core.management import call_command

from eventstore.store import EventStore

appends = [0]
append = EventStore.append


def dying(self, *args, **kwargs):
    appends[0] += 1
    if appends[0] == 10:
        os.kill(os.getpid(), signal.SIGKILL)
    return append(self, *args, **kwargs)


EventStore.append = dying
call_command("import_results", sys.argv[1])
"""


def tournament_rows(tid: object) -> tuple[int, int, int]:
    return (
        TournamentRow.objects.filter(tournament_id=tid).count(),
        ResultRow.objects.filter(tournament_id=tid).count(),
        StandingRow.objects.filter(tournament_id=tid).count(),
    )


def test_an_import_killed_half_way_records_nothing_and_can_be_retried() -> None:
    tid = tournament_id_for(CLUB_PBN.read_bytes())
    before = Event.objects.count()
    child = subprocess.run(
        [sys.executable, "-c", CHILD, str(CLUB_PBN)],
        env=subprocess_env(),
        cwd=ROOT,
        capture_output=True,
        timeout=120,
    )
    assert child.returncode == -signal.SIGKILL, child.stderr.decode()
    project()
    assert Event.objects.count() == before
    assert tournament_rows(tid) == (0, 0, 0)

    output = run("import_results", str(CLUB_PBN))
    recorded = Event.objects.count() - before
    assert f"as tournament {tid}: 6 pairs, {recorded} events" in output
    assert recorded == 23  # with the file's deals as hand records (Law 6)
    assert tournament_rows(tid) == (1, 12, 6)


def test_a_recorded_import_is_recognised_when_recorded_again() -> None:
    """A second record of the same plan (a retry racing the first) appends
    nothing: the stream exists, and the events' ids are the file's."""
    data = CLUB_PBN.read_bytes()
    tid = tournament_id_for(data)
    now = event_store().now()
    plan = plan_import(
        read_results(data, "pbn"), tournament_id=tid, fallback_name="x", starts_at=now
    )
    assert record(plan, now) == 23
    before = Event.objects.count()
    with pytest.raises(AlreadyImported):
        record(plan, now)
    assert Event.objects.count() == before
    with pytest.raises(CommandError, match="already imported"):
        run("import_results", str(CLUB_PBN))
