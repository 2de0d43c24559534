"""Irregularities, the rectification options the Laws offer, and who chooses.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 10C1 (the Director
explains every option), Law 10C2 (the chooser decides without consulting
partner), Law 9B2 (no player acts until the rectification is explained).
These are plain values: the aggregate records them as events, and
:mod:`rules.bridge.auction_procedure` applies a recorded choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

from rules.bridge.attempted_call import AttemptedCall
from rules.bridge.call import Bid
from rules.bridge.seat import Seat
from rules.errors import LawRef

_LAW_27B = LawRef("27B")

__all__ = [
    "DIRECTOR",
    "CancelledCallWatch",
    "Chooser",
    "CootTurn",
    "Director",
    "Irregularity",
    "IrregularityKind",
    "OptionCode",
    "PendingRectification",
    "RectificationChoice",
    "RectificationOption",
    "ReplacementDue",
    "RhoAction",
    "Watch",
]


class Director(Enum):
    """The Director (Arbitro) as the one who decides (Laws 10A, 81C)."""

    DIRECTOR = "director"

    def __str__(self) -> str:
        return "director"


DIRECTOR = Director.DIRECTOR

Chooser = Seat | Director
"""Who chooses an option: a seat (e.g. the offender's LHO) or the Director."""


class IrregularityKind(StrEnum):
    """The auction irregularities of Laws 15A and 24-39, by concept."""

    WRONG_BOARD = "wrong_board"
    """Call made with cards taken from the wrong board (Law 15A)."""
    EXPOSED_CARD = "exposed_card"
    """Card exposed or led during the auction (Law 24)."""
    CHANGE_OF_CALL = "change_of_call"
    """Unintended call or intended change of call (Law 25)."""
    INSUFFICIENT_BID = "insufficient_bid"
    """Insufficient bid in rotation (Law 27)."""
    REPLACEMENT = "replacement"
    """The call replacing a withdrawn insufficient bid (Law 27B)."""
    COMPARABLE_CALL = "comparable_call"
    """Ruling whether a replacing call is comparable (Law 23A)."""
    CALL_OUT_OF_ROTATION = "call_out_of_rotation"
    """Pass, bid, double or redouble out of rotation (Laws 28-32)."""
    INADMISSIBLE_DOUBLE = "inadmissible_double"
    """Double or redouble not permitted by Law 19 (Laws 35A, 36)."""
    BREACH_OF_OBLIGATION_TO_PASS = "breach_of_obligation_to_pass"
    """Bid, double or redouble by a player required to pass (Laws 35B, 37)."""
    BID_ABOVE_SEVEN = "bid_above_seven"
    """Bid of more than seven (Laws 35C, 38)."""
    CALL_AFTER_FINAL_PASS = "call_after_final_pass"
    """Call after the final pass (Laws 35D, 39)."""


class OptionCode(StrEnum):
    """A rectification option; the stable code the aggregate records."""

    ACCEPT = "accept"
    """The offender's LHO accepts the call (Laws 25B1, 27A1, 29A)."""
    DECLINE = "decline"
    """The offender's LHO does not accept it (Laws 25B2, 27B, 29B)."""
    RECTIFY = "rectify"
    """The Director applies the Law's rectification (Laws 36B, 37B, 38, 39C)."""
    UNINTENDED = "unintended"
    """The Director rules the first call unintended (Law 25A)."""
    INTENDED = "intended"
    """The Director rules the change voluntary (Law 25B)."""
    WITHDRAW_LATER_CALL = "withdraw_later_call"
    """The LHO withdraws his call made over the unintended call (Law 25A6)."""
    KEEP_LATER_CALL = "keep_later_call"
    """The LHO keeps his call made over the unintended call (Law 25A6)."""
    RULE_COMPARABLE = "rule_comparable"
    """The Director rules whether the replacing call is comparable (Law 23A)."""
    IN_ROTATION = "in_rotation"
    """The Director rules the call in rotation, cancelling the call out of
    rotation (Law 28B; digest Appendix B.4)."""


@dataclass(frozen=True, slots=True)
class RectificationOption:
    """One option the Law offers; ``requires`` names the booleans to supply.

    ``requires`` may hold "comparable" (Law 23A, always the Director's
    judgement, never computed) and "same_denominations" (Law 27B1(a)).
    """

    code: OptionCode
    law: LawRef
    chooser: Chooser
    summary: str
    requires: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RectificationChoice:
    """The option a chooser took, as the aggregate records it (Law 10C).

    ``comparable`` is the Director's Law 23A ruling; ``same_denominations``
    his Law 27B1(a) ruling; ``artificial`` his Law 29C/30C judgement that a
    call out of rotation was artificial (a pass then goes to Law 31).
    """

    option: OptionCode
    chosen_by: Chooser
    comparable: bool | None = None
    same_denominations: bool | None = None
    artificial: bool = False


class CootTurn(StrEnum):
    """Whose turn it was when a call out of rotation was made (Law 29)."""

    RHO = "rho"
    PARTNER = "partner"
    LHO = "lho"


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An irregular call (or card) and the rectification the Laws offer.

    ``law`` names the governing Law; ``options`` are what the Director must
    explain (Law 10C1), each naming its chooser; ``turn_seat`` is whose turn
    it was. ``withdrawn`` is the earlier call this one replaces, for the
    rulings on a replacement (Laws 23A, 27B).
    """

    kind: IrregularityKind
    law: LawRef
    offender: Seat
    call: AttemptedCall | None
    options: tuple[RectificationOption, ...]
    turn_seat: Seat | None = None
    coot_turn: CootTurn | None = None
    withdrawn: AttemptedCall | None = None
    cause: LawRef | None = None

    @property
    def choosers(self) -> tuple[Chooser, ...]:
        """Return who chooses among the options, in order, without repeats."""
        seen: list[Chooser] = []
        for option in self.options:
            if option.chooser not in seen:
                seen.append(option.chooser)
        return tuple(seen)

    @property
    def chooser(self) -> Chooser:
        """Return who decides now (a seat or the Director)."""
        return self.options[0].chooser

    def option(self, code: OptionCode) -> RectificationOption | None:
        """Return the offered option with ``code``, if any."""
        for option in self.options:
            if option.code is code:
                return option
        return None


@dataclass(frozen=True, slots=True)
class PendingRectification:
    """An irregularity on the table awaiting a choice (Law 9B2).

    ``held_by``/``held_call`` keep a call made while the choice was pending
    whose effect depends on the choice: the offender's premature replacement
    of an insufficient bid (Law 27C), or the LHO's call when the Director
    must rule between Laws 28B and 29A. ``later_call_index`` is the index of
    the LHO's standing call made over an unintended call (Law 25A6).
    """

    irregularity: Irregularity
    held_by: Seat | None = None
    held_call: AttemptedCall | None = None
    later_call_index: int | None = None


class RhoAction(StrEnum):
    """What the offender's RHO did at his turn after a cancelled call (Law 31A)."""

    NOT_YET = "not_yet"
    PASSED = "passed"
    CALLED = "called"


@dataclass(frozen=True, slots=True)
class ReplacementDue:
    """The offender must replace a withdrawn insufficient bid (Law 27B).

    ``last_bid`` is the bid the insufficient bid failed to supersede, so the
    lowest sufficient bid of Law 27B1(a) can be computed.
    """

    offender: Seat
    withdrawn: Bid
    last_bid: Bid | None
    law: LawRef = _LAW_27B


@dataclass(frozen=True, slots=True)
class CancelledCallWatch:
    """A call out of rotation was cancelled; the offender's next call is ruled.

    ``law`` is the branch: 30B1 (pass at partner's or LHO's turn), 31A /
    31B (bid), 32A / 32B (double or redouble). Under 31A/32A what the RHO
    did at his turn decides between "repeat the call" (A1) and "any legal
    call, comparable or not" (A2).
    """

    offender: Seat
    withdrawn: AttemptedCall
    law: LawRef
    rho_action: RhoAction = RhoAction.NOT_YET


Watch = ReplacementDue | CancelledCallWatch
