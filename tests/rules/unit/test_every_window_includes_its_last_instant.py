"""Every window the rules set holds its last instant (decision 0218).

"Entro i 30 minuti successivi", "entro le 48 ore successive" (FIGB N-L92-93
§4), "cessa 15 minuti dopo" (§2), "scade 30 minuti dopo" (Laws 79C, 92B),
"entro il termine di 15 minuti" (N-L79), the next round's start (N-L79,
teams), the check of the standings (Codice di Gara Art. 20), a Brown Sticker
card before the championship (App1 §4): each act is in time a second before
its deadline and at the deadline itself, and refused a second after it.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

import pytest

from burraco import domain as b
from rules.errors import DomainError
from rules.windows import in_time, late
from tests.appeals.unit.builders import Event
from tests.appeals.unit.test_every_window_at_its_instant import WINDOWS as APPEALS
from tests.burraco.unit import test_burraco_aggregate as bu
from tournaments.domain import board_result as br

T0 = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
SECOND = timedelta(seconds=1)


def test_a_period_holds_its_last_instant_and_no_later_one() -> None:
    """Decision 0218: the period is closed at its end, ``[opened, deadline]``."""
    deadline = T0 + timedelta(minutes=30)
    assert in_time(deadline, deadline - SECOND) is True
    assert in_time(deadline, deadline) is True
    assert in_time(deadline, deadline + SECOND) is False
    assert in_time(deadline, deadline + timedelta(microseconds=1)) is False
    assert late(deadline, deadline) is False
    assert late(deadline, deadline + timedelta(microseconds=1)) is True
    assert (in_time(None, deadline), late(None, deadline)) == (True, False)


def _entered() -> br.BoardResultState:
    [event] = br.decide(
        br.INITIAL,
        br.EnterResult(
            tournament_id=uuid.UUID(int=1),
            session=1,
            board_number=1,
            table=1,
            ns=1,
            ew=2,
            contract="4SN",
            lead=None,
            tricks=10,
            entered_by="N",
        ),
        T0,
        br.CorrectionWindow(published=False),
    )
    return br.evolve(br.INITIAL, event)


def _correction(
    window: br.CorrectionWindow, inadmissible: bool = False
) -> Callable[[datetime], object]:
    def act(at: datetime) -> object:
        command = br.CorrectResult(
            contract="4SN",
            lead=None,
            tricks=9,
            reason="recount",
            inadmissible=inadmissible,
        )
        return br.decide(_entered(), command, at, window)

    return act


LAW_79C = T0 + timedelta(minutes=30)  # published at 18:00, 30 minutes
NEXT_ROUND = T0 + timedelta(minutes=20)  # N-L79 teams: the next round starts
POSTED = T0 + timedelta(minutes=15)  # N-L79 pairs: 15 minutes from posting


def _burraco_check(at: datetime) -> object:
    """Codice di Gara Art. 20: the final standings' check (10 minutes)."""
    state = bu.run(
        bu.opened(turns=1),
        b.EnterScoreSheet(turn=1, table=1, hands=(bu.hand(100, 0, 0, 0),)),
        b.EnterScoreSheet(turn=1, table=2, hands=(bu.hand(0, 0, 0, 0),)),
        b.PublishFinalStandings(),
    )
    invert = b.InvertScore(turn=1, table=1, pairs_confirmed=True)
    return b.decide(state, invert, at)


KINDS: dict[str, tuple[Callable[[datetime], object], datetime]] = {
    "correction (Law 79C)": (
        _correction(br.CorrectionWindow(published=True, correction_deadline=LAW_79C)),
        LAW_79C,
    ),
    "teams, the next round's start (N-L79)": (
        _correction(
            br.CorrectionWindow(published=True, correction_deadline=NEXT_ROUND)
        ),
        NEXT_ROUND,
    ),
    "inadmissible result (N-L79)": (
        _correction(
            br.CorrectionWindow(
                published=True, correction_deadline=T0, inadmissible_deadline=POSTED
            ),
            inadmissible=True,
        ),
        POSTED,
    ),
    "final standings' check (Codice di Gara Art. 20)": (
        _burraco_check,
        bu.T0 + timedelta(minutes=10),
    ),
    **{
        name: ((lambda at, act=act: act(Event(), at)), deadline)
        for name, (act, deadline, _) in APPEALS.items()
    },
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_an_act_at_the_deadline_is_in_time_and_a_second_later_is_refused(
    kind: str,
) -> None:
    act, deadline = KINDS[kind]
    assert act(deadline - SECOND)
    assert act(deadline)
    with pytest.raises(DomainError) as refused:
        act(deadline + SECOND)
    assert refused.value.law is not None
