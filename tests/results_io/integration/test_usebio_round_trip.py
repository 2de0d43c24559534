"""USEBIO -> events -> USEBIO keeps every result and every score (issue 4).

The Mitchell fixture numbers its pairs 1NS-3NS and 1EW-3EW, has no table or
round numbers, a passed-out board (Law 22A) and an artificial 60/40 (Law 12C2).
"""

from __future__ import annotations

import pytest

from scoring.formats import read_usebio
from tests.support.results_io import MITCHELL_XML, NEUBERG, lines, ranks, run, totals
from tournaments.models import SessionRow
from tournaments.results_io import tournament_id_for

pytestmark = pytest.mark.django_db
# Law 8 / decision 0041: EW pair e of a 3-table Mitchell is entry 3 + e.
ENTRIES = {"1NS": "1", "2NS": "2", "3NS": "3", "1EW": "4", "2EW": "5", "3EW": "6"}


def test_mitchell_import_reports_no_differences_and_the_renumbering() -> None:
    """The file's matchpoints (Neuberg on board 3), percentages and two
    rankings (Law 78A) agree with ours; the EW renumbering is printed."""
    output = run("import_results", str(MITCHELL_XML), *NEUBERG)
    assert output.splitlines()[-1] == "no differences"
    assert "entries: 1NS=1, 2NS=2, 3NS=3, 1EW=4, 2EW=5, 3EW=6" in output
    assert "movement synthetic" in output


def test_synthetic_tables_give_one_round_per_board() -> None:
    """Without rounds and tables each board is a round of its own, so no pair
    sits twice in a round (Law 8)."""
    run("import_results", str(MITCHELL_XML), *NEUBERG)
    tid = tournament_id_for(MITCHELL_XML.read_bytes())
    session = SessionRow.objects.get(tournament_id=tid, session=1)
    assert session.movement == "synthetic"
    assert sorted(
        (a["round"], a["table"], a["ns"], a["ew"], a["boards"])
        for a in session.assignments
    )[:3] == [
        (1, 1, 1, 4, [1]),
        (1, 2, 2, 6, [1]),
        (1, 3, 3, 5, [1]),
    ]


def test_usebio_export_keeps_every_result_and_score(tmp_path) -> None:
    """Every line, matchpoint, total, percentage and place survives, with each
    pair's direction (two winners), under the file's own pair ids (1NS ..
    3EW, decision 0192) although the entries are numbered 1 to 6."""
    run("import_results", str(MITCHELL_XML), *NEUBERG)
    tid = tournament_id_for(MITCHELL_XML.read_bytes())
    target = tmp_path / "out.xml"
    run("export_results", str(tid), "--format", "usebio", "-o", str(target))
    original = read_usebio(MITCHELL_XML.read_bytes())
    exported = read_usebio(target.read_bytes())
    assert [p.participant_id for p in exported.participants] == list(ENTRIES)
    assert lines(exported) == lines(original)
    assert totals(exported) == totals(original)
    assert ranks(exported) == ranks(original)
    # The file's deals are the session's hand records (Law 6), exported again.
    assert [(b.board_number, b.deal) for b in exported.boards] == [
        (b.board_number, b.deal) for b in original.boards
    ]
