"""The tournament's state, folded from its events."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from fractions import Fraction
from typing import Any, assert_never
from uuid import UUID

from tournaments.domain.tournament.events import (
    AppealWindowClosed,
    BoardCopiesRecorded,
    CorrectionWindowClosed,
    HandRecordsSet,
    KnockoutCarryOverSet,
    LatenessRecorded,
    OfficialAppointed,
    OfficialRelieved,
    PairEntered,
    PenaltyImposed,
    PlayingConditionsSet,
    RulingGiven,
    SessionScheduled,
    SessionScoresPublished,
    SlowPlayRecorded,
    SubstitutionRecorded,
    TournamentCreated,
    TournamentEvent,
    WithdrawalRecorded,
)
from tournaments.domain.tournament.values import (
    TableAssignment,
)


@dataclass(frozen=True, slots=True)
class SessionState:
    number: int
    starts_at: datetime
    ends_at: datetime
    assignments: tuple[TableAssignment, ...]
    published: SessionScoresPublished | None = None
    winners: str = "auto"
    movement: str = ""
    correction_closed: bool = False
    appeal_closed: bool = False
    hand_records: dict[int, str] = field(default_factory=dict)
    # (board, copy) -> the copy's markings and tables (Laws 2, 87A)
    board_copies: dict[tuple[int, str], BoardCopiesRecorded] = field(
        default_factory=dict
    )
    # (table, board) -> its assignment, built once with the state: a result
    # looks its seat up twice a request, and a 100-table Mitchell has 1,400
    # assignments to scan (issue 13).
    seats: dict[tuple[int, int], TableAssignment] = field(
        init=False, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        seats: dict[tuple[int, int], TableAssignment] = {}
        for a in self.assignments:
            for board in a.boards:
                seats.setdefault((a.table, board), a)
        object.__setattr__(self, "seats", seats)

    @property
    def board_numbers(self) -> tuple[int, ...]:
        """Return the boards the session's movement plays, in order (Law 8A)."""
        return tuple(sorted({b for a in self.assignments for b in a.boards}))

    def seating(self, board_number: int, table: int) -> TableAssignment | None:
        """The assignment that plays ``board_number`` at ``table`` (the first
        in schedule order, as a scan would find it)."""
        return self.seats.get((table, board_number))


@dataclass(frozen=True, slots=True)
class TournamentState:
    created: TournamentCreated | None = None
    entries: dict[int, PairEntered] = field(default_factory=dict)
    sessions: dict[int, SessionState] = field(default_factory=dict)
    rulings: dict[UUID, RulingGiven] = field(default_factory=dict)
    officials: dict[str, OfficialAppointed] = field(default_factory=dict)
    carry_overs: dict[tuple[int, int], Fraction] = field(default_factory=dict)
    conditions: PlayingConditionsSet | None = None  # N-L8 §1, §3
    slow_play: dict[int, int] = field(default_factory=dict)  # entry -> offences
    substitutions: tuple[SubstitutionRecorded, ...] = ()  # N-L4 §2a
    withdrawals: dict[int, WithdrawalRecorded] = field(default_factory=dict)  # §4

    @property
    def exists(self) -> bool:
        return self.created is not None


INITIAL = TournamentState()


def evolve(state: TournamentState, event: TournamentEvent) -> TournamentState:
    match event:
        case TournamentCreated():
            return replace(state, created=event)
        case PairEntered():
            return replace(state, entries={**state.entries, event.number: event})
        case SessionScheduled():
            session = SessionState(
                event.session,
                event.starts_at,
                event.ends_at,
                event.assignments,
                winners=event.winners,
                movement=event.movement,
            )
            return replace(state, sessions={**state.sessions, event.session: session})
        case SessionScoresPublished():
            return _with_session(state, event.session, published=event)
        case CorrectionWindowClosed():
            return _with_session(state, event.session, correction_closed=True)
        case AppealWindowClosed():
            return _with_session(state, event.session, appeal_closed=True)
        case RulingGiven():
            return replace(state, rulings={**state.rulings, event.ruling_id: event})
        case PenaltyImposed():
            return state
        case HandRecordsSet():
            records = dict(state.sessions[event.session].hand_records)
            records.update((r.board_number, r.deal) for r in event.records)
            return _with_session(state, event.session, hand_records=records)
        case OfficialAppointed():
            return replace(state, officials={**state.officials, event.user: event})
        case OfficialRelieved():
            officials = dict(state.officials)
            officials.pop(event.user, None)
            return replace(state, officials=officials)
        case KnockoutCarryOverSet():
            key = (event.stage, event.match)
            return replace(
                state, carry_overs={**state.carry_overs, key: Fraction(event.imps)}
            )
        case PlayingConditionsSet():
            return replace(state, conditions=event)
        case SlowPlayRecorded():
            counts = {**state.slow_play, event.entry_number: event.offence}
            return replace(state, slow_play=counts)
        case SubstitutionRecorded():
            return replace(state, substitutions=(*state.substitutions, event))
        case LatenessRecorded():
            return state
        case BoardCopiesRecorded():
            copies = dict(state.sessions[event.session].board_copies)
            copies[(event.board_number, event.copy)] = event
            return _with_session(state, event.session, board_copies=copies)
        case WithdrawalRecorded():
            withdrawals = {**state.withdrawals, event.entry_number: event}
            return replace(state, withdrawals=withdrawals)
        case _:
            assert_never(event)


def _with_session(
    state: TournamentState, number: int, **changes: Any
) -> TournamentState:
    session = replace(state.sessions[number], **changes)
    return replace(state, sessions={**state.sessions, number: session})


def hand_records_public(session: SessionState) -> bool:
    """Return whether anyone, not only a director, may see the session's deals.

    A board may be seen once no table can still play it: the deals become
    public when the session's official scores are published (Law 79C's
    period starts then); directors see them at any time (decision 0050).
    """
    return session.published is not None
