"""Alerts, explanations and reviews of the auction, as values.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 20: review of the auction
(20B, 20C), explanations of the opponents' calls (20F1, 20F2), answered by
the caller's partner. The aggregate records :class:`Alert` and
:class:`Explanation` as events; whether an explanation was wrong (Laws 21,
75) is the Director's judgement.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rules.bridge.auction import Auction
from rules.bridge.seat import Seat

__all__ = [
    "Alert",
    "Explanation",
    "annotate_call",
    "explainer_of",
    "may_ask_for_explanation",
    "may_request_review",
]


@dataclass(frozen=True, slots=True)
class Alert:
    """The caller's partner alerted the standing call at ``call_index`` (Law 20)."""

    call_index: int
    alerted_by: Seat


@dataclass(frozen=True, slots=True)
class Explanation:
    """An explanation of the call at ``call_index``, asked for and given (20F)."""

    call_index: int
    requested_by: Seat
    given_by: Seat
    text: str


def explainer_of(auction: Auction, call_index: int) -> Seat:
    """Return who explains a call: the caller's partner (Law 20F1)."""
    return auction.calls[call_index].seat.partner


def may_request_review(auction: Auction, seat: Seat) -> bool:
    """Return whether ``seat`` may have all calls restated now (Law 20B).

    During the auction, at his own turn, unless he is required to pass.
    (After the final pass Law 20C applies: the play engine's concern.)
    """
    return (
        auction.pending is None
        and auction.turn is seat
        and auction.pass_restriction_for(seat) is None
    )


def may_ask_for_explanation(auction: Auction, seat: Seat) -> bool:
    """Return whether ``seat`` may ask about the opponents' calls now (Law 20F1).

    At his own turn during the auction, unless required to pass (footnote to
    20F1).
    """
    return may_request_review(auction, seat)


def annotate_call(
    auction: Auction,
    call_index: int,
    *,
    alerted: bool | None = None,
    explanation: str | None = None,
) -> Auction:
    """Return the auction with the call at ``call_index`` alerted or explained."""
    entry = auction.calls[call_index]
    if alerted is not None:
        entry = replace(entry, alerted=alerted)
    if explanation is not None:
        entry = replace(entry, explanation=explanation)
    calls = (*auction.calls[:call_index], entry, *auction.calls[call_index + 1 :])
    return replace(auction, calls=calls)
