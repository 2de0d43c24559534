"""Revokes during the play: detection, correction, establishment (Laws 61-64)."""

import pytest

from rules.bridge import Seat
from rules.bridge.errors import (
    AttentionAlreadyDrawn,
    IllegalPlayRefused,
    RevokeEstablished,
    RevokeMustBeCorrected,
)
from rules.bridge.penalty_cards import PenaltyCardKind
from rules.bridge.play.revokes import correct_revoke, draw_attention_to_revoke
from rules.bridge.result import result_of_play
from rules.bridge.revoke import AttentionTiming, RevokeKind
from rules.errors import LawRef
from tests.support.play import card, finish, play, played, started

DECLARER_REVOKES = "W:H6 N:H8 E:HA S:S2"
"""South ruffs the heart lead while holding HJ and H7, and wins the trick."""


def test_failing_to_follow_suit_while_holding_it_is_recorded_as_a_revoke() -> None:
    """The revoke is detected from the known hands and recorded (Laws 44C, 61A)."""
    state = played(started(), "W:H6 N:H8 E:HA")
    outcome = play(state, "S:S2")
    assert outcome.irregularity == LawRef("44C")
    [revoke] = outcome.state.revokes
    assert (revoke.seat, revoke.trick_number, revoke.kind) == (
        Seat.S,
        1,
        RevokeKind.FOLLOW_SUIT,
    )
    assert revoke.suit is card("H2").suit
    assert revoke.established is False
    assert outcome.state.completed[0].winner is Seat.S


def test_the_offenders_play_to_the_next_trick_establishes_the_revoke() -> None:
    """Law 63A1: the offender or his partner plays to the next trick."""
    state = played(started(), DECLARER_REVOKES + " S:S3")
    assert state.revokes[0].established is True
    assert LawRef("64C") in state.review_flags


def test_a_non_offenders_play_does_not_establish_the_revoke() -> None:
    """Only the offending side's play to the next trick establishes it (Law 63A1)."""
    state = played(started(), "W:CA N:H8 E:C5 S:C9 W:CK")
    assert state.revokes[0].established is False
    state = played(state, "N:C2")
    assert state.revokes[0].established is True


def test_declarers_revoke_is_corrected_without_rectification() -> None:
    """Law 62B2: declarer's revoke card goes back; the trick may change hands."""
    state = played(started(), DECLARER_REVOKES)
    corrected = correct_revoke(state, Seat.S, card("H7"))
    assert corrected.completed[0].winner is Seat.E
    assert corrected.completed[0].card_of(Seat.S) == card("H7")
    assert card("S2") in corrected.remaining(Seat.S)
    assert corrected.penalty_cards == ()
    assert corrected.revokes[0].corrected is True
    assert corrected.turn is Seat.E


def test_a_defenders_corrected_revoke_card_becomes_a_major_penalty_card() -> None:
    """Law 62B1: the card withdrawn from a defender's hand is a major penalty card."""
    state = played(started(), "W:CA N:C2 E:HQ")
    corrected = correct_revoke(state, Seat.E, card("C5"))
    assert corrected.current.card_of(Seat.E) == card("C5")
    [penalty] = corrected.penalty_cards
    assert (penalty.seat, penalty.card, penalty.kind) == (
        Seat.E,
        card("HQ"),
        PenaltyCardKind.MAJOR,
    )
    assert corrected.turn is Seat.S


def test_non_offenders_may_withdraw_cards_played_after_the_revoke() -> None:
    """Law 62C1: a non-offender takes back the card he played after the revoke."""
    state = played(started(), "W:CA N:C2 E:HQ S:C9")
    corrected = correct_revoke(state, Seat.E, card("C5"), withdrawals=(Seat.S,))
    assert corrected.completed == ()
    assert corrected.turn is Seat.S
    assert card("C9") in corrected.remaining(Seat.S)


def test_the_offending_side_withdraws_only_after_the_non_offenders() -> None:
    """Law 62C2: an offending player withdraws only after a non-offender has."""
    state = played(started(), "W:CA N:H8 E:C5 S:C9")
    with pytest.raises(IllegalPlayRefused) as caught:
        correct_revoke(state, Seat.N, card("C2"), withdrawals=(Seat.S,))
    assert caught.value.law == LawRef("62C2")


def test_the_correction_must_be_a_legal_card() -> None:
    """The substituted card must follow suit (Law 62B)."""
    state = played(started(), "W:CA N:C2 E:HQ")
    with pytest.raises(IllegalPlayRefused) as caught:
        correct_revoke(state, Seat.E, card("HK"))
    assert caught.value.code == "illegal_play_refused"
    assert caught.value.law == LawRef("62B")


def test_an_established_revoke_cannot_be_corrected() -> None:
    """Law 63B: once established the revoke trick stands as played."""
    state = played(started(), "W:CA N:C2 E:HQ S:C9 W:CK N:C3 E:C5")
    with pytest.raises(RevokeEstablished) as caught:
        correct_revoke(state, Seat.E, card("C6"))
    assert caught.value.code == "revoke_established"
    assert caught.value.law == LawRef("63B")


def test_attention_to_a_revoke_not_yet_established_requires_its_correction() -> None:
    """Law 62A: a revoke must be corrected if attention is drawn before establishment."""
    state = played(started(), DECLARER_REVOKES)
    with pytest.raises(RevokeMustBeCorrected) as caught:
        draw_attention_to_revoke(state, Seat.S, 1, AttentionTiming.IN_TIME)
    assert caught.value.law == LawRef("62A")


def test_attention_is_drawn_only_once() -> None:
    """The first time attention is drawn is the one that counts (Laws 64B4, 64B5)."""
    state = played(started(), DECLARER_REVOKES + " S:S3")
    state = draw_attention_to_revoke(state, Seat.S, 1, AttentionTiming.IN_TIME)
    with pytest.raises(AttentionAlreadyDrawn):
        draw_attention_to_revoke(state, Seat.S, 1, AttentionTiming.AFTER_ROUND_END)


def test_an_established_revoke_won_by_the_offender_costs_two_tricks_at_the_end() -> (
    None
):
    """Law 64A1 applied to a played board: revoke trick plus one later trick."""
    state = finish(played(started(), DECLARER_REVOKES + " S:S3 W:H2 N:SA E:S7"))
    state = draw_attention_to_revoke(state, Seat.S, 1, AttentionTiming.IN_TIME)
    result = result_of_play(state)
    [transfer] = result.transfers
    assert (transfer.tricks, transfer.law) == (2, LawRef("64A1"))
    assert result.tricks_in_play is not None
    assert result.tricks_made == result.tricks_in_play - 2


def test_attention_drawn_after_the_round_gives_no_transfer_but_a_review() -> None:
    """Law 64B5: no automatic transfer; the Director still reviews equity (64C)."""
    state = finish(played(started(), DECLARER_REVOKES + " S:S3"))
    state = draw_attention_to_revoke(state, Seat.S, 1, AttentionTiming.AFTER_ROUND_END)
    result = result_of_play(state)
    assert result.tricks_made == result.tricks_in_play
    assert result.transfers[0].law == LawRef("64B5")
    assert LawRef("64C") in result.review_flags


def test_a_revoke_nobody_drew_attention_to_transfers_nothing_and_is_flagged() -> None:
    """Software detection alone is not attention drawn (decision 0016; Law 64C)."""
    state = finish(played(started(), DECLARER_REVOKES + " S:S3"))
    result = result_of_play(state)
    assert result.tricks_made == result.tricks_in_play
    assert [r.seat for r in result.unresolved] == [Seat.S]
    assert LawRef("64C") in result.review_flags


def test_a_revoke_by_dummy_transfers_nothing() -> None:
    """Failing to play a card of dummy's: no automatic transfer (Law 64B3)."""
    state = played(started(), "W:CA N:H8 E:C5 S:C9 W:CK N:C2")
    assert state.revokes[0].kind is RevokeKind.DUMMY
    assert state.revokes[0].established is True
    state = draw_attention_to_revoke(finish(state), Seat.N, 1, AttentionTiming.IN_TIME)
    result = result_of_play(state)
    assert result.transfers[0].tricks == 0
    assert result.transfers[0].law == LawRef("64B3")
