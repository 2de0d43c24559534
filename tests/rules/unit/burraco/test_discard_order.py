"""Discarding by rule: value first, then suit (Definizioni; decision 0066)."""

from rules.burraco import discard_by_rule, parse_cards


def test_value_before_suit() -> None:
    """The 8♥ (10) goes before the K♠ (10) by suit, both before the 7♥ (5)."""
    order = discard_by_rule(parse_cards("H7 SK H8"))
    assert [str(c) for c in order] == ["H8", "SK", "H7"]


def test_the_jolly_then_pinelle_then_aces() -> None:
    """Highest value first: jolly 30, 2 20, ace 15 (Definizioni; Art. 1)."""
    order = discard_by_rule(parse_cards("SA D2 JK H2 C3"))
    assert [str(c) for c in order] == ["JK", "H2", "D2", "SA", "C3"]


def test_equal_value_and_suit_go_by_rank() -> None:
    """K♥ before 8♥: the only order left is rank (Art. 1)."""
    order = discard_by_rule(parse_cards("H8 HK HJ"))
    assert [str(c) for c in order] == ["HK", "HJ", "H8"]
