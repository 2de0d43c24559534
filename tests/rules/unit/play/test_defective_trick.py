"""Defective tricks discovered after the next trick (Law 67B)."""

import pytest

from rules.bridge import Card, Seat
from rules.bridge.defective_trick import (
    card_left_among_played,
    deemed_revoke,
    omitted_card_choices,
)
from rules.bridge.revoke import trick_transfer
from rules.bridge.trick import Trick
from rules.errors import LawRef
from tests.support.play import cards

HEARTS = Card.parse("H2").suit


def test_an_offender_who_omitted_to_play_places_a_card_of_the_suit_led() -> None:
    """Law 67B1(a): a card of the suit led if he has one."""
    assert omitted_card_choices(cards(["H5", "HK", "S2"]), HEARTS) == cards(
        ["H5", "HK"]
    )


def test_an_offender_void_in_the_suit_led_places_any_card() -> None:
    """Law 67B1(b): any card when he has none of the suit led."""
    assert omitted_card_choices(cards(["S2", "D3"]), HEARTS) == cards(["S2", "D3"])


def test_the_deemed_revoke_costs_one_trick_if_the_offenders_won_it_or_a_later_one() -> (
    None
):
    """Law 67B1: deemed revoke, one trick transferred under Law 64A2."""
    revoke = deemed_revoke(Seat.E, 2, Card.parse("H5"), HEARTS)
    tricks = tuple(
        Trick(n, Seat.N, winner=w) for n, w in enumerate([Seat.N, Seat.N, Seat.W], 1)
    )
    transfer = trick_transfer(revoke, tricks, (revoke,))
    assert (transfer.tricks, transfer.law) == (1, LawRef("67B1"))


def test_with_several_cards_played_the_one_faced_stays() -> None:
    """Law 67B2(a): the card faced stays; otherwise the highest he could legally play."""
    played = [Card.parse("H5"), Card.parse("S2"), Card.parse("HK")]
    assert card_left_among_played(played, HEARTS, faced=Card.parse("H5")) == Card.parse(
        "H5"
    )
    assert card_left_among_played(played, HEARTS) == Card.parse("HK")
    with pytest.raises(ValueError, match="not played"):
        card_left_among_played(played, HEARTS, faced=Card.parse("DA"))
