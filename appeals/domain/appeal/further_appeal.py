"""The further appeal to the national body (Collegio Nazionale Gare).

Law 93C1 (further appeals the regulating authority provides), Law 93C2 (a
decision states its reasons). Norme integrative FIGB (2004), N-L92-93 §4 (a
member of the pair or the team captain; the written pre-notice within 30
minutes of the end of the competition, the filing within 48 hours; no
change of result without a technical error the Director admits), §2 (the
24-hour reading, decision 0048), §5 (the technical error), §6 (the national
body's decision is final).
"""

from __future__ import annotations

from uuid import UUID

from appeals.domain.appeal.commands import (
    DecideFurtherAppeal,
    Facts,
    FileFurtherAppeal,
    GiveFurtherAppealNotice,
)
from appeals.domain.appeal.errors import (
    FurtherAppealInadmissible,
    FurtherAppealPeriodClosed,
    InvalidDecision,
    NoFurtherAppeal,
    NoStanding,
    NoTechnicalError,
    WrongStage,
    figb,
)
from appeals.domain.appeal.events import (
    AppealEvent,
    FurtherAppealDecided,
    FurtherAppealFiled,
    FurtherAppealNoticeGiven,
)
from appeals.domain.appeal.guards import check_outcome, check_scores, require, stage
from appeals.domain.appeal.periods import FIGB_24_HOURS
from appeals.domain.appeal.state import AppealState
from appeals.domain.appeal.values import (
    OPEN_BEFORE_DECISION,
    Outcome,
    Party,
    Point,
    Status,
)
from appeals.domain.conditions import SanctionUnit
from rules.errors import LawRef
from rules.windows import in_time
from tournaments.domain.tournament import Form


def _party_for_further(state: AppealState, player_id: UUID) -> Party:
    """FIGB §4: a member of the pair or the team captain; no concurrence."""
    lodged = require(state)
    party = state.party_of(player_id)
    if party is None:
        raise NoStanding(
            "only a contestant at the ruling's table may appeal further",
            law=figb("4"),
        )
    if lodged.form is Form.TEAMS and party.player_ids[0] != player_id:
        raise NoStanding("in a team event the captain appeals further", law=figb("4"))
    return party


def give_notice(
    state: AppealState, command: GiveFurtherAppealNotice, facts: Facts
) -> list[AppealEvent]:
    lodged = require(state)
    if not lodged.conditions.further_appeal:
        raise NoFurtherAppeal(
            "this event provides no further appeal", law=LawRef("93C1")
        )
    party = _party_for_further(state, command.player_id)
    if state.notice is not None:
        return []
    # Before the decision the period cannot have ended: it runs from the later
    # of the end of the competition and the decision (decision 0047).
    deadline = None if state.decision is None else state.decision.prenotice_deadline
    if state.notice_period_ended or not in_time(deadline, facts.now):
        raise FurtherAppealPeriodClosed(
            "the written pre-notice is due within 30 minutes of the end of the "
            "competition",
            law=figb("4"),
        )
    stage(state, (*OPEN_BEFORE_DECISION, Status.DECIDED), "give notice")
    return [
        FurtherAppealNoticeGiven(
            player_id=command.player_id,
            entry_number=party.entry_number,
            given_at=facts.now,
        )
    ]


def file_further(
    state: AppealState, command: FileFurtherAppeal, facts: Facts
) -> list[AppealEvent]:
    lodged = require(state)
    if not lodged.conditions.further_appeal:
        raise NoFurtherAppeal(
            "this event provides no further appeal", law=LawRef("93C1")
        )
    party = _party_for_further(state, command.player_id)
    if state.decision is None:
        raise WrongStage(
            "a further appeal lies once the first appeal is decided",
            law=LawRef("93C1"),
        )
    if state.notice is None:
        raise FurtherAppealInadmissible(
            "no written pre-notice was given: the further appeal is inadmissible",
            law=figb("4"),
        )
    stage(state, (Status.DECIDED,), "appeal further")
    deadline = state.decision.further_appeal_deadline
    if deadline is None or not in_time(deadline, facts.now):
        raise FurtherAppealPeriodClosed(
            "the period for a further appeal has ended", law=figb("4")
        )
    if not command.grounds.strip():
        raise FurtherAppealInadmissible("a further appeal states its grounds")
    base = state.decision.competition_ended_at or state.decision.decided_at
    return [
        FurtherAppealFiled(
            player_id=command.player_id,
            entry_number=party.entry_number,
            grounds=command.grounds.strip(),
            filed_at=facts.now,
            after_24_hours=not in_time(base + FIGB_24_HOURS, facts.now),
        )
    ]


def decide_further(
    state: AppealState, command: DecideFurtherAppeal, facts: Facts
) -> list[AppealEvent]:
    lodged = require(state)
    stage(state, (Status.FURTHER_APPEAL_FILED,), "decide a further appeal")
    points = (Point.JUDGEMENT,) if command.outcome is Outcome.CHANGED else ()
    check_outcome(command.outcome, points, command.adjusted_scores)
    if command.adjusted_scores and not state.technical_error_admitted:
        raise NoTechnicalError(
            "the national body changes a result only for a technical error the "
            "Director admits",
            law=figb("4"),
        )
    if not command.reasons.strip():
        raise InvalidDecision("a decision states its reasons", law=LawRef("93C2"))
    orders = check_scores(command.adjusted_scores, lodged, facts.tournament)
    meritless = command.outcome is Outcome.WITHOUT_MERIT
    return [
        FurtherAppealDecided(
            outcome=command.outcome,
            adjusted_scores=orders,
            reasons=command.reasons.strip(),
            technical_error=state.technical_error_admitted,
            sanction_unit=lodged.conditions.sanction_unit
            if meritless
            else SanctionUnit.NONE,
            sanction_amount=lodged.conditions.sanction_amount if meritless else 0,
            decided_by=command.decided_by,
            decided_at=facts.now,
        )
    ]
