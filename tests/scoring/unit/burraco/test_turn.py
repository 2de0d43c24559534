"""A turn's totals, MP difference and VP (Le tabelle; Arts. 6, 15, 39)."""

import pytest

from rules.burraco import HandEnding, MatchFormat, art
from scoring.burraco import (
    HandScore,
    InvalidTurn,
    NotAMultipleOfFive,
    SideScore,
    score_turn,
    team_match_difference,
    vp_for_difference,
)

F = MatchFormat


def _hand(ns: int, ew: int) -> HandScore:
    return HandScore(HandEnding.CLOSED, SideScore(0, ns), SideScore(0, ew))


def test_four_hands_total_difference_and_vp() -> None:
    """Sum the hands; the difference picks the row (Le tabelle)."""
    turn = score_turn(
        [_hand(555, 205), _hand(-115, 245), _hand(300, 90), _hand(155, 105)],
        F.FOUR_HANDS,
    )
    assert (turn.ns_total, turn.ew_total, turn.difference) == (895, 645, 250)
    assert turn.vp == (11, 9)
    assert turn.running_differences == (350, -10, 200, 250)


def test_a_lateness_bonus_goes_to_the_side_present_before_the_lookup() -> None:
    """+150 MP to the side present turns 250 into 400: 12-8 (Art. 39)."""
    turn = score_turn(
        [_hand(555, 205), _hand(-115, 245), _hand(300, 90), _hand(155, 105)],
        F.FOUR_HANDS,
        ns_bonus=150,
    )
    assert turn.difference == 400
    assert turn.vp == (12, 8)
    assert turn.running_differences == (500, 140, 350, 400)


def test_a_time_out_may_leave_fewer_hands() -> None:
    """Play may end before every hand is dealt (Art. 15)."""
    turn = score_turn([_hand(100, 300)], F.THREE_HANDS)
    assert turn.vp == vp_for_difference(-200, F.THREE_HANDS) == (8, 12)


def test_more_hands_than_the_format_are_refused() -> None:
    """A turn of 2 hands holds 2 (Art. 6)."""
    with pytest.raises(InvalidTurn, match="at most 2 hands, not 3") as refused:
        score_turn([_hand(0, 0)] * 3, F.TWO_HANDS)
    assert refused.value.law == art(6)


def test_bonuses_are_positive_multiples_of_five() -> None:
    """Art. 39's bonuses are 150 and 200."""
    with pytest.raises(InvalidTurn, match="not negative"):
        score_turn([], F.FOUR_HANDS, ew_bonus=-150)
    with pytest.raises(NotAMultipleOfFive, match="lateness bonus 151"):
        score_turn([], F.FOUR_HANDS, ew_bonus=151)


def test_a_team_match_adds_the_two_rooms() -> None:
    """Open room +420, closed room -170: +250 for the team, 11-9 (decision 0069)."""
    difference = team_match_difference(420, -170)
    assert difference == 250
    assert vp_for_difference(difference, F.TEAMS) == (11, 9)


def test_a_room_difference_not_a_multiple_of_five_is_refused() -> None:
    """Each room's difference is a multiple of 5 (Le tabelle)."""
    with pytest.raises(NotAMultipleOfFive, match="closed room's difference"):
        team_match_difference(420, -172)
