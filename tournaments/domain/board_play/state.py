"""The state of one board at one table, folded from its events.

Laws of Duplicate Bridge 2017 (FIGB edition): the auction (Laws 17-39), the
play (Laws 41-67), claims (Laws 68-71) and the result (Laws 22B, 64, 79A).
The state holds the rules engines' own values; everything a screen needs
(phase, whose turn, the pending rectification, legal calls and cards, tricks,
result) is derived from them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from uuid import UUID

from rules.bridge.auction import Auction, AuctionStatus
from rules.bridge.call import Call
from rules.bridge.card import Card
from rules.bridge.claims import Claim
from rules.bridge.deal import Deal
from rules.bridge.play_state import InformationMarker, PlayState, legal_cards
from rules.bridge.result import BoardResult, result_of_play
from rules.bridge.seat import Seat
from rules.bridge.trick import Trick
from rules.errors import LawRef

_LAW_16C2 = LawRef("16C2")
_LAW_68B2 = LawRef("68B2")

__all__ = [
    "BoardPhase",
    "BoardPlayState",
    "CallNote",
    "DesignationNote",
    "DirectorDecision",
    "PendingView",
]


class BoardPhase(StrEnum):
    """Where the board stands at the table."""

    NOT_STARTED = "not_started"
    AUCTION = "auction"
    PLAY = "play"
    CLAIM = "claim"
    COMPLETED = "completed"


@dataclass(frozen=True, slots=True)
class CallNote:
    """An alert or explanation given for the call at ``call_index``."""

    seat: Seat
    call_index: int
    explanation: str | None = None


@dataclass(frozen=True, slots=True)
class DirectorDecision:
    """A ruling the Director recorded on the board."""

    law: LawRef
    decision: str


@dataclass(frozen=True, slots=True)
class DesignationNote:
    """A card of dummy's designated under Law 46B, with the Law that deemed it."""

    card: Card
    law: LawRef
    ruled: bool = False


@dataclass(frozen=True, slots=True)
class PendingView:
    """A pending rectification as shown to the table (Law 10C1).

    ``options`` are the option codes a ChooseRectification may name;
    ``choosers`` the seats entitled ("director" may always choose).
    """

    law: LawRef
    offender: Seat
    options: tuple[str, ...]
    choosers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BoardPlayState:
    """One board at one table; ``INITIAL`` has no deal yet."""

    table_id: UUID | None = None
    board_number: int = 0
    deal: Deal | None = None
    strict: bool = False
    auction: Auction | None = None
    play: PlayState | None = None
    claim: Claim | None = None
    voided_claims: tuple[Claim, ...] = ()
    notes: tuple[CallNote, ...] = ()
    decisions: tuple[DirectorDecision, ...] = ()
    designations: tuple[DesignationNote, ...] = ()
    recorded_result: tuple[str | None, int | None] | None = None
    version: int = 0

    @property
    def phase(self) -> BoardPhase:
        """Return the phase: auction, play, claim (play suspended) or completed."""
        if self.deal is None or self.auction is None:
            return BoardPhase.NOT_STARTED
        status = self.auction.status
        if status in (AuctionStatus.PASSED_OUT, AuctionStatus.ABANDONED):
            return BoardPhase.COMPLETED
        if self.play is None:
            return BoardPhase.AUCTION
        if self.claim is not None:
            return BoardPhase.CLAIM if self.claim.is_pending else BoardPhase.COMPLETED
        return BoardPhase.COMPLETED if self.play.is_complete else BoardPhase.PLAY

    @property
    def play_started(self) -> bool:
        """Return whether the opening lead has been faced (Law 41C)."""
        play = self.play
        return play is not None and (
            play.dummy_faced or bool(play.current.cards) or bool(play.completed)
        )

    @property
    def turn(self) -> Seat | None:
        """Return the seat due to call or play (None while a choice is pending)."""
        phase = self.phase
        if phase is BoardPhase.AUCTION and self.auction is not None:
            return None if self.auction.pending is not None else self.auction.turn
        if phase is BoardPhase.PLAY and self.play is not None:
            return None if self.play.pending is not None else self.play.turn
        return None

    @property
    def pending(self) -> PendingView | None:
        """Return the rectification awaiting a choice, if any (Law 9B2)."""
        if self.play is not None and self.play.pending is not None:
            pending = self.play.pending
            return PendingView(
                law=pending.law,
                offender=pending.offender,
                options=tuple(str(option) for option in pending.options),
                choosers=tuple(seat.value for seat in pending.choosers),
            )
        if self.auction is not None and self.auction.pending is not None:
            irregularity = self.auction.pending.irregularity
            return PendingView(
                law=irregularity.law,
                offender=irregularity.offender,
                options=tuple(option.code.value for option in irregularity.options),
                choosers=tuple(str(chooser) for chooser in irregularity.choosers),
            )
        return None

    def legal_calls(self) -> tuple[Call, ...]:
        """Return the calls the seat due to call may make (Laws 18, 19, 37)."""
        if self.phase is not BoardPhase.AUCTION or self.auction is None:
            return ()
        turn = self.turn
        return () if turn is None else self.auction.legal_calls(turn)

    def legal_cards(self) -> frozenset[Card]:
        """Return the cards the hand due to play may lawfully play (Laws 44, 50, 57)."""
        if self.phase is not BoardPhase.PLAY or self.play is None:
            return frozenset()
        turn = self.turn
        return frozenset() if turn is None else legal_cards(self.play, turn)

    @property
    def information(self) -> tuple[InformationMarker, ...]:
        """Every Law 16C marker of the board, for a ruling to cite: the
        auction's withdrawn calls (trick 0), the play's withdrawn cards and
        penalty cards (Laws 16C2, 50E2, 50E3), and each defender's concession
        cancelled by partner's objection (Law 68B2: "UI may exist")."""
        markers: list[InformationMarker] = []
        if self.auction is not None:
            markers += [
                InformationMarker(
                    flag.law, flag.offender.side, flag.cause, flag.offender, 0
                )
                for flag in self.auction.review_flags
                if flag.law.law.startswith("16C")
            ]
        if self.play is not None:
            markers += self.play.information
        markers += [
            InformationMarker(
                _LAW_16C2,
                claim.claimer.side,
                _LAW_68B2,
                claim.claimer,
                14 - claim.remaining,
            )
            for claim in self.voided_claims
            if claim.disputed_by == (claim.claimer.partner,)
            and claim.is_concession
            and self.play is not None
            and self.play.is_defender(claim.claimer)
        ]
        return tuple(markers)

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """Return the completed tricks."""
        return () if self.play is None else self.play.completed

    @property
    def result(self) -> BoardResult | None:
        """Return the result once the board is completed (Laws 22B, 64, 69A, 79A)."""
        if self.phase is not BoardPhase.COMPLETED or self.auction is None:
            return None
        if self.play is None:
            if self.auction.status is AuctionStatus.PASSED_OUT:
                return BoardResult(contract=None)
            return None
        return result_of_play(self.play, self.claim)
