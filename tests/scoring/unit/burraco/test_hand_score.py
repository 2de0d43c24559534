"""The hand score, base and points (Codice di Gara Arts. 13, 17, 18, 23).

Every worked example of the digest's §4.4, as components and, where the
digest gives the cards, from the cards themselves.
"""

from dataclasses import replace

import pytest

from rules.burraco import (
    HandEnding,
    Sequence,
    art,
    meld_from_cards,
    parse_cards,
)
from scoring.burraco import (
    HandCount,
    InvalidHandScore,
    NotAMultipleOfFive,
    Pozzo,
    PozzoPenaltyColumn,
    SideHand,
    SideScore,
    score_hand,
    side_hand_from_table,
)

P = parse_cards
OPPONENTS_TOOK_POZZO = SideHand()


def _w1() -> HandCount:
    ns = side_hand_from_table(
        melds=[
            meld_from_cards(P("H4 H5 H6 H7 H8 H9 HT")),
            meld_from_cards(P("SK HK DK JK")),
            Sequence.laid(P("S3 S4 S5 S2 S7 S8 S9")),
        ],
        in_hand=P("SQ D4"),
        closed=True,
    )
    ew = side_hand_from_table(
        melds=[
            meld_from_cards(P("S8 S8 H8 H8 D8 D8 C8 JK")),
            meld_from_cards(P("DJ DQ DK DA")),
        ],
        in_hand=P("HA C2 S3") + P("D9 S9 JK"),
    )
    return HandCount(ending=HandEnding.CLOSED, ns=ns, ew=ew)


def test_w1_closure_from_the_cards() -> None:
    """W1: NS 400 + 155 = 555, EW 150 + 55 = 205, difference 350."""
    count = _w1()
    assert (count.ns.pulito, count.ns.sporco, count.ns.semipulito) == (1, 1, 0)
    assert (count.ns.meld_points, count.ns.hand_points) == (170, 15)
    assert (count.ew.semipulito, count.ew.meld_points, count.ew.hand_points) == (
        1,
        145,
        90,
    )
    score = score_hand(count)
    assert score.ns == SideScore(base=400, points=155)
    assert score.ew == SideScore(base=150, points=55)
    assert (score.ns.total, score.ew.total, score.difference) == (555, 205, 350)


def test_w1_from_components() -> None:
    """W1 as the scoring room enters it: counts and points."""
    score = score_hand(
        HandCount(
            ending=HandEnding.CLOSED,
            ns=SideHand(
                pulito=1, sporco=1, closed=True, meld_points=170, hand_points=15
            ),
            ew=SideHand(semipulito=1, meld_points=145, hand_points=90),
        )
    )
    assert (score.ns.total, score.ew.total) == (555, 205)


def test_w2_time_out_nobody_closes_ns_never_took_its_pozzo() -> None:
    """W2: NS 55 - 70 - 100 = -115; EW 200 + 85 - 40 = 245; no closing (Art. 15)."""
    ns = side_hand_from_table(
        melds=[meld_from_cards(P("SQ HQ DQ")), meld_from_cards(P("S5 S6 S7 S8"))],
        in_hand=P("SA HA SK S3 H3 S2"),
        pozzo=Pozzo.NOT_TAKEN,
    )
    ew = side_hand_from_table(
        melds=[
            meld_from_cards(P("S9 S9 H9 H9 D9 D9 C9")),
            meld_from_cards(P("C3 C4 C5")),
        ],
        in_hand=P("JK CJ"),
    )
    score = score_hand(HandCount(ending=HandEnding.TIME_OUT, ns=ns, ew=ew))
    assert score.ns == SideScore(base=0, points=-115)
    assert score.ew == SideScore(base=200, points=45)
    assert (score.ns.total, score.ew.total) == (-115, 245)


def test_w2_with_the_pozzo_penalty_in_the_base_column() -> None:
    """The digest's formula writes the -100 in the base (decision 0064)."""
    score = score_hand(
        HandCount(
            ending=HandEnding.TIME_OUT,
            ns=SideHand(meld_points=55, hand_points=70, pozzo=Pozzo.NOT_TAKEN),
            ew=SideHand(pulito=1, meld_points=85, hand_points=40),
        ),
        pozzo_column=PozzoPenaltyColumn.BASE,
    )
    assert score.ns == SideScore(base=-100, points=-15)
    assert score.ns.total == -115


def test_w3_penalties() -> None:
    """W3: 100 + 95 - 10 (excess K) - 20 (penalized pinella) - 10 (hand) = 155."""
    ew = side_hand_from_table(
        melds=[
            meld_from_cards(P("H6 H7 H8 H9 HT HJ JK")),
            meld_from_cards(P("S4 H4 D4")),
        ],
        negative=P("SK"),
        penalized=P("C2"),
        in_hand=P("S7 H7"),
    )
    assert (ew.sporco, ew.meld_points, ew.negative_meld_points) == (1, 95, 10)
    score = score_hand(
        HandCount(ending=HandEnding.STOCK_EXHAUSTED, ns=SideHand(), ew=ew)
    )
    assert score.ew == SideScore(base=100, points=55)
    assert score.ew.total == 155


def test_w4_neither_side_took_its_pozzo() -> None:
    """W4: melds 150, hand 45: 105, and no -100 for either line (Art. 18)."""
    score = score_hand(
        HandCount(
            ending=HandEnding.STOCK_EXHAUSTED,
            ns=SideHand(meld_points=150, hand_points=45, pozzo=Pozzo.NOT_TAKEN),
            ew=SideHand(meld_points=60, hand_points=80, pozzo=Pozzo.NOT_TAKEN),
        )
    )
    assert score.ns.total == 105
    assert score.ew.total == -20


def test_w5_pozzo_taken_but_not_played() -> None:
    """W5: sporco 100 + melds 140 - unplayed pozzo 125 = 115 (Art. 18)."""
    score = score_hand(
        HandCount(
            ending=HandEnding.TIME_OUT,
            ns=SideHand(
                sporco=1,
                meld_points=140,
                pozzo=Pozzo.TAKEN_NOT_PLAYED,
                unplayed_pozzo_points=125,
            ),
            ew=OPPONENTS_TOOK_POZZO,
        )
    )
    assert score.ns == SideScore(base=100, points=15)
    assert score.ns.total == 115


def test_w6_closing_with_no_pozzo_available_and_no_burraco() -> None:
    """W6: 100 closing + 100 arbitral + melds 210 = 410; no -100 (Art. 23; Q17)."""
    score = score_hand(
        HandCount(
            ending=HandEnding.CLOSED,
            ns=SideHand(closed=True, meld_points=210, pozzo=Pozzo.UNAVAILABLE),
            ew=OPPONENTS_TOOK_POZZO,
        )
    )
    assert score.ns == SideScore(base=200, points=210)
    assert score.ns.total == 410


def test_closing_with_no_pozzo_available_keeps_its_burraco() -> None:
    """With a burraco: closing and burraco, no arbitral 100 (Art. 23)."""
    score = score_hand(
        HandCount(
            ending=HandEnding.CLOSED,
            ns=SideHand(
                pulito=1, closed=True, meld_points=210, pozzo=Pozzo.UNAVAILABLE
            ),
            ew=OPPONENTS_TOOK_POZZO,
        )
    )
    assert score.ns == SideScore(base=300, points=210)


def test_a_pozzo_played_by_the_opponents_never_costs_100() -> None:
    """The line whose pozzo the others played is not charged (decision 0064)."""
    score = score_hand(
        HandCount(
            ending=HandEnding.STOCK_EXHAUSTED,
            ns=SideHand(meld_points=40, hand_points=30, pozzo=Pozzo.UNAVAILABLE),
            ew=SideHand(meld_points=300),
        )
    )
    assert score.ns.total == 10


def test_an_arbitral_bonus_goes_in_the_base() -> None:
    """Base = burraco + closing + arbitral bonus (Definizioni; Art. 18)."""
    score = score_hand(
        HandCount(
            ending=HandEnding.CLOSED,
            ns=SideHand(semipulito=2, closed=True, arbitral_bonus=50, meld_points=300),
            ew=SideHand(),
        )
    )
    assert score.ns == SideScore(base=450, points=300)


def test_a_stalled_hand_is_scored_as_it_stands() -> None:
    """No closing, the pozzo rule applies (Art. 16; decision 0065)."""
    score = score_hand(
        HandCount(
            ending=HandEnding.STALL,
            ns=SideHand(pulito=1, meld_points=120, hand_points=35),
            ew=SideHand(meld_points=45, hand_points=60, pozzo=Pozzo.NOT_TAKEN),
        )
    )
    assert (score.ns.total, score.ew.total) == (285, -115)


@pytest.mark.parametrize(
    ("ns", "message", "article"),
    [
        (SideHand(closed=True, meld_points=100), "without a burraco", 17),
        (
            SideHand(pulito=1, closed=True, meld_points=100, pozzo=Pozzo.NOT_TAKEN),
            "without going to its pozzo",
            17,
        ),
        (SideHand(pozzo=Pozzo.TAKEN_NOT_PLAYED), "unplayed pozzo", 18),
        (SideHand(unplayed_pozzo_points=60), "unplayed pozzo", 18),
        (SideHand(hand_points=-5), "is not a whole number of at least 0", 18),
        (SideHand(pulito=True), "is not a whole number of at least 0", 18),
    ],
)
def test_components_the_count_cannot_produce(
    ns: SideHand, message: str, article: int
) -> None:
    """Refused with the article of the rule they break."""
    with pytest.raises(InvalidHandScore, match=message) as refused:
        score_hand(HandCount(ending=HandEnding.CLOSED, ns=ns, ew=SideHand()))
    assert refused.value.law == art(article)


@pytest.mark.parametrize("field", ["meld_points", "hand_points", "arbitral_bonus"])
def test_points_that_are_not_multiples_of_five_are_refused(field: str) -> None:
    """Every card is worth a multiple of 5; so must an arbitral bonus be (Q18)."""
    ns = replace(SideHand(), **{field: 42})
    with pytest.raises(
        NotAMultipleOfFive, match=f"NS {field} 42 is not a multiple of 5"
    ):
        score_hand(HandCount(ending=HandEnding.TIME_OUT, ns=ns, ew=SideHand()))


def test_only_one_line_closes_and_only_in_a_closed_hand() -> None:
    """One closing a hand, and none when the hand ended otherwise (Arts. 15-17)."""
    closer = SideHand(pulito=1, closed=True, meld_points=100)
    with pytest.raises(InvalidHandScore, match="only one line can close"):
        score_hand(HandCount(ending=HandEnding.CLOSED, ns=closer, ew=closer))
    with pytest.raises(InvalidHandScore, match="needs the line that closed"):
        score_hand(HandCount(ending=HandEnding.CLOSED, ns=SideHand(), ew=SideHand()))
    with pytest.raises(InvalidHandScore, match="ends by time_out") as refused:
        score_hand(HandCount(ending=HandEnding.TIME_OUT, ns=closer, ew=SideHand()))
    assert refused.value.law == art(15)


def test_an_unavailable_pozzo_needs_the_other_line_to_have_taken_its_own() -> None:
    """Only a line that took its pozzo can have played the other's (Art. 23)."""
    with pytest.raises(InvalidHandScore, match="unavailable only"):
        score_hand(
            HandCount(
                ending=HandEnding.TIME_OUT,
                ns=SideHand(pozzo=Pozzo.UNAVAILABLE),
                ew=SideHand(pozzo=Pozzo.NOT_TAKEN),
            )
        )


def test_more_card_points_than_the_deck_holds_are_refused() -> None:
    """The two lines cannot count more than 1080 card points (Art. 1)."""
    with pytest.raises(InvalidHandScore, match="more card points than the deck"):
        score_hand(
            HandCount(
                ending=HandEnding.TIME_OUT,
                ns=SideHand(meld_points=900),
                ew=SideHand(meld_points=200),
            )
        )
