"""Properties: every hand score and MP difference is a multiple of 5, the VP
of a played turn sum to 20, the deck is worth 1080 (Arts. 1, 13, 18; Le
tabelle)."""

from dataclasses import replace
from itertools import pairwise

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rules.burraco import (
    DECK,
    JOKER,
    Card,
    Combination,
    HandEnding,
    MatchFormat,
    Meld,
    Rank,
    Sequence,
    Suit,
    cards_value,
)
from scoring.burraco import (
    HandCount,
    HandScore,
    Pozzo,
    PozzoPenaltyColumn,
    SideHand,
    score_hand,
    score_turn,
    side_hand_from_table,
)


def _natural(suit: Suit, place: int) -> Card:
    if place in (1, 14):
        return Card(suit, Rank.ACE)
    return Card(suit, Rank.TWO if place == 2 else Rank(place))


def _other_wild(suit: Suit) -> st.SearchStrategy[Card]:
    others = [Card(s, Rank.TWO) for s in Suit if s is not suit]
    return st.sampled_from([JOKER, *others])


@st.composite
def sequences(draw: st.DrawFn) -> Sequence:
    """A valid run: naturals in order, perhaps one wild in place of a card or
    at an end (Arts. 10-11)."""
    suit = draw(st.sampled_from(list(Suit)))
    length = draw(st.integers(min_value=3, max_value=13))
    start = draw(st.integers(min_value=1, max_value=15 - length))
    cards = [_natural(suit, p) for p in range(start, start + length)]
    how = draw(st.sampled_from(["none", "inside", "low", "high"]))
    if how == "inside":
        cards[draw(st.integers(0, length - 1))] = draw(_other_wild(suit))
    elif how == "low" and start > 1:
        cards.insert(0, draw(_other_wild(suit)))
    elif how == "high" and start + length <= 14:
        cards.append(draw(_other_wild(suit)))
    return Sequence.laid(cards)


@st.composite
def combinations(draw: st.DrawFn) -> Combination:
    """A valid combination: 2 to 8 naturals of a rank and at most one wild (Art. 12)."""
    rank = draw(st.sampled_from([r for r in Rank if r not in (Rank.TWO, Rank.JOKER)]))
    pool = [Card(s, rank) for s in Suit for _ in range(2)]
    naturals = draw(st.integers(min_value=2, max_value=8))
    wild = naturals == 2 or draw(st.booleans())
    cards = pool[:naturals] + (
        [draw(st.sampled_from([JOKER, Card(Suit.H, Rank.TWO)]))] if wild else []
    )
    return Combination.from_cards(cards)


melds: st.SearchStrategy[Meld] = st.one_of(sequences(), combinations())
cards = st.lists(st.sampled_from(DECK), max_size=11).map(tuple)


@st.composite
def sides(draw: st.DrawFn) -> tuple[SideHand, SideHand]:
    """Two lines' counts from cards on the table, one of them perhaps closing."""
    made: list[SideHand] = []
    for _ in range(2):
        made.append(
            side_hand_from_table(
                melds=draw(st.lists(melds, max_size=3)),
                in_hand=draw(cards),
                penalized=draw(st.lists(st.sampled_from(DECK), max_size=2)),
                negative=draw(st.lists(st.sampled_from(DECK), max_size=2)),
                pozzo=draw(st.sampled_from([Pozzo.PLAYED, Pozzo.NOT_TAKEN])),
            )
        )
    return made[0], made[1]


@st.composite
def hands(draw: st.DrawFn) -> HandScore:
    ns, ew = draw(sides())
    assume(ns.card_points + ew.card_points <= 1080)
    closer = draw(st.sampled_from(["none", "ns", "ew"]))
    ending = draw(
        st.sampled_from(
            [HandEnding.TIME_OUT, HandEnding.STOCK_EXHAUSTED, HandEnding.STALL]
        )
    )
    for name, side in (("ns", ns), ("ew", ew)):
        if closer == name and side.burraco and side.pozzo.taken:
            ending = HandEnding.CLOSED
            closed = replace(side, closed=True)
            ns, ew = (closed, ew) if name == "ns" else (ns, closed)
    column = draw(st.sampled_from(list(PozzoPenaltyColumn)))
    return score_hand(HandCount(ending=ending, ns=ns, ew=ew), pozzo_column=column)


@given(hand=hands())
def test_every_hand_score_is_a_multiple_of_five(hand: HandScore) -> None:
    """Base, points and total of both lines (Arts. 1, 13, 17, 18)."""
    for side in (hand.ns, hand.ew):
        assert side.base % 5 == 0
        assert side.points % 5 == 0
        assert side.total % 5 == 0
    assert hand.difference % 5 == 0


@settings(max_examples=50)
@given(
    fmt=st.sampled_from([MatchFormat.TWO_HANDS, MatchFormat.FOUR_HANDS]),
    played=st.lists(hands(), min_size=1, max_size=2),
    bonus=st.sampled_from([0, 150, 200]),
)
def test_every_mp_difference_is_a_multiple_of_five_and_vp_sum_to_20(
    fmt: MatchFormat, played: list[HandScore], bonus: int
) -> None:
    """The turn's difference has a row, and the two VP sum to 20 (Le tabelle)."""
    turn = score_turn(played, fmt, ns_bonus=bonus)
    assert turn.difference % 5 == 0
    assert sum(turn.vp) == 20


@given(order=st.permutations(DECK), cuts=st.lists(st.integers(0, 108), max_size=6))
def test_the_whole_deck_is_worth_1080_however_it_is_split(
    order: list[Card], cuts: list[int]
) -> None:
    """Melds, hands, pozzi, stock: the parts always add up to 1080 (Art. 1)."""
    bounds = [0, *sorted(cuts), 108]
    piles = [order[a:b] for a, b in pairwise(bounds)]
    assert sum(cards_value(pile) for pile in piles) == 1080
    assert all(cards_value(pile) % 5 == 0 for pile in piles)
