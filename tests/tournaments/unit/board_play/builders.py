"""Pure helpers for the board-at-a-table scenario tests."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import UUID

from rules.bridge import Card, Seat, parse_call
from tests.support.play import DEAL
from tournaments.domain.board_play import BoardPlayState, decide, evolve
from tournaments.domain.board_play.commands import (
    BoardPlayCommand,
    MakeCall,
    PlayCard,
    StartBoard,
)
from tournaments.domain.board_play.events import BoardPlayEvent

T0 = datetime(2025, 3, 1, 15, 0, tzinfo=UTC)
TABLE = UUID("00000000-0000-4000-8000-000000000007")
BOARD = 3
"""Board 3: South deals (Law 2), so "1S P 4S P P P" makes South declarer."""


def run(
    state: BoardPlayState, *commands: BoardPlayCommand
) -> tuple[BoardPlayState, list[BoardPlayEvent]]:
    """Decide and evolve each command in turn; return the state and all events."""
    events: list[BoardPlayEvent] = []
    for command in commands:
        new = decide(state, command, T0)
        for event in new:
            state = evolve(state, event)
        events.extend(new)
    return state, events


def dealt(*, strict: bool = False, board_number: int = BOARD) -> BoardPlayState:
    """Return a board on the table, auction not started."""
    state, _ = run(
        BoardPlayState(),
        StartBoard(
            table_id=TABLE, board_number=board_number, deal=DEAL, strict=strict, at=T0
        ),
    )
    return state


def called(state: BoardPlayState, calls: str) -> BoardPlayState:
    """Make the calls in rotation from the seat due to call."""
    for text in calls.split():
        assert state.turn is not None
        state, _ = run(state, MakeCall(seat=state.turn, call=parse_call(text), at=T0))
    return state


def cards_played(state: BoardPlayState, plays: str) -> BoardPlayState:
    """Play cards written "W:CA N:C2 ..."."""
    for token in plays.split():
        seat, _, text = token.partition(":")
        state, _ = run(state, PlayCard(seat=Seat(seat), card=Card.parse(text), at=T0))
    return state


def in_four_spades(*, strict: bool = False) -> BoardPlayState:
    """Return board 3 after "1S P 4S P P P": 4S by South, West to lead."""
    return called(dealt(strict=strict), "1S P 4S P P P")
