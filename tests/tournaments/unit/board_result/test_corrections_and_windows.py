"""Result entry, corrections and the correction period (Laws 79A, 79C, 12)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from rules.errors import LawRef
from tournaments.domain import board_result as br

T0 = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
DEADLINE = T0 + timedelta(minutes=30)
TID = uuid.UUID("00000000-0000-4000-8000-0000000000ff")
OPEN = br.CorrectionWindow(published=False)
PUBLISHED = br.CorrectionWindow(
    published=True,
    correction_deadline=DEADLINE,
    inadmissible_deadline=DEADLINE + timedelta(minutes=15),
)


def entered(
    contract: str | None = "4SN", tricks: int | None = 10
) -> br.BoardResultState:
    [event] = br.decide(
        br.INITIAL,
        br.EnterResult(
            tournament_id=TID,
            session=1,
            board_number=1,
            table=1,
            ns=1,
            ew=4,
            contract=contract,
            lead=None,
            tricks=tricks,
            entered_by="N",
        ),
        T0,
        OPEN,
    )
    return br.evolve(br.INITIAL, event)


def correct(**kw: object) -> br.CorrectResult:
    return br.CorrectResult(contract="4SN", lead=None, tricks=9, reason="recount", **kw)  # type: ignore[arg-type]


def test_a_correction_just_before_the_deadline_is_accepted() -> None:
    """Law 79C1: within the correction period."""
    [event] = br.decide(
        entered(), correct(), DEADLINE - timedelta(microseconds=1), PUBLISHED
    )
    assert isinstance(event, br.ResultCorrected)
    assert event.after_period is False


def test_a_correction_after_the_deadline_is_refused_naming_law_79c() -> None:
    """Law 79C: the period "scade" at its deadline, whose instant is still
    in it (decision 0218); a second later it has ended."""
    laws = br.CorrectionWindow(published=True, correction_deadline=DEADLINE)
    [event] = br.decide(entered(), correct(), DEADLINE, laws)
    assert isinstance(event, br.ResultCorrected)
    with pytest.raises(br.CorrectionPeriodClosed) as caught:
        br.decide(entered(), correct(), DEADLINE + timedelta(seconds=1), laws)
    assert caught.value.code == "correction_period_closed"
    assert caught.value.law == LawRef("79C")


def test_an_inadmissible_result_has_its_own_fifteen_minutes() -> None:
    """FIGB N-L79: after the general deadline, only inadmissible results."""
    after = DEADLINE + timedelta(seconds=1)
    [event] = br.decide(entered(), correct(inadmissible=True), after, PUBLISHED)
    assert event.after_period is False
    last = DEADLINE + timedelta(minutes=15)
    assert br.decide(entered(), correct(inadmissible=True), last, PUBLISHED)
    with pytest.raises(br.CorrectionPeriodClosed):
        br.decide(
            entered(),
            correct(inadmissible=True),
            last + timedelta(seconds=1),
            PUBLISHED,
        )


def test_after_the_period_only_the_organizers_approval_allows_it() -> None:
    """Law 79C2: the approval is its own event; the next correction uses it
    and is recorded as late; a second one needs another approval."""
    late = DEADLINE + timedelta(days=1)
    approve = br.ApproveLateCorrection(by="user:7", reason="scorer's slip")
    [approval] = br.decide(entered(), approve, late, PUBLISHED)
    assert approval == br.LateCorrectionApproved(by="user:7", reason="scorer's slip")
    approved = br.evolve(entered(), approval)
    assert br.decide(approved, approve, late, PUBLISHED) == []  # not yet used
    [event] = br.decide(approved, correct(), late, PUBLISHED)
    assert isinstance(event, br.ResultCorrected)
    assert event.after_period is True
    used = br.evolve(approved, event)
    assert used.late_approval is None
    with pytest.raises(br.CorrectionPeriodClosed):
        br.decide(used, correct(), late, PUBLISHED)


def test_an_approval_within_the_period_is_refused_as_needless() -> None:
    with pytest.raises(br.CorrectionNotLate) as caught:
        br.decide(
            entered(),
            br.ApproveLateCorrection(by="user:7", reason="early"),
            DEADLINE - timedelta(minutes=1),
            PUBLISHED,
        )
    assert caught.value.code == "correction_not_late"
    assert caught.value.law == LawRef("79C")


def test_an_appeal_decision_is_not_bound_by_the_correction_period() -> None:
    """Law 93: an appeal decision's score is governed by the appeal period."""
    late = DEADLINE + timedelta(hours=2)
    award = br.AwardAdjustedScore(score="A60/40", law="12C2", reason="appeal")
    with pytest.raises(br.CorrectionPeriodClosed):
        br.decide(entered(), award, late, PUBLISHED)
    [event] = br.decide(
        entered(),
        br.AwardAdjustedScore(
            score="A60/40", law="12C2", reason="appeal", by_appeal=True
        ),
        late,
        PUBLISHED,
    )
    assert event.by_appeal is True


@pytest.mark.parametrize(
    ("contract", "tricks", "law"),
    [("4SN", 14, "79A"), ("8SN", 10, "77"), ("PASS", 3, "22"), ("4SN", None, "79A")],
)
def test_impossible_results_are_refused_naming_the_law(
    contract: str, tricks: int | None, law: str
) -> None:
    with pytest.raises(br.ImpossibleTableResult) as caught:
        entered(contract, tricks)
    assert caught.value.law == LawRef(law)


def test_a_passed_out_board_scores_zero() -> None:
    """Law 22: four passes; no contract, no tricks."""
    state = entered("PASS", None)
    assert state.contract is None
    assert br.check_result(1, None, None, None) == 0


def test_east_west_confirm_once_and_a_second_confirmation_records_nothing() -> None:
    state = entered()
    [event] = br.decide(state, br.ConfirmResult(by="EW"), T0, OPEN)
    state = br.evolve(state, event)
    assert state.confirmed is True
    assert br.decide(state, br.ConfirmResult(by="EW"), T0, OPEN) == []


def test_a_second_entry_is_refused_and_must_be_a_correction() -> None:
    with pytest.raises(br.ResultAlreadyEntered):
        br.decide(
            entered(),
            br.EnterResult(
                tournament_id=TID,
                session=1,
                board_number=1,
                table=1,
                ns=1,
                ew=4,
                contract="3NTS",
                lead=None,
                tricks=9,
                entered_by="N",
            ),
            T0,
            OPEN,
        )
