"""Declarer's incomplete designation of dummy's card at the table (Law 46B)."""

import pytest

from rules.bridge import Card, Seat, parse_call
from rules.bridge.card import Suit
from rules.bridge.dummy_designation import Designation
from rules.bridge.errors import (
    DefenderMustChoose,
    DesignationNeedsRuling,
    DesignationVoid,
)
from rules.errors import LawRef
from tests.support.play import DEAL
from tests.tournaments.unit.board_play.builders import (
    BOARD,
    T0,
    TABLE,
    cards_played,
    in_four_spades,
    run,
)
from tournaments.domain.board_play import BoardPlayState, decide, replay
from tournaments.domain.board_play.commands import (
    DesignateDummyCard,
    MakeCall,
    PlayCard,
    StartBoard,
)
from tournaments.domain.board_play.events import (
    CardPlayed,
    DirectorDecisionRecorded,
    DummyCardDesignated,
)
from tournaments.domain.board_play.state import DesignationNote


def c(text: str) -> Card:
    """Return the card written "SA", "HT", ..."""
    return Card.parse(text)


def test_high_plays_dummys_highest_card_of_the_suit_led() -> None:
    """Law 46B1(a): the deemed card is recorded with its Law, then played."""
    state = cards_played(in_four_spades(), "W:H6")
    after, events = run(state, DesignateDummyCard(designation=Designation.HIGH, at=T0))
    assert events == [
        DummyCardDesignated(
            designation=Designation.HIGH, card=c("HT"), law=LawRef("46B1(a)"), at=T0
        ),
        CardPlayed(seat=Seat.N, card=c("HT"), at=T0),
    ]
    assert after.designations == (DesignationNote(c("HT"), LawRef("46B1(a)")),)
    assert after.turn is Seat.E


def test_a_suit_only_designation_is_replayed_from_its_events() -> None:
    """Law 46B2: replaying the recorded events gives the same state."""
    state = cards_played(in_four_spades(), "W:H6")
    command = DesignateDummyCard(designation=Designation.SUIT, suit=Suit.H, at=T0)
    events = decide(state, command, T0)
    assert isinstance(events[-1], CardPlayed)
    assert events[-1].card == c("H8")
    after, _ = run(state, command)
    assert after.play is not None
    assert after.play.current.card_of(Seat.N) == c("H8")


def test_play_anything_lets_a_defender_choose() -> None:
    """Law 46B5: either defender names dummy's card; declarer cannot."""
    state = cards_played(in_four_spades(), "W:H6")
    with pytest.raises(DefenderMustChoose):
        decide(
            state,
            DesignateDummyCard(
                designation=Designation.ANYTHING, card=c("H9"), chooser=Seat.S, at=T0
            ),
            T0,
        )
    _, events = run(
        state,
        DesignateDummyCard(
            designation=Designation.ANYTHING, card=c("H9"), chooser=Seat.E, at=T0
        ),
    )
    designated = events[0]
    assert isinstance(designated, DummyCardDesignated)
    assert (designated.law, designated.chooser) == (LawRef("46B5"), Seat.E)


def test_an_unresolved_designation_waits_for_declarer_or_the_director() -> None:
    """Law 46B1(b): no card known to win; the Director's ruling is recorded."""
    state = cards_played(in_four_spades(), "W:H2")
    with pytest.raises(DesignationNeedsRuling) as caught:
        decide(state, DesignateDummyCard(designation=Designation.WIN, at=T0), T0)
    assert caught.value.law == LawRef("46B1(b)")
    after, events = run(
        state,
        DesignateDummyCard(designation=Designation.WIN, card=c("HT"), at=T0),
    )
    assert isinstance(events[0], DirectorDecisionRecorded)
    assert events[0].law == LawRef("46B")
    assert isinstance(events[1], DummyCardDesignated)
    assert events[1].ruled is True
    assert after.decisions[-1].law == LawRef("46B")


def test_a_card_dummy_does_not_hold_designates_nothing() -> None:
    """Law 46B4: the designation is void and nothing is played."""
    state = cards_played(in_four_spades(), "W:H6")
    with pytest.raises(DesignationVoid) as caught:
        decide(
            state,
            DesignateDummyCard(designation=Designation.HIGH, card=c("HA"), at=T0),
            T0,
        )
    assert caught.value.law == LawRef("46B4")


def test_replay_of_designation_events_equals_the_incremental_state() -> None:
    """Replaying every recorded event rebuilds the same board (Law 46B1(c))."""
    seats = (Seat.S, Seat.W, Seat.N, Seat.E, Seat.S, Seat.W)
    calls = [
        MakeCall(seat=seat, call=parse_call(text), at=T0)
        for seat, text in zip(seats, ["1S", "P", "4S", "P", "P", "P"], strict=True)
    ]
    state, events = run(
        BoardPlayState(),
        StartBoard(table_id=TABLE, board_number=BOARD, deal=DEAL, at=T0),
        *calls,
        PlayCard(seat=Seat.W, card=c("H6"), at=T0),
        DesignateDummyCard(designation=Designation.LOW, at=T0),
    )
    assert state.designations == (DesignationNote(c("H8"), LawRef("46B1(c)")),)
    assert replay(events) == state
