"""Claims and concessions: statement, agreement, dispute, adjudication.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 68-71 (with Laws 63A3-A4
and 79C). A claim of some tricks concedes the rest (Law 68B1), so one value
holds both: ``tricks`` is what the claimer's side says it will win of the
tricks not yet completed. Play stops (Law 68D); the claim is then agreed by
the opponents (Law 69A), or disputed and adjudicated by the Director
(Law 70: the tricks are his decision, the engine only checks the count), or
voided by continued play with all four players' consent (Law 68D2(b)), or,
for a defender's concession his partner objects to at once, never a claim
at all (Law 68B2).

The engine never judges a line of play. A double-dummy figure, computed
outside the pure core through :class:`DoubleDummySolver`, may be recorded
with a ruling as information for the Director (digest §4.5).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Protocol

from rules.bridge.card import Card, Suit
from rules.bridge.errors import (
    ClaimNotAllowed,
    ClaimTricksOutOfRange,
    ConcessionNotCancellable,
    ConcessionWindowClosed,
    NoClaimPending,
    NotEntitledToRespond,
    PlayEnded,
)
from rules.bridge.play_state import SEATS, PlayState
from rules.bridge.seat import Seat, Side

__all__ = [
    "Claim",
    "ClaimStatus",
    "ConcessionGround",
    "DoubleDummySolver",
    "accept_claim",
    "adjudicate_claim",
    "dispute_claim",
    "make_claim",
    "remaining_cards",
    "resume_play",
    "withdraw_concession",
]


class DoubleDummySolver(Protocol):
    """Counts the tricks declarer takes with best play by all four hands.

    An adapter outside the pure core (e.g. over endplay's DDS) implements it;
    the aggregate only receives its figure as information (Laws 70, 71B).
    """

    def tricks_for_declarer(
        self,
        remaining: Mapping[Seat, frozenset[Card]],
        trump: Suit | None,
        leader: Seat,
    ) -> int:
        """Return declarer's tricks from ``remaining`` with ``leader`` on lead."""
        ...


class ClaimStatus(StrEnum):
    """Where a claim stands (digest §4.8)."""

    OPEN = "open"
    """Made; play is suspended (Law 68D)."""
    ACCEPTED = "accepted"
    """Agreed by the opponents (Law 69A)."""
    DISPUTED = "disputed"
    """Disputed by a player, dummy included (Law 68D2)."""
    ADJUDICATED = "adjudicated"
    """Decided by the Director (Law 70)."""
    VOID = "void"
    """No claim: play continues (Laws 68B2, 68D2(b))."""


class ConcessionGround(StrEnum):
    """The Law under which a concession or an agreement is cancelled."""

    AGREED_TRICK_WON = "69B1"
    """Agreed to lose a trick his side had actually won."""
    AGREED_TRICK_LIKELY = "69B2"
    """Agreed to lose a trick his side would probably have won."""
    CONCEDED_TRICK_WON = "71A"
    """Conceded a trick his side had in fact won."""
    CONCEDED_TRICK_UNLOSABLE = "71B"
    """Conceded a trick that could not be lost by any normal play."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim or concession by ``claimer`` and what became of it.

    ``remaining`` is the number of tricks not completed when it was made;
    ``tricks`` those the claimer's side claimed. ``awarded`` is the
    Director's decision (Law 70). ``restored_to_claimer`` and
    ``restored_to_opponents`` count tricks given back under Laws 69B and 71.
    """

    claimer: Seat
    tricks: int
    remaining: int
    statement: str
    status: ClaimStatus = ClaimStatus.OPEN
    accepted_by: tuple[Seat, ...] = ()
    disputed_by: tuple[Seat, ...] = ()
    awarded: int | None = None
    reasons: str = ""
    restored_to_claimer: int = 0
    restored_to_opponents: int = 0

    @property
    def is_concession(self) -> bool:
        """Return whether the claimer's side concedes any remaining trick."""
        return self.tricks < self.remaining

    @property
    def is_pending(self) -> bool:
        """Return whether play is suspended by this claim (Law 68D)."""
        return self.status in (ClaimStatus.OPEN, ClaimStatus.DISPUTED)

    @property
    def is_settled(self) -> bool:
        """Return whether the claim fixes the remaining tricks."""
        return self.status in (ClaimStatus.ACCEPTED, ClaimStatus.ADJUDICATED)

    def claimer_side_tricks(self) -> int | None:
        """Return the remaining tricks credited to the claimer's side, if settled."""
        if self.status is ClaimStatus.ACCEPTED:
            base = self.tricks
        elif self.status is ClaimStatus.ADJUDICATED and self.awarded is not None:
            base = self.awarded
        else:
            return None
        return base + self.restored_to_claimer - self.restored_to_opponents

    def tricks_for(self, side: Side) -> int | None:
        """Return the remaining tricks credited to ``side``, if settled."""
        own = self.claimer_side_tricks()
        if own is None:
            return None
        return own if side is self.claimer.side else self.remaining - own


def remaining_cards(play: PlayState) -> Mapping[Seat, frozenset[Card]]:
    """Return each hand's unplayed cards, e.g. for a double-dummy solver."""
    return {seat: play.remaining(seat) for seat in SEATS}


def make_claim(play: PlayState, claimer: Seat, tricks: int, statement: str) -> Claim:
    """Return the claim ``claimer`` makes of ``tricks`` of the remaining tricks.

    Law 68A-B: declarer or a defender claims or concedes; dummy does not.
    The statement is kept verbatim for the Director (Law 68C).
    """
    if play.is_complete:
        raise PlayEnded("The play has ended", law="68")
    if claimer is play.dummy:
        raise ClaimNotAllowed("Dummy may not claim or concede", law="68A")
    remaining = 13 - len(play.completed)
    if not 0 <= tricks <= remaining:
        raise ClaimTricksOutOfRange(tricks, remaining)
    return Claim(
        claimer=claimer, tricks=tricks, remaining=remaining, statement=statement
    )


def accept_claim(claim: Claim, play: PlayState, seat: Seat) -> Claim:
    """Record an opponent's agreement; the claim is agreed once all have (Law 69A).

    The claimer's opponents agree: both defenders to declarer's claim, and
    declarer to a defender's (dummy may only dispute, Law 68D2).
    """
    if claim.status is not ClaimStatus.OPEN:
        raise NoClaimPending("The claim is not open")
    needed = _assenting(claim, play)
    if seat not in needed:
        raise NotEntitledToRespond(f"Seat {seat} does not agree to this claim")
    accepted = tuple(dict.fromkeys((*claim.accepted_by, seat)))
    status = ClaimStatus.ACCEPTED if set(needed) <= set(accepted) else ClaimStatus.OPEN
    return replace(claim, accepted_by=accepted, status=status)


def dispute_claim(claim: Claim, play: PlayState, seat: Seat) -> Claim:
    """Record a dispute by any player but the claimer, dummy included (Law 68D2).

    Law 68B2: a defender's concession to which his partner objects at once
    is neither a concession nor a claim; play continues.
    """
    if not claim.is_pending:
        raise NoClaimPending("The claim is not open")
    if seat is claim.claimer:
        raise NotEntitledToRespond(
            "The claimer cannot dispute his own claim", law="68D"
        )
    if (
        seat is claim.claimer.partner
        and play.is_defender(claim.claimer)
        and claim.is_concession
        and claim.status is ClaimStatus.OPEN
    ):
        return replace(claim, status=ClaimStatus.VOID, disputed_by=(seat,))
    disputed = tuple(dict.fromkeys((*claim.disputed_by, seat)))
    return replace(claim, status=ClaimStatus.DISPUTED, disputed_by=disputed)


def adjudicate_claim(claim: Claim, tricks: int, reasons: str) -> Claim:
    """Record the Director's decision of the claimer side's tricks (Law 70).

    The tricks and reasons are his; the engine only checks the count.
    """
    if not claim.is_pending:
        raise NoClaimPending("The claim is not open or disputed")
    if not 0 <= tricks <= claim.remaining:
        raise ClaimTricksOutOfRange(tricks, claim.remaining, law="70")
    return replace(
        claim, status=ClaimStatus.ADJUDICATED, awarded=tricks, reasons=reasons
    )


def resume_play(claim: Claim, consents: Iterable[Seat]) -> Claim:
    """Void a disputed claim so play continues, with all four consenting (68D2(b))."""
    if claim.status is not ClaimStatus.DISPUTED:
        raise NoClaimPending("Only a disputed claim can give way to continued play")
    if set(consents) != set(SEATS):
        raise NotEntitledToRespond("All four players must agree to play on", law="68D2")
    return replace(claim, status=ClaimStatus.VOID)


def withdraw_concession(
    claim: Claim,
    seat: Seat,
    tricks: int,
    ground: ConcessionGround,
    *,
    window_open: bool,
) -> Claim:
    """Give ``tricks`` back to ``seat``'s side within the Correction Period.

    Law 71: the Director cancels a concession of a trick the side had won or
    could not lose by any normal play; Law 69B: a player withdraws his
    agreement to lose a trick. Either only while the Correction Period of
    Law 79C is open (the caller passes ``window_open``). Grounds 71A/71B are
    for the claimer's side, 69B1/69B2 for the side that agreed.
    """
    if not window_open:
        raise ConcessionWindowClosed()
    if claim.status is not ClaimStatus.ACCEPTED:
        raise NoClaimPending("Only an agreed claim or concession can be withdrawn")
    own = claim.claimer_side_tricks()
    assert own is not None
    law = ground.value
    claimer_side = seat.side is claim.claimer.side
    if ground in (
        ConcessionGround.CONCEDED_TRICK_WON,
        ConcessionGround.CONCEDED_TRICK_UNLOSABLE,
    ):
        if not claimer_side:
            raise ConcessionNotCancellable(
                "Only the conceding side's concession", law=law
            )
        limit = claim.remaining - own
    else:
        if claimer_side:
            raise ConcessionNotCancellable(
                "Only the side that agreed withdraws", law=law
            )
        limit = own
    if not 1 <= tricks <= limit:
        raise ConcessionNotCancellable(
            f"{tricks} tricks exceed the {limit} conceded", law=law
        )
    if claimer_side:
        return replace(claim, restored_to_claimer=claim.restored_to_claimer + tricks)
    return replace(claim, restored_to_opponents=claim.restored_to_opponents + tricks)


def _assenting(claim: Claim, play: PlayState) -> tuple[Seat, ...]:
    if play.is_defender(claim.claimer):
        return (play.declarer,)
    return (play.declarer.lho, play.declarer.rho)
