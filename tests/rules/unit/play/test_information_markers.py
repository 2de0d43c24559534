"""Unauthorized information created in the play, kept for a ruling to cite
(Laws 16C2, 50E2, 50E3; Law 62's withdrawn cards)."""

from rules.bridge import Seat
from rules.bridge.play.exposed_cards import expose_card
from rules.bridge.play.rectification import choose_rectification
from rules.bridge.play.revokes import correct_revoke
from rules.bridge.play_rectification import PlayOption, PlayOptionCode
from rules.bridge.play_state import InformationMarker
from rules.bridge.seat import Side
from rules.errors import LawRef
from tests.support.play import card, played, started

H = card("H2").suit


def test_a_corrected_revoke_marks_every_card_withdrawn() -> None:
    """Law 62B1: East's revoke card HQ is withdrawn; 62C1: South takes back
    C9. Law 16C2: both withdrawn actions are unauthorized for East-West, the
    offending side (the non-offenders' too)."""
    state = played(started(), "W:CA N:C2 E:HQ S:C9")
    corrected = correct_revoke(state, Seat.E, card("C5"), withdrawals=(Seat.S,))
    assert corrected.information == (
        InformationMarker(
            LawRef("16C2"), Side.EW, LawRef("62B1"), Seat.E, 1, card("HQ")
        ),
        InformationMarker(
            LawRef("16C2"), Side.EW, LawRef("62C1"), Seat.S, 1, card("C9")
        ),
    )


def test_declarers_withdrawn_revoke_card_is_marked_under_62b2() -> None:
    state = played(started(), "W:H6 N:H8 E:HA S:S2")
    corrected = correct_revoke(state, Seat.S, card("H7"))
    assert corrected.information == (
        InformationMarker(
            LawRef("16C2"), Side.NS, LawRef("62B2"), Seat.S, 1, card("S2")
        ),
    )


def test_a_penalty_card_picked_up_is_unauthorized_for_partner() -> None:
    """Law 50E2: declarer requires the heart lead; East picks up HQ."""
    state = expose_card(started(), Seat.E, card("HQ"), deliberate=False).state
    state = choose_rectification(
        state, Seat.S, PlayOption(PlayOptionCode.REQUIRE_LEAD_SUIT, (H,))
    )
    assert state.information == (
        InformationMarker(
            LawRef("50E2"), Side.EW, LawRef("50D2"), Seat.E, 1, card("HQ")
        ),
    )


def test_a_penalty_card_played_marks_its_circumstances() -> None:
    """Law 50E3: once East plays the penalty card HQ, what its exposure (Law
    49) showed is unauthorized for West."""
    state = expose_card(started(), Seat.E, card("HQ"), deliberate=False).state
    state = choose_rectification(
        state, Seat.S, PlayOption(PlayOptionCode.NO_LEAD_RESTRICTION)
    )
    assert state.information == ()
    state = played(state, "W:H6 N:H8 E:HQ")
    assert state.information == (
        InformationMarker(LawRef("50E3"), Side.EW, LawRef("49"), Seat.E, 1, card("HQ")),
    )
