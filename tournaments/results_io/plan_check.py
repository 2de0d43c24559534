"""An import plan decided and scored before anything is recorded (decision
0041): every command through the pure ``decide`` functions, refusals naming
the file's line, then the session scored by the projection's own pipeline
(decision 0075)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime
from functools import reduce

from rules.errors import DomainError, LawRef
from tournaments.domain import board_result, session_scoring, tournament
from tournaments.domain.board_result import check_result
from tournaments.domain.session_scoring import SessionFigures
from tournaments.results_io.errors import ImportRefused
from tournaments.results_io.plan import SESSION, ImportPlan, PlannedTable, describe_line

__all__ = ["DecidedPlan", "check_plan", "decide_plan"]


@dataclass(frozen=True, slots=True)
class DecidedPlan:
    """Every stream's events as the pure ``decide`` functions return them."""

    tournament_events: tuple[tournament.TournamentEvent, ...]
    state: tournament.TournamentState
    tables: tuple[
        tuple[
            PlannedTable,
            tuple[board_result.BoardResultEvent, ...],
            board_result.BoardResultState,
        ],
        ...,
    ]


def decide_plan(plan: ImportPlan, now: datetime) -> DecidedPlan:
    """Run every command through the pure ``decide``; refuse naming the line.

    Nothing is read or recorded: the tournament and every board-result
    stream start empty (decision 0041), so what is decided here is exactly
    what ``importing.record`` appends.
    """
    pairs = {number: pid for pid, number in plan.entries.items()}
    state = tournament.INITIAL
    decided: list[tournament.TournamentEvent] = []
    for command in plan.commands:
        try:
            events = tournament.decide(state, command, now)
        except DomainError as exc:
            if isinstance(command, tournament.EnterPair):
                kind = "pair"
                if state.created is not None and (
                    state.created.form is tournament.Form.TEAMS
                ):
                    kind = "team"
                what = f"{kind} {pairs[command.number]} (entry {command.number})"
            elif isinstance(command, tournament.ScheduleSession):
                what = "the movement"
            elif isinstance(command, tournament.SetHandRecords):
                what = "the deals"
            elif isinstance(command, tournament.ImposePenalty):
                what = f"the penalty on entry {command.entry_number}"
            else:
                what = "the tournament"
            raise ImportRefused(f"{what}: {exc.message}", law=exc.law) from None
        decided.extend(events)
        state = reduce(tournament.evolve, events, state)
    window = board_result.CorrectionWindow(published=False)
    tables = []
    for table in plan.tables:
        where = f"{describe_line(table.line)} at table {table.ref.table}"
        if plan.sessions > 1:
            where = f"session {table.ref.session}: {where}"
        seat = state.sessions[table.ref.session].seating(
            table.ref.board_number, table.ref.table
        )
        if seat is None or (seat.ns, seat.ew) != (table.ns, table.ew):
            raise ImportRefused(f"{where}: not seated there", law=LawRef("8"))
        result_state = board_result.INITIAL
        result_events: list[board_result.BoardResultEvent] = []
        try:
            for result_command in table.commands:
                for event in board_result.decide(
                    result_state, result_command, now, window
                ):
                    result_events.append(event)
                    result_state = board_result.evolve(result_state, event)
        except DomainError as exc:
            raise ImportRefused(f"{where}: {exc.message}", law=exc.law) from None
        tables.append((table, tuple(result_events), result_state))
    return DecidedPlan(tuple(decided), state, tuple(tables))


def check_plan(plan: ImportPlan, now: datetime) -> SessionFigures:
    """Decide every command (``decide_plan``) and score the session.

    The session is scored by the one pipeline the projection will use
    (``session_scoring.score_session``, decision 0075), with the form, method,
    winners and movement the import schedules: what passes here, the
    projection can score. Nothing is recorded: a refusal here (any domain
    rule, or a session the engine cannot score) refuses the whole import,
    naming the line or the rule.
    """
    decided = decide_plan(plan, now)
    created = decided.state.created
    assert created is not None
    figures = session_scoring.EMPTY
    for number in range(1, plan.sessions + 1):
        session = decided.state.sessions[number]
        try:
            scored = session_scoring.score_session(
                session_scoring.Conditions(
                    form=created.form.value,
                    scoring=created.scoring.value,
                    winners=session.winners,
                    movement=session.movement,
                    assignments=session.assignments,
                    **session_scoring.methods_of(
                        {k: str(v) for k, v in asdict(created.rules).items()}
                    ),
                ),
                [
                    _line(table, state)
                    for table, _, state in decided.tables
                    if table.ref.session == number
                ],
            )
        except DomainError as exc:
            where = f"session {number}" if plan.sessions > 1 else "the session"
            raise ImportRefused(
                f"{where} cannot be scored: {exc.message}", law=exc.law
            ) from None
        if number == SESSION:
            figures = scored
    return figures


def _line(
    table: PlannedTable, state: board_result.BoardResultState
) -> session_scoring.Line:
    """The line the projection will score for one table (its ``ResultRow``)."""
    entered = state.entered
    return session_scoring.Line(
        key=board_result.stream_id(
            table.ref.tournament_id,
            table.ref.session,
            table.ref.board_number,
            table.ref.table,
        ),
        board_number=table.ref.board_number,
        table=table.ref.table,
        ns=table.ns,
        ew=table.ew,
        score_ns=None
        if entered is None
        else check_result(
            entered.board_number,
            state.contract,
            state.lead,
            state.tricks,
            state.vulnerability,
        ),
        adjusted=state.adjusted,
        group=state.irregularity.group if state.irregularity else 0,
        swap=state.irregularity.swap if state.irregularity else "",
        found_here=state.irregularity.found_here if state.irregularity else False,
    )
