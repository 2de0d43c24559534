"""Absences, substitutions and the interruption of a tournament.

F.I.Bur. Codice di Gara, April 2024 edition:

- Art. 38 (Sostituzioni): a substitution is allowed while half the
  scheduled turns have not been played; one player of a pair, by someone
  who has not played in the tournament so far; then no further
  substitution for that pair.
- Art. 38 (Abbandono): a pair absent for three turns is credited 7 VP and
  -505 MP (four hands; the MP vary with the hands), from the fourth turn
  0 VP; it keeps its place in the standings. The side present wins as
  Art. 39 gives beyond ten minutes (decision 0146).
- Art. 40: interrupted by force majeure after more than half the scheduled
  turns, prizes on the last standings shown; before, the entry fees are
  refunded and no prizes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from datetime import datetime
from uuid import UUID

from burraco.domain.awards import in_play
from burraco.domain.commands import (
    InterruptTournament,
    RecordAbsence,
    SubstitutePlayer,
)
from burraco.domain.errors import (
    InvalidLines,
    SheetAlreadyEntered,
    SubstitutionNotAllowed,
    UnknownTable,
)
from burraco.domain.events import (
    AbsenceRecorded,
    BurracoEvent,
    PlayerSubstituted,
    TournamentInterrupted,
    TurnAwarded,
)
from burraco.domain.guards import table_at
from burraco.domain.state import BurracoState
from rules.burraco.articles import art
from rules.burraco.lateness import FORFEIT
from scoring.burraco import absence_score

__all__ = ["absent", "interrupt", "substitute"]

ART_38 = art(38)


def absent(state: BurracoState, command: RecordAbsence) -> list[BurracoEvent]:
    """Art. 38: the absent pair's score for its nth absent turn, the side
    present the Art. 39 forfeit; both absent: each the absence score."""
    assert state.opened is not None
    in_play(state, command.turn, 38)
    fixed, mobile = table_at(state, command.turn, command.table)
    if command.pair not in (fixed, mobile):
        raise UnknownTable(
            f"pair {command.pair} does not play at table {command.table} "
            f"in turn {command.turn}",
            field="pair",
            value=command.pair,
            law=ART_38,
        )
    if (command.turn, command.pair) in state.absences:
        raise SheetAlreadyEntered(
            f"pair {command.pair}'s absence in turn {command.turn} is recorded",
            law=ART_38,
        )
    existing = state.results.get((command.turn, command.table))
    other = mobile if command.pair == fixed else fixed
    if existing is not None and (command.turn, other) not in state.absences:
        raise SheetAlreadyEntered(
            f"table {command.table}'s turn {command.turn} has its result",
            law=ART_38,
        )
    match_format = state.match_format
    nth = 1 + sum(1 for turn, pair in state.absences if pair == command.pair)
    score = absence_score(nth, match_format)
    if existing is not None:  # both absent: each its absence score
        present = (existing.fixed_vp, existing.fixed_mp)
        if other == fixed:
            fixed_vp, fixed_mp = present
        else:
            fixed_vp, fixed_mp = score.vp, score.mp
        mobile_vp, mobile_mp = (
            (score.vp, score.mp)
            if other == fixed
            else (existing.mobile_vp, existing.mobile_mp)
        )
    else:
        win = FORFEIT[match_format]
        if command.pair == fixed:
            fixed_vp, fixed_mp, mobile_vp, mobile_mp = (
                score.vp,
                score.mp,
                win.vp,
                win.mp,
            )
        else:
            fixed_vp, fixed_mp, mobile_vp, mobile_mp = (
                win.vp,
                win.mp,
                score.vp,
                score.mp,
            )
    return [
        AbsenceRecorded(
            turn=command.turn, table=command.table, pair=command.pair, nth=nth
        ),
        TurnAwarded(
            turn=command.turn,
            table=command.table,
            fixed=fixed,
            mobile=mobile,
            fixed_vp=fixed_vp,
            mobile_vp=mobile_vp,
            fixed_mp=fixed_mp,
            mobile_mp=mobile_mp,
            article=str(ART_38),
        ),
    ]


def substitute(
    state: BurracoState,
    command: SubstitutePlayer,
    players: Mapping[int, Collection[UUID]],
) -> PlayerSubstituted:
    """Art. 38: before half the scheduled turns are played, once a pair, by
    a player new to the tournament. ``players``: each entered pair's
    players (the tournament stream's)."""
    assert state.opened is not None
    if command.pair not in players:
        raise InvalidLines(
            f"pair {command.pair} is not entered",
            field="pair",
            value=command.pair,
            law=ART_38,
        )
    played = state.completed_turns
    if 2 * played >= state.opened.turns:
        # "Non è stata disputata la metà dei turni previsti" (digest Q14).
        raise SubstitutionNotAllowed(
            f"{played} of {state.opened.turns} turns are played: a substitution "
            "is allowed only before half the scheduled turns",
            law=ART_38,
        )
    if command.pair in state.substitutions:
        raise SubstitutionNotAllowed(
            f"pair {command.pair} has made its one substitution", law=ART_38
        )
    current = set(players[command.pair])
    earlier = state.substitutions.get(command.pair)
    if earlier is not None:
        current = (current - {earlier.player_out}) | {earlier.player_in}
    if command.player_out not in current:
        raise SubstitutionNotAllowed(
            f"player {command.player_out} does not play in pair {command.pair}",
            field="player_out",
            law=ART_38,
        )
    played_in = {p for members in players.values() for p in members} | {
        s.player_in for s in state.substitutions.values()
    }
    if command.player_in in played_in:
        raise SubstitutionNotAllowed(
            "the incoming player has played in this tournament already",
            field="player_in",
            law=ART_38,
        )
    return PlayerSubstituted(
        pair=command.pair,
        player_out=command.player_out,
        player_in=command.player_in,
        turns_played=played,
    )


def interrupt(
    state: BurracoState, command: InterruptTournament, now: datetime
) -> TournamentInterrupted:
    """Art. 40: prizes only once more than half the turns were played
    ("superata la metà", digest Q14), on the last standings shown."""
    assert state.opened is not None
    completed = state.completed_turns
    shown = [
        t for t in state.positions if state.results_public(t) and state.turn_complete(t)
    ]
    return TournamentInterrupted(
        completed_turns=completed,
        scheduled_turns=state.opened.turns,
        prizes=2 * completed > state.opened.turns,
        standings_after=max(shown, default=0),
        reason=command.reason.strip(),
        interrupted_at=now,
    )
