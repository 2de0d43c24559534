"""The operators' commands: rebuild_projections and sweep_deadlines."""

from __future__ import annotations

import io
import uuid
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command

from eventstore.projections import ProjectionRunner
from eventstore.store import event_store
from tests.eventstore.integration.test_deadlines import closed_events, open_window
from tests.support.events import Pinged, WindowClosed
from tests.support.eventstore import ACTOR
from tests.support.models import Tally
from tests.support.projections import StreamTally

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


def test_sweep_deadlines_closes_due_windows_once() -> None:
    stream, _ = open_window(timedelta(seconds=-1))
    out = io.StringIO()
    call_command("sweep_deadlines", stdout=out)
    call_command("sweep_deadlines", stdout=out)
    assert closed_events(stream) == [WindowClosed(kind="correction")]
    assert out.getvalue().count("closed 1 window") == 1
