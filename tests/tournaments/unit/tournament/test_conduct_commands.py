"""Lateness and slow play on the tournament stream (FIGB N-L8 §2-§4)."""

from __future__ import annotations

import uuid
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from tournaments.domain import tournament as t

T0 = datetime(2026, 11, 25, 15, tzinfo=UTC)


def knockout(boards: int) -> t.TournamentState:
    """A teams event whose session 1 is a knockout match of ``boards``
    boards between teams 1 and 2, open and closed room."""
    state = t.INITIAL
    for command in (
        t.CreateTournament(
            tournament_id=uuid.uuid4(),
            name="Coppa Italia",
            form=t.Form.TEAMS,
            scoring=t.ScoringMethod.TEAMS_IMPS_VP,
            windows=t.WindowRules(),
            starts_at=T0,
        ),
    ):
        for event in t.decide(state, command, T0):
            state = t.evolve(state, event)
    for number in (1, 2):
        state = t.evolve(
            state,
            t.PairEntered(number=number, entry_id=uuid.uuid4(), player_ids=()),
        )
    played = tuple(range(1, boards + 1))
    return t.evolve(
        state,
        t.SessionScheduled(
            session=1,
            movement="knockout",
            starts_at=T0,
            ends_at=T0 + timedelta(hours=3),
            assignments=(
                t.TableAssignment(round=1, table=1, ns=1, ew=2, boards=played),
                t.TableAssignment(round=1, table=2, ns=2, ew=1, boards=played),
            ),
        ),
    )


def test_a_knockout_team_loses_imps_not_vps() -> None:
    """N-L8 §3: in a knockout match the ladder's 1 VP (7 minutes late) is
    the least margin worth 11 VPs on a 16-board match: 4 IMPs."""
    events = t.decide(
        knockout(16),
        t.RecordLateness(session=1, entry_number=2, minutes_late="7"),
        T0,
    )
    assert events == [
        t.LatenessRecorded(
            session=1,
            entry_number=2,
            minutes_late="7.00",
            reading="warning_within_grace",
            warnings=0,
            vp=0,
            imps=4,
            forfeit=False,
        ),
        t.PenaltyImposed(
            session=1,
            entry_number=2,
            kind="procedural",
            unit="imps",
            amount=4,
            law="90",
            reason="Norme integrative FIGB Art. N-L8 §3: 7.00 minutes late",
            round=1,  # the match's round: the IMPs come off that match
        ),
    ]


def test_past_thirty_minutes_the_fact_is_a_forfeit_without_a_penalty() -> None:
    """N-L8 §3: "l'incontro verrà dato vinto alla squadra presente" (RC art.
    21): the fact says forfeit; the director records the match's award."""
    [event] = t.decide(
        knockout(16),
        t.RecordLateness(session=1, entry_number=1, minutes_late="31"),
        T0,
    )
    assert isinstance(event, t.LatenessRecorded)
    assert (event.forfeit, event.warnings, event.vp, event.imps) == (True, 0, 0, 0)


def test_slow_play_counts_the_teams_offences_across_the_event() -> None:
    """N-L8 §2: "anche se si tratti di un incontro successivo"."""
    state = knockout(16)
    verdicts = []
    for _ in range(3):
        events = t.decide(state, t.RecordSlowPlay(session=1, entry_numbers=(1,)), T0)
        for event in events:
            state = t.evolve(state, event)
        fact = events[0]
        assert isinstance(fact, t.SlowPlayRecorded)
        verdicts.append((fact.offence, fact.warnings, fact.vp))
    assert verdicts == [(1, 1, 0), (2, 0, 1), (3, 0, 1)]
    assert state.slow_play == {1: 3}


@pytest.mark.parametrize("late", ["0", "abc", "NaN", "1441"])
def test_minutes_late_are_a_positive_number(late: str) -> None:
    with pytest.raises(t.InvalidPenalty, match="minutes late") as refused:
        t.decide(
            knockout(16),
            t.RecordLateness(session=1, entry_number=1, minutes_late=late),
            T0,
        )
    assert (refused.value.field, refused.value.value) == ("minutes_late", late)


def test_the_reading_is_one_of_the_two() -> None:
    with pytest.raises(t.InvalidSchedule) as refused:
        t.decide(
            knockout(16),
            t.SetPlayingConditions(lateness_reading="never"),
            T0,
        )
    assert str(refused.value.law) == "Norme integrative FIGB Art. N-L8 §3"


def test_an_imp_penalty_names_its_match_when_the_team_plays_several() -> None:
    """FIGB N-L87 §6b: a team's IMP penalty comes off its own result in one
    match; in a session of several matches the director names the round."""
    state = knockout(16)
    state = t.evolve(
        state,
        t.SessionScheduled(
            session=2,
            movement="explicit",
            starts_at=T0,
            ends_at=T0 + timedelta(hours=3),
            assignments=tuple(
                t.TableAssignment(round=r, table=1, ns=1, ew=2, boards=(r,))
                for r in (1, 2)
            ),
        ),
    )
    penalty = t.ImposePenalty(
        session=2, entry_number=1, kind="procedural", unit="imps", amount=3
    )
    with pytest.raises(t.InvalidPenalty, match="name its round") as refused:
        t.decide(state, penalty, T0)
    assert (refused.value.field, str(refused.value.law)) == (
        "round",
        "Norme integrative FIGB Art. N-L87 §6b",
    )
    [event] = t.decide(state, replace(penalty, round=2), T0)
    assert isinstance(event, t.PenaltyImposed)
    assert event.round == 2
