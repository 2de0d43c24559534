"""What the auction procedure says about a call, and what a rectification added.

Laws of Duplicate Bridge 2017 (FIGB edition), Laws 9B2, 10C and 27-39:
the values :mod:`rules.bridge.auction_procedure` returns.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from rules.bridge.attempted_call import AttemptedCall
from rules.bridge.auction import Auction, LeadRestrictionCause, WithdrawnCall
from rules.bridge.call import Call
from rules.bridge.errors import IrregularCallRefused
from rules.bridge.irregularity import Irregularity
from rules.bridge.restrictions import PassRestriction, ReviewFlag
from rules.bridge.seat import Seat
from rules.errors import LawRef

__all__ = [
    "CallRuling",
    "HeldCall",
    "IrregularCall",
    "LegalCall",
    "Rectified",
    "RefusedCall",
    "SettlesRectification",
]


@dataclass(frozen=True, slots=True)
class LegalCall:
    """The call is lawful and stands.

    ``law`` is set when a Law makes it so (31A1/32A1: a repeated call);
    ``implicit_pass`` names a silenced RHO whose turn this call takes, with
    an implicit pass recorded first (Law 28A).
    """

    seat: Seat
    call: Call
    law: LawRef | None = None
    implicit_pass: Seat | None = None


@dataclass(frozen=True, slots=True)
class IrregularCall:
    """The call is an irregularity; ``irregularity`` names Law, options, chooser.

    With no options the rectification is mechanical and applied at once.
    """

    seat: Seat
    call: AttemptedCall | None
    irregularity: Irregularity
    implicit_pass: Seat | None = None

    @property
    def law(self) -> LawRef:
        """Return the governing Law."""
        return self.irregularity.law


@dataclass(frozen=True, slots=True)
class SettlesRectification:
    """The call settles the pending rectification by the Law's own terms.

    E.g. the offender's LHO calls over an insufficient bid: it is accepted
    (Law 27A1). ``then`` rules on the call itself afterwards; None when the
    Law cancels it too (Laws 36A, 38B).
    """

    seat: Seat
    call: AttemptedCall
    law: LawRef
    then: CallRuling | None


@dataclass(frozen=True, slots=True)
class HeldCall:
    """The call waits for the pending choice (Law 27C premature replacement)."""

    seat: Seat
    call: AttemptedCall
    law: LawRef


@dataclass(frozen=True, slots=True)
class RefusedCall:
    """Strict mode: the irregular call is refused, naming its Law."""

    seat: Seat
    call: AttemptedCall | None
    law: LawRef
    irregularity: Irregularity

    def to_error(self) -> IrregularCallRefused:
        """Return the RuleViolation the aggregate raises."""
        return IrregularCallRefused(
            f"{self.call} by {self.seat} is not allowed here", law=self.law
        )


_T = TypeVar("_T")

CallRuling = LegalCall | IrregularCall | SettlesRectification | HeldCall | RefusedCall


@dataclass(frozen=True, slots=True)
class Rectified:
    """The auction after a rectification, and what the rectification added."""

    auction: Auction
    pass_restrictions: tuple[PassRestriction, ...]
    lead_restriction_causes: tuple[LeadRestrictionCause, ...]
    review_flags: tuple[ReviewFlag, ...]
    withdrawn_calls: tuple[WithdrawnCall, ...]

    @classmethod
    def between(cls, before: Auction, after: Auction) -> Rectified:
        """Describe what changed from ``before`` to ``after``."""
        return cls(
            auction=after,
            pass_restrictions=_added(before.pass_restrictions, after.pass_restrictions),
            lead_restriction_causes=_added(
                before.lead_restriction_causes, after.lead_restriction_causes
            ),
            review_flags=_added(before.review_flags, after.review_flags),
            withdrawn_calls=_added(before.withdrawn_calls, after.withdrawn_calls),
        )


def _added(before: tuple[_T, ...], after: tuple[_T, ...]) -> tuple[_T, ...]:
    if after[: len(before)] == before:
        return after[len(before) :]
    return tuple(item for item in after if item not in before)
