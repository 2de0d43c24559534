"""Deadlines each step opens or cancels, and withdrawal."""

from __future__ import annotations

from datetime import timedelta

import pytest

from appeals.domain import appeal
from appeals.domain.conditions import AppealConditions
from tests.appeals.unit.builders import END, RULED, Event, apply, heard, lodged

AT = RULED + timedelta(minutes=5)


def test_a_waiting_appeal_opens_the_concurrence_window() -> None:
    """Law 92B with 92D: the appeal lapses when the period ends."""
    event = Event()
    command = event.lodge_command(event.players[1][0])
    events = appeal.decide(appeal.INITIAL, command, event.facts(AT))
    [window] = appeal.windows(appeal.INITIAL, events)
    assert window.kind == "concurrence"
    assert window.due_at == RULED + timedelta(minutes=15)
    assert window.on_due == appeal.ConcurrencePeriodEnded()
    assert window.cancelled is False


def test_the_concurrence_cancels_its_window() -> None:
    """No closing event for an appeal that is complete."""
    event = Event()
    state = lodged(event, concur=False)
    command = appeal.ConcurAppeal(player_id=event.players[1][1], recorded_by="user:2")
    events = appeal.decide(state, command, event.facts(AT))
    [window] = appeal.windows(state, events)
    assert window.kind == "concurrence"
    assert window.cancelled is True


def test_a_complete_lodging_opens_no_window() -> None:
    """The captain concurs in lodging: nothing to wait for."""
    from tournaments.domain import tournament as t

    event = Event(form=t.Form.TEAMS)
    command = event.lodge_command(event.players[1][0])
    events = appeal.decide(appeal.INITIAL, command, event.facts(AT))
    assert appeal.windows(appeal.INITIAL, events) == []


def test_a_decision_opens_the_further_appeal_windows() -> None:
    """FIGB §4: the pre-notice and the filing periods."""
    event = Event()
    state = heard(event)
    command = appeal.DecideAppeal(
        by=appeal.Body.CHIEF_DIRECTOR,
        decided_by="user:chief",
        outcome=appeal.Outcome.UPHELD,
        reasons="no damage",
    )
    events = appeal.decide(state, command, event.facts(AT))
    kinds = {(w.kind, w.due_at) for w in appeal.windows(state, events)}
    assert kinds == {
        ("prenotice", END + timedelta(minutes=30)),
        ("further_appeal", END + timedelta(hours=48)),
    }


def test_the_appellant_withdraws_and_the_deposit_is_returned() -> None:
    """A withdrawn appeal is not heard; its deposit goes back (decision 0049)."""
    event = Event()
    conditions = AppealConditions(deposit_cents=2000)
    state = lodged(event, conditions=conditions)
    state = apply(
        state,
        appeal.RecordDeposit(amount_cents=2000, received_by="user:td"),
        event.facts(AT, conditions),
    )
    withdraw = appeal.WithdrawAppeal(by="user:1", player_id=event.players[1][1])
    [withdrawn] = appeal.decide(state, withdraw, event.facts(AT, conditions))
    assert isinstance(withdrawn, appeal.AppealWithdrawn)
    assert withdrawn.deposit is appeal.DepositOutcome.RETURNED
    assert appeal.evolve(state, withdrawn).status is appeal.Status.WITHDRAWN


def test_the_opponents_cannot_withdraw_the_appeal() -> None:
    """Law 92A: the appeal belongs to the contestant who lodged it."""
    event = Event()
    withdraw = appeal.WithdrawAppeal(by="user:3", player_id=event.players[2][0])
    with pytest.raises(appeal.NotTheAppellant):
        appeal.decide(lodged(event), withdraw, event.facts(AT))


def test_a_decided_appeal_cannot_be_withdrawn() -> None:
    """The decision is executive at once (FIGB §3)."""
    event = Event()
    state = apply(
        heard(event),
        appeal.DecideAppeal(
            by=appeal.Body.CHIEF_DIRECTOR,
            decided_by="user:chief",
            outcome=appeal.Outcome.UPHELD,
            reasons="no damage",
        ),
        event.facts(AT),
    )
    with pytest.raises(appeal.WrongStage):
        appeal.decide(
            state, appeal.WithdrawAppeal(by="user:td", player_id=None), event.facts(AT)
        )


def test_withdrawing_a_waiting_appeal_cancels_its_window() -> None:
    """No lapse is recorded for an appeal already withdrawn."""
    event = Event()
    state = lodged(event, concur=False)
    withdraw = appeal.WithdrawAppeal(by="user:1", player_id=event.players[1][0])
    events = appeal.decide(state, withdraw, event.facts(AT))
    [window] = appeal.windows(state, events)
    assert window.cancelled is True
    assert appeal.evolve(
        appeal.evolve(state, events[0]), appeal.ConcurrencePeriodEnded()
    ).status is (appeal.Status.WITHDRAWN)


def test_a_window_opened_and_cancelled_in_one_append_is_not_stored() -> None:
    """Law 92C: a Director records both concurrences with the lodging."""
    event = Event()
    command = event.lodge_command(
        event.players[1][0], concurring_ids=(event.players[1][1],)
    )
    events = appeal.decide(appeal.INITIAL, command, event.facts(AT))
    assert appeal.windows(appeal.INITIAL, events) == []
