"""Revokes Law 63B still lets the players correct: Laws 62C3 and 62D1."""

import pytest

from rules.bridge import Seat
from rules.bridge.card import Card
from rules.bridge.errors import RevokeEstablished
from rules.bridge.play.revokes import correct_revoke
from rules.bridge.play_state import PlayState, legal_cards
from rules.bridge.result import result_of_play
from rules.bridge.revoke import trick_transfer
from rules.errors import LawRef
from tests.support.play import card, played, started

BOTH_SIDES_REVOKE = "W:CA N:C2 E:HQ S:S2"
"""East (holding clubs) discards HQ; South (holding CJ T9) ruffs: both sides revoke."""


def test_both_revokes_are_corrected_when_only_one_side_played_to_the_next_trick() -> (
    None
):
    """Law 62C3: South's lead to trick 2 established his revoke, yet both are corrected."""
    state = played(started(), BOTH_SIDES_REVOKE + " S:S3")
    south = next(r for r in state.revokes if r.seat is Seat.S)
    assert south.established is True
    corrected = correct_revoke(state, Seat.S, card("C9"))
    assert card("S3") in corrected.remaining(Seat.S)
    assert corrected.completed[0].card_of(Seat.S) == card("C9")
    assert LawRef("62C3") in corrected.review_flags
    assert corrected.irregularities[-1].law == LawRef("62C3")
    east = next(r for r in corrected.revokes if r.seat is Seat.E)
    assert (east.corrected, east.established) == (False, False)
    both = correct_revoke(corrected, Seat.E, card("C5"))
    assert both.completed[0].winner is Seat.W
    assert [pc.card for pc in both.penalty_cards] == [card("HQ")]
    assert all(r.corrected for r in both.revokes)


def test_revokes_corrected_under_62c3_transfer_no_trick() -> None:
    """Law 64B8: no automatic transfer for a revoke corrected under Law 62C3."""
    state = played(started(), BOTH_SIDES_REVOKE + " S:S3")
    state = correct_revoke(
        correct_revoke(state, Seat.S, card("C9")), Seat.E, card("C5")
    )
    for revoke in state.revokes:
        transfer = trick_transfer(revoke, state.completed, state.revokes)
        assert (transfer.tricks, transfer.law) == (0, LawRef("64B8"))


def test_62c3_does_not_apply_once_both_sides_played_to_the_next_trick() -> None:
    """Laws 63B, 64B7: with both sides on the next trick both revokes stand."""
    state = played(started(), BOTH_SIDES_REVOKE + " S:S3 W:H2")
    assert all(r.established for r in state.revokes)
    with pytest.raises(RevokeEstablished) as caught:
        correct_revoke(state, Seat.S, card("C9"))
    assert caught.value.law == LawRef("63B")


ELEVEN_TRICKS = (
    "W:DT N:D6 E:D2 S:DK S:S3 W:H2 N:SA E:S9 N:HT E:HK S:H7 W:H4 E:D4 S:DQ W:D8 "
    "N:D7 S:S6 W:CK N:SQ E:S7 N:C3 E:C7 S:CT W:CQ W:H3 N:H8 E:HA S:HJ E:D3 S:DA "
    "W:DJ N:D5 S:S5 W:D9 N:SJ E:S8 N:C2 E:C6 S:C9 W:CA W:H5 N:H9 E:HQ S:S4"
)
"""Eleven legal tricks of the builders' deal; South then leads CJ to trick 12."""


def _to_trick_twelve_revoke() -> tuple[PlayState, Seat, Card, Card]:
    """Play eleven tricks, then have a hand holding the suit led discard on 12."""
    state = played(started(), ELEVEN_TRICKS + " S:CJ")
    for _ in range(3):
        seat = state.turn
        assert seat is not None
        hand = state.remaining(seat)
        led = state.current.led_suit
        other = [c for c in hand if c.suit is not led]
        follow = [c for c in hand if c.suit is led]
        if led is not None and other and follow:
            revoke_card, held = other[0], follow[0]
            state = played(state, f"{seat.value}:{revoke_card}")
            return state, seat, revoke_card, held
        state = played(state, f"{seat.value}:{min(legal_cards(state, seat))}")
    raise AssertionError("no hand could revoke on trick 12")  # pragma: no cover


def test_a_revoke_on_trick_twelve_is_corrected_even_when_established() -> None:
    """Law 62D1: the 12th-trick revoke is corrected though play has ended."""
    state, offender, revoke_card, held = _to_trick_twelve_revoke()
    while not state.is_complete:
        seat = state.turn
        assert seat is not None
        state = played(state, f"{seat.value}:{min(legal_cards(state, seat))}")
    [revoke] = state.revokes
    assert revoke.established is True
    corrected = correct_revoke(state, offender, held)
    assert corrected.is_complete is True
    assert corrected.completed[11].card_of(offender) == held
    assert corrected.completed[12].card_of(offender) == revoke_card
    assert corrected.completed[12].leader is corrected.completed[11].winner
    [fixed] = corrected.revokes
    assert fixed.corrected is True
    assert fixed.corrected_under == LawRef("62D1")
    assert corrected.penalty_cards == ()
    # The cards stand as corrected: declarer takes 9 tricks, no transfer.
    assert result_of_play(corrected, None).tricks_made == 9
    assert trick_transfer(fixed, corrected.completed, corrected.revokes).tricks == 0
