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
    RecordAbandonment,
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
    PairAbandoned,
    PlayerSubstituted,
    PositionsPublished,
    TournamentInterrupted,
    TurnAwarded,
)
from burraco.domain.guards import table_at
from burraco.domain.state import BurracoState
from burraco.domain.values import REST
from rules.burraco.articles import art
from rules.burraco.lateness import FORFEIT
from scoring.burraco import absence_score

__all__ = ["abandon", "absent", "away", "interrupt", "substitute"]

ART_38 = art(38)


def absent(state: BurracoState, command: RecordAbsence) -> list[BurracoEvent]:
    """Art. 38: the absent pair's score for its nth absent turn, the side
    present the Art. 39 forfeit; both absent: each the absence score."""
    assert state.opened is not None
    in_play(state, command.turn, 38)
    fixed, mobile = table_at(state, command.turn, command.table)
    position = state.position(command.turn, command.table)
    # Giallo: an absent player makes his line absent (decision 0187).
    line = 0 if position is None else position.line_of(command.pair)
    if not line:
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
    other = mobile if line == fixed else fixed
    assert position is not None
    other_absent = any(
        (command.turn, p) in state.absences for p in position.players(other)
    )
    if existing is not None and not other_absent:
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
        if line == fixed:
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


def _rests(state: BurracoState, published: PositionsPublished) -> list[TurnAwarded]:
    """The incomplete table's pair rests (Art. 39) and is credited the
    article's list for its format: 14 VP and 305 MP with two hands, 14 and
    355 with three, 13 and 505 with four (digest Q6/Q7; decision 0146)."""
    assert state.opened is not None
    score = FORFEIT[state.match_format]
    out: list[TurnAwarded] = []
    for p in published.positions:
        if REST not in (p.fixed, p.mobile):
            continue
        resting = p.mobile if p.fixed == REST else p.fixed
        if state.rested(resting, published.turn):
            raise InvalidLines(
                f"pair {resting} rested in this session already",
                value=resting,
                law=art(39),
            )
        out.append(
            TurnAwarded(
                turn=published.turn,
                table=p.table,
                fixed=resting,
                mobile=REST,
                fixed_vp=score.vp,
                mobile_vp=0,
                fixed_mp=score.mp,
                mobile_mp=0,
                article=str(art(39)),
            )
        )
    return out


def abandon(state: BurracoState, command: RecordAbandonment) -> PairAbandoned:
    """Art. 38: a pair leaves the tournament after the turn in play; its
    results stand, and the pairs it would have met are awarded."""
    assert state.opened is not None
    if command.pair not in state.pairs:
        raise InvalidLines(
            f"pair {command.pair} is not in the movement",
            field="pair",
            value=command.pair,
            law=ART_38,
        )
    if command.pair in state.abandoned:
        raise SheetAlreadyEntered(
            f"pair {command.pair} has abandoned already", law=ART_38
        )
    return PairAbandoned(
        pair=command.pair, after_turn=state.current_turn, reason=command.reason.strip()
    )


def away(state: BurracoState, published: PositionsPublished) -> list[TurnAwarded]:
    """The tables of a new turn played by no one on a side: a rest at the
    incomplete table (Art. 39), or a pair that abandoned (Art. 38): "the
    opponents it should have met get 13 VP and 505 MP" with four hands; with
    two or three hands the Art. 39 win (14 VP, 305 or 355 MP; digest Q4),
    the pair that left 0 VP with the mirror MP (decision 0146)."""
    out = _rests(state, published)
    win = FORFEIT[state.match_format]
    for p in published.positions:
        if REST in (p.fixed, p.mobile):
            continue
        # Giallo: a line with a player who abandoned is the line that left
        # (decision 0187).
        gone = {
            line
            for line in (p.fixed, p.mobile)
            if set(p.players(line)) & state.abandoned
        }
        if not gone:
            continue
        both = len(gone) == 2  # Art. 38: both pairs abandon: 0 each
        fixed_vp = 0 if p.fixed in gone else win.vp
        mobile_vp = 0 if p.mobile in gone else win.vp
        out.append(
            TurnAwarded(
                turn=published.turn,
                table=p.table,
                fixed=p.fixed,
                mobile=p.mobile,
                fixed_vp=fixed_vp,
                mobile_vp=mobile_vp,
                fixed_mp=0 if both else (-win.mp if p.fixed in gone else win.mp),
                mobile_mp=0 if both else (-win.mp if p.mobile in gone else win.mp),
                article=str(ART_38),
            )
        )
    return out
