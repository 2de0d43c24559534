"""The trick transfer after an established revoke (Law 64), digest §3.9.5.

Each test is one branch of the digest's pseudo-code; tricks are built with
only their number and winner, which is all Law 64 looks at.
"""

import pytest

from rules.bridge import Card, Seat
from rules.bridge.revoke import (
    AttentionTiming,
    Revoke,
    RevokeKind,
    trick_transfer,
)
from rules.bridge.trick import Trick
from rules.errors import LawRef

S2 = Card.parse("S2")


def tricks(*winners: str) -> tuple[Trick, ...]:
    """Return tricks 1..n won by the seats written as letters."""
    return tuple(
        Trick(number=i, leader=Seat.N, winner=Seat(w)) for i, w in enumerate(winners, 1)
    )


def revoke(
    seat: str = "E",
    trick: int = 3,
    *,
    kind: RevokeKind = RevokeKind.FOLLOW_SUIT,
    suit: str = "H",
    attention: AttentionTiming | None = AttentionTiming.IN_TIME,
) -> Revoke:
    """Return an established revoke with attention drawn in time."""
    return Revoke(
        seat=Seat(seat),
        trick_number=trick,
        card=S2,
        suit=Card.parse(suit + "2").suit,
        kind=kind,
        established=True,
        attention=attention,
    )


def transfer(
    rev: Revoke, played: tuple[Trick, ...], *others: Revoke, claimed: int = 0
) -> tuple[int, LawRef]:
    result = trick_transfer(rev, played, (rev, *others), later_claimed_tricks=claimed)
    return result.tricks, result.law


def test_offender_won_the_revoke_trick_and_a_later_one_costs_two_tricks() -> None:
    """The revoke trick plus one later trick won by the offending side (Law 64A1)."""
    assert transfer(revoke(), tricks("N", "S", "E", "S", "W")) == (2, LawRef("64A1"))


def test_offender_won_only_the_revoke_trick_costs_one_trick() -> None:
    """With no later trick won by the offending side, only the revoke trick (Law 64A1)."""
    assert transfer(revoke(), tricks("N", "S", "E", "S", "N")) == (1, LawRef("64A1"))


def test_partner_of_offender_won_the_revoke_trick_costs_one_trick() -> None:
    """A2 applies when the offender's partner, not the offender, won it (Law 64A2)."""
    assert transfer(revoke(), tricks("N", "S", "W", "W", "W")) == (1, LawRef("64A2"))


def test_offending_side_won_only_a_later_trick_costs_one_trick() -> None:
    """The revoke trick lost, a later one won: one trick (Law 64A2)."""
    assert transfer(revoke(), tricks("N", "S", "N", "S", "W")) == (1, LawRef("64A2"))


def test_tricks_won_before_the_revoke_do_not_count() -> None:
    """Only the revoke trick and later tricks count (Law 64A, Law 64B1)."""
    assert transfer(revoke(), tricks("E", "W", "N", "S", "N")) == (0, LawRef("64B1"))


def test_a_trick_won_with_dummys_card_was_not_won_by_declarer() -> None:
    """Declarer revokes and dummy wins the trick: A2, one trick (Law 64A footnote)."""
    rev = revoke("S")
    assert transfer(rev, tricks("E", "E", "N", "S", "S")) == (1, LawRef("64A2"))
    assert transfer(rev, tricks("E", "E", "S", "S", "S")) == (2, LawRef("64A1"))


def test_a_second_revoke_in_the_same_suit_by_the_same_player_transfers_nothing() -> (
    None
):
    """After a first established revoke in the suit, the second is exempt (Law 64B2)."""
    first = revoke(trick=2)
    second = revoke(trick=4)
    played = tricks("N", "E", "E", "E", "E")
    assert transfer(second, played, first) == (0, LawRef("64B2"))
    assert transfer(first, played, second) == (2, LawRef("64A1"))


def test_a_revoke_in_another_suit_by_the_same_player_is_not_exempt() -> None:
    """Law 64B2 is limited to the same suit."""
    first = revoke(trick=2, suit="C")
    second = revoke(trick=4)
    assert transfer(second, tricks("N", "E", "E", "E", "E"), first) == (
        2,
        LawRef("64A1"),
    )


@pytest.mark.parametrize("kind", [RevokeKind.PENALTY_CARD, RevokeKind.DUMMY])
def test_failing_to_play_a_penalty_card_or_dummys_card_transfers_nothing(
    kind: RevokeKind,
) -> None:
    """No automatic transfer for a penalty card or any card of dummy's (Law 64B3)."""
    assert transfer(revoke(kind=kind), tricks("N", "S", "E", "E")) == (
        0,
        LawRef("64B3"),
    )


def test_attention_drawn_after_a_call_on_the_next_deal_transfers_nothing() -> None:
    """Attention first drawn after the non-offenders called on the next deal (Law 64B4)."""
    late = revoke(attention=AttentionTiming.AFTER_NEXT_DEAL_CALL)
    assert transfer(late, tricks("N", "S", "E", "E")) == (0, LawRef("64B4"))


def test_attention_drawn_after_the_round_ended_transfers_nothing() -> None:
    """Attention first drawn after the round ended (Law 64B5)."""
    late = revoke(attention=AttentionTiming.AFTER_ROUND_END)
    assert transfer(late, tricks("N", "S", "E", "E")) == (0, LawRef("64B5"))


def test_a_revoke_on_the_twelfth_trick_transfers_nothing() -> None:
    """Revoke on trick 12 (Law 64B6)."""
    played = tricks(*"NSNSNSNSNSEE", "E")
    assert transfer(revoke(trick=12), played) == (0, LawRef("64B6"))


def test_both_sides_with_established_revokes_transfer_nothing() -> None:
    """Both sides revoked and both revokes are established (Law 64B7)."""
    ours = revoke("E", trick=3)
    theirs = revoke("N", trick=5)
    played = tricks("N", "S", "E", "E", "N", "E")
    assert transfer(ours, played, theirs) == (0, LawRef("64B7"))
    assert transfer(theirs, played, ours) == (0, LawRef("64B7"))


def test_claimed_tricks_count_as_later_tricks_won_by_the_offending_side() -> None:
    """Tricks the offending side claims count as won later in play (Law 69A; §3.9.5)."""
    played = tricks("N", "S", "E")
    assert transfer(revoke(), played) == (1, LawRef("64A1"))
    assert transfer(revoke(), played, claimed=3) == (2, LawRef("64A1"))


def test_a_deemed_revoke_on_a_defective_trick_costs_one_trick() -> None:
    """Law 67B1: one trick if the offending side won that trick or a later one."""
    deemed = revoke(kind=RevokeKind.DEFECTIVE_TRICK)
    assert transfer(deemed, tricks("N", "S", "E", "E", "E")) == (1, LawRef("67B1"))
    assert transfer(deemed, tricks("N", "S", "N", "S", "N")) == (0, LawRef("67B1"))


def test_a_corrected_revoke_transfers_nothing() -> None:
    """A corrected revoke is not established and the trick stands as corrected (Law 62)."""
    corrected = Revoke(
        seat=Seat.E,
        trick_number=3,
        card=S2,
        suit=None,
        kind=RevokeKind.FOLLOW_SUIT,
        corrected=True,
    )
    assert transfer(corrected, tricks("N", "S", "E")) == (0, LawRef("63B"))
