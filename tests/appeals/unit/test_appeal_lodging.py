"""Lodging an appeal: the period (Law 92B; FIGB N-L92-93 §2) and standing (Law 92A)."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from appeals.domain import appeal
from appeals.domain.conditions import AppealConditions, Structure
from rules.errors import ArticleRef, LawRef
from tests.appeals.unit.builders import RULED, Event, apply, lodged
from tournaments.domain import tournament as t


def test_appeal_before_publication_runs_from_the_ruling_when_grounds_were_evident() -> (
    None
):
    """FIGB N-L92-93 §2: 15 minutes from the ruling when its grounds were evident."""
    event = Event()
    state = lodged(event, at=RULED + timedelta(minutes=14), concur=False)
    assert state.lodged is not None
    assert state.lodged.period_ends_at == RULED + timedelta(minutes=15)
    assert state.lodged.grounds_evident_at_ruling is True
    assert state.lodged.lodged_through == "user:td"  # Law 92C


def test_late_appeal_before_publication_is_refused_naming_law_92b() -> None:
    """Law 92B: the right to appeal expires with the period."""
    event = Event()
    with pytest.raises(appeal.AppealPeriodEnded) as refused:
        lodged(event, at=RULED + timedelta(minutes=15, seconds=1))
    assert refused.value.code == "appeal_period_ended"
    assert refused.value.law == LawRef("92B")


def test_after_publication_the_period_runs_from_the_official_score() -> None:
    """Law 92B: the period starts when the official score is made available."""
    event = Event()
    published = RULED + timedelta(hours=3)
    event.publish(published)
    state = lodged(event, at=published + timedelta(minutes=10), concur=False)
    assert state.lodged is not None
    assert state.lodged.period_ends_at == published + timedelta(minutes=15)
    with pytest.raises(appeal.AppealPeriodEnded):
        lodged(event, at=published + timedelta(minutes=15, seconds=1))


def test_grounds_evident_at_the_ruling_close_the_period_early_even_after_publication() -> (
    None
):
    """FIGB N-L92-93 §2: evident grounds expire 15 minutes after the ruling."""
    event = Event()
    event.publish(RULED + timedelta(hours=3))
    with pytest.raises(appeal.AppealPeriodEnded):
        lodged(
            event,
            at=RULED + timedelta(hours=3, minutes=1),
            grounds_evident_at_ruling=True,
        )


def test_grounds_not_evident_keep_the_period_open_until_publication() -> None:
    """FIGB N-L92-93 §2: otherwise the clock starts at the official score."""
    event = Event()
    state = lodged(
        event,
        at=RULED + timedelta(hours=2),
        grounds_evident_at_ruling=False,
        concur=False,
    )
    assert state.lodged is not None
    assert state.lodged.period_ends_at is None


def test_under_the_laws_only_the_official_score_starts_the_clock() -> None:
    """Law 92B (30 minutes by default) has no clock from the ruling."""
    event = Event(regulation=t.Regulation.LAWS, appeal_minutes=30)
    state = lodged(event, at=RULED + timedelta(hours=2), concur=False)
    assert state.lodged is not None
    assert state.lodged.period_ends_at is None
    published = RULED + timedelta(hours=3)
    event.publish(published)
    state = lodged(event, at=published + timedelta(minutes=29), concur=False)
    assert state.lodged is not None
    assert state.lodged.period_ends_at == published + timedelta(minutes=30)


@settings(max_examples=60, deadline=None)
@given(minutes=st.integers(min_value=0, max_value=40), offset=st.integers(0, 3000))
def test_an_appeal_is_in_time_until_the_period_ends_and_late_after_it(
    minutes: int, offset: int
) -> None:
    """Law 92B: in time until the deadline's instant included, late after
    it (decision 0218)."""
    event = Event(appeal_minutes=minutes)
    at = RULED + timedelta(seconds=offset)
    in_time = at <= RULED + timedelta(minutes=minutes)
    try:
        lodged(event, at=at, concur=False)
    except appeal.AppealPeriodEnded:
        assert in_time is False
    else:
        assert in_time is True


def test_a_player_not_entered_has_no_standing() -> None:
    """Law 92A: only a contestant (or its captain) may appeal."""
    event = Event()
    command = event.lodge_command(uuid.uuid4())
    with pytest.raises(appeal.NoStanding) as refused:
        appeal.decide(appeal.INITIAL, command, event.facts(RULED))
    assert refused.value.law == LawRef("92A")
    assert (
        refused.value.message == "the appellant is not a contestant in this tournament"
    )


def test_a_contestant_at_another_table_has_no_standing() -> None:
    """Law 92A: a ruling can be appealed by the contestants at its table."""
    event = Event()
    command = event.lodge_command(event.players[3][0])
    with pytest.raises(appeal.NoStanding) as refused:
        appeal.decide(appeal.INITIAL, command, event.facts(RULED))
    assert refused.value.message == "the ruling was not given at the appellant's table"


def test_only_a_ruling_can_be_appealed() -> None:
    """Law 92A: an appeal is against a Director's ruling."""
    event = Event()
    command = event.lodge_command(event.players[1][0])
    command = replace(command, ruling_id=uuid.uuid4())
    with pytest.raises(appeal.RulingNotFound):
        appeal.decide(appeal.INITIAL, command, event.facts(RULED))


def test_the_opponents_at_the_table_are_parties_to_the_appeal() -> None:
    """Law 92A: both contestants at the table are heard (FIGB §3)."""
    state = lodged(Event(), concur=False)
    assert state.lodged is not None
    parties = {(p.entry_number, p.appellant) for p in state.lodged.parties}
    assert parties == {(1, True), (2, False)}


def test_a_local_conductors_decision_cannot_be_appealed() -> None:
    """FIGB N-L92-93 §1: the local conductor's decision is final."""
    conditions = AppealConditions(structure=Structure.LOCAL_CONDUCTOR)
    with pytest.raises(appeal.AppealNotAvailable) as refused:
        lodged(Event(), conditions=conditions)
    assert refused.value.law == ArticleRef("92-93 §1", source="Norme integrative FIGB")


def test_the_same_contestant_cannot_lodge_twice() -> None:
    """One appeal per contestant and ruling: a repeat is a conflict."""
    event = Event()
    state = lodged(event)
    command = event.lodge_command(event.players[1][1])
    with pytest.raises(appeal.AppealExists):
        appeal.decide(state, command, event.facts(RULED))


def test_an_appeal_states_its_grounds() -> None:
    """Law 92A: a request for review names what is to be reviewed."""
    event = Event()
    command = replace(event.lodge_command(event.players[1][0]), grounds="  ")
    with pytest.raises(appeal.GroundsMissing) as refused:
        apply(appeal.INITIAL, command, event.facts(RULED))
    assert refused.value.code == "appeal_grounds_missing"
    assert refused.value.law == LawRef("92A")
