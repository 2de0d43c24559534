"""Defective tricks at the table: the Director's finding recorded with its Law (Law 67)."""

from rules.bridge import Card, Seat, parse_call
from rules.bridge.defective_trick import DefectKind
from rules.bridge.revoke import RevokeKind
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
from tournaments.domain.board_play import EVENT_TYPES, BoardPlayState, replay
from tournaments.domain.board_play.commands import (
    MakeCall,
    PlayCard,
    RectifyDefectiveTrick,
    StartBoard,
)
from tournaments.domain.board_play.events import (
    DefectiveTrickRectified,
    DummyCardDesignated,
)

TWO_CLUB_TRICKS = "W:CA N:C2 E:C5 S:C9 W:CK N:C3 E:C6 S:CT"


def c(text: str) -> Card:
    """Return the card written "SA", "HT", ..."""
    return Card.parse(text)


def test_a_late_omission_is_recorded_with_law_67b1_and_a_deemed_revoke() -> None:
    """Law 67B1(a): the event names the Law; the revoke costs one trick at the end."""
    state = cards_played(in_four_spades(), TWO_CLUB_TRICKS)
    after, events = run(
        state,
        RectifyDefectiveTrick(
            seat=Seat.E, trick_number=1, defect=DefectKind.OMITTED, card=c("C7"), at=T0
        ),
    )
    assert events == [
        DefectiveTrickRectified(
            seat=Seat.E,
            trick_number=1,
            defect=DefectKind.OMITTED,
            law=LawRef("67B1(a)"),
            at=T0,
            card=c("C7"),
        )
    ]
    assert after.play is not None
    assert after.play.revokes[0].kind is RevokeKind.DEFECTIVE_TRICK
    assert after.tricks[0].winner is Seat.W


def test_an_omission_found_in_time_is_completed_under_law_67a1() -> None:
    """Law 67A1: only West has played on; the trick is completed as played."""
    state = cards_played(in_four_spades(), "W:CA N:C2 E:C5 S:C9 W:CK")
    after, events = run(
        state,
        RectifyDefectiveTrick(
            seat=Seat.E, trick_number=1, defect=DefectKind.OMITTED, card=c("C7"), at=T0
        ),
    )
    [event] = events
    assert isinstance(event, DefectiveTrickRectified)
    assert event.law == LawRef("67A1")
    assert after.turn is Seat.W


def test_a_defective_trick_replays_from_its_events() -> None:
    """Replaying the recorded events equals the state built command by command."""
    seats = (Seat.S, Seat.W, Seat.N, Seat.E, Seat.S, Seat.W)
    calls = [
        MakeCall(seat=seat, call=parse_call(text), at=T0)
        for seat, text in zip(seats, ["1S", "P", "4S", "P", "P", "P"], strict=True)
    ]
    plays = [
        PlayCard(seat=Seat(token[0]), card=c(token[2:]), at=T0)
        for token in TWO_CLUB_TRICKS.split()
    ]
    state, events = run(
        BoardPlayState(),
        StartBoard(table_id=TABLE, board_number=BOARD, deal=DEAL, at=T0),
        *calls,
        *plays,
        RectifyDefectiveTrick(
            seat=Seat.E,
            trick_number=1,
            defect=DefectKind.TOO_MANY,
            extra=(c("HQ"),),
            exposed=True,
            at=T0,
        ),
    )
    assert isinstance(events[-1], DefectiveTrickRectified)
    assert events[-1].law == LawRef("67B2(a)")
    assert replay(events) == state
    assert state.play is not None
    assert [pc.card for pc in state.play.penalty_cards] == [c("HQ")]


def test_the_new_events_are_registered() -> None:
    """Every event class is exported for the store's registry."""
    assert DefectiveTrickRectified in EVENT_TYPES
    assert DummyCardDesignated in EVENT_TYPES
