"""The event's appeal conditions (Law 80B2(k), Law 92A, Law 93C1)."""

from __future__ import annotations

import uuid

import pytest

from appeals.domain import conditions as c
from rules.errors import LawRef


def test_conditions_default_to_the_figb_values() -> None:
    """FIGB N-L92-93: chief director, no deposit, 30 minutes, 48 hours."""
    d = c.DEFAULT_CONDITIONS
    assert (d.structure, d.committee_available, d.deposit_cents) == (
        c.Structure.CHIEF_DIRECTOR,
        False,
        0,
    )
    assert (d.prenotice_minutes, d.further_appeal_hours) == (30, 48)


def test_setting_the_same_conditions_twice_records_nothing() -> None:
    """Idempotent: the second identical command appends no event."""
    tid = uuid.uuid4()
    command = c.SetAppealConditions(
        tournament_id=tid, conditions=c.AppealConditions(deposit_cents=5000)
    )
    [event] = c.decide(c.INITIAL, command)
    state = c.evolve(c.INITIAL, event)
    assert state.conditions.deposit_cents == 5000
    assert c.decide(state, command) == []


def test_a_sanction_needs_a_unit_and_an_amount() -> None:
    """Law 92A: the regulation's sanction is a definite amount."""
    command = c.SetAppealConditions(
        tournament_id=uuid.uuid4(),
        conditions=c.AppealConditions(
            sanction_unit=c.SanctionUnit.MATCHPOINTS, sanction_amount=0
        ),
    )
    with pytest.raises(c.InvalidConditions) as refused:
        c.decide(c.INITIAL, command)
    assert refused.value.code == "invalid_appeal_conditions"
    assert refused.value.law == LawRef("92A")
