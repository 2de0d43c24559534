"""How a hand ends: closing, stock exhausted, time-out, stall (Arts. 15-17)."""

import pytest

from rules.burraco import (
    FinalRound,
    Go,
    HandEnding,
    Seat,
    TimeOutMoment,
    art,
    closing_bonus_due,
    final_round,
    is_stall,
    stock_exhausted,
)
from rules.burraco.articles import powers


def test_the_closing_bonus_needs_pozzo_burraco_and_discard() -> None:
    """Pozzo taken, at least one burraco, last card discarded (Art. 17)."""
    assert closing_bonus_due(pozzo_taken=True, burraco=1, discarded=True) is True
    assert closing_bonus_due(pozzo_taken=False, burraco=1, discarded=True) is False
    assert closing_bonus_due(pozzo_taken=True, burraco=0, discarded=True) is False
    assert closing_bonus_due(pozzo_taken=True, burraco=2, discarded=False) is False


@pytest.mark.parametrize(
    ("left", "ends"), [(5, False), (3, False), (2, True), (0, True)]
)
def test_the_last_two_stock_cards_are_not_played(left: int, ends: bool) -> None:
    """The hand ends at the discard of whoever drew the third-to-last (Art. 17)."""
    assert stock_exhausted(left) is ends


def test_a_negative_stock_is_refused() -> None:
    """A stock cannot hold fewer than no cards."""
    with pytest.raises(ValueError, match="-1 is not a number of cards"):
        stock_exhausted(-1)


def test_only_a_closed_hand_scores_the_closing() -> None:
    """Stock exhausted, time-out, stall: no line gets the 100 (Arts. 15-17)."""
    assert [e for e in HandEnding if e.closing_bonus_possible] == [HandEnding.CLOSED]


def test_each_ending_names_its_article() -> None:
    """Every way a hand ends cites the rule that governs it."""
    assert HandEnding.CLOSED.law == art(17)
    assert HandEnding.STOCK_EXHAUSTED.law == art(17)
    assert HandEnding.TIME_OUT.law == art(15)
    assert HandEnding.STALL.law == art(16)
    assert HandEnding.SUSPENDED.law == powers("e")
    assert HandEnding.SUSPENDED_FOR_MISCONDUCT.law == art(38)
    assert HandEnding.ARBITRAL.law == art(36)


def test_time_out_in_play_starts_with_the_player_served_first() -> None:
    """The final round runs from the first player served to the dealer (Art. 15)."""
    assert final_round(TimeOutMoment.PLAY, dealer=Seat.N) == FinalRound(
        first=Seat.E, last=Seat.N, from_next_go=False
    )


def test_time_out_after_the_first_player_drew_waits_for_the_next_go() -> None:
    """If that player already drew, the round starts at their next go (Art. 15)."""
    assert final_round(
        TimeOutMoment.PLAY, dealer=Seat.W, first_player_started=True
    ) == FinalRound(first=Seat.N, last=Seat.W, from_next_go=True)


def test_time_out_during_the_deal_gives_one_full_round() -> None:
    """Called before the first draw or pick-up: one full round (Art. 15)."""
    assert final_round(
        TimeOutMoment.DEALING, dealer=Seat.S, first_player_started=True
    ) == FinalRound(first=Seat.W, last=Seat.S, from_next_go=False)


@pytest.mark.parametrize("moment", [TimeOutMoment.BEFORE_DEAL, TimeOutMoment.COUNTING])
def test_time_out_before_the_deal_or_at_the_count_ends_play(
    moment: TimeOutMoment,
) -> None:
    """During the count, the score sheet, or before dealing: play ends (Art. 15)."""
    assert final_round(moment, dealer=Seat.E) is None


def test_four_card_swaps_in_the_directors_presence_are_a_stall() -> None:
    """All four only swap a card: the director stops the hand (Art. 16)."""
    assert is_stall([Go()] * 4) is True
    assert is_stall([Go(), Go(attached=True), Go(), Go()]) is False
    assert is_stall([Go(), Go(), Go(drew_from_stock=True), Go()]) is False


def test_a_stall_is_judged_on_four_goes() -> None:
    """The director watches each of the four players (Art. 16)."""
    with pytest.raises(ValueError, match="four players' goes"):
        is_stall([Go()] * 3)


def test_seats_turn_clockwise() -> None:
    """The deal runs clockwise; the pozzi-maker sits on the dealer's right (Art. 4)."""
    assert [Seat.N.next(i) for i in range(4)] == [Seat.N, Seat.E, Seat.S, Seat.W]
    assert Seat.N.pozzi_maker is Seat.W
    assert Seat.E.partner is Seat.W
    assert Seat.S.side.opponents.value == "EW"
