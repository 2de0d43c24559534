"""Turns awarded without a sheet: lateness (Art. 39) and a lost sheet (Art. 19).

F.I.Bur. Codice di Gara, April 2024 edition. Art. 39: the warning, the
150/200 MP bonus to the opponents, beyond ten minutes the forfeit (the
engine's ``rules.burraco.lateness``, decision 0067). Art. 19: a lost sheet
gives 7-7 with the MP the table makes equivalent (``scoring.burraco``,
decision 0069); a sheet found again restores the score (``decide``).
"""

from __future__ import annotations

from datetime import datetime

from burraco.domain.commands import RecordLateness, RecordLostSheet
from burraco.domain.errors import (
    InvalidSheet,
    SheetAlreadyEntered,
    TurnNotCurrent,
    UnknownTable,
)
from burraco.domain.events import (
    WARNING_LATE,
    BurracoEvent,
    LatenessRecorded,
    TurnAwarded,
    WarningIssued,
)
from burraco.domain.guards import table_at
from burraco.domain.state import BurracoState
from rules.burraco.articles import art
from rules.burraco.lateness import LatenessBand, both_late_forfeit, lateness_penalty
from scoring.burraco import lost_score_sheet

__all__ = ["in_play", "late", "lost_sheet"]


def in_play(state: BurracoState, turn: int, article: int) -> None:
    if turn != state.current_turn or state.final_published_at is not None:
        raise TurnNotCurrent(
            f"this is recorded in the turn in play ({state.current_turn}), not {turn}",
            field="turn",
            value=turn,
            law=art(article),
        )


def lost_sheet(state: BurracoState, command: RecordLostSheet) -> TurnAwarded:
    """Art. 19: a sheet lost before it was entered: 7-7."""
    assert state.opened is not None
    in_play(state, command.turn, 19)
    fixed, mobile = table_at(state, command.turn, command.table)
    if (command.turn, command.table) in state.results:
        raise SheetAlreadyEntered(
            f"table {command.table}'s turn {command.turn} has its result",
            law=art(19),
        )
    award = lost_score_sheet(state.match_format)
    return TurnAwarded(
        turn=command.turn,
        table=command.table,
        fixed=fixed,
        mobile=mobile,
        fixed_vp=award.ns.vp,
        mobile_vp=award.ew.vp,
        fixed_mp=award.ns.mp,
        mobile_mp=award.ew.mp,
        article=str(award.law),
    )


def late(
    state: BurracoState, command: RecordLateness, now: datetime
) -> list[BurracoEvent]:
    """Art. 39: the warning, the bonus to the opponents, or the forfeit;
    without ``seconds``, the time since the turn's signal (``StartTurn``)."""
    assert state.opened is not None
    in_play(state, command.turn, 39)
    seconds = command.seconds
    if seconds is None:
        signal = state.started.get(command.turn)
        if signal is None:
            raise InvalidSheet(
                f"turn {command.turn}'s signal is not recorded: give the seconds",
                field="seconds",
                law=art(39),
            )
        seconds = max(0, int((now - signal.started_at).total_seconds()))
    fixed, mobile = table_at(state, command.turn, command.table)
    position = state.position(command.turn, command.table)
    # Giallo: a late player makes his line late; the warning is his own
    # (digest Q2; decision 0173).
    line = 0 if position is None else position.line_of(command.pair)
    if not line:
        raise UnknownTable(
            f"pair {command.pair} does not play at table {command.table} "
            f"in turn {command.turn}",
            field="pair",
            value=command.pair,
            law=art(39),
        )
    if (command.turn, line) in state.lateness:
        raise SheetAlreadyEntered(
            f"pair {command.pair}'s lateness in turn {command.turn} is recorded",
            law=art(39),
        )
    existing = state.results.get((command.turn, command.table))
    if existing is not None and not existing.awarded:
        raise SheetAlreadyEntered(
            f"table {command.table}'s sheet of turn {command.turn} is entered",
            law=art(39),
        )
    match_format = state.match_format
    penalty = lateness_penalty(seconds, match_format)
    if penalty is None:
        raise InvalidSheet(
            "a pair at its table at the signal is not late",
            field="seconds",
            value=seconds,
            law=art(39),
        )
    events: list[BurracoEvent] = [
        LatenessRecorded(
            turn=command.turn,
            table=command.table,
            pair=line,
            seconds=seconds,
            band=penalty.band.value,
            bonus_to_opponents=penalty.mp_bonus,
        )
    ]
    article = str(art(39))
    if penalty.warning:
        events.append(
            WarningIssued(
                pair=command.pair,
                turn=command.turn,
                article=article,
                reason="",
                cause=WARNING_LATE,
                seconds=seconds,
            )
        )
    if penalty.band is LatenessBand.FORFEIT:
        assert penalty.forfeit is not None
        other = mobile if line == fixed else fixed
        other_late = state.lateness.get((command.turn, other))
        if other_late is not None and other_late.band == LatenessBand.FORFEIT.value:
            # Both beyond ten minutes: both lose (Art. 39; decision 0067).
            lost = both_late_forfeit(match_format)
            fixed_score, mobile_score = lost, lost
        elif line == fixed:
            fixed_score, mobile_score = penalty.forfeit.mirror, penalty.forfeit
        else:
            fixed_score, mobile_score = penalty.forfeit, penalty.forfeit.mirror
        events.append(
            TurnAwarded(
                turn=command.turn,
                table=command.table,
                fixed=fixed,
                mobile=mobile,
                fixed_vp=fixed_score.vp,
                mobile_vp=mobile_score.vp,
                fixed_mp=fixed_score.mp,
                mobile_mp=mobile_score.mp,
                article=article,
            )
        )
    return events
