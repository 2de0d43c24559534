"""Knockout carry-over on the tournament stream (decision 0033)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from fractions import Fraction

import pytest

from tournaments.domain import tournament as t

T0 = datetime(2026, 11, 25, 15, tzinfo=UTC)


def created(form: t.Form) -> t.TournamentState:
    [event] = t.decide(
        t.INITIAL,
        t.CreateTournament(
            tournament_id=uuid.uuid4(),
            name="Coppa",
            form=form,
            scoring=t.SCORING_FOR_FORM[form][0],
            windows=t.WindowRules(),
            starts_at=T0,
        ),
        T0,
    )
    return t.evolve(t.INITIAL, event)


def test_a_carry_over_is_recorded_exactly_and_once() -> None:
    state = created(t.Form.TEAMS)
    command = t.SetCarryOver(stage=1, match=2, imps=Fraction(-7, 2))
    [event] = t.decide(state, command, T0)
    assert event == t.KnockoutCarryOverSet(stage=1, match=2, imps="-7/2")
    state = t.evolve(state, event)
    assert state.carry_overs == {(1, 2): Fraction(-7, 2)}
    assert t.decide(state, command, T0) == []  # the same value again: nothing new


def test_a_pairs_event_has_no_carry_over() -> None:
    with pytest.raises(t.InvalidSchedule):
        t.decide(
            created(t.Form.PAIRS),
            t.SetCarryOver(stage=1, match=1, imps=Fraction(3)),
            T0,
        )
