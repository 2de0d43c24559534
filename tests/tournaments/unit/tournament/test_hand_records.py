"""Hand records on the tournament stream: the deals of a session's boards.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 6B (four hands of 13),
Law 6E4 (computer dealing), Law 6F (duplication), Law 8A (the boards of the
movement); visibility per decision 0050.
"""

from __future__ import annotations

import random
import uuid
from datetime import UTC, datetime, timedelta
from functools import reduce

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge import FULL_DECK, Deal, Seat, random_deal
from tests.support.players import registered_facts
from tournaments.domain.tournament import (
    EVENT_TYPES,
    INITIAL,
    CreateTournament,
    EnterPair,
    Form,
    HandRecord,
    HandRecordsSet,
    HandSource,
    InvalidHandRecords,
    PublishScores,
    ScheduleSession,
    ScoringMethod,
    SessionNotFound,
    SetHandRecords,
    TableAssignment,
    TournamentNotFound,
    TournamentState,
    WindowRules,
    decide,
    evolve,
    hand_records_public,
)

T0 = datetime(2026, 3, 14, 15, 0, tzinfo=UTC)
# DDS examples/hands.cpp, the first deal, and the same deal written from East.
DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"
DEAL_FROM_EAST = "E:873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3 QJ6.K652.J85.T98"
OTHER = "E:QJT5432.T.6.QJ82 .J97543.K7532.94 87.A62.QJT4.AT75 AK96.KQ8.A98.K63"


def run(state: TournamentState, *commands: object) -> TournamentState:
    for command in commands:
        facts = registered_facts(command)
        events = decide(state, command, T0, players=facts)  # type: ignore[arg-type]
        state = reduce(evolve, events, state)  # type: ignore[arg-type]
    return state


def scheduled() -> TournamentState:
    """A four-pair event whose session 1 plays boards 1-4 at two tables."""
    state = run(
        INITIAL,
        CreateTournament(
            tournament_id=uuid.uuid4(),
            name="Coppa",
            form=Form.PAIRS,
            scoring=ScoringMethod.MATCHPOINTS,
            windows=WindowRules(),
            starts_at=T0,
        ),
        *(
            EnterPair(
                number=n, entry_id=uuid.uuid4(), player_ids=(uuid.uuid4(), uuid.uuid4())
            )
            for n in range(1, 5)
        ),
    )
    return run(
        state,
        ScheduleSession(
            session=1,
            movement="explicit",
            starts_at=T0,
            ends_at=T0 + timedelta(hours=3),
            assignments=(
                TableAssignment(round=1, table=1, ns=1, ew=2, boards=(1, 2)),
                TableAssignment(round=1, table=2, ns=3, ew=4, boards=(3, 4)),
            ),
        ),
    )


def set_records(*records: tuple[int, str], session: int = 1) -> SetHandRecords:
    return SetHandRecords(
        session=session,
        source=HandSource.IMPORTED,
        records=tuple(HandRecord(board_number=b, deal=d) for b, d in records),
    )


def test_deals_are_recorded_with_north_first() -> None:
    """A deal given from any seat is recorded in one form, North first (Law 6F)."""
    [event] = decide(scheduled(), set_records((1, DEAL_FROM_EAST)), T0)
    assert event == HandRecordsSet(
        session=1,
        source=HandSource.IMPORTED,
        records=(HandRecord(board_number=1, deal=DEAL),),
    )
    assert HandRecordsSet in EVENT_TYPES


def test_recorded_deals_fold_into_the_session() -> None:
    """The session state holds each board's deal once recorded (Law 6F)."""
    state = run(scheduled(), set_records((2, OTHER), (1, DEAL)))
    assert state.sessions[1].hand_records == {
        1: DEAL,
        2: Deal.from_pbn(OTHER).to_pbn(),
    }


@pytest.mark.parametrize(
    ("deal", "problem"),
    [
        (DEAL.replace("QJ6", "QJ"), "12 cards"),  # a hand of twelve
        (DEAL.replace("QJ6.", "QJ5."), "two hands"),  # S5 dealt twice
        ("N:QJ6.K652.J85.T98", "not a PBN deal"),
    ],
)
def test_a_deal_without_52_distinct_cards_13_each_is_refused(
    deal: str, problem: str
) -> None:
    """Each hand holds 13 cards and no card is dealt twice (Law 6B)."""
    with pytest.raises(InvalidHandRecords) as caught:
        decide(scheduled(), set_records((1, deal)), T0)
    assert caught.value.code == "invalid_hand_records"
    assert str(caught.value.law) == "Law 6B"
    assert caught.value.message.startswith("board 1: ")
    assert problem in caught.value.message


def test_a_board_the_session_does_not_play_is_refused() -> None:
    """Only the boards of the session's movement take a deal (Law 8A)."""
    with pytest.raises(InvalidHandRecords) as caught:
        decide(scheduled(), set_records((5, DEAL)), T0)
    assert caught.value.message == "board 5 is not played in session 1"
    assert str(caught.value.law) == "Law 8A"


def test_the_same_board_twice_in_one_record_is_refused() -> None:
    """One board, one deal (Law 6F: every copy duplicates the original)."""
    with pytest.raises(InvalidHandRecords) as caught:
        decide(scheduled(), set_records((1, DEAL), (1, OTHER)), T0)
    assert caught.value.message == "board 1 appears twice"


def test_an_empty_record_is_refused() -> None:
    """A hand record names at least one board."""
    with pytest.raises(InvalidHandRecords) as caught:
        decide(scheduled(), set_records(), T0)
    assert caught.value.message == "no deals to record"


def test_an_unknown_session_or_tournament_is_a_conflict() -> None:
    """Deals belong to a scheduled session of an existing tournament."""
    with pytest.raises(SessionNotFound) as caught:
        decide(scheduled(), set_records((1, DEAL), session=2), T0)
    assert caught.value.code == "session_not_found"
    assert caught.value.law is None
    with pytest.raises(TournamentNotFound):
        decide(INITIAL, set_records((1, DEAL)), T0)


def test_recording_the_same_deal_again_changes_nothing() -> None:
    """An import repeated (a double click, a retry) records no new event."""
    state = run(scheduled(), set_records((1, DEAL)))
    assert decide(state, set_records((1, DEAL_FROM_EAST)), T0) == []


def test_a_new_deal_replaces_only_the_boards_it_names() -> None:
    """A corrected record of one board leaves the others as they were (decision 0050)."""
    state = run(scheduled(), set_records((1, DEAL), (2, DEAL)))
    [event] = decide(state, set_records((1, DEAL), (2, OTHER)), T0)
    assert [r.board_number for r in event.records] == [2]  # board 1 is unchanged
    state = reduce(evolve, [event], state)  # type: ignore[arg-type]
    assert state.sessions[1].hand_records[1] == DEAL
    assert state.sessions[1].hand_records[2] == Deal.from_pbn(OTHER).to_pbn()


def test_hand_records_become_public_when_the_scores_are_published() -> None:
    """Deals are public once the official scores are out (Law 79C; decision 0050)."""
    state = run(scheduled(), set_records((1, DEAL)))
    assert hand_records_public(state.sessions[1]) is False
    state = run(state, PublishScores(session=1))
    assert hand_records_public(state.sessions[1]) is True


def test_the_session_knows_the_boards_its_movement_plays() -> None:
    """The boards of a session come from its table assignments (Law 8A)."""
    assert scheduled().sessions[1].board_numbers == (1, 2, 3, 4)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0), first=st.sampled_from(list(Seat)))
def test_any_regular_deal_round_trips_through_decide_and_evolve(
    seed: int, first: Seat
) -> None:
    """Any deal of 52 cards, 13 each (Law 6B), written from any seat, is kept intact."""
    deals = {n: random_deal(random.Random(seed + n)) for n in (1, 2, 3, 4)}
    command = set_records(*((n, d.to_pbn(first)) for n, d in deals.items()))
    state = run(scheduled(), command)
    kept = state.sessions[1].hand_records
    assert {n: Deal.from_pbn(text) for n, text in kept.items()} == deals
    for text in kept.values():
        assert text.startswith("N:")
        cards = [c for _, hand in Deal.from_pbn(text) for c in hand]
        assert sorted(cards) == sorted(FULL_DECK)
