"""Decisions: upheld, changed with a Law 12 score, without merit; Law 93B3 limits."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from appeals.domain import appeal
from appeals.domain.conditions import AppealConditions, SanctionUnit
from rules.errors import ArticleRef, LawRef
from tests.appeals.unit.builders import END, RULED, Event, apply, heard, lodged
from tournaments.domain import tournament as t
from tournaments.domain.board_result import InvalidAdjustedScore

NOW = RULED + timedelta(minutes=45)


def decision(**extra: object) -> appeal.DecideAppeal:
    fields: dict[str, object] = {
        "by": appeal.Body.CHIEF_DIRECTOR,
        "decided_by": "user:chief",
        "outcome": appeal.Outcome.UPHELD,
        "reasons": "the hesitation did not suggest 4S",
        **extra,
    }
    return appeal.DecideAppeal(**fields)  # type: ignore[arg-type]


def changed(**extra: object) -> appeal.DecideAppeal:
    fields: dict[str, object] = {
        "outcome": appeal.Outcome.CHANGED,
        "changed_points": (appeal.Point.JUDGEMENT,),
        "adjusted_scores": (
            appeal.ScoreOrder(board_number=1, table=1, score="A40/60"),
        ),
        **extra,
    }
    return decision(**fields)


def test_an_upheld_ruling_stands_and_opens_the_further_appeal_periods() -> None:
    """FIGB §3-§4: executive at once; pre-notice and filing from the end."""
    event = Event()
    state = apply(heard(event), decision(), event.facts(NOW))
    assert state.status is appeal.Status.DECIDED
    assert state.decision is not None
    assert state.decision.outcome is appeal.Outcome.UPHELD
    assert state.decision.competition_ended_at == END
    assert state.decision.prenotice_deadline == END + timedelta(minutes=30)
    assert state.decision.further_appeal_deadline == END + timedelta(hours=48)


def test_a_changed_ruling_orders_its_adjusted_score() -> None:
    """Law 93B3: the body has the Director's powers, including Law 12 scores."""
    event = Event()
    state = apply(heard(event), changed(), event.facts(NOW))
    assert state.decision is not None
    assert state.decision.adjusted_scores[0].score == "A40/60"
    assert state.decision.deposit is appeal.DepositOutcome.NONE


def test_an_appeal_without_merit_carries_the_regulation_sanction_and_forfeit() -> None:
    """Law 92A: an appeal lacking substantial merit may be sanctioned."""
    event = Event()
    conditions = AppealConditions(
        deposit_cents=5000,
        sanction_unit=SanctionUnit.PERCENT_OF_TOP,
        sanction_amount=10,
    )
    state = _heard_with_deposit(event, conditions)
    state = apply(
        state,
        decision(outcome=appeal.Outcome.WITHOUT_MERIT),
        event.facts(NOW, conditions),
    )
    assert state.decision is not None
    assert state.decision.sanction_unit is SanctionUnit.PERCENT_OF_TOP
    assert state.decision.sanction_amount == 10
    assert state.decision.deposit is appeal.DepositOutcome.FORFEITED


def test_a_deposit_is_returned_when_the_appeal_has_merit() -> None:
    """A deposit is kept only for an appeal without merit (decision 0049)."""
    event = Event()
    conditions = AppealConditions(deposit_cents=5000)
    state = _heard_with_deposit(event, conditions)
    state = apply(state, decision(), event.facts(NOW, conditions))
    assert state.decision is not None
    assert state.decision.deposit is appeal.DepositOutcome.RETURNED


def test_the_committee_may_not_overrule_the_chief_director_on_law() -> None:
    """Law 93B3: on law, regulation or Law 91 discipline it may only recommend."""
    event = Event()
    state = heard(event, body=appeal.Body.COMMITTEE)
    conditions = AppealConditions(committee_available=True)
    for point in (appeal.Point.LAW_OR_REGULATION, appeal.Point.DISCIPLINARY):
        with pytest.raises(appeal.CommitteeOverreach) as refused:
            appeal.decide(
                state,
                changed(by=appeal.Body.COMMITTEE, changed_points=(point,)),
                event.facts(NOW, conditions),
            )
        assert refused.value.law == LawRef("93B3")
        assert refused.value.code == "committee_overreach"
    recommended = apply(
        state,
        decision(
            by=appeal.Body.COMMITTEE,
            recommendation="reconsider whether Law 16B applies",
        ),
        event.facts(NOW, conditions),
    )
    assert recommended.decision is not None
    assert recommended.decision.recommendation == "reconsider whether Law 16B applies"


def test_the_committee_may_change_facts_and_judgement() -> None:
    """Law 93B3: the committee exercises the Director's powers on the rest."""
    event = Event()
    state = heard(event, body=appeal.Body.COMMITTEE)
    state = apply(
        state,
        changed(
            by=appeal.Body.COMMITTEE,
            changed_points=(appeal.Point.FACTS, appeal.Point.JUDGEMENT),
        ),
        event.facts(NOW, AppealConditions(committee_available=True)),
    )
    assert state.decision is not None
    assert state.decision.body is appeal.Body.COMMITTEE


def test_only_the_hearing_body_decides() -> None:
    """Law 93A-B: the body the appeal was routed to rules on it."""
    event = Event()
    with pytest.raises(appeal.NotTheHearingBody):
        appeal.decide(
            heard(event), decision(by=appeal.Body.COMMITTEE), event.facts(NOW)
        )


def test_the_figb_chief_director_cannot_change_table_discipline() -> None:
    """FIGB N-L92-93 §3: not the table director's disciplinary decisions."""
    event = Event()
    with pytest.raises(appeal.DisciplinaryDecisionStands) as refused:
        appeal.decide(
            heard(event),
            changed(changed_points=(appeal.Point.DISCIPLINARY,)),
            event.facts(NOW),
        )
    assert refused.value.law == ArticleRef("92-93 §3", source="Norme integrative FIGB")
    laws_event = Event(regulation=t.Regulation.LAWS)
    state = apply(
        heard(laws_event),
        changed(changed_points=(appeal.Point.DISCIPLINARY,), adjusted_scores=()),
        laws_event.facts(NOW),
    )
    assert state.status is appeal.Status.DECIDED


def test_no_decision_before_the_hearing() -> None:
    """Law 93: the body hears, then rules."""
    event = Event()
    state = heard(event)
    early = replace(state, status=appeal.Status.ROUTED, hearing=None)
    with pytest.raises(appeal.WrongStage):
        appeal.decide(early, decision(), event.facts(NOW))


def test_a_changed_ruling_says_what_changed_and_others_change_nothing() -> None:
    """Law 93B3: the points changed decide what the body may do."""
    event = Event()
    with pytest.raises(appeal.InvalidDecision):
        appeal.decide(
            heard(event), decision(outcome=appeal.Outcome.CHANGED), event.facts(NOW)
        )
    with pytest.raises(appeal.InvalidDecision):
        appeal.decide(
            heard(event),
            decision(changed_points=(appeal.Point.FACTS,)),
            event.facts(NOW),
        )


def test_an_adjusted_score_is_valid_and_names_a_board_at_a_table() -> None:
    """Law 12: a score the scoring engine can use, on a board that was played."""
    event = Event()
    bad = changed(
        adjusted_scores=(
            appeal.ScoreOrder(board_number=1, table=1, score="assigned:abc"),
        )
    )
    with pytest.raises(InvalidAdjustedScore) as refused:
        appeal.decide(heard(event), bad, event.facts(NOW))
    assert refused.value.law == LawRef("12")
    elsewhere = changed(
        adjusted_scores=(appeal.ScoreOrder(board_number=9, table=1, score="A60/40"),)
    )
    with pytest.raises(appeal.InvalidDecision):
        appeal.decide(heard(event), elsewhere, event.facts(NOW))


def test_a_decision_after_the_end_counts_the_periods_from_itself() -> None:
    """Decision 0047: otherwise no further appeal could ever lie."""
    event = Event()
    late = END + timedelta(hours=2)
    state = apply(heard(event), decision(), event.facts(late))
    assert state.decision is not None
    assert state.decision.prenotice_deadline == late + timedelta(minutes=30)


def test_without_further_appeal_the_decision_is_final_at_once() -> None:
    """Law 93C1: further appeals exist only where the authority sets them up."""
    event = Event()
    conditions = AppealConditions(further_appeal=False)
    state = apply(heard(event, conditions=conditions), decision(), event.facts(NOW))
    assert state.status is appeal.Status.FINAL


def _heard_with_deposit(
    event: Event, conditions: AppealConditions
) -> appeal.AppealState:
    facts = event.facts(RULED + timedelta(minutes=10), conditions)
    state = lodged(event, conditions=conditions)
    state = apply(
        state, appeal.RecordDeposit(amount_cents=5000, received_by="user:td"), facts
    )
    state = apply(
        state,
        appeal.RouteAppeal(body=appeal.Body.CHIEF_DIRECTOR, routed_by="user:chief"),
        facts,
    )
    state = apply(state, appeal.ScheduleHearing(at=NOW), facts)
    return apply(state, appeal.RecordHearing(statements=()), facts)
