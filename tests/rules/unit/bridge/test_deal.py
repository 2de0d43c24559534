"""Deals and their PBN text (Law 6; Laws 13-14 for irregular boards)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge import FULL_DECK, Card, Deal, Seat, random_deal

PBN = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_from_pbn_reads_hands_clockwise_from_the_first_seat() -> None:
    """The first hand belongs to the named seat, then clockwise."""
    deal = Deal.from_pbn(PBN)
    assert deal.holder_of(Card.parse("SA")) is Seat.N
    assert deal.holder_of(Card.parse("CA")) is Seat.E
    assert deal.holder_of(Card.parse("DA")) is Seat.S
    assert deal.holder_of(Card.parse("HA")) is Seat.W
    assert len(deal.hand(Seat.W)) == 13
    assert deal.hands[Seat.N] == deal.hand(Seat.N)


def test_to_pbn_round_trips_and_rotates() -> None:
    """to_pbn gives back the text; a different first seat names the same deal."""
    deal = Deal.from_pbn(PBN)
    assert deal.to_pbn() == PBN
    assert str(deal) == PBN
    east_first = deal.to_pbn(Seat.E)
    assert east_first.startswith("E:T98.765.432.AKQJ ")
    assert Deal.from_pbn(east_first) == deal


def test_voids_are_empty_between_dots() -> None:
    """A void suit is an empty holding."""
    text = "W:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    deal = Deal.from_pbn(text)
    assert deal.holder_of(Card.parse("S2")) is Seat.W
    assert deal.holder_of(Card.parse("C2")) is Seat.S
    assert Deal.from_pbn(deal.to_pbn(Seat.W)) == deal
    assert deal.to_pbn(Seat.W) == text


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(list(Seat)))
def test_random_deals_round_trip_through_pbn(rng: random.Random, first: Seat) -> None:
    """Any deal survives a PBN round trip from any first seat (Law 6)."""
    deal = random_deal(rng)
    assert Deal.from_pbn(deal.to_pbn(first)) == deal
    assert frozenset().union(*deal.hands.values()) == frozenset(FULL_DECK)


def test_random_deal_defaults_to_a_secure_source() -> None:
    """Without an rng the deal still has 13 cards each."""
    deal = random_deal()
    assert all(len(deal.hand(seat)) == 13 for seat in Seat)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "AKQJ.T98.765.432",
        "Q:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98",
        "N:AKQJ.T98.765 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
        "N:AKQJ.T98.765.43Z T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
    ],
)
def test_from_pbn_refuses_malformed_text(text: str) -> None:
    """Malformed PBN deal text is refused."""
    with pytest.raises(ValueError, match="is not"):
        Deal.from_pbn(text)


def test_from_pbn_refuses_a_card_in_two_hands() -> None:
    """52 distinct cards: the spade ace cannot be in two hands (Law 6)."""
    text = "N:AKQJ.T98.765.432 AT98.765.432.AKQ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    with pytest.raises(ValueError, match="a card appears in two hands"):
        Deal.from_pbn(text)


def test_from_pbn_refuses_a_repeated_card_in_one_hand() -> None:
    """A hand cannot hold the same card twice."""
    text = "N:AAKQJ.T98.765.43 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
    with pytest.raises(ValueError, match="repeats a card"):
        Deal.from_pbn(text)


def test_wrong_count_needs_allow_irregular() -> None:
    """14 and 12 cards are refused unless the board is irregular (Laws 13-14)."""
    text = "N:AKQJ2.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 43.AKQJ.T98.765"
    with pytest.raises(ValueError, match="holds 14 cards, not 13"):
        Deal.from_pbn(text)
    deal = Deal.from_pbn(text, allow_irregular=True)
    assert deal.is_regular is False
    assert len(deal.hand(Seat.N)) == 14


def test_missing_cards_and_unknown_hand_need_allow_irregular() -> None:
    """A missing hand ("-") is accepted only for an irregular board (Law 14)."""
    text = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 -"
    with pytest.raises(ValueError, match="is not a hand"):
        Deal.from_pbn(text)
    deal = Deal.from_pbn(text, allow_irregular=True)
    assert deal.hand(Seat.W) == frozenset()
    with pytest.raises(ValueError, match="is not in the deal"):
        deal.holder_of(Card.parse("HA"))


def test_deal_is_immutable_and_hashable() -> None:
    """A deal is a value: equal deals hash equal and cannot be changed."""
    deal = Deal.from_pbn(PBN)
    assert hash(deal) == hash(Deal.from_pbn(deal.to_pbn(Seat.S)))
    with pytest.raises(AttributeError):
        deal._hands = ()  # type: ignore[misc, assignment]
    with pytest.raises(TypeError):
        deal.hands[Seat.N] = frozenset()  # type: ignore[index]


def test_mapping_constructor_needs_all_four_seats() -> None:
    """A deal has one hand per seat."""
    deal = Deal.from_pbn(PBN)
    hands = dict(deal.hands)
    assert Deal(hands) == deal
    del hands[Seat.W]
    with pytest.raises(ValueError, match="a hand for each"):
        Deal(hands)
