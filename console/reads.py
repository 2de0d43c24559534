"""What the console and the table pages show, read as the API reads it.

The movement (Law 8) and the windows (Law 79C, Law 92B) come from the
tournament stream (``handlers.load_tournament``, the process cache: a
publication counts at once); the table results from the results read model
(``tournaments.selectors``), so a result shows once the projection has
applied it.

It only reads (decision 0222): the console's own records, which are not
facts of the tournament, are written by ``table_codes`` (a table's sign-in
code) and ``late_requests`` (a correction waiting for the organizer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from uuid import UUID

from console.models import LateCorrectionRequest, TableCode
from tournaments import selectors
from tournaments.domain import tournament
from tournaments.domain.penalties import PenaltyRule, imposable
from tournaments.handlers import load_tournament

__all__ = [
    "Line",
    "SessionView",
    "TableState",
    "TableView",
    "session_view",
    "table_of_code",
]


class TableState(StrEnum):
    """Where a table is in its round: nothing entered, some boards entered,
    every board entered, every board entered and confirmed (Law 79A)."""

    NOT_STARTED = "not_started"
    PLAYING = "playing"
    RESULT_IN = "result_in"
    CONFIRMED = "confirmed"


@dataclass(frozen=True, slots=True)
class Line:
    """One board at one table: its result row, if entered."""

    board_number: int
    table: int
    ns: int
    ew: int
    result: selectors.ResultRow | None

    @property
    def entered(self) -> bool:
        return self.result is not None and (
            self.result.contract is not None
            or self.result.tricks is not None
            or self.result.adjusted is not None
            or self.result.irregularity is not None
            or self.result.score_ns is not None
        )


@dataclass(frozen=True, slots=True)
class TableView:
    round: int
    table: int
    ns: int
    ew: int
    lines: tuple[Line, ...]
    code: str = ""

    @property
    def state(self) -> TableState:
        if not self.lines or not any(line.result for line in self.lines):
            return TableState.NOT_STARTED
        if not all(line.result for line in self.lines):
            return TableState.PLAYING
        if all(line.result and line.result.confirmed for line in self.lines):
            return TableState.CONFIRMED
        return TableState.RESULT_IN


@dataclass(frozen=True, slots=True)
class SessionView:
    tournament_id: UUID
    name: str
    number: int
    session: tournament.SessionState
    rounds: dict[int, tuple[TableView, ...]]
    entries: tuple[int, ...]
    rulings: tuple[tournament.RulingGiven, ...] = ()
    codes: dict[int, str] = field(default_factory=dict)
    # The FIGB catalogue's rows the event may impose: its form's only.
    penalties: tuple[PenaltyRule, ...] = ()
    form: tournament.Form = tournament.Form.PAIRS

    @property
    def published(self) -> bool:
        return self.session.published is not None

    @property
    def tables(self) -> tuple[int, ...]:
        return tuple(sorted({a.table for a in self.session.assignments}))

    @property
    def deadlines(self) -> list[tuple[str, datetime | None]]:
        p = self.session.published
        if p is None:
            return []
        return [
            ("correction", p.correction_deadline),
            ("inadmissible", p.inadmissible_deadline),
            ("appeal", p.appeal_deadline),
        ]


def session_view(tournament_id: UUID, number: int) -> SessionView | None:
    """The session's movement, round by round, each table with its boards'
    results; None when there is no such session."""
    state = load_tournament(tournament_id)
    session = state.sessions.get(number)
    if state.created is None or session is None:
        return None
    results = {
        (r.board_number, r.table): r
        for r in selectors.session_results(tournament_id, number)
    }
    codes = dict(
        TableCode.objects.filter(
            tournament_id=tournament_id, session=number
        ).values_list("table", "code")
    )
    rounds: dict[int, list[TableView]] = {}
    for a in sorted(session.assignments, key=lambda a: (a.round, a.table)):
        lines = tuple(
            Line(b, a.table, a.ns, a.ew, results.get((b, a.table))) for b in a.boards
        )
        rounds.setdefault(a.round, []).append(
            TableView(a.round, a.table, a.ns, a.ew, lines, codes.get(a.table, ""))
        )
    return SessionView(
        tournament_id,
        state.created.name,
        number,
        session,
        {r: tuple(tables) for r, tables in rounds.items()},
        tuple(sorted(state.entries)),
        tuple(r for r in state.rulings.values() if r.session == number),
        codes,
        imposable(
            state.created.form is tournament.Form.TEAMS,
            state.created.penalty_overrides,
        ),
        state.created.form,
    )


# Codes are typed on a phone: capitals and digits a reader cannot confuse
# (no 0/O, 1/I/L), eight of them: 31^8, about 8.5e11, behind a throttle.
@dataclass(frozen=True, slots=True)
class TableScope:
    """The table a device signed in as."""

    tournament_id: UUID
    session: int
    table: int


def table_of_code(code: str) -> TableScope | None:
    """The table a code signs in, or None (unknown or replaced)."""
    typed = code.strip().upper().replace(" ", "").replace("-", "")
    if not typed or len(typed) > 16:
        return None
    row = TableCode.objects.filter(code=typed).first()
    if row is None:
        return None
    return TableScope(row.tournament_id, row.session, row.table)


def pending_late_counts(tournament_ids: list[UUID]) -> dict[UUID, int]:
    """How many late corrections wait for approval in each tournament."""
    counts = dict.fromkeys(tournament_ids, 0)
    for tid in LateCorrectionRequest.objects.filter(
        tournament_id__in=tournament_ids, approved_at__isnull=True
    ).values_list("tournament_id", flat=True):
        counts[tid] += 1
    return counts


def late_requests(tournament_id: UUID) -> list[LateCorrectionRequest]:
    """The tournament's late corrections, pending first."""
    rows = LateCorrectionRequest.objects.filter(tournament_id=tournament_id)
    return sorted(rows, key=lambda r: (r.approved_at is not None, r.requested_at))
