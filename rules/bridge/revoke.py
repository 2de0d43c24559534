"""Revokes: the record, establishment and the trick transfer of Law 64.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 61-64: a revoke is a
failure to follow suit (Law 44C) or to lead or play, when able, a card or suit
required by law or specified by an opponent (Law 61A). It may be corrected
until established (Laws 62, 63); an established revoke costs tricks at the end
of play (Law 64A) unless Law 64B exempts it, and the Director always reviews
equity (Law 64C).

The automatic transfer is tied to the moment attention was first drawn to the
revoke (Laws 64B4, 64B5). The engine's own detection at the time of the play
is not "attention drawn" (decision 0016): a revoke to which no attention was
drawn is reported for the Director's review and transfers nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rules.bridge.card import Card, Suit
from rules.bridge.seat import Seat, Side
from rules.bridge.trick import Trick
from rules.errors import LawRef

__all__ = [
    "AttentionTiming",
    "Revoke",
    "RevokeKind",
    "TrickTransfer",
    "trick_transfer",
]


class RevokeKind(StrEnum):
    """What the offender failed to do (Law 61A)."""

    FOLLOW_SUIT = "follow_suit"
    """Failed to follow suit when able (Law 44C)."""
    REQUIREMENT = "requirement"
    """Failed to comply with a lead or play required or specified (Law 61A)."""
    PENALTY_CARD = "penalty_card"
    """Failed to play a penalty card (Law 52; no transfer, Law 64B3)."""
    DUMMY = "dummy"
    """A card of dummy's (no transfer, Law 64B3)."""
    DEFECTIVE_TRICK = "defective_trick"
    """Deemed revoke after omitting to play to a trick (Law 67B1)."""


class AttentionTiming(StrEnum):
    """When attention was first drawn to a revoke (Laws 64B4, 64B5)."""

    IN_TIME = "in_time"
    """Before a member of the non-offending side called on the next deal and
    before the round ended: the automatic transfer applies."""
    AFTER_NEXT_DEAL_CALL = "after_next_deal_call"
    """After a non-offending player called on the next deal (Law 64B4)."""
    AFTER_ROUND_END = "after_round_end"
    """After the round ended (Law 64B5)."""


@dataclass(frozen=True, slots=True)
class Revoke:
    """A revoke by the hand at ``seat`` on trick ``trick_number``.

    ``suit`` is the suit the offender failed to play (the suit led, or the
    suit required); ``card`` is the card he played instead.
    """

    seat: Seat
    trick_number: int
    card: Card
    suit: Suit | None
    kind: RevokeKind
    established: bool = False
    corrected: bool = False
    attention: AttentionTiming | None = None
    corrected_under: LawRef | None = None
    """The Law a correction was made under: 62B, 62C3 or 62D1."""

    @property
    def side(self) -> Side:
        """Return the offending side."""
        return self.seat.side


@dataclass(frozen=True, slots=True)
class TrickTransfer:
    """Tricks moved from the offending to the non-offending side, and why."""

    seat: Seat
    trick_number: int
    tricks: int
    law: LawRef

    @property
    def from_side(self) -> Side:
        """Return the side that loses the tricks."""
        return self.seat.side


def trick_transfer(
    revoke: Revoke,
    tricks: Sequence[Trick],
    revokes: Sequence[Revoke],
    *,
    later_claimed_tricks: int = 0,
) -> TrickTransfer:
    """Return the automatic transfer for one established revoke (Law 64).

    ``tricks`` are the completed tricks in order; ``revokes`` every revoke on
    the board (for Laws 64B2 and 64B7); ``later_claimed_tricks`` the tricks
    the offending side won by claim or concession after the revoke, which
    count as later tricks won in play (Law 69A; decision 0016 follows the
    digest's reading of the open point). Follows the digest's §3.9.5 steps.
    """
    offender = revoke.seat
    offending = offender.side

    def transfer(count: int, law: str) -> TrickTransfer:
        return TrickTransfer(offender, revoke.trick_number, count, LawRef(law))

    if revoke.kind is RevokeKind.DEFECTIVE_TRICK:
        # Law 67B1: one trick, transferred under Law 64A2's test.
        won_later = _won_later(revoke, tricks, later_claimed_tricks)
        return transfer(
            1 if won_later or _won_revoke_trick(revoke, tricks) else 0, "67B1"
        )
    if revoke.corrected and revoke.corrected_under == LawRef("62C3"):
        return transfer(0, "64B8")
    if not revoke.established or revoke.corrected:
        return transfer(0, "63B")
    if revoke.trick_number == 12:
        return transfer(0, "64B6")
    if revoke.kind is RevokeKind.PENALTY_CARD or revoke.kind is RevokeKind.DUMMY:
        return transfer(0, "64B3")
    if any(
        other.seat is offender
        and other.suit is revoke.suit
        and other.established
        and not other.corrected
        and other.trick_number < revoke.trick_number
        for other in revokes
    ):
        return transfer(0, "64B2")
    if any(
        other.established and not other.corrected and other.seat.side is not offending
        for other in revokes
    ):
        return transfer(0, "64B7")
    if revoke.attention is AttentionTiming.AFTER_ROUND_END:
        return transfer(0, "64B5")
    if revoke.attention is AttentionTiming.AFTER_NEXT_DEAL_CALL:
        return transfer(0, "64B4")
    won_later = _won_later(revoke, tricks, later_claimed_tricks)
    revoke_trick = _trick(tricks, revoke.trick_number)
    if revoke_trick is not None and revoke_trick.winner is offender:
        # A trick won with dummy's card was not won by declarer (Law 64 note).
        return transfer(2 if won_later else 1, "64A1")
    if _won_revoke_trick(revoke, tricks) or won_later:
        return transfer(1, "64A2")
    return transfer(0, "64B1")


def _trick(tricks: Sequence[Trick], number: int) -> Trick | None:
    for trick in tricks:
        if trick.number == number:
            return trick
    return None


def _won_revoke_trick(revoke: Revoke, tricks: Sequence[Trick]) -> bool:
    trick = _trick(tricks, revoke.trick_number)
    return (
        trick is not None
        and trick.winner is not None
        and (trick.winner.side is revoke.seat.side)
    )


def _won_later(
    revoke: Revoke, tricks: Sequence[Trick], later_claimed_tricks: int
) -> bool:
    if later_claimed_tricks > 0:
        return True
    return any(
        trick.number > revoke.trick_number
        and trick.winner is not None
        and trick.winner.side is revoke.seat.side
        for trick in tricks
    )
