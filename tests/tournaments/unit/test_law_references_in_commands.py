"""Every command that cites a Law cites one the 2017 Laws have: a ruling's
Laws, a penalty's Law, an adjusted score's Law and an appeal's score orders.
What is refused names the field and the value (decision 0082); what is
accepted is recorded in canonical form."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from appeals.domain import appeal
from rules.bridge.law_references import UnknownLaw
from tests.appeals.unit.builders import RULED, Event, heard
from tests.tournaments.unit.board_result.test_corrections_and_windows import (
    OPEN,
    T0,
    entered,
)
from tournaments.domain import board_result as br
from tournaments.domain import tournament as t

NOW = RULED + timedelta(minutes=45)


def ruling(*laws: str) -> t.GiveRuling:
    return t.GiveRuling(
        ruling_id=uuid.uuid4(),
        session=1,
        board_number=1,
        table=1,
        laws=laws,
        facts="hesitation",
        decision="result stands",
        director="user:td",
    )


def refused(
    error: pytest.ExceptionInfo[UnknownLaw],
) -> tuple[str, str | None, str | None]:
    return error.value.code, error.value.field, error.value.value


def test_a_ruling_citing_a_law_that_does_not_exist_is_refused_naming_it() -> None:
    event = Event()
    with pytest.raises(UnknownLaw) as error:
        t.decide(event.state, ruling("16B1(a)", "99Z"), NOW)
    assert refused(error) == ("unknown_law", "laws.1", "99Z")
    assert error.value.message == '"99Z": the 2017 Laws have no Law 99 (Laws 1 to 93)'


def test_a_rulings_laws_are_recorded_in_canonical_form() -> None:
    event = Event()
    [given] = t.decide(event.state, ruling("Law 16 B 1 (a)", "l12c1(c)"), NOW)
    assert isinstance(given, t.RulingGiven)
    assert given.laws == ("16B1(a)", "12C1(c)")


def test_a_penalty_citing_a_law_that_does_not_exist_is_refused_naming_it() -> None:
    event = Event()
    command = t.ImposePenalty(session=1, entry_number=1, amount=10, law="90C")
    with pytest.raises(UnknownLaw) as error:
        t.decide(event.state, command, NOW)
    assert refused(error) == ("unknown_law", "law", "90C")
    [imposed] = t.decide(
        event.state,
        t.ImposePenalty(session=1, entry_number=1, amount=10, law="Law 90B2"),
        NOW,
    )
    assert isinstance(imposed, t.PenaltyImposed)
    assert imposed.law == "90B2"


def test_an_adjusted_score_citing_a_law_that_does_not_exist_is_refused() -> None:
    award = br.AwardAdjustedScore(score="A60/40", law="12C9", reason="fouled")
    with pytest.raises(UnknownLaw) as error:
        br.decide(entered(), award, T0, OPEN)
    assert refused(error) == ("unknown_law", "law", "12C9")
    assert error.value.message == '"12C9": Law 12C has no subsection 9'


def test_an_appeal_ordering_a_score_under_a_law_that_does_not_exist_is_refused() -> (
    None
):
    event = Event()
    orders = (
        appeal.ScoreOrder(board_number=1, table=1, score="A60/40", law="12C2"),
        appeal.ScoreOrder(board_number=1, table=2, score="A60/40", law="12C1(z)"),
    )
    command = appeal.DecideAppeal(
        by=appeal.Body.CHIEF_DIRECTOR,
        decided_by="user:chief",
        outcome=appeal.Outcome.CHANGED,
        reasons="the hesitation suggested 4S",
        changed_points=(appeal.Point.JUDGEMENT,),
        adjusted_scores=orders,
    )
    with pytest.raises(UnknownLaw) as error:
        appeal.decide(heard(event), command, event.facts(NOW))
    assert refused(error) == ("unknown_law", "adjusted_scores.1.law", "12C1(z)")
