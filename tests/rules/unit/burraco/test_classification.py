"""The burraco: pulito, semipulito or sporco (Art. 13; decision 0063)."""

import pytest

from rules.burraco import (
    BurracoKind,
    Sequence,
    WildInsideRun,
    classify,
    meld_from_cards,
    parse_cards,
)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("C3 C4 C5 C6 C7 C8 C9", BurracoKind.PULITO),
        ("C3 C4 C5 C6 C7 C8 C9 JK", BurracoKind.SEMIPULITO),
        ("C3 C4 C5 JK C7 C8 C9", BurracoKind.SPORCO),
        ("SQ SQ HQ HQ DQ DQ JK", BurracoKind.SPORCO),
        ("SQ SQ HQ HQ DQ DQ CQ H2", BurracoKind.SEMIPULITO),
        ("SQ SQ HQ HQ DQ DQ CQ CQ JK", BurracoKind.SEMIPULITO),
        ("S2 S3 S4 S5 S6 S7 S8", BurracoKind.PULITO),
        ("H4 H5 H6 H7 H8 H9 HT", BurracoKind.PULITO),
        ("S3 S4 S5 H2 S7 S8 S9", BurracoKind.SPORCO),
        ("S8 S8 H8 H8 D8 D8 C8 JK", BurracoKind.SEMIPULITO),
        ("S9 S9 H9 H9 D9 D9 C9", BurracoKind.PULITO),
    ],
)
def test_the_digests_examples(text: str, kind: BurracoKind) -> None:
    """Every example of digest §2.2 and the melds of §4.4 (Art. 13)."""
    assert classify(meld_from_cards(parse_cards(text))) is kind


def test_fewer_than_seven_cards_are_no_burraco() -> None:
    """A burraco has at least seven cards (Art. 13)."""
    assert classify(meld_from_cards(parse_cards("H4 H5 H6 H7 H8 H9"))) is None


def test_values_and_markings() -> None:
    """Pulito 200, semipulito 150, sporco 100, each with its marking (Art. 13)."""
    assert [k.bonus for k in BurracoKind] == [200, 150, 100]
    assert BurracoKind.PULITO.sideways == "the last two cards turned sideways"
    assert BurracoKind.SEMIPULITO.sideways == "the second-to-last card turned sideways"
    assert BurracoKind.SPORCO.sideways == "the last card turned sideways"


def test_a_wild_before_seven_cards_is_semipulito() -> None:
    """The wild may precede the seven cards, as the low end (Art. 13)."""
    run = Sequence.laid(parse_cards("JK D4 D5 D6 D7 D8 D9 DT"))
    assert classify(run) is BurracoKind.SEMIPULITO


def test_a_natural_two_and_a_wild_above_seven_is_semipulito() -> None:
    """The natural 2 counts among the seven cards the wild follows (Art. 13)."""
    run = Sequence.laid(parse_cards("S2 S3 S4 S5 S6 S7 S8 JK"))
    assert classify(run) is BurracoKind.SEMIPULITO


def test_a_seven_card_combination_with_a_wild_is_sporco() -> None:
    """Semipulito needs eight cards in a combination (Art. 13)."""
    combo = meld_from_cards(parse_cards("SK SK HK HK DK DK JK"))
    assert classify(combo) is BurracoKind.SPORCO


INSIDE = "D3 D4 D5 D6 D7 D8 D9 JK DJ"
"""A jolly standing as the ♦10 with seven cards below and one above."""


def test_a_wild_inside_the_run_after_seven_cards_is_semipulito_by_default() -> None:
    """Q12: the wild "follows seven cards" on the letter of Art. 13."""
    run = Sequence.laid(parse_cards(INSIDE))
    assert run.wild_index == 7
    assert classify(run) is BurracoKind.SEMIPULITO


def test_the_strict_reading_wants_the_wild_at_an_end() -> None:
    """WildInsideRun.SPORCO: only a wild at an end makes it semipulito."""
    run = Sequence.laid(parse_cards(INSIDE))
    assert classify(run, wild_inside_run=WildInsideRun.SPORCO) is BurracoKind.SPORCO
    at_end = Sequence.laid(parse_cards("D3 D4 D5 D6 D7 D8 D9 JK"))
    assert (
        classify(at_end, wild_inside_run=WildInsideRun.SPORCO) is BurracoKind.SEMIPULITO
    )


def test_a_wild_with_fewer_than_seven_on_each_side_is_sporco() -> None:
    """Six below and two above: sporco under both readings (Art. 13)."""
    run = Sequence.laid(parse_cards("D3 D4 D5 D6 D7 D8 JK DT DJ"))
    for reading in WildInsideRun:
        assert classify(run, wild_inside_run=reading) is BurracoKind.SPORCO
