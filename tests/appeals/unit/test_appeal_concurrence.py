"""Concurrence (Law 92D): the partner in pairs, the captain in teams, none alone."""

from __future__ import annotations

from datetime import timedelta

import pytest

from appeals.domain import appeal
from rules.errors import LawRef
from tests.appeals.unit.builders import RULED, Event, apply, lodged
from tournaments.domain import tournament as t


def test_a_pair_appeal_waits_for_the_partners_concurrence() -> None:
    """Law 92D1: both members of the pair concur before it is heard."""
    event = Event()
    state = lodged(event, concur=False)
    assert state.status is appeal.Status.AWAITING_CONCURRENCE
    assert state.missing_concurrence == (event.players[1][1],)
    partner = appeal.ConcurAppeal(player_id=event.players[1][1], recorded_by="user:2")
    state = apply(state, partner, event.facts(RULED + timedelta(minutes=6)))
    assert state.status is appeal.Status.LODGED


def test_an_appeal_without_concurrence_is_not_heard() -> None:
    """Law 92D: "an appeal shall not be heard unless" the partner concurs."""
    event = Event()
    state = lodged(event, concur=False)
    route = appeal.RouteAppeal(body=appeal.Body.CHIEF_DIRECTOR, routed_by="user:chief")
    with pytest.raises(appeal.ConcurrenceMissing) as refused:
        appeal.decide(state, route, event.facts(RULED + timedelta(minutes=6)))
    assert refused.value.law == LawRef("92D")


def test_only_the_partner_concurs() -> None:
    """Law 92D1: the concurrence is the partner's, not an opponent's."""
    event = Event()
    state = lodged(event, concur=False)
    stranger = appeal.ConcurAppeal(player_id=event.players[2][0], recorded_by="x")
    with pytest.raises(appeal.NotAConcurrer):
        appeal.decide(state, stranger, event.facts(RULED + timedelta(minutes=6)))


def test_a_late_concurrence_is_refused() -> None:
    """Law 92B with 92D: the concurrence comes within the appeal period,
    which holds its last instant (decision 0218)."""
    event = Event()
    state = lodged(event, concur=False)
    partner = appeal.ConcurAppeal(player_id=event.players[1][1], recorded_by="user:2")
    assert appeal.decide(state, partner, event.facts(RULED + timedelta(minutes=15)))
    with pytest.raises(appeal.AppealPeriodEnded):
        appeal.decide(
            state, partner, event.facts(RULED + timedelta(minutes=15, seconds=1))
        )


def test_the_appeal_lapses_when_the_period_ends_without_concurrence() -> None:
    """Law 92B, 92D: the sweeper's closing event lapses a waiting appeal."""
    state = lodged(Event(), concur=False)
    state = appeal.evolve(state, appeal.ConcurrencePeriodEnded())
    assert state.status is appeal.Status.LAPSED


def test_the_closing_event_is_moot_once_concurrence_is_given() -> None:
    """A window closed after the concurrence changes nothing."""
    state = lodged(Event())
    assert appeal.evolve(state, appeal.ConcurrencePeriodEnded()) == state


def test_a_director_may_record_the_partners_concurrence_with_the_lodging() -> None:
    """Law 92C: lodged through the Director, who witnesses both members."""
    event = Event()
    command = event.lodge_command(
        event.players[1][0], concurring_ids=(event.players[1][1],)
    )
    state = apply(appeal.INITIAL, command, event.facts(RULED + timedelta(minutes=1)))
    assert state.status is appeal.Status.LODGED


def test_a_team_member_needs_the_captains_concurrence() -> None:
    """Law 92D2: in a team event the captain concurs (decision 0046)."""
    event = Event(form=t.Form.TEAMS)
    member = event.players[1][2]
    state = apply(appeal.INITIAL, event.lodge_command(member), event.facts(RULED))
    assert state.missing_concurrence == (event.players[1][0],)


def test_the_captain_lodges_without_further_concurrence() -> None:
    """Law 92D2: the captain's own appeal carries the captain's concurrence."""
    state = lodged(Event(form=t.Form.TEAMS), concur=False)
    assert state.status is appeal.Status.LODGED


def test_an_individual_needs_no_concurrence() -> None:
    """Law 92D1: in an individual event the partner need not concur."""
    state = lodged(Event(form=t.Form.INDIVIDUAL), concur=False)
    assert state.status is appeal.Status.LODGED
    assert state.lodged is not None
    assert state.lodged.concurrence_from == ()


def test_every_player_at_an_individual_table_may_appeal_its_ruling() -> None:
    """Law 92A: a contestant at the table; in an individual event all four are
    contestants (Definitions), South and West as much as North and East."""
    event = Event(form=t.Form.INDIVIDUAL)
    south = event.players[3][0]
    found = appeal.standing(event.state, event.ruling_id, south)
    assert found.appellant.number == 3
    assert found.concurrence_from == ()
    assert sorted(p.entry_number for p in found.parties) == [1, 2, 3, 4]
