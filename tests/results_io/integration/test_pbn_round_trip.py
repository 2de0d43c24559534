"""PBN -> events -> PBN keeps every result and every score (issue 4).

The club fixture is a 6-pair Howell excerpt with a passed-out board (Law 22A),
an assigned adjusted score (Law 12C1) and an artificial 60/40 (Law 12C2).
"""

from __future__ import annotations

import pytest

from eventstore.models import Event
from scoring.formats import read_pbn
from tests.support.results_io import (
    CLUB_PBN,
    NEUBERG,
    event_count,
    lines,
    run,
    standing_ranks,
    totals,
)
from tournaments.models import ResultRow
from tournaments.results_io import tournament_id_for

pytestmark = pytest.mark.django_db
SAME_IDS = {str(n): str(n) for n in range(1, 7)}


def test_import_records_every_result_as_an_event_by_the_import_actor() -> None:
    """One event per command: tournament, six entries, the session, and each
    line of every traveller; adjusted scores as AwardAdjustedScore (Law 12C)."""
    before = event_count()
    output = run("import_results", str(CLUB_PBN), *NEUBERG)
    tid = tournament_id_for(CLUB_PBN.read_bytes())
    assert f"as tournament {tid}" in output
    events = list(Event.objects.filter(global_position__gt=before))
    kinds = [e.event_type for e in events]
    assert kinds.count("tournament.created") == 1
    assert kinds.count("tournament.pair_entered") == 6
    assert kinds.count("tournament.session_scheduled") == 1
    assert kinds.count("board_result.entered") == 11
    assert kinds.count("board_result.irregularity_recorded") == 1
    adjusted = [
        e.payload for e in events if e.event_type.endswith("adjusted_score_awarded")
    ]
    assert sorted((p["score"], p["law"]) for p in adjusted) == [
        ("A60/40", "12C2"),
        ("assigned:400", "12C1"),
    ]
    assert {e.metadata["actor"] for e in events} == {"system:import"}


def test_no_player_name_is_recorded_in_any_event() -> None:
    """Players are recorded by stable id only (no personal data in events)."""
    before = event_count()
    run("import_results", str(CLUB_PBN), *NEUBERG)
    payloads = " ".join(
        str(e.payload) for e in Event.objects.filter(global_position__gt=before)
    )
    for name in ("Rossi", "Bianchi", "Ferrari", "Colombo"):
        assert name not in payloads


def test_pbn_export_keeps_every_result_and_score(tmp_path) -> None:
    """Every contract, declarer, lead, tricks, raw score (Law 77), adjustment
    marker, table, round, matchpoints and percentage (Law 78A) survives."""
    run("import_results", str(CLUB_PBN), *NEUBERG)
    tid = tournament_id_for(CLUB_PBN.read_bytes())
    target = tmp_path / "out.pbn"
    run("export_results", str(tid), "--format", "pbn", "-o", str(target))
    original = read_pbn(CLUB_PBN.read_text())
    exported = read_pbn(target.read_text())
    assert lines(exported) == lines(original, SAME_IDS)
    assert totals(exported) == totals(original, SAME_IDS)
    assert [b.board_number for b in exported.boards] == [1, 2, 3, 4]
    # Law 2: dealer and vulnerability follow the board number.
    assert [(b.dealer, b.vulnerability) for b in exported.boards] == [
        (b.dealer, b.vulnerability) for b in original.boards
    ]
    assert exported.header.name == original.header.name
    assert exported.header.date == original.header.date


def test_exported_ranking_is_the_read_models_ranking(tmp_path) -> None:
    """The export writes our standings (Law 78A; FIGB N-L78 §4 ties), per
    direction when the projection ranks each direction apart."""
    run("import_results", str(CLUB_PBN), *NEUBERG)
    tid = tournament_id_for(CLUB_PBN.read_bytes())
    text = run("export_results", str(tid), "--format", "pbn")
    exported = read_pbn(text)
    by_id = {p.participant_id: p.direction or "" for p in exported.participants}
    assert {
        e.participant_id: (e.rank, by_id[e.participant_id]) for e in exported.ranking
    } == standing_ranks(tid)


def test_imported_scores_and_ranking_agree_with_the_file() -> None:
    """Every line's matchpoints and percentages, every total and every place
    agree with the file: a Howell is ranked as one field (decision 0041)."""
    output = run("import_results", str(CLUB_PBN), *NEUBERG)
    tid = tournament_id_for(CLUB_PBN.read_bytes())
    differences = [
        line
        for line in output.splitlines()
        if not line.startswith(("imported ", "conventions: ", "note: ", "entries: "))
    ]
    assert differences == ["no differences"]
    original = read_pbn(CLUB_PBN.read_text())
    ours = standing_ranks(tid)
    assert {e.participant_id: e.rank for e in original.ranking} == {
        pid: rank for pid, (rank, _) in ours.items()
    }


def test_a_board_the_file_marks_otherwise_is_scored_as_marked(tmp_path) -> None:
    """Law 2: the file's board 1 marked North-South vulnerable (Law 2 says
    none) was played so: 4S= is 620 and one over 650, and 3NT= assigned
    600; each table records the copy it played (decision 0170), the
    figures agree with the file's, and the export writes the board as
    marked."""
    text = CLUB_PBN.read_text()
    board_1 = text.index('[Board "1"]')
    board_2 = text.index('[Board "2"]')
    marked = (
        text[board_1:board_2]
        .replace('[Vulnerable "None"]', '[Vulnerable "NS"]')
        .replace('"420"', '"620"')
        .replace('"450"', '"650"')
        .replace('"^400"', '"^600"')
    )
    source = tmp_path / "marked.pbn"
    source.write_text(text[:board_1] + marked + text[board_2:])
    before = event_count()
    output = run("import_results", str(source), *NEUBERG)
    tid = tournament_id_for(source.read_bytes())
    kinds = [e.event_type for e in Event.objects.filter(global_position__gt=before)]
    assert kinds.count("board_result.markings_recorded") == 3
    rows = ResultRow.objects.filter(tournament_id=tid, board_number=1)
    assert sorted(rows.values_list("table", "score_ns", "vulnerability")) == [
        (1, 620, "NS"),
        (2, 650, "NS"),
        (3, 600, "NS"),
    ]
    assert "no differences" in output.splitlines()
    exported = read_pbn(run("export_results", str(tid), "--format", "pbn"))
    assert [(b.board_number, b.vulnerability) for b in exported.boards] == [
        (1, "NS"),
        (2, "NS"),
        (3, "EW"),
        (4, "All"),
    ]
    assert {
        r.table_number: r.score_ns for r in exported.results if r.board_number == 1
    } == {1: 620, 2: 650, 3: 600}
