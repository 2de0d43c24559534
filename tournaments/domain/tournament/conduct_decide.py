"""Decide the commands on playing conditions, lateness and slow play.

FIGB supplementary norms (2004) to Law 8, §1-§4 (``tournaments.domain.conduct``):
the director records the facts; the events carry the fact, the verdict as
computed when it was recorded, and the penalties it costs, so a replay never
depends on today's settings. Warnings and VPs reach the overall standings
as penalties (N-L8 §4), where two warnings cost 1 VP.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from rules.errors import Reference
from scoring.bridge.vp_scales import WBF_20, VpScale
from tournaments.domain.conduct import (
    N_L8_1,
    N_L8_2,
    N_L8_3,
    LatenessReading,
    Verdict,
    knockout_imps,
    lateness_verdict,
    slow_play_verdict,
)
from tournaments.domain.substitutes import norm
from tournaments.domain.tournament.checks import (
    check_seated,
    require_session,
    require_tournament,
    team_match_round,
)
from tournaments.domain.tournament.commands import (
    RecordLateness,
    RecordSlowPlay,
    SetPlayingConditions,
)
from tournaments.domain.tournament.errors import InvalidPenalty, InvalidSchedule
from tournaments.domain.tournament.events import (
    LatenessRecorded,
    PenaltyImposed,
    PlayingConditionsSet,
    SlowPlayRecorded,
    TournamentEvent,
)
from tournaments.domain.tournament.state import TournamentState
from tournaments.domain.tournament.values import Form

__all__ = [
    "DEFAULT_CONDITIONS",
    "record_lateness",
    "record_slow_play",
    "set_playing_conditions",
]

DEFAULT_CONDITIONS = PlayingConditionsSet(
    screens=False,
    boards_per_hour=8,
    lateness_reading=LatenessReading.WARNING_WITHIN_GRACE.value,
)
MAX_MINUTES_LATE = Decimal(24 * 60)
N_L4_2A = norm("")


def set_playing_conditions(
    state: TournamentState, command: SetPlayingConditions
) -> list[TournamentEvent]:
    """N-L8 §1 (screens add 5 minutes; 8 boards an hour "ove altrimenti non
    specificato") and §3 (the reading of the lateness warning)."""
    require_tournament(state)
    if not 0 <= command.qualifying_sessions <= 20:
        raise InvalidSchedule(
            "an event has between 0 and 20 qualifying sessions",
            law=N_L4_2A,
            field="qualifying_sessions",
            value=command.qualifying_sessions,
        )
    if not 1 <= command.boards_per_hour <= 30:
        raise InvalidSchedule(
            "a cadence is between 1 and 30 boards an hour",
            law=N_L8_1,
            field="boards_per_hour",
            value=command.boards_per_hour,
        )
    readings = {r.value for r in LatenessReading}
    if command.lateness_reading not in readings:
        raise InvalidSchedule(
            f"the lateness reading is one of {', '.join(sorted(readings))}",
            law=N_L8_3,
            field="lateness_reading",
            value=command.lateness_reading,
        )
    event = PlayingConditionsSet(
        screens=command.screens,
        boards_per_hour=command.boards_per_hour,
        lateness_reading=command.lateness_reading,
        qualifying_sessions=command.qualifying_sessions,
    )
    if event == (state.conditions or DEFAULT_CONDITIONS):
        return []
    return [event]


def _teams_only(state: TournamentState, norm_text: str, law: Reference) -> None:
    created = require_tournament(state)
    if created.form is not Form.TEAMS:
        raise InvalidPenalty(
            f"{norm_text} is a teams norm: in a {created.form} event the director "
            "imposes a penalty for each board slow play disrupts, and a board not "
            "played gets an artificial adjusted score (Law 12C1)",
            law=law,
        )


def _penalties(
    session: int,
    entry: int,
    verdict: Verdict,
    reason: str,
    match_round: int | None = None,
) -> list[TournamentEvent]:
    """The verdict as penalties on the overall standings (N-L8 §4)."""
    out: list[TournamentEvent] = [
        PenaltyImposed(
            session=session,
            entry_number=entry,
            kind="warning",
            unit="none",
            amount=0,
            law="90A",
            reason=f"{verdict.norm}: {reason}",
        )
        for _ in range(verdict.warnings)
    ]
    for unit, amount in (("vp", verdict.vp), ("imps", verdict.imps)):
        if amount:
            out.append(
                PenaltyImposed(
                    session=session,
                    entry_number=entry,
                    kind="procedural",
                    unit=unit,
                    amount=amount,
                    law="90",
                    reason=f"{verdict.norm}: {reason}",
                    round=match_round if unit == "imps" else None,
                )
            )
    return out


def record_lateness(
    state: TournamentState, command: RecordLateness
) -> list[TournamentEvent]:
    """N-L8 §3: a team late at the start of a round; each team of a match is
    judged alone. In a knockout match the ladder's VPs become the least IMPs
    that earn them on the event's scale; past 30 minutes the match is awarded
    to the team present (RC art. 21), which the director then records."""
    _teams_only(state, "N-L8 §3 (lateness)", N_L8_3)
    session = require_session(state, command.session)
    check_seated(state, command.session, command.entry_number)
    try:
        minutes = Decimal(command.minutes_late)
    except InvalidOperation:
        minutes = Decimal("NaN")
    if not minutes.is_finite() or not 0 < minutes <= MAX_MINUTES_LATE:
        raise InvalidPenalty(
            "minutes late are a positive number such as 7.5",
            law=N_L8_3,
            field="minutes_late",
            value=command.minutes_late,
        )
    minutes = minutes.quantize(Decimal("0.01"))
    conditions = state.conditions or DEFAULT_CONDITIONS
    reading = LatenessReading(conditions.lateness_reading)
    verdict = lateness_verdict(minutes, reading=reading)
    # A knockout stage is scheduled as "knockout:<stage>" (tournaments.knockout).
    knockout = session.movement == "knockout" or session.movement.startswith(
        "knockout:"
    )
    if knockout and verdict.vp:
        boards = len(
            {
                b
                for a in session.assignments
                if command.entry_number in a.seated
                for b in a.boards
            }
        )
        verdict = Verdict(
            warnings=verdict.warnings,
            imps=knockout_imps(verdict.vp, boards, _scale(state)),
            norm=verdict.norm,
            explanation=verdict.explanation,
        )
    fact = LatenessRecorded(
        session=command.session,
        entry_number=command.entry_number,
        minutes_late=str(minutes),
        reading=reading.value,
        warnings=verdict.warnings,
        vp=verdict.vp,
        imps=verdict.imps,
        forfeit=verdict.forfeit,
        reason=command.reason,
    )
    why = f"{minutes} minutes late" + (f" ({command.reason})" if command.reason else "")
    match_round = (
        team_match_round(state, command.session, command.entry_number, None)
        if verdict.imps
        else None
    )
    return [
        fact,
        *_penalties(command.session, command.entry_number, verdict, why, match_round),
    ]


def record_slow_play(
    state: TournamentState, command: RecordSlowPlay
) -> list[TournamentEvent]:
    """N-L8 §2 (teams): a warning for a team's first slow play, 1 VP for each
    later one, in whatever match; when the culprit cannot be told, both teams
    of the match are penalised, each by its own count."""
    _teams_only(state, "N-L8 §2 (slow play)", N_L8_2)
    session = require_session(state, command.session)
    entries = command.entry_numbers
    if not 1 <= len(entries) <= 2 or len(set(entries)) != len(entries):
        raise InvalidPenalty(
            "slow play names the culprit team, or both teams of the match when "
            "the culprit cannot be told",
            law=N_L8_2,
            field="entry_numbers",
        )
    for entry in entries:
        check_seated(state, command.session, entry)
    if len(entries) == 2 and not any(
        set(entries) <= set(a.seated) for a in session.assignments
    ):
        raise InvalidPenalty(
            f"teams {entries[0]} and {entries[1]} do not meet in session "
            f"{command.session}",
            law=N_L8_2,
            field="entry_numbers",
        )
    out: list[TournamentEvent] = []
    for entry in entries:
        earlier = state.slow_play.get(entry, 0)
        verdict = slow_play_verdict(earlier)
        out.append(
            SlowPlayRecorded(
                session=command.session,
                entry_number=entry,
                offence=earlier + 1,
                culprit_known=len(entries) == 1,
                warnings=verdict.warnings,
                vp=verdict.vp,
                reason=command.reason,
            )
        )
        why = f"slow play, offence {earlier + 1}" + (
            "" if len(entries) == 1 else " (culprit not identified: both teams)"
        )
        out += _penalties(command.session, entry, verdict, why)
    return out


def _scale(state: TournamentState) -> VpScale:
    """The VP scale the event adopts (N-L8 §3, N-L78 §1)."""
    return WBF_20 if state.created is None else state.created.rules.vp_scale
