"""Cards, suits and ranks (Law 1A)."""

import pytest

from rules.bridge import FULL_DECK, Card, Denomination, Rank, Suit


def test_full_deck_has_52_distinct_cards() -> None:
    """A pack has 52 cards, four suits of 13 (Law 1A)."""
    assert len(FULL_DECK) == 52
    assert len(set(FULL_DECK)) == 52
    for suit in Suit:
        assert sum(1 for card in FULL_DECK if card.suit is suit) == 13


def test_suits_rank_clubs_lowest_spades_highest() -> None:
    """Suit rank, highest first: spades, hearts, diamonds, clubs (Law 1A)."""
    assert [s.rank for s in (Suit.C, Suit.D, Suit.H, Suit.S)] == [0, 1, 2, 3]


def test_ranks_order_ace_high() -> None:
    """Card rank, highest first: A K Q J 10 ... 2 (Law 1A)."""
    assert Rank.ACE > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.TEN > Rank.TWO
    assert [r.symbol for r in Rank] == list("23456789TJQKA")


@pytest.mark.parametrize("card", FULL_DECK)
def test_card_text_round_trips(card: Card) -> None:
    """str(card) is suit letter then rank symbol, and parses back."""
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card


def test_card_text_examples() -> None:
    """ "SA" is the ace of spades; the ten is "T" and also accepted as "10"."""
    assert str(Card(Suit.S, Rank.ACE)) == "SA"
    assert Card.parse("S10") == Card(Suit.S, Rank.TEN)
    assert Card.parse("HT") == Card(Suit.H, Rank.TEN)
    assert Rank.parse("10") is Rank.TEN


@pytest.mark.parametrize("text", ["", "S", "A", "S1", "SX", "ZA", "S11", "SAK", "1S"])
def test_card_parse_refuses_bad_input(text: str) -> None:
    """A bad card is refused with a message naming the input."""
    with pytest.raises(ValueError, match="is not a card"):
        Card.parse(text)


def test_denominations_rank_notrump_highest() -> None:
    """Denomination rank, highest first: NT, S, H, D, C (Law 18E)."""
    assert [d.rank for d in Denomination] == [0, 1, 2, 3, 4]
    assert Denomination.NT.suit is None
    assert Denomination.H.suit is Suit.H
    assert Denomination.parse("n") is Denomination.NT
    with pytest.raises(ValueError, match="is not a denomination"):
        Denomination.parse("Z")
