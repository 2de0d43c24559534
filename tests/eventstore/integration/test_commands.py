"""The operators' commands: rebuild_projections and sweep_deadlines."""

from __future__ import annotations

import io
import uuid
from datetime import timedelta

import psycopg
import pytest
from django.core.management import CommandError, call_command

from eventstore.projections import ProjectionRunner
from eventstore.projections.locks import _advisory_key
from eventstore.store import event_store
from tests.eventstore.integration.test_deadlines import closed_events, open_window
from tests.support.events import Pinged, WindowClosed
from tests.support.eventstore import ACTOR
from tests.support.models import Tally
from tests.support.projections import StreamTally, TournamentTally
from tests.support.roles import database_url_as

pytestmark = pytest.mark.django_db


def test_rebuild_projections_replays_to_the_incremental_state() -> None:
    stream = uuid.uuid4()
    event_store().append(
        stream,
        [Pinged(n=2), Pinged(n=5)],
        stream_type="test",
        expected_version=0,
        metadata=ACTOR,
    )
    ProjectionRunner(StreamTally()).catch_up()
    before = list(Tally.objects.values_list())
    out = io.StringIO()
    call_command("rebuild_projections", StreamTally.name, "--no-progress", stdout=out)
    assert list(Tally.objects.values_list()) == before
    assert f"{StreamTally.name}: rebuilt from" in out.getvalue()


def test_rebuild_of_an_unknown_projection_is_refused_by_name() -> None:
    with pytest.raises(CommandError, match="unknown projection"):
        call_command("rebuild_projections", "no.such.projection", "--no-progress")


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_projection_that_cannot_be_rebuilt_is_named_and_the_others_are_rebuilt() -> (
    None
):
    """Each projection is rebuilt all or nothing (decision 0213): one held by
    another rebuild keeps its live tables, the next is still rebuilt, and
    the command ends naming both (exit 1)."""
    event_store().append(
        uuid.uuid4(),
        [Pinged(n=3)],
        stream_type="test",
        expected_version=0,
        metadata=ACTOR,
    )
    out, err = io.StringIO(), io.StringIO()
    with psycopg.connect(database_url_as(), autocommit=True) as other:
        other.execute(
            "SELECT pg_advisory_lock(%s)",
            [_advisory_key(f"{StreamTally.name}.rebuild")],
        )
        with pytest.raises(CommandError) as failed:
            call_command(
                "rebuild_projections",
                StreamTally.name,
                TournamentTally.name,
                "--no-progress",
                stdout=out,
                stderr=err,
            )
    held = f"projection {StreamTally.name}.rebuild is run by another process"
    assert str(failed.value) == (
        f"1 of 2 projection(s) not rebuilt: {StreamTally.name} ({held}: another "
        f"rebuild runs). Rebuilt and swapped in: {TournamentTally.name}"
    )
    assert err.getvalue() == (
        f"{StreamTally.name}: not rebuilt, its live tables are as they were: "
        f"{held}: another rebuild runs\n"
    )
    assert out.getvalue().startswith(f"{TournamentTally.name}: rebuilt from 1 events")


def test_sweep_deadlines_closes_due_windows_once() -> None:
    stream, _ = open_window(timedelta(seconds=-1))
    out = io.StringIO()
    call_command("sweep_deadlines", stdout=out)
    call_command("sweep_deadlines", stdout=out)
    assert closed_events(stream) == [WindowClosed(kind="correction")]
    assert out.getvalue().count("closed 1 window") == 1
