"""One scoring pipeline (issue 11, defect 6; decision 0075): the import's
check, the projection, the export and the comparison give the same figures
for the same session, whatever its winners setting.

The session is the Mitchell fixture (3 NS, 3 EW pairs) less one line of
board 1, so board 1 is factored up (Neuberg, Law 78A/decision 0023) and
board 3 keeps its artificial 60/40 (Law 12C2): both are averaged figures.
"""

from __future__ import annotations

import uuid
from dataclasses import replace
from decimal import Decimal

import pytest

from eventstore.store import event_store
from scoring.bridge import publish
from scoring.formats import TournamentResults, read_usebio
from tests.support.results_io import MITCHELL_XML
from tournaments.domain import tournament
from tournaments.domain.session_scoring import SessionFigures
from tournaments.models import ResultRow, StandingRow
from tournaments.results_io import (
    ImportPlan,
    check_plan,
    compare,
    export_results,
    plan_import,
    project,
    record,
)

pytestmark = pytest.mark.django_db


def session_file() -> TournamentResults:
    data = read_usebio(MITCHELL_XML.read_bytes())
    kept = tuple(
        line
        for line in data.results
        if not (line.board_number == 1 and line.ns_id == "3NS")
    )
    return replace(data, results=kept)


def with_winners(plan: ImportPlan, winners: str) -> ImportPlan:
    commands = tuple(
        replace(c, winners=winners) if isinstance(c, tournament.ScheduleSession) else c
        for c in plan.commands
    )
    return replace(plan, commands=commands)


def imported(winners: str) -> tuple[uuid.UUID, ImportPlan, SessionFigures]:
    """Check, record and project the session with ``winners``; return what the
    write side scored."""
    tid = uuid.uuid5(uuid.NAMESPACE_URL, f"one-pipeline:{winners}")
    now = event_store().now()
    plan = with_winners(
        plan_import(
            session_file(), tournament_id=tid, fallback_name="x", starts_at=now
        ),
        winners,
    )
    figures = check_plan(plan, now)
    record(plan, now)
    project()
    return tid, plan, figures


def published_lines(figures: SessionFigures) -> dict[object, tuple[Decimal, ...]]:
    return {
        key: (
            publish(f.ns),
            publish(f.ew),
            publish(f.percent_ns or 0),
            publish(f.percent_ew or 0),
        )
        for key, f in figures.lines.items()
    }


def published_standings(
    figures: SessionFigures,
) -> dict[int, tuple[int, str, Decimal, Decimal]]:
    return {
        s.entry_number: (s.rank, s.direction, publish(s.net), publish(s.percent))
        for s in figures.standings
    }


# The export writes the file's own pair ids back (decision 0192): the
# entries they name are numbered as our two-winner Mitchell numbers them.
NUMBERS = {"1NS": 1, "2NS": 2, "3NS": 3, "1EW": 4, "2EW": 5, "3EW": 6}
EXPECTED_DIRECTIONS = {
    "auto": {1: "NS", 2: "NS", 3: "NS", 4: "EW", 5: "EW", 6: "EW"},
    "by_direction": {1: "NS", 2: "NS", 3: "NS", 4: "EW", 5: "EW", 6: "EW"},
    "one": dict.fromkeys(range(1, 7), ""),
}


@pytest.mark.parametrize("winners", ["auto", "one", "by_direction"])
def test_check_projection_export_and_comparison_agree(winners: str) -> None:
    tid, _, written = imported(winners)

    # The projection wrote what the import's check scored, rounded once.
    rows = ResultRow.objects.filter(tournament_id=tid, session=1)
    assert {r.stream_id: (r.mp_ns, r.mp_ew) for r in rows} == {
        key: figures[:2] for key, figures in published_lines(written).items()
    }
    standings = {
        s.entry_number: (s.rank, s.direction, s.matchpoints - s.penalty, s.percent)
        for s in StandingRow.objects.filter(tournament_id=tid, session=1)
    }
    assert standings == published_standings(written)
    assert {n: s[1] for n, s in standings.items()} == EXPECTED_DIRECTIONS[winners]

    # The export writes the same figures, line by line and in its ranking.
    exported, _ = export_results(tid)
    by_place = {(r.board_number, r.ns, r.ew): r for r in rows}
    lines = published_lines(written)
    for line in exported.results:
        row = by_place[(line.board_number, NUMBERS[line.ns_id], NUMBERS[line.ew_id])]
        assert (
            line.mp_ns,
            line.mp_ew,
            line.percentage_ns,
            line.percentage_ew,
        ) == lines[row.stream_id]
    assert {
        NUMBERS[e.participant_id]: (e.rank, e.total, e.percentage)
        for e in exported.ranking
    } == {n: (s[0], s[2], s[3]) for n, s in standings.items()}
    assert {
        NUMBERS[p.participant_id]: p.direction or "" for p in exported.participants
    } == EXPECTED_DIRECTIONS[winners]

    # The comparison of that export with our scoring finds nothing.
    replanned = plan_import(
        exported, tournament_id=tid, fallback_name="x", starts_at=event_store().now()
    )
    assert compare(exported, replanned) == []


def test_averaged_boards_give_one_figure_everywhere() -> None:
    """Board 1 with two results of three is factored (Neuberg): each side's
    (M + 1) * 3/2 - 1 on a top of 4; board 3's 60/40 is 60% and 40% of 4."""
    tid, _, written = imported("auto")
    rows = {
        (r.board_number, r.ns): r
        for r in ResultRow.objects.filter(tournament_id=tid, session=1)
    }
    exported, _ = export_results(tid)
    file_lines = {
        (line.board_number, NUMBERS[line.ns_id]): line for line in exported.results
    }
    # Board 1: 430 beats 400: 1 matchpoint before factoring -> 2, 0 -> 0.5.
    for place, (mp_ns, mp_ew, pc_ns) in {
        (1, 1): (Decimal("3.50"), Decimal("0.50"), Decimal("87.50")),
        (1, 2): (Decimal("0.50"), Decimal("3.50"), Decimal("12.50")),
        (3, 2): (Decimal("2.40"), Decimal("1.60"), Decimal("60.00")),
    }.items():
        row, line = rows[place], file_lines[place]
        assert (row.mp_ns, row.mp_ew, row.top) == (mp_ns, mp_ew, 4)
        assert (line.mp_ns, line.mp_ew, line.percentage_ns) == (mp_ns, mp_ew, pc_ns)
        figures = written.lines[row.stream_id]
        assert (publish(figures.ns), publish(figures.percent_ns or 0)) == (
            mp_ns,
            pc_ns,
        )
