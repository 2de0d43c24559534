"""Further appeal to the national body (Law 93C1; FIGB N-L92-93 §4-§6)."""

from __future__ import annotations

from datetime import timedelta
from uuid import UUID

import pytest

from appeals.domain import appeal
from rules.errors import ArticleRef, LawRef
from tests.appeals.unit.builders import END, RULED, Event, apply, heard
from tournaments.domain import tournament as t

DECIDED_AT = RULED + timedelta(minutes=45)
FIGB_4 = ArticleRef("92-93 §4", source="Norme integrative FIGB")


def decided(event: Event, **extra: object) -> appeal.AppealState:
    fields: dict[str, object] = {
        "by": appeal.Body.CHIEF_DIRECTOR,
        "decided_by": "user:chief",
        "outcome": appeal.Outcome.UPHELD,
        "reasons": "no damage",
        **extra,
    }
    command = appeal.DecideAppeal(**fields)  # type: ignore[arg-type]
    return apply(heard(event), command, event.facts(DECIDED_AT))


def noticed(event: Event, at: timedelta = timedelta(minutes=10)) -> appeal.AppealState:
    state = decided(event)
    notice = appeal.GiveFurtherAppealNotice(player_id=event.players[1][0])
    return apply(state, notice, event.facts(END + at))


def file(
    player: UUID, grounds: str = "the AR misapplied Law 16B"
) -> appeal.FileFurtherAppeal:
    return appeal.FileFurtherAppeal(player_id=player, grounds=grounds)


def test_a_further_appeal_needs_the_written_pre_notice() -> None:
    """FIGB §4: without the pre-notice the further appeal is inadmissible."""
    event = Event()
    state = decided(event)
    with pytest.raises(appeal.FurtherAppealInadmissible) as refused:
        appeal.decide(
            state, file(event.players[1][0]), event.facts(END + timedelta(hours=1))
        )
    assert refused.value.law == FIGB_4


def test_the_pre_notice_is_due_within_30_minutes_of_the_end() -> None:
    """FIGB §4: "entro i 30 minuti successivi" al termine della competizione,
    the 30th minute's last instant included (decision 0218)."""
    event = Event()
    state = decided(event)
    notice = appeal.GiveFurtherAppealNotice(player_id=event.players[1][0])
    assert appeal.decide(state, notice, event.facts(END + timedelta(minutes=30)))
    with pytest.raises(appeal.FurtherAppealPeriodClosed) as refused:
        appeal.decide(
            state, notice, event.facts(END + timedelta(minutes=30, seconds=1))
        )
    assert refused.value.law == FIGB_4


def test_a_further_appeal_in_time_goes_to_the_national_body() -> None:
    """FIGB §4: filed within 48 hours of the end, after the pre-notice."""
    event = Event()
    state = noticed(event)
    state = apply(
        state, file(event.players[1][0]), event.facts(END + timedelta(hours=3))
    )
    assert state.status is appeal.Status.FURTHER_APPEAL_FILED
    assert state.further is not None
    assert state.further.after_24_hours is False


def test_a_filing_after_24_hours_is_flagged_and_after_48_refused() -> None:
    """FIGB §2 says 24 hours, §4 says 48 (decision 0048): accept and flag.
    "Cessa 24 ore dopo" and "entro le 48 ore successive" each hold their
    last instant (decision 0218)."""
    event = Event()
    state = noticed(event)
    player = event.players[1][0]
    at_24 = apply(state, file(player), event.facts(END + timedelta(hours=24)))
    assert at_24.further is not None
    assert at_24.further.after_24_hours is False
    flagged = apply(
        state, file(player), event.facts(END + timedelta(hours=24, seconds=1))
    )
    assert flagged.further is not None
    assert flagged.further.after_24_hours is True
    assert apply(state, file(player), event.facts(END + timedelta(hours=48)))
    with pytest.raises(appeal.FurtherAppealPeriodClosed):
        appeal.decide(
            state, file(player), event.facts(END + timedelta(hours=48, seconds=1))
        )


def test_the_opponents_may_also_appeal_further() -> None:
    """Law 92A; FIGB §4: a member of either pair at the table."""
    event = Event()
    state = decided(event)
    notice = appeal.GiveFurtherAppealNotice(player_id=event.players[2][1])
    state = apply(state, notice, event.facts(END))
    assert state.notice is not None
    assert state.notice.entry_number == 2


def test_in_teams_only_the_captain_appeals_further() -> None:
    """FIGB §4: the team captain files the ricorso."""
    event = Event(form=t.Form.TEAMS)
    state = decided(event)
    member = appeal.GiveFurtherAppealNotice(player_id=event.players[1][1])
    with pytest.raises(appeal.NoStanding):
        appeal.decide(state, member, event.facts(END))


def test_no_further_appeal_before_the_first_decision() -> None:
    """Law 93C1: once the procedures above are exhausted."""
    event = Event()
    state = heard(event)
    state = apply(
        state,
        appeal.GiveFurtherAppealNotice(player_id=event.players[1][0]),
        event.facts(DECIDED_AT),
    )
    with pytest.raises(appeal.WrongStage) as refused:
        appeal.decide(state, file(event.players[1][0]), event.facts(DECIDED_AT))
    assert refused.value.law == LawRef("93C1")


def _filed(event: Event) -> appeal.AppealState:
    state = noticed(event)
    return apply(
        state, file(event.players[1][0]), event.facts(END + timedelta(hours=2))
    )


def _national(**extra: object) -> appeal.DecideFurtherAppeal:
    fields: dict[str, object] = {
        "decided_by": "user:cng",
        "outcome": appeal.Outcome.CHANGED,
        "reasons": "Law 16B was misapplied",
        **extra,
    }
    return appeal.DecideFurtherAppeal(**fields)  # type: ignore[arg-type]


def test_the_national_body_changes_no_result_without_a_technical_error() -> None:
    """FIGB §4-§5: only an "errore tecnico" the Director admits changes results."""
    event = Event()
    state = _filed(event)
    score = (appeal.ScoreOrder(board_number=1, table=1, score="A40/60"),)
    with pytest.raises(appeal.NoTechnicalError) as refused:
        appeal.decide(
            state,
            _national(adjusted_scores=score),
            event.facts(END + timedelta(hours=5)),
        )
    assert refused.value.law == FIGB_4
    precedent = apply(state, _national(), event.facts(END + timedelta(hours=5)))
    assert precedent.status is appeal.Status.FINAL  # a precedent, results unchanged


def test_an_admitted_technical_error_lets_the_national_body_change_the_result() -> None:
    """FIGB §5: admitted in the report or a supplement the C.N.G. requests."""
    event = Event()
    state = apply(
        _filed(event),
        appeal.AttachDirectorReport(
            author="user:td",
            text="I applied Law 16B to a break in tempo that was not one",
            supplementary=True,
            admits_technical_error=True,
        ),
        event.facts(END + timedelta(hours=4)),
    )
    score = (appeal.ScoreOrder(board_number=1, table=1, score="A40/60"),)
    state = apply(
        state, _national(adjusted_scores=score), event.facts(END + timedelta(hours=5))
    )
    assert state.status is appeal.Status.FINAL
    assert state.national is not None
    assert state.national.technical_error is True


def test_closing_events_make_a_decision_final() -> None:
    """FIGB §6: final once no longer challengeable; each closing once."""
    event = Event()
    state = decided(event)
    assert appeal.evolve(state, appeal.PreNoticePeriodEnded()).status is (
        appeal.Status.FINAL
    )
    state = noticed(event)
    state = appeal.evolve(state, appeal.PreNoticePeriodEnded())
    assert state.status is appeal.Status.DECIDED  # notice given: the filing may follow
    assert appeal.evolve(state, appeal.FurtherAppealPeriodEnded()).status is (
        appeal.Status.FINAL
    )
    filed = _filed(event)
    assert appeal.evolve(filed, appeal.FurtherAppealPeriodEnded()) == filed
