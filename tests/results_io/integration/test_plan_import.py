"""How a file's pairs, rounds and tables become entries and table assignments
(Law 8; decision 0041). Pure planning: no database."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from decimal import Decimal

from scoring.formats import (
    BoardRecord,
    Participant,
    TableResult,
    TournamentHeader,
    TournamentResults,
)
from tournaments.domain import tournament
from tournaments.results_io import ImportPlan, check_plan, guess_format, plan_import

T0 = datetime(2024, 3, 14, 12, tzinfo=UTC)
TID = uuid.UUID("00000000-0000-4000-8000-0000000000f1")


def results(
    participants: list[Participant], lines: list[TableResult]
) -> TournamentResults:
    boards = sorted({line.board_number for line in lines})
    return TournamentResults(
        header=TournamentHeader(name="Prova"),
        participants=tuple(participants),
        boards=tuple(BoardRecord(board_number=n) for n in boards),
        results=tuple(lines),
    )


def played(board: int, ns: str, ew: str, **where: int) -> TableResult:
    return TableResult(
        board_number=board,
        ns_id=ns,
        ew_id=ew,
        contract="3NT",
        declarer="S",
        tricks=9,
        score_ns=400,
        mp_ns=Decimal(1),
        **where,
    )


def plan(data: TournamentResults) -> ImportPlan:
    return plan_import(data, tournament_id=TID, fallback_name="file", starts_at=T0)


def schedule(data: TournamentResults) -> tournament.ScheduleSession:
    command = plan(data).commands[-1]
    assert isinstance(command, tournament.ScheduleSession)
    return command


def test_unnumbered_pairs_are_entered_in_file_order() -> None:
    """Ids without numbers ("A", "B") become entries 1..N in file order."""
    data = results(
        [Participant(participant_id=x) for x in ("B", "A", "C", "D")],
        [played(1, "B", "A"), played(1, "C", "D")],
    )
    assert dict(plan(data).entries) == {"B": 1, "A": 2, "C": 3, "D": 4}
    assert "file order" in plan(data).notes[0]


def test_file_rounds_and_tables_are_kept_when_they_make_a_movement() -> None:
    """Law 8: rounds and tables from the file, boards grouped per table."""
    pairs = [Participant(participant_id=str(n), number=n) for n in range(1, 5)]
    data = results(
        pairs,
        [
            played(1, "1", "2", table_number=1, round_number=1),
            played(2, "1", "2", table_number=1, round_number=1),
            played(1, "3", "4", table_number=2, round_number=2),
        ],
    )
    command = schedule(data)
    assert command.movement == "explicit"
    assert command.assignments == (
        tournament.TableAssignment(round=1, table=1, ns=1, ew=2, boards=(1, 2)),
        tournament.TableAssignment(round=2, table=2, ns=3, ew=4, boards=(1,)),
    )
    check_plan(plan(data), T0)


def test_inconsistent_file_rounds_fall_back_to_one_round_per_board() -> None:
    """Two pairings at one table in one round cannot be a movement (Law 8):
    each board becomes its own round, keeping the file's tables."""
    pairs = [Participant(participant_id=str(n), number=n) for n in range(1, 5)]
    data = results(
        pairs,
        [
            played(1, "1", "2", table_number=1, round_number=1),
            played(2, "3", "4", table_number=1, round_number=1),
        ],
    )
    command = schedule(data)
    assert command.movement == "synthetic-rounds"
    assert [(a.round, a.table, a.ns, a.ew) for a in command.assignments] == [
        (1, 1, 1, 2),
        (2, 1, 3, 4),
    ]
    check_plan(plan(data), T0)


def test_a_pair_without_named_players_gets_two_stable_player_ids() -> None:
    """Player ids are uuid5 values: the same file gives the same ids."""
    data = results(
        [Participant(participant_id=x, number=n) for n, x in enumerate("AB", 1)],
        [played(1, "A", "B")],
    )
    first = [c for c in plan(data).commands if isinstance(c, tournament.EnterPair)]
    second = [c for c in plan(data).commands if isinstance(c, tournament.EnterPair)]
    assert [len(c.player_ids) for c in first] == [2, 2]
    assert first == second


def test_format_is_guessed_from_the_name_then_the_content() -> None:
    """.pbn/.xml/.json by name; otherwise "<" is USEBIO, "{" JSON, else PBN."""
    assert guess_format("x.PBN", b"<") == "pbn"
    assert guess_format("x.xml", b"") == "usebio"
    assert guess_format("x", b"\xef\xbb\xbf  <?xml") == "usebio"
    assert guess_format("x.txt", b'{"format"') == "json"
    assert guess_format("x", b"% PBN 2.1") == "pbn"
