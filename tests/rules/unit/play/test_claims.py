"""Claims and concessions (Laws 68-71) and the result they give (Law 69A)."""

import pytest

from rules.bridge import Seat, Side
from rules.bridge.claims import (
    ClaimStatus,
    ConcessionGround,
    accept_claim,
    adjudicate_claim,
    dispute_claim,
    make_claim,
    remaining_cards,
    resume_play,
    withdraw_concession,
)
from rules.bridge.errors import (
    ClaimNotAllowed,
    ClaimTricksOutOfRange,
    ConcessionNotCancellable,
    ConcessionWindowClosed,
    NotEntitledToRespond,
)
from rules.bridge.play.revokes import draw_attention_to_revoke, establish_revokes
from rules.bridge.result import result_of_play
from rules.bridge.revoke import AttentionTiming
from rules.errors import LawRef
from tests.support.play import played, started

AFTER_ONE_TRICK = "W:CA N:C2 E:C5 S:C9"


def test_dummy_may_not_claim() -> None:
    """Claims come from declarer or a defender (Law 68A)."""
    with pytest.raises(ClaimNotAllowed) as caught:
        make_claim(played(started(), AFTER_ONE_TRICK), Seat.N, 5, "")
    assert caught.value.code == "claim_not_allowed"
    assert caught.value.law == LawRef("68A")


def test_a_claim_covers_only_the_tricks_not_yet_completed() -> None:
    """Twelve tricks remain after one; thirteen is out of range (Law 68)."""
    play = played(started(), AFTER_ONE_TRICK)
    assert make_claim(play, Seat.S, 12, "all").remaining == 12
    with pytest.raises(ClaimTricksOutOfRange):
        make_claim(play, Seat.S, 13, "all")


def test_a_claim_of_some_tricks_concedes_the_rest() -> None:
    """Law 68B1: ten of twelve claimed concedes two."""
    claim = make_claim(played(started(), AFTER_ONE_TRICK), Seat.S, 10, "ruff a club")
    assert claim.is_concession is True
    assert claim.statement == "ruff a club"


def test_declarers_claim_needs_both_defenders_agreement() -> None:
    """Law 69A: the claim is agreed when both opponents agree."""
    play = played(started(), AFTER_ONE_TRICK)
    claim = accept_claim(make_claim(play, Seat.S, 10, ""), play, Seat.W)
    assert claim.status is ClaimStatus.OPEN
    claim = accept_claim(claim, play, Seat.E)
    assert claim.status is ClaimStatus.ACCEPTED
    assert claim.tricks_for(Side.NS) == 10
    assert claim.tricks_for(Side.EW) == 2


def test_a_defenders_claim_is_agreed_by_declarer() -> None:
    """Law 69A: declarer is the opponent who agrees; dummy does not."""
    play = played(started(), AFTER_ONE_TRICK)
    claim = make_claim(play, Seat.W, 3, "")
    with pytest.raises(NotEntitledToRespond):
        accept_claim(claim, play, Seat.N)
    assert accept_claim(claim, play, Seat.S).status is ClaimStatus.ACCEPTED


def test_any_player_including_dummy_may_dispute() -> None:
    """Law 68D2: a dispute by any player, dummy included, suspends for the Director."""
    play = played(started(), AFTER_ONE_TRICK)
    claim = dispute_claim(make_claim(play, Seat.S, 12, ""), play, Seat.N)
    assert claim.status is ClaimStatus.DISPUTED
    assert claim.disputed_by == (Seat.N,)


def test_a_defenders_concession_objected_to_by_partner_is_no_concession() -> None:
    """Law 68B2: neither a concession nor a claim; play continues."""
    play = played(started(), AFTER_ONE_TRICK)
    claim = dispute_claim(
        make_claim(play, Seat.W, 0, "you have the rest"), play, Seat.E
    )
    assert claim.status is ClaimStatus.VOID


def test_the_director_adjudicates_within_the_remaining_tricks() -> None:
    """Law 70: the Director's decision is recorded; the count must fit."""
    play = played(started(), AFTER_ONE_TRICK)
    claim = dispute_claim(make_claim(play, Seat.S, 12, ""), play, Seat.E)
    with pytest.raises(ClaimTricksOutOfRange) as caught:
        adjudicate_claim(claim, 13, "")
    assert caught.value.law == LawRef("70")
    ruled = adjudicate_claim(claim, 11, "trump outstanding (Law 70C)")
    assert ruled.status is ClaimStatus.ADJUDICATED
    assert ruled.tricks_for(Side.NS) == 11


def test_play_may_continue_only_with_all_four_consenting() -> None:
    """Law 68D2(b): with 4/4 consent the claim is void."""
    play = played(started(), AFTER_ONE_TRICK)
    claim = dispute_claim(make_claim(play, Seat.S, 12, ""), play, Seat.E)
    with pytest.raises(NotEntitledToRespond):
        resume_play(claim, (Seat.E, Seat.W, Seat.S))
    assert resume_play(claim, tuple(Seat)).status is ClaimStatus.VOID


def test_a_concession_is_cancelled_only_in_the_correction_period() -> None:
    """Laws 71 and 79C: the caller says whether the window is open."""
    play = played(started(), AFTER_ONE_TRICK)
    claim = accept_claim(
        accept_claim(make_claim(play, Seat.S, 10, ""), play, Seat.W), play, Seat.E
    )
    with pytest.raises(ConcessionWindowClosed) as caught:
        withdraw_concession(
            claim,
            Seat.S,
            1,
            ConcessionGround.CONCEDED_TRICK_UNLOSABLE,
            window_open=False,
        )
    assert caught.value.law == LawRef("79C")
    restored = withdraw_concession(
        claim, Seat.S, 1, ConcessionGround.CONCEDED_TRICK_UNLOSABLE, window_open=True
    )
    assert restored.tricks_for(Side.NS) == 11
    with pytest.raises(ConcessionNotCancellable):
        withdraw_concession(
            claim, Seat.S, 3, ConcessionGround.CONCEDED_TRICK_WON, window_open=True
        )


def test_the_agreeing_side_withdraws_its_agreement() -> None:
    """Law 69B: a defender who agreed to lose a trick his side would have won."""
    play = played(started(), AFTER_ONE_TRICK)
    claim = accept_claim(
        accept_claim(make_claim(play, Seat.S, 12, ""), play, Seat.W), play, Seat.E
    )
    with pytest.raises(ConcessionNotCancellable):
        withdraw_concession(
            claim, Seat.S, 1, ConcessionGround.AGREED_TRICK_LIKELY, window_open=True
        )
    withdrawn = withdraw_concession(
        claim, Seat.E, 1, ConcessionGround.AGREED_TRICK_LIKELY, window_open=True
    )
    assert withdrawn.tricks_for(Side.EW) == 1


def test_the_result_counts_claimed_tricks_as_won_in_play() -> None:
    """Law 69A: tricks claimed or conceded count as won or lost in play."""
    play = played(started(), AFTER_ONE_TRICK)
    claim = accept_claim(
        accept_claim(make_claim(play, Seat.S, 10, ""), play, Seat.W), play, Seat.E
    )
    result = result_of_play(play, claim)
    assert result.tricks_made == 10
    assert str(result) == "4SS 10"


def test_a_claim_by_the_offending_side_establishes_its_revoke_and_counts_as_later_tricks() -> (
    None
):
    """Laws 63A3 and 64A1: claimed tricks are later tricks won by the offenders."""
    play = played(started(), "W:H6 N:H8 E:HA S:S2")
    play = establish_revokes(play, Side.NS)
    assert play.revokes[0].established is True
    claim = make_claim(play, Seat.S, 12, "high trumps")
    claim = accept_claim(accept_claim(claim, play, Seat.W), play, Seat.E)
    play = draw_attention_to_revoke(play, Seat.S, 1, AttentionTiming.IN_TIME)
    result = result_of_play(play, claim)
    assert result.tricks_in_play == 13
    assert result.transfers[0].tricks == 2
    assert result.tricks_made == 11


def test_remaining_cards_are_the_unplayed_hands_for_a_solver() -> None:
    """The solver sees only the cards still to be played (digest §4.5)."""
    play = played(started(), AFTER_ONE_TRICK)
    remaining = remaining_cards(play)
    assert {len(cards) for cards in remaining.values()} == {12}
