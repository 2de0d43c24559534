"""Incomplete designations of dummy's card resolved by Law 46B."""

import pytest

from rules.bridge import Contract, Seat
from rules.bridge.card import Rank, Suit
from rules.bridge.dummy_designation import Designation, resolve_designation
from rules.bridge.errors import DefenderMustChoose, DesignationNeedsRuling
from rules.errors import LawRef
from tests.support.play import card, played, started

# North is dummy in 4S by South: S AKQJ  H T98  D 765  C 432.
HEART_LED = "W:H6"
EAST_WINS_THEN_LEADS_TRUMP = "W:H2 N:H8 E:HA S:H7 E:S7 S:S2 W:H3"
DUMMY_WINS_WITH_SJ = EAST_WINS_THEN_LEADS_TRUMP + " N:SJ"


@pytest.mark.parametrize(
    ("designation", "expected", "law"),
    [
        (Designation.HIGH, "HT", "46B1(a)"),
        (Designation.LOW, "H8", "46B1(c)"),
    ],
)
def test_high_and_low_name_the_extreme_card_of_the_suit_led(
    designation: Designation, expected: str, law: str
) -> None:
    """Law 46B1(a), (c): "high" / "low" mean the highest / lowest of the suit played."""
    resolved = resolve_designation(played(started(), HEART_LED), designation)
    assert resolved.card == card(expected)
    assert resolved.law == LawRef(law)


def test_a_suit_alone_names_its_lowest_card() -> None:
    """Law 46B2: a suit without a rank is the lowest card of that suit."""
    state = played(started(), HEART_LED)
    resolved = resolve_designation(state, Designation.SUIT, suit=Suit.D)
    assert (resolved.card, resolved.law) == (card("D5"), LawRef("46B2"))


def test_win_in_fourth_seat_is_the_lowest_card_that_wins() -> None:
    """Law 46B1(b): the lowest card known to win the trick (SJ over East's S7)."""
    state = played(started(), EAST_WINS_THEN_LEADS_TRUMP)
    resolved = resolve_designation(state, Designation.WIN)
    assert (resolved.card, resolved.law) == (card("SJ"), LawRef("46B1(b)"))


def test_win_on_lead_needs_a_card_no_unseen_card_beats() -> None:
    """Law 46B1(b): leading, SQ is the lowest trump above East's ST98."""
    state = played(started(), DUMMY_WINS_WITH_SJ)
    assert state.turn is Seat.N
    resolved = resolve_designation(state, Designation.WIN)
    assert resolved.card == card("SQ")


def test_win_with_no_card_known_to_win_needs_a_ruling() -> None:
    """Law 46B1(b): East still to play holds HAKQ, so no heart of dummy's is known."""
    with pytest.raises(DesignationNeedsRuling) as caught:
        resolve_designation(played(started(), "W:H2"), Designation.WIN)
    assert caught.value.law == LawRef("46B1(b)")
    assert caught.value.code == "designation_needs_ruling"


def test_a_rank_when_leading_continues_the_suit_dummy_won_with() -> None:
    """Law 46B3(a): "the queen" after dummy won in spades is SQ."""
    state = played(started(), DUMMY_WINS_WITH_SJ)
    resolved = resolve_designation(state, Designation.RANK, rank=Rank.QUEEN)
    assert (resolved.card, resolved.law) == (card("SQ"), LawRef("46B3(a)"))


def test_a_rank_not_in_that_suit_is_the_one_legal_card_of_that_rank() -> None:
    """Law 46B3(b): no S5 in dummy, so "the five" is D5, the one legal five."""
    state = played(started(), DUMMY_WINS_WITH_SJ)
    resolved = resolve_designation(state, Designation.RANK, rank=Rank.FIVE)
    assert (resolved.card, resolved.law) == (card("D5"), LawRef("46B3(b)"))


def test_two_legal_cards_of_the_rank_make_declarer_say_which() -> None:
    """Law 46B3(b): dummy (South in 4S by North) leads holding HJ and CJ."""
    state = played(started(Contract.parse("4SN")), "E:D2 S:DA W:D8 N:D5")
    assert state.turn is Seat.S
    with pytest.raises(DesignationNeedsRuling) as caught:
        resolve_designation(state, Designation.RANK, rank=Rank.JACK)
    assert caught.value.law == LawRef("46B3(b)")


def test_play_anything_is_for_a_defender_to_choose() -> None:
    """Law 46B5: neither suit nor rank: either defender designates the card."""
    with pytest.raises(DefenderMustChoose) as caught:
        resolve_designation(played(started(), HEART_LED), Designation.ANYTHING)
    assert caught.value.law == LawRef("46B5")


def test_high_when_leading_without_a_suit_needs_a_ruling() -> None:
    """Law 46B1(a): no suit is being played when dummy leads "high"."""
    state = played(started(), DUMMY_WINS_WITH_SJ)
    with pytest.raises(DesignationNeedsRuling):
        resolve_designation(state, Designation.HIGH)
    resolved = resolve_designation(state, Designation.HIGH, suit=Suit.H)
    assert resolved.card == card("HT")
