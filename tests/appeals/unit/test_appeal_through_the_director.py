"""Law 92C: "Tutte le richieste di revisione di una decisione dovranno
essere presentate tramite l'Arbitro" -- the channel is recorded, an appeal
handed elsewhere is refused unless the regulation lets the director accept
it, and then the handing's instant is the appellant's act (Law 92B)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from appeals.domain import appeal
from appeals.domain.conditions import AppealConditions
from rules.errors import LawRef
from tests.appeals.unit.builders import RULED, Event, apply

ALLOWS = AppealConditions(director_accepts_handed=True)


def handed(
    event: Event, conditions: AppealConditions | None = None
) -> appeal.AppealState:
    """Pair 1's first player hands it to the committee's chair 10 minutes
    after the ruling (the FIGB 15 minutes, N-L92-93 §2, still running)."""
    command = event.lodge_command(
        event.players[1][0],
        channel=appeal.Channel.COMMITTEE_CHAIR,
        received_by="the chair",
    )
    return apply(
        appeal.INITIAL, command, event.facts(RULED + timedelta(minutes=10), conditions)
    )


def test_handed_to_the_chair_it_is_recorded_as_such_and_refused() -> None:
    state = handed(Event())
    assert state.lodged is None
    assert isinstance(state.handed, appeal.AppealHandedElsewhere)
    assert (
        state.handed.channel,
        state.handed.received_by,
        state.handed.handed_at,
        state.handed.refused,
    ) == (
        appeal.Channel.COMMITTEE_CHAIR,
        "the chair",
        RULED + timedelta(minutes=10),
        True,
    )
    accept = appeal.AcceptHandedAppeal(accepted_by="user:chief")
    with pytest.raises(appeal.NotThroughDirector) as refused:
        appeal.decide(
            state, accept, Event().facts(RULED + timedelta(minutes=12), ALLOWS)
        )
    assert (refused.value.code, refused.value.law) == (
        "appeal_not_through_director",
        LawRef("92C"),
    )


def test_accepted_by_the_directors_act_it_is_in_time_as_handed() -> None:
    """Accepted 30 minutes after the ruling, past the 15 minutes: in time,
    since it was handed at 10 (Law 92B counts the appellant's act)."""
    event = Event()
    state = handed(event, ALLOWS)
    assert isinstance(state.handed, appeal.AppealHandedElsewhere)
    assert (state.handed.handed_at, state.handed.refused) == (
        RULED + timedelta(minutes=10),
        False,
    )
    accept = appeal.AcceptHandedAppeal(accepted_by="user:chief")
    events = appeal.decide(
        state, accept, event.facts(RULED + timedelta(minutes=30), ALLOWS)
    )
    lodged = events[0]
    assert isinstance(lodged, appeal.AppealLodged)
    assert (lodged.channel, lodged.accepted_by, lodged.lodged_at) == (
        appeal.Channel.COMMITTEE_CHAIR,
        "user:chief",
        RULED + timedelta(minutes=10),
    )


def test_a_second_hand_in_while_one_awaits_the_director_is_refused() -> None:
    event = Event()
    state = handed(event, ALLOWS)
    again = event.lodge_command(event.players[1][0])
    with pytest.raises(appeal.AppealExists) as refused:
        appeal.decide(state, again, event.facts(RULED + timedelta(minutes=11), ALLOWS))
    assert refused.value.law == LawRef("92C")
