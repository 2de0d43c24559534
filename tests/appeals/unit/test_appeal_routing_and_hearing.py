"""Routing (Law 93A-B), deposits (Law 80B2(k)) and the hearing record."""

from __future__ import annotations

from datetime import timedelta

import pytest

from appeals.domain import appeal
from appeals.domain.conditions import AppealConditions
from rules.errors import LawRef
from tests.appeals.unit.builders import RULED, Event, apply, heard, lodged
from tournaments.domain import tournament as t

LATER = RULED + timedelta(minutes=20)
COMMITTEE = AppealConditions(committee_available=True)


def route(**extra: object) -> appeal.RouteAppeal:
    fields: dict[str, object] = {
        "body": appeal.Body.CHIEF_DIRECTOR,
        "routed_by": "user:chief",
        **extra,
    }
    return appeal.RouteAppeal(**fields)  # type: ignore[arg-type]


def test_without_a_committee_the_chief_director_hears_the_appeal() -> None:
    """Law 93A; FIGB N-L92-93 §1: the Arbitro Responsabile hears it."""
    event = Event()
    state = apply(lodged(event), route(), event.facts(LATER))
    assert state.status is appeal.Status.ROUTED
    assert state.body is appeal.Body.CHIEF_DIRECTOR


def test_without_a_committee_nothing_can_be_referred() -> None:
    """Law 93A: no committee, no referral."""
    event = Event()
    command = route(body=appeal.Body.COMMITTEE, members=("user:c1",))
    with pytest.raises(appeal.InvalidRouting) as refused:
        appeal.decide(lodged(event), command, event.facts(LATER))
    assert refused.value.law == LawRef("93A")


def test_with_a_committee_facts_and_judgement_are_referred() -> None:
    """Law 93B2: the Chief Director refers what is not solely law."""
    event = Event()
    state = lodged(event, conditions=COMMITTEE)
    with pytest.raises(appeal.InvalidRouting) as refused:
        appeal.decide(state, route(), event.facts(LATER, COMMITTEE))
    assert refused.value.law == LawRef("93B2")
    law_point = appeal.LawPointRuling(point="Law 16B applies", ruling="it does")
    referred = apply(
        state,
        route(
            body=appeal.Body.COMMITTEE,
            members=("user:c1", "user:c2", "user:c3"),
            law_points=(law_point,),
        ),
        event.facts(LATER, COMMITTEE),
    )
    assert referred.body is appeal.Body.COMMITTEE
    assert referred.members == ("user:c1", "user:c2", "user:c3")
    assert referred.law_points == (law_point,)


def test_with_a_committee_the_chief_director_keeps_an_appeal_solely_on_law() -> None:
    """Law 93B1: an appeal solely on law or regulation is his."""
    event = Event()
    state = lodged(event, conditions=COMMITTEE)
    kept = apply(state, route(law_only=True), event.facts(LATER, COMMITTEE))
    assert kept.body is appeal.Body.CHIEF_DIRECTOR
    with pytest.raises(appeal.InvalidRouting) as refused:
        appeal.decide(
            state,
            route(body=appeal.Body.COMMITTEE, members=("user:c1",), law_only=True),
            event.facts(LATER, COMMITTEE),
        )
    assert refused.value.law == LawRef("93B1")


def test_a_committee_that_cannot_sit_leaves_the_appeal_to_the_chief_director() -> None:
    """Law 93A: the committee cannot operate without disturbing the event."""
    event = Event()
    state = lodged(event, conditions=COMMITTEE)
    kept = apply(
        state, route(committee_cannot_operate=True), event.facts(LATER, COMMITTEE)
    )
    assert kept.body is appeal.Body.CHIEF_DIRECTOR


def test_a_referral_names_the_committee_members() -> None:
    """Law 93B2: the committee is people."""
    event = Event()
    state = lodged(event, conditions=COMMITTEE)
    with pytest.raises(appeal.InvalidRouting):
        appeal.decide(
            state, route(body=appeal.Body.COMMITTEE), event.facts(LATER, COMMITTEE)
        )


def test_members_are_drawn_from_the_events_appointed_committee() -> None:
    """Law 80B2(k): where the organizer appointed the event's committee, the
    members who hear an appeal come from it; without a roster any may sit."""
    event = Event()
    for user in ("user:c1", "user:c2", "user:c3"):
        event.run(
            t.AppointOfficial(
                user=user, name=user, role=t.OfficialRole.COMMITTEE_MEMBER
            )
        )
    state = lodged(event, conditions=COMMITTEE)
    with pytest.raises(appeal.InvalidRouting) as refused:
        appeal.decide(
            state,
            route(body=appeal.Body.COMMITTEE, members=("user:c1", "user:x9")),
            event.facts(LATER, COMMITTEE),
        )
    assert refused.value.law == LawRef("80B2")
    assert "user:x9" in str(refused.value)
    referred = apply(
        state,
        route(body=appeal.Body.COMMITTEE, members=("user:c1", "user:c3")),
        event.facts(LATER, COMMITTEE),
    )
    assert referred.members == ("user:c1", "user:c3")


def test_a_deposit_the_event_sets_is_received_before_routing() -> None:
    """Law 80B2(k): the organizer's appeal arrangements include the deposit."""
    event = Event()
    conditions = AppealConditions(deposit_cents=5000)
    state = lodged(event, conditions=conditions)
    with pytest.raises(appeal.DepositNotReceived):
        appeal.decide(state, route(), event.facts(LATER, conditions))
    with pytest.raises(appeal.InvalidDeposit):
        appeal.decide(
            state,
            appeal.RecordDeposit(amount_cents=100, received_by="user:td"),
            event.facts(LATER, conditions),
        )
    paid = apply(
        state,
        appeal.RecordDeposit(amount_cents=5000, received_by="user:td"),
        event.facts(LATER, conditions),
    )
    assert paid.deposit_received == 5000
    assert apply(paid, route(), event.facts(LATER, conditions)).status is (
        appeal.Status.ROUTED
    )


def test_the_hearing_records_statements_and_the_members_who_sat() -> None:
    """Law 93B; FIGB §3: the parties and the Director are heard."""
    state = heard(Event(), body=appeal.Body.COMMITTEE)
    assert state.status is appeal.Status.HEARD
    assert state.hearing is not None
    assert state.hearing.members_present == ("user:c1", "user:c2", "user:c3")
    assert [s.role for s in state.hearing.statements] == ["appellant", "director"]


def test_only_appointed_members_sit_on_the_committee() -> None:
    """Law 93B2: the minutes name appointed members only."""
    event = Event()
    state = lodged(event, conditions=COMMITTEE)
    facts = event.facts(LATER, COMMITTEE)
    state = apply(state, route(body=appeal.Body.COMMITTEE, members=("user:c1",)), facts)
    state = apply(state, appeal.ScheduleHearing(at=LATER), facts)
    with pytest.raises(appeal.InvalidHearing):
        appeal.decide(
            state,
            appeal.RecordHearing(statements=(), members_present=("user:x",)),
            facts,
        )


def test_the_hearing_is_scheduled_before_it_is_held() -> None:
    """The record follows the order of the procedure (Law 93)."""
    event = Event()
    state = apply(lodged(event), route(), event.facts(LATER))
    with pytest.raises(appeal.WrongStage) as refused:
        appeal.decide(state, appeal.RecordHearing(statements=()), event.facts(LATER))
    assert refused.value.code == "appeal_wrong_stage"
    assert refused.value.law is None


def test_the_directors_report_is_attached_to_the_file() -> None:
    """FIGB N-L74: the Director's report is privileged evidence."""
    event = Event()
    state = apply(
        lodged(event),
        appeal.AttachDirectorReport(author="user:td", text="I saw the tempo break"),
        event.facts(LATER),
    )
    assert [r.text for r in state.reports] == ["I saw the tempo break"]
    assert state.technical_error_admitted is False
