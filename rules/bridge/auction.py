"""The auction as an immutable value: calls, turn, end, contract, declarer.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 17 (order of calls),
18 (sufficiency), 19 (double and redouble), 22 (end of the auction),
17D3/34 (retention of the right to call), 41A (opening leader) and the
Definitions ("declarer"). The irregularity procedure that produces new
auction states lives in :mod:`rules.bridge.auction_procedure`.

``calls`` holds only the calls that stand: cancelled and withdrawn calls
move to ``withdrawn_calls`` (Law 16C information), and an irregular call
waiting for a choice sits in ``pending`` (Law 9B2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from rules.bridge.attempted_call import AttemptedCall, BidAboveSeven
from rules.bridge.call import PASS, Bid, Call, Double, Pass, Redouble
from rules.bridge.card import Card, Rank, Suit
from rules.bridge.contract import Contract, Doubling
from rules.bridge.denomination import Denomination
from rules.bridge.errors import AuctionNotComplete
from rules.bridge.irregularity import (
    CancelledCallWatch,
    PendingRectification,
    RhoAction,
    Watch,
)
from rules.bridge.restrictions import (
    LeadRestriction,
    PassRestriction,
    PassScope,
    PenaltyCardFromAuction,
    ReviewFlag,
)
from rules.bridge.seat import Seat, Side
from rules.errors import LawRef

__all__ = [
    "ALL_CALLS",
    "Auction",
    "AuctionCall",
    "AuctionStatus",
    "ExposedCard",
    "LeadRestrictionCause",
    "WithdrawnCall",
    "append_call",
    "is_sufficient",
    "lowest_sufficient_bid",
    "required_repeat",
    "watch_for",
]

ALL_CALLS: tuple[Call, ...] = (
    PASS,
    Double(),
    Redouble(),
    *(Bid(level, d) for level in range(1, 8) for d in Denomination),
)


class AuctionStatus(StrEnum):
    """Where the auction stands."""

    OPEN = "open"
    """A player is due to call (Law 17C)."""
    AWAITING_RECTIFICATION = "awaiting_rectification"
    """An irregularity awaits a choice; no player acts (Law 9B2)."""
    COMPLETED = "completed"
    """Three passes in rotation followed a bid, double or redouble (Law 22A)."""
    PASSED_OUT = "passed_out"
    """All four players passed; no redeal, score 0 (Laws 22B, 77)."""
    ABANDONED = "abandoned"
    """Closed by an adjusted score (Law 15A2(a)); takes no more calls."""


@dataclass(frozen=True, slots=True)
class AuctionCall:
    """A call that stands in the auction.

    ``irregularity`` names the Law under which an irregular call stands or a
    call was inserted: 27A1 (accepted insufficient bid), 29A (accepted call
    out of rotation), 28A (implicit pass of a silenced seat), 37A (call by a
    player required to pass, LHO called before rectification), 25A / 25B1
    (changed call). ``alerted`` and ``explanation`` record Law 20 alerts and
    the explanation given (also the PBN "!" and note annotations).
    """

    seat: Seat
    call: Call
    irregularity: LawRef | None = None
    alerted: bool = False
    explanation: str | None = None

    def __str__(self) -> str:
        return f"{self.seat.value} {self.call}"


@dataclass(frozen=True, slots=True)
class WithdrawnCall:
    """A call withdrawn or cancelled under ``law``.

    Information from it is unauthorized for ``offending_side`` and
    authorized for the other side (Law 16C).
    """

    seat: Seat
    call: AttemptedCall
    law: LawRef
    offending_side: Side


@dataclass(frozen=True, slots=True)
class LeadRestrictionCause:
    """Law 26B may apply if ``offender`` becomes a defender (``cause`` invoked it)."""

    offender: Seat
    cause: LawRef


@dataclass(frozen=True, slots=True)
class ExposedCard:
    """A card exposed during the auction, left face up until it ends (Law 24)."""

    seat: Seat
    card: Card
    premature_lead: bool = False


def is_sufficient(bid: Bid, last_bid: Bid | None) -> bool:
    """Return whether ``bid`` supersedes the last bid (Law 18B-C)."""
    return last_bid is None or bid.rank > last_bid.rank


def lowest_sufficient_bid(
    denomination: Denomination, last_bid: Bid | None
) -> Bid | None:
    """Return the lowest sufficient bid in ``denomination`` (Law 27B1(a) candidate).

    None when it would be above seven, so Law 27B1(a) is not available.
    """
    if last_bid is None:
        return Bid(1, denomination)
    level = last_bid.level
    if denomination.rank <= last_bid.denomination.rank:
        level += 1
    return Bid(level, denomination) if level <= 7 else None


@dataclass(frozen=True, slots=True)
class Auction:
    """An auction: the dealer, the standing calls and the rectification state."""

    dealer: Seat
    calls: tuple[AuctionCall, ...] = ()
    pass_restrictions: tuple[PassRestriction, ...] = ()
    lead_restriction_causes: tuple[LeadRestrictionCause, ...] = ()
    review_flags: tuple[ReviewFlag, ...] = ()
    withdrawn_calls: tuple[WithdrawnCall, ...] = ()
    exposed_cards: tuple[ExposedCard, ...] = ()
    watches: tuple[Watch, ...] = ()
    pending: PendingRectification | None = None
    abandoned: LawRef | None = None

    # -- status -----------------------------------------------------------

    @property
    def status(self) -> AuctionStatus:
        """Return where the auction stands (Laws 9B2, 15A2, 22)."""
        if self.abandoned is not None:
            return AuctionStatus.ABANDONED
        if self.pending is not None:
            return AuctionStatus.AWAITING_RECTIFICATION
        calls = self.calls
        if len(calls) >= 4 and all(isinstance(c.call, Pass) for c in calls):
            return AuctionStatus.PASSED_OUT
        if (
            len(calls) >= 4
            and all(isinstance(c.call, Pass) for c in calls[-3:])
            and any(isinstance(c.call, Bid) for c in calls)
        ):
            return AuctionStatus.COMPLETED
        return AuctionStatus.OPEN

    @property
    def is_complete(self) -> bool:
        """Return whether the auction has ended, with a contract or passed out."""
        return self.status in (AuctionStatus.COMPLETED, AuctionStatus.PASSED_OUT)

    @property
    def turn(self) -> Seat | None:
        """Return the seat due to call, or None once the auction is over.

        The dealer calls first (Law 17B), then clockwise from the last
        standing call (Law 17C): after an accepted call out of rotation the
        turn passes to the caller's LHO (Law 29A).
        """
        if self.abandoned is not None or self.is_complete:
            return None
        if not self.calls:
            return self.dealer
        return self.calls[-1].seat.lho

    def expected_seat(self, index: int) -> Seat:
        """Return the seat whose turn it was for the standing call at ``index``."""
        return self.dealer if index == 0 else self.calls[index - 1].seat.lho

    def has_called(self, seat: Seat) -> bool:
        """Return whether ``seat`` has a standing call in this auction."""
        return any(c.seat is seat for c in self.calls)

    # -- bids, doubles, contract -----------------------------------------

    @property
    def last_bid(self) -> AuctionCall | None:
        """Return the last standing bid (an accepted insufficient bid counts)."""
        for entry in reversed(self.calls):
            if isinstance(entry.call, Bid):
                return entry
        return None

    def _last_bid_value(self) -> Bid | None:
        entry = self.last_bid
        return entry.call if entry is not None and isinstance(entry.call, Bid) else None

    def is_sufficient(self, bid: Bid) -> bool:
        """Return whether ``bid`` supersedes the last standing bid (Law 18C)."""
        return is_sufficient(bid, self._last_bid_value())

    def _last_non_pass(self) -> AuctionCall | None:
        for entry in reversed(self.calls):
            if not isinstance(entry.call, Pass):
                return entry
        return None

    def may_double(self, seat: Seat) -> bool:
        """Return whether ``seat`` may double now (Law 19A1).

        Only the last bid, made by an opponent, with only passes since.
        """
        entry = self._last_non_pass()
        return (
            entry is not None
            and isinstance(entry.call, Bid)
            and entry.seat.side is not seat.side
        )

    def may_redouble(self, seat: Seat) -> bool:
        """Return whether ``seat`` may redouble now (Law 19B1).

        Only the last double, made by an opponent, with only passes since.
        """
        entry = self._last_non_pass()
        return (
            entry is not None
            and isinstance(entry.call, Double)
            and entry.seat.side is not seat.side
        )

    def is_admissible(self, seat: Seat, call: AttemptedCall) -> bool:
        """Return whether ``call`` by ``seat`` is permitted by Laws 18-19.

        Sufficiency, double and redouble legality only; turn order and
        obligations to pass are the procedure's concern.
        """
        if isinstance(call, Pass):
            return True
        if isinstance(call, Bid):
            return self.is_sufficient(call)
        if isinstance(call, Double):
            return self.may_double(seat)
        if isinstance(call, Redouble):
            return self.may_redouble(seat)
        return False

    def pass_restriction_for(self, seat: Seat) -> PassRestriction | None:
        """Return the obligation to pass ``seat`` is under, if any (digest §2.7)."""
        found = [r for r in self.pass_restrictions if r.seat is seat]
        for restriction in found:
            if restriction.scope is PassScope.REST_OF_AUCTION:
                return restriction
        return found[0] if found else None

    def legal_calls(self, seat: Seat | None = None) -> tuple[Call, ...]:
        """Return the calls ``seat`` (default: the seat due) may lawfully make.

        Laws 18-19, narrowed by an obligation to pass (Law 35B) and by the
        obligation to repeat a call out of rotation (Laws 31A1, 32A1).
        Empty when the auction is over, abandoned or awaiting a choice.
        """
        who = self.turn if seat is None else seat
        if who is None or self.pending is not None or who is not self.turn:
            return ()
        if self.pass_restriction_for(who) is not None:
            return (PASS,)
        repeat = required_repeat(self, who)
        if repeat is not None:
            return (repeat,) if self.is_admissible(who, repeat) else ()
        return tuple(call for call in ALL_CALLS if self.is_admissible(who, call))

    @property
    def doubling(self) -> Doubling:
        """Return the doubling of the last bid (Law 19C-D)."""
        doubling = Doubling.UNDOUBLED
        for entry in self.calls:
            if isinstance(entry.call, Bid):
                doubling = Doubling.UNDOUBLED
            elif isinstance(entry.call, Double):
                doubling = Doubling.DOUBLED
            elif isinstance(entry.call, Redouble):
                doubling = Doubling.REDOUBLED
        return doubling

    def _require_complete(self) -> None:
        if not self.is_complete:
            raise AuctionNotComplete()

    @property
    def declarer(self) -> Seat | None:
        """Return the declarer: the first of the side to name the denomination.

        Definitions ("declarer"): of the side that made the final bid, the
        player who first bid its denomination; only standing calls count.
        None for a passed-out board.
        """
        self._require_complete()
        final = self.last_bid
        if final is None or not isinstance(final.call, Bid):
            return None
        denomination = final.call.denomination
        for entry in self.calls:
            if (
                isinstance(entry.call, Bid)
                and entry.call.denomination is denomination
                and entry.seat.side is final.seat.side
            ):
                return entry.seat
        return final.seat  # pragma: no cover - the final bid itself qualifies

    @property
    def final_contract(self) -> Contract | None:
        """Return the contract, or None if the board was passed out (Law 22)."""
        declarer = self.declarer
        final = self.last_bid
        if declarer is None or final is None or not isinstance(final.call, Bid):
            return None
        return Contract(
            level=final.call.level,
            denomination=final.call.denomination,
            doubling=self.doubling,
            declarer=declarer,
        )

    @property
    def dummy(self) -> Seat | None:
        """Return the declarer's partner, or None if passed out."""
        declarer = self.declarer
        return None if declarer is None else declarer.partner

    @property
    def opening_leader(self) -> Seat | None:
        """Return the defender on the presumed declarer's left (Law 41A)."""
        declarer = self.declarer
        return None if declarer is None else declarer.lho

    # -- consequences for the play ---------------------------------------

    def lead_restrictions(self) -> tuple[LeadRestriction, ...]:
        """Return the Law 26B options that took effect, one per offender.

        Only offenders who became defenders count (Law 26B). The prohibitable
        suits are those the offender did not name in a standing bid.
        """
        declarer = self.declarer
        if declarer is None:
            return ()
        out: list[LeadRestriction] = []
        seen: set[Seat] = set()
        for cause in self.lead_restriction_causes:
            offender = cause.offender
            if offender.side is declarer.side or offender in seen:
                continue
            seen.add(offender)
            named = {
                entry.call.denomination.suit
                for entry in self.calls
                if entry.seat is offender and isinstance(entry.call, Bid)
            }
            out.append(
                LeadRestriction(
                    offender=offender,
                    leader=offender.partner,
                    declarer=declarer,
                    prohibitable_suits=frozenset(s for s in Suit if s not in named),
                    cause=cause.cause,
                )
            )
        return tuple(out)

    def penalty_cards(self) -> tuple[PenaltyCardFromAuction, ...]:
        """Return the exposed cards that become penalty cards (Law 24D-E).

        A future declarer or dummy takes them back (24D); a defender's all
        become penalty cards (24E), major as Law 50B says.
        """
        self._require_complete()
        declarer = self.declarer
        out: list[PenaltyCardFromAuction] = []
        for seat in Seat:
            cards = [e for e in self.exposed_cards if e.seat is seat]
            if not cards or declarer is None or seat.side is declarer.side:
                continue
            for exposed in cards:
                major = (
                    len(cards) >= 2
                    or exposed.premature_lead
                    or exposed.card.rank >= Rank.TEN
                )
                out.append(PenaltyCardFromAuction(seat, exposed.card, major))
        return tuple(out)


def watch_for(auction: Auction, seat: Seat) -> CancelledCallWatch | None:
    """Return the cancelled-call watch on ``seat``'s next call, if any."""
    for watch in auction.watches:
        if isinstance(watch, CancelledCallWatch) and watch.offender is seat:
            return watch
    return None


def required_repeat(auction: Auction, seat: Seat) -> Call | None:
    """Return the call ``seat`` must repeat, if its RHO passed (Laws 31A1, 32A1)."""
    watch = watch_for(auction, seat)
    if (
        watch is None
        or watch.law not in (LawRef("31A"), LawRef("32A"))
        or watch.rho_action is not RhoAction.PASSED
    ):
        return None
    call = watch.withdrawn
    return None if isinstance(call, BidAboveSeven) else call


def _in_rotation(auction: Auction, index: int) -> bool:
    return auction.calls[index].seat is auction.expected_seat(index)


def _retain_right_to_call(auction: Auction) -> Auction:
    """Apply Laws 17D3 and 34 when the auction appears to end.

    If any of the closing passes was out of rotation, so that a player lost
    his turn, the auction returns to that player and every pass after that
    point is cancelled. Decision 0011 applies the same rule to four passes
    with no bid (Law 22B needs all four players to pass).
    """
    calls = auction.calls
    if len(calls) < 4 or not all(isinstance(c.call, Pass) for c in calls[-3:]):
        return auction
    if any(isinstance(c.call, Bid) for c in calls):
        first = len(calls) - 3
    elif all(isinstance(c.call, Pass) for c in calls):
        first = 0
    else:  # pragma: no cover - a double needs a bid before it
        return auction
    for index in range(first, len(calls)):
        if not _in_rotation(auction, index):
            offender = calls[index].seat
            cancelled = tuple(
                WithdrawnCall(c.seat, c.call, LawRef("17D3"), offender.side)
                for c in calls[index:]
            )
            return replace(
                auction,
                calls=calls[:index],
                withdrawn_calls=auction.withdrawn_calls + cancelled,
            )
    return auction


def append_call(
    auction: Auction,
    seat: Seat,
    call: Call,
    irregularity: LawRef | None = None,
    *,
    alerted: bool = False,
    explanation: str | None = None,
) -> Auction:
    """Return the auction with a standing call appended.

    A call made at the seat's own turn uses up a next-turn obligation to pass
    (digest §2.7). Laws 17D3/34 are applied when the auction appears to end.
    """
    at_turn = seat is auction.turn
    restrictions = auction.pass_restrictions
    if at_turn:
        restrictions = tuple(
            r
            for r in restrictions
            if not (r.seat is seat and r.scope is PassScope.NEXT_TURN)
        )
    entry = AuctionCall(seat, call, irregularity, alerted, explanation)
    grown = replace(
        auction, calls=(*auction.calls, entry), pass_restrictions=restrictions
    )
    return _retain_right_to_call(grown)
