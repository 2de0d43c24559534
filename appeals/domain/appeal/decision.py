"""The first-level decision: by the body that heard the appeal, within its powers.

Law 93A-B (the Chief Director or the committee decides), Law 93B3 (the
committee may not overrule the Chief Director on law, regulation or Law 91
discipline; it may only recommend), Law 92A (a sanction for an appeal
without substantial merit; the deposit forfeited), Law 12 (adjusted scores),
Law 93C1 (the periods of a further appeal). Norme integrative FIGB (2004),
N-L92-93 §3 (the chief director cannot change the table director's
disciplinary decision; the decision is executive at once), §4 (the
pre-notice and filing periods it opens, decision 0047).
"""

from __future__ import annotations

from datetime import timedelta

from appeals.domain.appeal.commands import DecideAppeal, Facts
from appeals.domain.appeal.errors import (
    CommitteeOverreach,
    DisciplinaryDecisionStands,
    InvalidDecision,
    NotTheHearingBody,
    figb,
)
from appeals.domain.appeal.events import AppealDecided, AppealEvent
from appeals.domain.appeal.guards import (
    check_outcome,
    check_scores,
    deposit_outcome,
    require,
    stage,
)
from appeals.domain.appeal.periods import competition_end
from appeals.domain.appeal.state import AppealState
from appeals.domain.appeal.values import (
    RESERVED_TO_CHIEF_DIRECTOR,
    Body,
    Outcome,
    Point,
    Status,
)
from appeals.domain.conditions import SanctionUnit
from rules.errors import LawRef
from tournaments.domain.tournament import Regulation


def decide_first_level(
    state: AppealState, command: DecideAppeal, facts: Facts
) -> list[AppealEvent]:
    lodged = require(state)
    stage(state, (Status.HEARD,), "decide before the hearing")
    if command.by is not state.body:
        body = state.body.value if state.body else "nobody"
        raise NotTheHearingBody(
            f"this appeal is heard by the {body.replace('_', ' ')}",
            law=LawRef("93B") if state.body is Body.COMMITTEE else LawRef("93A"),
        )
    check_outcome(command.outcome, command.changed_points, command.adjusted_scores)
    changed = set(command.changed_points)
    if command.by is Body.COMMITTEE and changed & RESERVED_TO_CHIEF_DIRECTOR:
        raise CommitteeOverreach(
            "the committee may not overrule the Chief Director on a point of law or "
            "regulation or a disciplinary decision; it may only recommend",
            law=LawRef("93B3"),
        )
    if (
        command.by is Body.CHIEF_DIRECTOR
        and Point.DISCIPLINARY in changed
        and facts.tournament.created is not None
        and facts.tournament.created.windows.regulation is Regulation.FIGB
    ):
        raise DisciplinaryDecisionStands(
            "the chief director cannot change the table director's disciplinary "
            "decision",
            law=figb("3"),
        )
    if not command.reasons.strip():
        raise InvalidDecision("a decision states its reasons", law=LawRef("93"))
    orders = check_scores(command.adjusted_scores, lodged, facts.tournament)
    meritless = command.outcome is Outcome.WITHOUT_MERIT
    conditions = lodged.conditions
    ended = competition_end(facts.tournament)
    prenotice = further = None
    if conditions.further_appeal:
        base = ended if ended is not None and ended > facts.now else facts.now
        # Decision 0047: a decision given after the end of the competition
        # counts its periods from the decision, or no further appeal could lie.
        prenotice = base + timedelta(minutes=conditions.prenotice_minutes)
        further = base + timedelta(hours=conditions.further_appeal_hours)
    return [
        AppealDecided(
            body=command.by,
            outcome=command.outcome,
            changed_points=command.changed_points,
            adjusted_scores=orders,
            reasons=command.reasons.strip(),
            recommendation=command.recommendation.strip(),
            sanction_unit=conditions.sanction_unit if meritless else SanctionUnit.NONE,
            sanction_amount=conditions.sanction_amount if meritless else 0,
            deposit=deposit_outcome(state, forfeit=meritless),
            decided_by=command.decided_by,
            decided_at=facts.now,
            competition_ended_at=ended,
            prenotice_deadline=prenotice,
            further_appeal_deadline=further,
        )
    ]
