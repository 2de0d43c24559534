"""Tournament command handlers on the one command path (``eventstore.commands``).

Each handler names its stream, the pure ``decide`` and what else the command
stores in the same transaction; ``execute`` answers a retried key, decides
with database time, appends with the version it read and retries conflicts
(with a client expected version, a conflict is 409; STYLE §2.5).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventstore.commands import PendingAppend, StreamCache, execute, fold
from eventstore.store import (
    AppendResult,
    Metadata,
    NewDeadline,
    StreamGuard,
    event_store,
)
from registry.boundary import PlayerState, player_states
from rules.errors import LawRef, RuleViolation
from tournaments.domain import board_result, tournament, withdrawals
from tournaments.domain.tournament.withdrawal_decide import unplayed
from tournaments.officials import apply_official


class NotSeated(RuleViolation):
    code = "not_seated"


TOURNAMENTS = StreamCache(tournament.evolve, tournament.INITIAL, size=64)
BOARD_RESULTS = StreamCache(board_result.evolve, board_result.INITIAL)


# -- tournament stream --------------------------------------------------------


def load_tournament(tournament_id: UUID) -> tournament.TournamentState:
    """The tournament's state (seating, windows), from the process cache."""
    return TOURNAMENTS.load(tournament.stream_id(tournament_id))[1]


def cached_tournament(
    tournament_id: UUID,
) -> tuple[tournament.TournamentState, StreamGuard] | None:
    """The tournament as this process cached it, unchecked, with the guard an
    append checks it by (``StreamGuard``); None if not cached. A command
    decided on it stores nothing if the tournament moved (``StreamMoved``):
    the caller then loads it and decides again (issue 13)."""
    cached = TOURNAMENTS.guarded(tournament.stream_id(tournament_id))
    return None if cached is None else (cached[1], cached[0])


def is_entered(
    tournament_id: UUID, entry_id: UUID, player_ids: tuple[UUID, ...] = ()
) -> bool:
    """Whether ``entry_id`` (a pair's or a team's id) is an entry of the
    tournament, or (``player_ids`` given) an entry holds all those players,
    read from its stream (the register asks it of a line-up, and of a
    registered pair before a director acts on it: issue 28)."""
    state = load_tournament(tournament_id)
    wanted = set(player_ids)
    return any(
        e.entry_id == entry_id or (wanted and wanted <= set(e.player_ids))
        for e in state.entries.values()
    )


def _publication_deadlines(events: list[Any]) -> list[NewDeadline]:
    """Publishing opens the Law 79C and Law 92B windows: the sweeper closes them."""
    out = []
    for event in events:
        if isinstance(event, tournament.SessionScoresPublished):
            closes = max(
                event.correction_deadline,
                event.inadmissible_deadline or event.correction_deadline,
            )
            out.append(
                NewDeadline(
                    kind=f"correction:{event.session}",
                    due_at=closes,
                    on_due=tournament.CorrectionWindowClosed(session=event.session),
                )
            )
            out.append(
                NewDeadline(
                    kind=f"appeal:{event.session}",
                    due_at=event.appeal_deadline,
                    on_due=tournament.AppealWindowClosed(session=event.session),
                )
            )
    return out


def entry_players(
    command: tournament.TournamentCommand,
) -> dict[UUID, PlayerState]:
    """The register's facts on the players an entry names, each read from the
    player's own stream (never from the lagging registry read model), so a
    player registered a moment ago can enter and an unknown id cannot."""
    if isinstance(command, tournament.RecordSubstitution):
        return player_states((command.original, command.substitute))
    if not isinstance(command, tournament.EnterPair):
        return {}
    return player_states(command.player_ids)


def handle_tournament(
    tournament_id: UUID,
    command: tournament.TournamentCommand,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> AppendResult | None:
    players = entry_players(command)
    return execute(
        tournament.stream_id(tournament_id),
        tournament.STREAM_TYPE,
        TOURNAMENTS,
        lambda state, now: tournament.decide(state, command, now, players=players),
        metadata=metadata,
        request=command,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
        deadlines=_publication_deadlines,
    )


def handle_official(
    tournament_id: UUID,
    command: tournament.AppointOfficial | tournament.RelieveOfficial,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
) -> AppendResult | None:
    """Appoint or relieve an official; the grant follows in the same
    transaction (decision 0057)."""
    decided: list[Any] = []

    def decide(state: tournament.TournamentState, now: Any) -> list[Any]:
        decided[:] = tournament.decide(state, command, now)
        return decided

    def grant(result: AppendResult) -> None:
        # `within` runs only beside a fresh append, which has its time.
        assert result.recorded_at is not None
        for event in decided:
            if isinstance(
                event, tournament.OfficialAppointed | tournament.OfficialRelieved
            ):
                apply_official(tournament_id, event, result.recorded_at)

    return execute(
        tournament.stream_id(tournament_id),
        tournament.STREAM_TYPE,
        TOURNAMENTS,
        decide,
        metadata=metadata,
        request=command,
        idempotency_key=idempotency_key,
        within=grant,
    )


def give_ruling(
    tournament_id: UUID,
    command: tournament.GiveRuling,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
) -> AppendResult | None:
    """A ruling and what it does on its board (Laws 12, 81-85): the board not
    played at the table (Law 12C2) and the adjusted score it assigns
    (``tournament.awarded_score``, scored on the table's copy, Law 2), one
    command decided whole and stored in one transaction, or refused with
    nothing written (decision 0220)."""
    decided_on: list[tournament.TournamentState] = []

    def decide(state: tournament.TournamentState, now: Any) -> list[Any]:
        events = tournament.decide(state, command, now)
        decided_on[:] = [state]
        return events

    def on_board(events: list[Any], ids: list[UUID]) -> list[PendingAppend]:
        board, table = command.board_number, command.table
        if board is None or table is None:
            return []  # a ruling on the session: nothing on a board
        state = decided_on[0]
        seat = seating(state, TableRef(tournament_id, command.session, board, table))
        stream = board_result.stream_id(tournament_id, command.session, board, table)
        version, current = BOARD_RESULTS.load(stream)
        window = window_for(state, command.session)
        now = event_store().now()
        decided: list[Any] = []
        # A board whose irregularity is recorded already keeps it (a form
        # sent again, or a fouled board ruled on).
        if command.not_played and current.irregularity is None:
            decided += board_result.decide(
                current,
                board_result.RecordBoardIrregularity(
                    tournament_id=tournament_id,
                    session=command.session,
                    board_number=board,
                    table=table,
                    ns=seat.ns,
                    ew=seat.ew,
                    kind="not_played",
                    note=command.facts,
                ),
                now,
                window,
            )
        score = tournament.awarded_score(command, current.vulnerability)
        if score is not None:
            decided += board_result.decide(
                fold(board_result.evolve, current, decided),
                board_result.AwardAdjustedScore(
                    score=score,
                    law=command.laws[0],
                    reason=command.decision,
                    ruling_id=command.ruling_id,
                ),
                now,
                window,
            )
        if not decided:
            return []
        return [
            PendingAppend(stream, board_result.STREAM_TYPE, decided, version, metadata)
        ]

    return execute(
        tournament.stream_id(tournament_id),
        tournament.STREAM_TYPE,
        TOURNAMENTS,
        decide,
        metadata=metadata,
        request=command,
        idempotency_key=idempotency_key,
        also=on_board,
    )


# -- board results --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableRef:
    tournament_id: UUID
    session: int
    board_number: int
    table: int


def window_for(
    state: tournament.TournamentState, session: int
) -> board_result.CorrectionWindow:
    """The session's correction window now (Law 79C; FIGB N-L79, which
    limits reports before publication too)."""
    s = state.sessions.get(session)
    if s is None:
        raise tournament.SessionNotFound(f"session {session} is not scheduled")
    limits = tournament.correction_limits(state, s)
    return board_result.CorrectionWindow(
        published=limits.published,
        correction_deadline=limits.deadline,
        inadmissible_deadline=limits.inadmissible_deadline,
        inadmissible_after=limits.inadmissible_after,
        norm=limits.norm,
    )


def seating(
    state: tournament.TournamentState, ref: TableRef
) -> tournament.TableAssignment:
    """The assignment that puts this board on this table (Law 8), or 422."""
    session = state.sessions.get(ref.session)
    if session is None:
        raise tournament.SessionNotFound(f"session {ref.session} is not scheduled")
    seat = session.seating(ref.board_number, ref.table)
    if seat is None:
        raise NotSeated(
            f"board {ref.board_number} is not played at table {ref.table} in this session",
            law=LawRef("15"),
        )
    return seat


def table_context(
    state: tournament.TournamentState, ref: TableRef
) -> tuple[tournament.TableAssignment, board_result.CorrectionWindow]:
    """What every board-result command checks first: the tournament exists,
    the board is played at the table (Law 15), the session's windows."""
    if not state.exists:
        raise tournament.TournamentNotFound("no such tournament")
    return seating(state, ref), window_for(state, ref.session)


def handle_board_result(
    ref: TableRef,
    build: Callable[[tournament.TableAssignment], board_result.BoardResultCommand],
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
    state: tournament.TournamentState | None = None,
    guard: StreamGuard | None = None,
) -> AppendResult | None:
    """Run a board-result command; ``build`` gets the table's assignment.

    ``state``: the tournament as the caller loaded it for this request (a
    view that checked the seat), so a request reads it once (issue 13);
    ``guard``: the state is the cached one, unchecked, and the append
    proves it current (``cached_tournament``).
    """
    if state is None:
        state = load_tournament(ref.tournament_id)
    assignment, window = table_context(state, ref)
    command = build(assignment)
    return execute(
        board_result.stream_id(
            ref.tournament_id, ref.session, ref.board_number, ref.table
        ),
        board_result.STREAM_TYPE,
        BOARD_RESULTS,
        lambda s, now: board_result.decide(s, command, now, window),
        metadata=metadata,
        request=command,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
        # Only a published session's windows (Law 79C) read the clock, and a
        # correction's before publication (N-L79): a result entered never does.
        needs_clock=window.published
        or (
            window.correction_deadline is not None
            and isinstance(
                command,
                board_result.CorrectResult | board_result.ApproveLateCorrection,
            )
        ),
        guard=guard,
    )


# -- board copies (Laws 2, 87A) ---------------------------------------------------

COPIES_NOTE = "copies of the board differ in dealer or vulnerability"


def record_board_copy(
    tournament_id: UUID,
    command: tournament.RecordBoardCopy,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
) -> AppendResult | None:
    """Record a copy's markings; when the board's copies then differ, each
    table that played it is marked fouled in its copy's group (Law 87A),
    through the board-result stream's own irregularity command, in the same
    transaction. A table already marked fouled in that group is left as it
    is (a director's swap and finding table stay)."""
    after: list[tournament.TournamentState] = []

    def decide(state: tournament.TournamentState, now: Any) -> list[Any]:
        events = tournament.decide(state, command, now)
        after[:] = [fold(tournament.evolve, state, events)]
        return events

    def marks(events: list[Any], ids: list[UUID]) -> list[PendingAppend]:
        session = after[0].sessions[command.session]
        board = command.board_number
        forms = tournament.board_forms(session, board)
        fouled = tournament.fouled(forms)
        window = window_for(after[0], command.session)
        appends: list[PendingAppend] = []
        for form in forms:
            for table in form.tables:
                seat = session.seating(board, table)
                assert seat is not None  # the decision checked every table
                stream = board_result.stream_id(
                    tournament_id, command.session, board, table
                )
                version, current = BOARD_RESULTS.load(stream)
                # Law 2: the table scores with its copy's markings (0170).
                decided = board_result.decide(
                    current,
                    board_result.RecordBoardMarkings(
                        tournament_id=tournament_id,
                        session=command.session,
                        board_number=board,
                        table=table,
                        ns=seat.ns,
                        ew=seat.ew,
                        copy=form.copy,
                        dealer=form.dealer,
                        vulnerability=form.vulnerability,
                    ),
                    event_store().now(),
                    window,
                )
                marked = current.irregularity
                if fouled and not (
                    marked is not None
                    and marked.kind == "fouled"
                    and marked.group == form.group
                ):
                    mark = board_result.RecordBoardIrregularity(
                        tournament_id=tournament_id,
                        session=command.session,
                        board_number=board,
                        table=table,
                        ns=seat.ns,
                        ew=seat.ew,
                        kind="fouled",
                        group=form.group,
                        note=f"{COPIES_NOTE}: copy {form.copy} "
                        f"({form.dealer}, {form.vulnerability})",
                    )
                    decided += board_result.decide(
                        fold(board_result.evolve, current, decided),
                        mark,
                        event_store().now(),
                        window,
                    )
                if decided:
                    appends.append(
                        PendingAppend(
                            stream, board_result.STREAM_TYPE, decided, version, metadata
                        )
                    )
        return appends

    return execute(
        tournament.stream_id(tournament_id),
        tournament.STREAM_TYPE,
        TOURNAMENTS,
        decide,
        metadata=metadata,
        request=command,
        idempotency_key=idempotency_key,
        also=marks,
    )


# -- withdrawals (FIGB N-L4 §3-§5) ---------------------------------------------

WITHDRAWAL_RECORDS = StreamCache(withdrawals.evolve, withdrawals.INITIAL)
WITHDRAWAL_NOTE = "FIGB N-L4 §4"


def record_withdrawal(
    tournament_id: UUID,
    command: tournament.RecordWithdrawal,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
) -> AppendResult | None:
    """Record an entry's withdrawal; in the same transaction, each board a
    pair no longer plays gets its artificial score on its own stream (N-L4
    §4, decision 0171) and each member's record counts the withdrawal.

    A board already played keeps its result ("i risultati conseguiti ...
    resteranno validi"); a board whose opponents withdrew before gives both
    pairs average minus (both directly at fault, Law 12C2(a))."""
    before: list[tournament.TournamentState] = []

    def decide(state: tournament.TournamentState, now: Any) -> list[Any]:
        before[:] = [state]
        return tournament.decide(state, command, now)

    def consequences(events: list[Any], ids: list[UUID]) -> list[PendingAppend]:
        [recorded] = events
        state = before[0]
        appends = _artificial_scores(tournament_id, state, recorded, metadata)
        for player in recorded.player_ids:
            stream = withdrawals.record_stream(player)
            version, record = WITHDRAWAL_RECORDS.load(stream)
            counted = withdrawals.decide(
                record,
                withdrawals.CountWithdrawal(
                    player_id=player,
                    tournament_id=tournament_id,
                    session=recorded.session,
                    entry_number=recorded.entry_number,
                    teams=recorded.norm == withdrawals.TEAMS,
                ),
            )
            if counted:
                appends.append(
                    PendingAppend(
                        stream, withdrawals.STREAM_TYPE, counted, version, metadata
                    )
                )
        return appends

    return execute(
        tournament.stream_id(tournament_id),
        tournament.STREAM_TYPE,
        TOURNAMENTS,
        decide,
        metadata=metadata,
        request=command,
        idempotency_key=idempotency_key,
        also=consequences,
    )


def _artificial_scores(
    tournament_id: UUID,
    state: tournament.TournamentState,
    recorded: tournament.WithdrawalRecorded,
    metadata: Metadata,
) -> list[PendingAppend]:
    if recorded.norm != withdrawals.PAIRS:
        return []
    session = state.sessions[recorded.session]
    window = window_for(state, recorded.session)
    gone = {*state.withdrawals, recorded.entry_number}
    note = f"{WITHDRAWAL_NOTE}: pair {recorded.entry_number} withdrew"
    appends: list[PendingAppend] = []
    for table in unplayed(session, recorded.entry_number, recorded.from_round):
        score = withdrawals.artificial_score(table.ns in gone, table.ew in gone)
        for board in table.boards:
            stream = board_result.stream_id(
                tournament_id, recorded.session, board, table.table
            )
            version, current = BOARD_RESULTS.load(stream)
            marked = current.irregularity
            ours = marked is not None and marked.note.startswith(WITHDRAWAL_NOTE)
            if current.has_result or (current.adjusted is not None and not ours):
                continue  # played, or adjusted, before the withdrawal: it stands
            now = event_store().now()
            decided: list[Any] = []
            if current.irregularity is None:
                decided += board_result.decide(
                    current,
                    board_result.RecordBoardIrregularity(
                        tournament_id=tournament_id,
                        session=recorded.session,
                        board_number=board,
                        table=table.table,
                        ns=table.ns,
                        ew=table.ew,
                        kind="not_played",
                        note=note,
                    ),
                    now,
                    window,
                )
            decided += board_result.decide(
                fold(board_result.evolve, current, decided),
                board_result.AwardAdjustedScore(
                    score=score, law="12C2", reason=f"{note} (Law 12C2(a))"
                ),
                now,
                window,
            )
            appends.append(
                PendingAppend(
                    stream, board_result.STREAM_TYPE, decided, version, metadata
                )
            )
    return appends
