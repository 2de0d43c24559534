"""Defective tricks found by the Director, put right as Law 67 directs."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge import FULL_DECK, Card, Seat
from rules.bridge.defective_trick import DefectKind, omitted_card_choices
from rules.bridge.errors import CardNotHeld, DefectiveTrickRefused
from rules.bridge.penalty_cards import PenaltyCardKind
from rules.bridge.play.defective_tricks import rectify_defective_trick
from rules.bridge.play_state import PlayState
from rules.bridge.revoke import RevokeKind, trick_transfer
from rules.errors import LawRef
from tests.rules.unit.play.test_play_properties import play_randomly, random_start
from tests.support.play import card, played, started

TRICK_1 = "W:CA N:C2 E:C5 S:C9"
TRICK_2 = "W:CK N:C3 E:C6 S:CT"
CLUBS_THEN_RUFF = TRICK_1 + " " + TRICK_2 + " W:CQ N:C4 E:C7 S:CJ W:C8 N:D5 E:D2 S:S2"
"""Four club tricks: East discards D2 on the fourth, holding no club by the record."""


def test_an_omitted_card_found_in_time_is_supplied_and_the_trick_completed() -> None:
    """Law 67A1: only West has played on; East supplies a legal card, CK goes back."""
    state = played(started(), TRICK_1 + " W:CK")
    outcome = rectify_defective_trick(
        state, Seat.E, 1, DefectKind.OMITTED, card=card("C7")
    )
    after = outcome.state
    assert outcome.law == LawRef("67A1")
    assert after.completed[0].card_of(Seat.E) == card("C7")
    assert after.completed[0].winner is Seat.W
    assert card("C5") in after.remaining(Seat.E)
    assert card("CK") in after.remaining(Seat.W)
    assert after.turn is Seat.W
    assert after.revokes == ()


def test_the_card_supplied_in_time_must_be_legal() -> None:
    """Law 67A1: East holds clubs, so a heart cannot be supplied."""
    state = played(started(), TRICK_1)
    with pytest.raises(DefectiveTrickRefused) as caught:
        rectify_defective_trick(state, Seat.E, 1, DefectKind.OMITTED, card=card("HK"))
    assert caught.value.law == LawRef("67A1")
    assert caught.value.code == "defective_trick_refused"


def test_an_omitted_card_found_late_is_deemed_a_revoke_costing_one_trick() -> None:
    """Law 67B1(a): a club is placed, West keeps trick 1, one trick under 64A2."""
    state = played(started(), TRICK_1 + " " + TRICK_2)
    outcome = rectify_defective_trick(
        state, Seat.E, 1, DefectKind.OMITTED, card=card("C7")
    )
    after = outcome.state
    assert outcome.law == LawRef("67B1(a)")
    assert after.completed[0].card_of(Seat.E) == card("C7")
    assert after.completed[0].winner is Seat.W
    assert card("C5") in after.remaining(Seat.E)
    [revoke] = after.revokes
    assert revoke.kind is RevokeKind.DEFECTIVE_TRICK
    transfer = trick_transfer(revoke, after.completed, after.revokes)
    assert (transfer.tricks, transfer.law) == (1, LawRef("67B1"))
    assert LawRef("64C") in after.review_flags


def test_a_late_omission_must_place_a_card_of_the_suit_led() -> None:
    """Law 67B1(a): East has clubs, so he must choose one."""
    state = played(started(), TRICK_1 + " " + TRICK_2)
    with pytest.raises(DefectiveTrickRefused) as caught:
        rectify_defective_trick(state, Seat.E, 1, DefectKind.OMITTED, card=card("HK"))
    assert caught.value.law == LawRef("67B1(a)")


def test_the_leader_cannot_have_omitted_to_play() -> None:
    """Law 67: a trick with a lead had its leader's card."""
    state = played(started(), TRICK_1)
    with pytest.raises(DefectiveTrickRefused):
        rectify_defective_trick(state, Seat.W, 1, DefectKind.OMITTED, card=card("CK"))


def test_extra_cards_found_in_time_are_a_defenders_penalty_cards() -> None:
    """Law 67A2 via Law 45E1: East's extra HQ becomes a major penalty card."""
    state = played(started(), TRICK_1)
    outcome = rectify_defective_trick(
        state, Seat.E, 1, DefectKind.TOO_MANY, extra=(card("HQ"),)
    )
    assert outcome.law == LawRef("67A2")
    [penalty] = outcome.state.penalty_cards
    assert (penalty.card, penalty.kind) == (card("HQ"), PenaltyCardKind.MAJOR)


def test_extra_cards_found_late_leave_the_highest_legal_card() -> None:
    """Law 67B2(a): with the faced card unknown, the highest legal card stays."""
    state = played(started(), TRICK_1 + " " + TRICK_2)
    outcome = rectify_defective_trick(
        state, Seat.E, 1, DefectKind.TOO_MANY, extra=(card("C7"),)
    )
    after = outcome.state
    assert outcome.law == LawRef("67B2(a)")
    assert after.completed[0].card_of(Seat.E) == card("C7")
    assert after.completed[0].winner is Seat.W
    assert card("C5") in after.remaining(Seat.E)
    assert card("C7") not in after.remaining(Seat.E)


def test_a_card_returned_to_the_hand_can_make_a_later_revoke() -> None:
    """Law 67B2(b): C5, held all along, makes East's D2 discard a revoke."""
    state = played(started(), CLUBS_THEN_RUFF)
    outcome = rectify_defective_trick(
        state, Seat.E, 1, DefectKind.TOO_MANY, extra=(card("HQ"),), faced=card("HQ")
    )
    after = outcome.state
    assert after.completed[0].card_of(Seat.E) == card("HQ")
    [revoke] = after.revokes
    assert (revoke.seat, revoke.trick_number, revoke.card) == (Seat.E, 4, card("D2"))
    assert revoke.established is True


def test_an_exposed_extra_card_returned_to_a_defender_is_a_penalty_card() -> None:
    """Law 67B2 footnote: an exposed card going back to a defender's hand."""
    state = played(started(), TRICK_1 + " " + TRICK_2)
    outcome = rectify_defective_trick(
        state, Seat.E, 1, DefectKind.TOO_MANY, extra=(card("HQ"),), exposed=True
    )
    assert [pc.card for pc in outcome.state.penalty_cards] == [card("HQ")]


def test_an_extra_card_must_still_be_in_the_hand() -> None:
    """A card already played elsewhere cannot also be on the defective trick."""
    state = played(started(), TRICK_1 + " " + TRICK_2)
    with pytest.raises(CardNotHeld):
        rectify_defective_trick(
            state, Seat.E, 1, DefectKind.TOO_MANY, extra=(card("C6"),)
        )


def test_a_trick_not_yet_complete_is_not_defective() -> None:
    """Law 67: only a quitted trick can be found defective."""
    state = played(started(), "W:CA N:C2")
    with pytest.raises(DefectiveTrickRefused) as caught:
        rectify_defective_trick(state, Seat.E, 1, DefectKind.OMITTED, card=card("C5"))
    assert caught.value.law == LawRef("67")


def _all_cards(state: PlayState) -> list[Card]:
    in_hands = [c for seat in Seat for c in state.remaining(seat)]
    on_tricks = [pc.card for trick in state.completed for pc in trick.cards]
    return sorted([*in_hands, *on_tricks, *(pc.card for pc in state.current.cards)])


@settings(max_examples=40, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(min_value=2, max_value=12))
def test_a_late_omission_keeps_every_card_once_and_the_winner(
    rng: random.Random, tricks: int
) -> None:
    """Law 67B1: whatever card is placed, the pack stays whole and the winner stays."""
    state = play_randomly(random_start(rng), rng, until=tricks)
    number = rng.randint(1, tricks - 1)
    trick = state.completed[number - 1]
    seat = rng.choice([pc.seat for pc in trick.cards[1:]])
    recorded = trick.card_of(seat)
    assert recorded is not None
    assert trick.led_suit is not None
    choices = omitted_card_choices(state.remaining(seat) | {recorded}, trick.led_suit)
    placed = rng.choice(sorted(choices))
    outcome = rectify_defective_trick(
        state, seat, number, DefectKind.OMITTED, card=placed
    )
    after = outcome.state
    # Law 67B1(a) when the offender holds a card of the suit led, else (b).
    could_follow = any(c.suit is trick.led_suit for c in state.remaining(seat))
    could_follow = could_follow or recorded.suit is trick.led_suit
    assert outcome.law == LawRef("67B1(a)" if could_follow else "67B1(b)")
    assert _all_cards(after) == sorted(FULL_DECK)
    assert after.completed[number - 1].winner is trick.winner
    assert after.completed[number - 1].card_of(seat) == placed
    deemed = [r for r in after.revokes if r.kind is RevokeKind.DEFECTIVE_TRICK]
    assert len(deemed) == 1
