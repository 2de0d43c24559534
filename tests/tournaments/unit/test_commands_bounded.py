"""Every number a tournament's command carries is held to its limit by the
stream's pure decide, before anything is appended (issue 28, decision
0212): whichever way it comes, nothing is recorded that the read models
cannot store."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta

import pytest

from rules.limits import OutOfBounds
from tournaments.domain import board_result as br
from tournaments.domain import tournament as t

T0 = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)


def test_a_result_for_a_board_beyond_the_limit_is_refused() -> None:
    with pytest.raises(OutOfBounds) as caught:
        br.decide(
            br.INITIAL,
            br.EnterResult(
                tournament_id=uuid.uuid4(),
                session=1,
                board_number=10**22,
                table=1,
                ns=1,
                ew=2,
                contract="4S",
                lead=None,
                tricks=10,
                entered_by="N",
            ),
            T0,
            br.CorrectionWindow(published=False),
        )
    assert caught.value.as_dict() == {
        "code": "out_of_bounds",
        "detail": "board number 10000000000000000000000 is not between 1 and 9999 "
        "(a board's number, Law 2: beyond any event's, within what the results "
        "store)",
        "field": "board_number",
        "value": "10000000000000000000000",
    }


def test_a_schedule_with_a_board_beyond_the_limit_is_refused() -> None:
    command = t.ScheduleSession(
        session=1,
        movement="explicit",
        starts_at=T0,
        ends_at=T0 + timedelta(hours=3),
        assignments=(
            t.TableAssignment(round=1, table=1, ns=1, ew=2, boards=(1, 2**31)),
        ),
    )
    with pytest.raises(OutOfBounds) as caught:
        t.decide(t.INITIAL, command, T0)
    assert (caught.value.field, caught.value.value) == (
        "assignments.0.boards.1",
        str(2**31),
    )
