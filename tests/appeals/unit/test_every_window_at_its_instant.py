"""Every window of the appeal's life at its instant (decision 0218, which
supersedes 0126): a right that "cessa N minuti dopo" (Law 92B; FIGB N-L92-93
§2) or runs "entro" a time (§4) is still there at its deadline's instant and
gone a microsecond after it. ``WINDOWS`` is also held at a second either
side with every other window, in
``tests/rules/unit/test_every_window_includes_its_last_instant.py``."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

import pytest

from appeals.domain import appeal
from tests.appeals.unit.builders import END, RULED, Event, apply, heard, lodged

TICK = timedelta(microseconds=1)
DECIDED_AT = RULED + timedelta(minutes=45)


def _decided(event: Event) -> appeal.AppealState:
    command = appeal.DecideAppeal(
        by=appeal.Body.CHIEF_DIRECTOR,
        decided_by="user:chief",
        outcome=appeal.Outcome.UPHELD,
        reasons="no damage",
    )
    return apply(heard(event), command, event.facts(DECIDED_AT))


def _lodging(event: Event, at: datetime) -> object:
    return lodged(event, at=at, concur=False)


def _concurrence(event: Event, at: datetime) -> object:
    state = lodged(event, at=RULED + timedelta(minutes=5), concur=False)
    partner = event.players[1][1]
    return appeal.decide(
        state,
        appeal.ConcurAppeal(player_id=partner, recorded_by="user:1"),
        event.facts(at),
    )


def _pre_notice(event: Event, at: datetime) -> object:
    notice = appeal.GiveFurtherAppealNotice(player_id=event.players[1][0])
    return appeal.decide(_decided(event), notice, event.facts(at))


def _further_appeal(event: Event, at: datetime) -> object:
    player = event.players[1][0]
    state = apply(
        _decided(event),
        appeal.GiveFurtherAppealNotice(player_id=player),
        event.facts(END + timedelta(minutes=10)),
    )
    command = appeal.FileFurtherAppeal(player_id=player, grounds="Law 16B misapplied")
    return appeal.decide(state, command, event.facts(at))


WINDOWS: dict[str, tuple[Callable[[Event, datetime], object], datetime, type]] = {
    # Law 92B / N-L92-93 §2: 15 minutes from the ruling (grounds evident).
    "appeal (N-L92-93 §2)": (
        _lodging,
        RULED + timedelta(minutes=15),
        appeal.AppealPeriodEnded,
    ),
    # Law 92D: the partner's concurrence within the same period.
    "concurrence (Law 92D)": (
        _concurrence,
        RULED + timedelta(minutes=15),
        appeal.AppealPeriodEnded,
    ),
    # N-L92-93 §4: the written pre-notice within 30 minutes of the end.
    "pre-notice (N-L92-93 §4)": (
        _pre_notice,
        END + timedelta(minutes=30),
        appeal.FurtherAppealPeriodClosed,
    ),
    # N-L92-93 §4: the further appeal within 48 hours of the end.
    "further appeal (N-L92-93 §4)": (
        _further_appeal,
        END + timedelta(hours=48),
        appeal.FurtherAppealPeriodClosed,
    ),
}


@pytest.mark.parametrize("window", list(WINDOWS))
def test_a_right_holds_at_its_deadline_and_ceases_just_after_it(window: str) -> None:
    act, deadline, refusal = WINDOWS[window]
    assert act(Event(), deadline)  # in time: something recorded
    with pytest.raises(refusal):
        act(Event(), deadline + TICK)
