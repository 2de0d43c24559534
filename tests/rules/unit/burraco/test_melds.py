"""Sequences and combinations, and how wilds stand in them (Arts. 5, 10-12)."""

import pytest

from rules.burraco import (
    Combination,
    InvalidMeld,
    Sequence,
    art,
    meld_from_cards,
    parse_cards,
)


def _seq(text: str) -> Sequence:
    return Sequence.from_cards(parse_cards(text))


def test_a_clean_run_has_no_wild() -> None:
    """♥4 to ♥10 is a sequence of one suit, in order, with no wild (Art. 11)."""
    run = _seq("H4 H5 H6 H7 H8 H9 HT")
    assert str(run) == "H4 H5 H6 H7 H8 H9 HT"
    assert run.start == 4
    assert run.wild is None
    assert run.points == 50


def test_cards_given_in_disorder_make_the_same_sequence() -> None:
    """A disordered valid run is no fault and is read in order (Art. 11)."""
    assert str(_seq("H9 H4 HT H6 H5 H8 H7")) == "H4 H5 H6 H7 H8 H9 HT"


def test_a_wild_fills_the_gap_it_stands_for() -> None:
    """♠3 4 5 pinella 7 8 9: the 2 stands as the ♠6 (Art. 10)."""
    run = _seq("S3 S4 S5 S7 S8 S9 H2")
    assert str(run) == "S3 S4 S5 H2 S7 S8 S9"
    assert run.wild_index == 3
    assert run.points == 60


def test_a_free_wild_goes_to_the_lowest_place() -> None:
    """A wild not filling a gap stands below the run (Art. 10)."""
    run = _seq("C3 C4 C5 C6 C7 C8 C9 JK")
    assert str(run) == "JK C3 C4 C5 C6 C7 C8 C9"
    assert run.start == 2
    assert run.wild_index == 0


def test_a_free_wild_goes_above_a_run_from_the_low_ace() -> None:
    """Below the low ace there is no place: the wild goes on top (Art. 11)."""
    run = _seq("SA S2 S3 JK")
    assert str(run) == "SA S2 S3 JK"
    assert run.wild_index == 3


def test_a_two_of_the_suit_before_the_three_is_the_natural_two() -> None:
    """The pinella of the run's suit before the 3 is the natural 2 (Art. 10)."""
    run = _seq("S2 S3 S4 S5 S6 S7 S8")
    assert run.wild is None
    assert run.start == 2


def test_a_natural_two_and_a_further_wild() -> None:
    """With the natural 2 in place one more wild may be attached (Art. 10)."""
    run = _seq("S2 S3 S4 S2")
    assert str(run) == "S2 S2 S3 S4"
    assert run.start == 1
    assert run.wild_index == 0


def test_a_two_of_the_suit_away_from_the_three_is_wild() -> None:
    """♠2 with ♠4 ♠5 stands as the ♠3: a wild (Art. 10)."""
    run = _seq("S4 S5 S2")
    assert run.start == 3
    assert run.wild_index == 0


def test_the_ace_goes_below_the_two_or_above_the_king() -> None:
    """A-2-3 and Q-K-A are both sequences (Art. 11)."""
    assert _seq("SA S2 S3").start == 1
    high = _seq("SQ SK SA")
    assert high.start == 12
    assert str(high) == "SQ SK SA"


def test_the_longest_sequence_is_thirteen_cards_and_a_wild() -> None:
    """A-2-3 ... K plus (2) or (jolly): fourteen cards (Art. 11)."""
    run = _seq("SA SK SQ SJ ST S9 S8 S7 S6 S5 S4 S3 S2 JK")
    assert len(run) == 14
    assert run.wild_index == 13
    assert run.start == 1


def test_laid_keeps_the_wild_where_it_was_put() -> None:
    """A wild keeps its place even in its owner's go (Art. 10, example 1)."""
    moved = Sequence.laid(parse_cards("S3 S4 S5 S6 S2 S8"))
    assert moved.wild_index == 4
    assert moved.start == 3


def test_laid_with_the_two_in_place_is_natural() -> None:
    """Laid as 2♠ 3♠ ... the pinella is the natural 2 (Art. 10, example 2)."""
    assert Sequence.laid(parse_cards("S2 S3 S4 S5 S6")).wild is None


def test_laid_swapped_natural_two_and_pinella_is_mere_disorder() -> None:
    """2♠ 2♦ 3♦ opened at once: the twos may be swapped back (Art. 10, ex. 3)."""
    assert Sequence.laid(parse_cards("S2 D2 D3")).wild_index == 0
    assert str(_seq("D2 S2 D3")) == "S2 D2 D3"


@pytest.mark.parametrize(
    ("text", "message", "article"),
    [
        ("S3 S4 H5", "a sequence is of one suit", 11),
        ("S3 JK JK", "is not a sequence", 11),
        ("S3 S5 S7 JK", "is not a sequence", 11),
        ("S3 S3 S4", "holds each rank once", 11),
        ("S4 S5", "has 3 to 14 cards, not 2", 11),
        ("H2 JK D2", "needs a natural card", 10),
        ("SA S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK SA", "holds each rank once", 11),
    ],
)
def test_what_is_no_sequence_is_refused_with_its_article(
    text: str, message: str, article: int
) -> None:
    """Cards that form no sequence are refused, naming Art. 10 or 11."""
    with pytest.raises(InvalidMeld, match=message) as refused:
        Sequence.from_cards(parse_cards(text))
    assert refused.value.code == "invalid_meld"
    assert refused.value.law == art(article)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("S5 S3 S4", "is not in sequence as laid"),
        ("S3 S4 JK H2", "at most one wild"),
        ("SK SA S2", "is not in sequence as laid"),
    ],
)
def test_laid_out_of_order_or_with_two_wilds_is_refused(
    text: str, message: str
) -> None:
    """As laid, each card must stand at the next place (Arts. 10-11)."""
    with pytest.raises(InvalidMeld, match=message):
        Sequence.laid(parse_cards(text))


def test_fourteen_natural_cards_are_refused() -> None:
    """Thirteen naturals at most: the fourteenth card must be a wild (Art. 11)."""
    with pytest.raises(InvalidMeld, match="at most thirteen natural cards"):
        Sequence.laid(parse_cards("SA S2 S3 S4 S5 S6 S7 S8 S9 ST SJ SQ SK SA"))


def test_a_combination_of_eight_naturals_and_a_wild() -> None:
    """Up to eight naturals plus one wild, nine cards (Art. 12)."""
    combo = Combination.from_cards(parse_cards("SQ SQ HQ HQ DQ DQ CQ CQ JK"))
    assert len(combo) == 9
    assert combo.wild == parse_cards("JK")[0]
    assert combo.points == 110


def test_two_naturals_and_a_wild_are_a_combination() -> None:
    """Three cards or more, one of them a wild (Art. 12; decision 0063)."""
    combo = meld_from_cards(parse_cards("SK HK C2"))
    assert isinstance(combo, Combination)
    assert combo.points == 40


@pytest.mark.parametrize(
    ("text", "message", "article"),
    [
        ("SK HK", "has 3 to 9 cards, not 2", 12),
        ("SK HK DQ", "is not of one rank", 12),
        ("SK HK JK D2", "at most one wild", 12),
        ("H2 D2 S2", "no combination of wilds", 10),
        ("HK HK HK SK", "holds HK at most twice", 5),
    ],
)
def test_what_is_no_combination_is_refused(
    text: str, message: str, article: int
) -> None:
    """Combinations: one rank, one wild at most, no combination of wilds."""
    with pytest.raises(InvalidMeld, match=message) as refused:
        Combination.from_cards(parse_cards(text))
    assert refused.value.law == art(article)


def test_meld_from_cards_tells_a_combination_from_a_sequence() -> None:
    """Two naturals of one rank make a combination; otherwise a run."""
    assert isinstance(meld_from_cards(parse_cards("S7 H7 D7")), Combination)
    assert isinstance(meld_from_cards(parse_cards("S7 S8 S9")), Sequence)
    assert isinstance(meld_from_cards(parse_cards("S3 S2 JK")), Sequence)
