"""What the export refuses, clearly, instead of writing a wrong file."""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management.base import CommandError

from eventstore.store import Metadata, event_store
from scoring.formats import read_json, read_pbn
from tests.support.results_io import CLUB_PBN, run
from tournaments import handlers
from tournaments.domain import board_result, tournament
from tournaments.results_io import project, tournament_id_for

pytestmark = pytest.mark.django_db
META = Metadata(actor="test")


def test_unknown_tournament_is_refused() -> None:
    with pytest.raises(CommandError, match="no such tournament"):
        run("export_results", str(uuid.uuid4()), "--format", "json")


def test_a_weighted_assigned_score_is_carried_by_the_json(tmp_path: Path) -> None:
    """Law 12C1(c) (decision 0184): the session is exported; the JSON carries
    the weighted score and imports again with no difference; PBN carries the
    table result it replaced with its weighted figures, noted, so its
    re-import shows that line's difference."""
    run("import_results", str(CLUB_PBN))
    tid = tournament_id_for(CLUB_PBN.read_bytes())
    handlers.handle_board_result(
        handlers.TableRef(tid, 1, 1, 1),
        lambda _a: board_result.AwardAdjustedScore(
            score="assigned:420@0.6,-50@0.4", law="12C1c", reason="weighted"
        ),
        metadata=META,
    )
    project()
    out = tmp_path / "weighted.json"
    run("export_results", str(tid), "--format", "json", "-o", str(out))
    exported = read_json(out.read_text(encoding="utf-8"))
    [line] = [r for r in exported.results if (r.board_number, r.table_number) == (1, 1)]
    assert line.weighted == (
        ((420, Decimal("0.6")), (-50, Decimal("0.4"))),
        ((420, Decimal("0.6")), (-50, Decimal("0.4"))),
    )
    assert '"kind": "weighted"' in out.read_text(encoding="utf-8")
    output = run("import_results", str(out))
    assert output.splitlines()[-1] == "no differences"
    again = tournament_id_for(out.read_bytes())
    assert (
        read_json(run("export_results", str(again), "--format", "json")).results
        == exported.results
    )

    pbn = tmp_path / "weighted.pbn"
    run("export_results", str(tid), "--format", "pbn", "-o", str(pbn))
    back = read_pbn(pbn.read_text(encoding="utf-8"))
    [played] = [r for r in back.results if (r.board_number, r.table_number) == (1, 1)]
    assert (played.weighted, played.mp_ns) == (None, line.mp_ns)
    differences = run("import_results", str(pbn)).splitlines()
    assert any(
        d.startswith("board 1 (") and " at table 1: MP NS: " in d for d in differences
    )


def test_several_sessions_need_a_choice() -> None:
    """With two sessions the export asks which; --session picks one."""
    run("import_results", str(CLUB_PBN))
    tid = tournament_id_for(CLUB_PBN.read_bytes())
    state = handlers.load_tournament(tid)
    first = state.sessions[1]
    handlers.handle_tournament(
        tid,
        tournament.ScheduleSession(
            session=2,
            movement="explicit",
            starts_at=first.starts_at + timedelta(days=1),
            ends_at=first.ends_at + timedelta(days=1),
            assignments=first.assignments,
        ),
        metadata=META,
    )
    project()
    with pytest.raises(CommandError, match="2 sessions: choose one"):
        run("export_results", str(tid), "--format", "json")
    assert '"format": "arbitro-results"' in run(
        "export_results", str(tid), "--format", "json", "--session", "1"
    )


def test_a_teams_event_without_a_session_has_nothing_to_export() -> None:
    """Teams are exported with their matches (decision 0153), one session at a
    time: an event that has none says so."""
    tid = uuid.uuid4()
    handlers.handle_tournament(
        tid,
        tournament.CreateTournament(
            tournament_id=tid,
            name="Serie A",
            form=tournament.Form.TEAMS,
            scoring=tournament.ScoringMethod.TEAMS_IMPS_VP,
            starts_at=event_store().now(),
            windows=tournament.WindowRules(),
        ),
        metadata=META,
    )
    project()
    with pytest.raises(
        CommandError, match="not exported: the tournament has 0 sessions: choose one"
    ):
        run("export_results", str(tid), "--format", "pbn")
