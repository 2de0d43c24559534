"""What the write side accepts, the projection can project (issue 11, defect 4).

A file whose pairs carry a direction but change it between rounds (an arrow
switch, as Magic Contest and Ruter files do) once passed the import's check,
which scored one field, while the projection ranked by direction, raised on
the pair that sat both ways and halted. Now the import schedules one field
for such a file (decision 0076) and the check scores with the projection's
own pipeline: the file is accepted and projected. A two-winner schedule with
a pair in both directions is refused by the pure decide, naming Law 78A.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from eventstore.models import Checkpoint
from eventstore.store import event_store
from scoring.formats import TournamentResults, read_usebio
from tests.support.results_io import MITCHELL_XML, event_count, run
from tournaments.domain import tournament
from tournaments.models import StandingRow
from tournaments.projections import TournamentResults as ResultsProjection
from tournaments.results_io import (
    ImportRefused,
    check_plan,
    plan_import,
    tournament_id_for,
    write_results,
)

pytestmark = pytest.mark.django_db


def arrow_switched() -> TournamentResults:
    """The Mitchell fixture with board 2's round arrow-switched: the EW pairs
    sit North-South and score the same North-South results."""
    data = read_usebio(MITCHELL_XML.read_bytes())
    lines = tuple(
        replace(line, ns_id=line.ew_id, ew_id=line.ns_id, mp_ns=None, mp_ew=None)
        if line.board_number == 2
        else line
        for line in data.results
    )
    return replace(data, results=lines)


def test_an_arrow_switched_file_is_imported_as_one_field_and_projected(
    tmp_path: Path,
) -> None:
    path = tmp_path / "switched.json"
    path.write_text(write_results(arrow_switched(), "json"), encoding="utf-8")
    output = run("import_results", str(path))
    assert (
        "note: 1EW, 1NS, 2EW, 2NS, 3EW, 3NS sat in both directions (an arrow "
        "switch): one ranking, the file's directions are taken as home directions"
    ) in output
    tid = tournament_id_for(path.read_bytes())
    standings = StandingRow.objects.filter(tournament_id=tid, session=1)
    assert sorted(
        (s.entry_number, s.direction, s.boards, s.top) for s in standings
    ) == [(n, "", 3, 12) for n in range(1, 7)]
    # Every event is projected: the checkpoint reached the head, no error.
    checkpoint = Checkpoint.objects.get(name=ResultsProjection.name)
    assert checkpoint.last_position == event_store().head_position()
    assert checkpoint.last_error == ""
    # The file ranked by direction; we rank one field: the comparison says so.
    assert "rank: file 1, ours" in output


def test_a_two_winner_schedule_with_a_switched_pair_is_refused_before_recording() -> (
    None
):
    """The write side's check scores with the projection's pipeline: ranking
    by direction a pair that sat both ways is refused (Law 78A), nothing is
    recorded."""
    now = event_store().now()
    data = arrow_switched()
    plan = plan_import(
        data, tournament_id=tournament_id_for(b"x"), fallback_name="x", starts_at=now
    )
    schedule = next(
        c for c in plan.commands if isinstance(c, tournament.ScheduleSession)
    )
    assert schedule.winners == "one"
    forced = replace(
        plan,
        commands=tuple(
            replace(c, winners="by_direction") if c is schedule else c
            for c in plan.commands
        ),
    )
    events = event_count()
    with pytest.raises(ImportRefused) as refused:
        check_plan(forced, now)
    assert refused.value.message == "the movement: 1 played in both directions"
    assert str(refused.value.law) == "Law 78A"
    assert event_count() == events
