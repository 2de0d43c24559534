"""Errors of the board-at-a-table aggregate: commands out of phase.

Laws of Duplicate Bridge 2017 (FIGB edition). The rules engines raise their
own errors (``rules.bridge.errors``); these cover the board's life cycle.
"""

from __future__ import annotations

from typing import ClassVar

from rules.errors import LawRef, RuleViolation, StateConflict

__all__ = [
    "AuctionInProgress",
    "AuctionPeriodOver",
    "BoardAlreadyDealt",
    "BoardCompleted",
    "BoardNotDealt",
    "NoSuchCall",
    "NotCallersPartner",
    "SimultaneousPlayUnclear",
]


class BoardNotDealt(StateConflict):
    """Nothing can happen on a board before it is on the table (Law 7)."""

    code: ClassVar[str] = "board_not_dealt"

    def __init__(self) -> None:
        super().__init__("The board has not been dealt", law=LawRef("7"))


class BoardAlreadyDealt(StateConflict):
    """A board is dealt once at a table (Laws 6, 7)."""

    code: ClassVar[str] = "board_already_dealt"

    def __init__(self) -> None:
        super().__init__("The board is already on the table", law=LawRef("6"))


class AuctionInProgress(StateConflict):
    """The auction has not ended, so there is no play yet (Laws 22, 41)."""

    code: ClassVar[str] = "auction_in_progress"

    def __init__(self) -> None:
        super().__init__("The auction has not ended", law=LawRef("41A"))


class AuctionPeriodOver(StateConflict):
    """The opening lead has been faced: no more calls (Laws 17D, 41C)."""

    code: ClassVar[str] = "auction_period_over"

    def __init__(self) -> None:
        super().__init__("The auction period has ended", law=LawRef("41C"))


class BoardCompleted(StateConflict):
    """The board's play is over (passed out, thirteen tricks or a settled claim)."""

    code: ClassVar[str] = "board_completed"

    def __init__(self) -> None:
        super().__init__("The board is completed", law=LawRef("68D"))


class NoSuchCall(RuleViolation):
    """An alert or explanation names a call that was not made (Law 20F)."""

    code: ClassVar[str] = "no_such_call"

    def __init__(self, call_index: int) -> None:
        super().__init__(f"There is no call number {call_index}", law=LawRef("20F"))


class NotCallersPartner(RuleViolation):
    """Only the caller's partner alerts or explains a call (Laws 20F1, 40B)."""

    code: ClassVar[str] = "not_callers_partner"

    def __init__(self, seat: object) -> None:
        super().__init__(f"Seat {seat} is not the caller's partner", law=LawRef("20F1"))


class SimultaneousPlayUnclear(RuleViolation):
    """With two or more cards visible the offender names the one meant (Law 58B2)."""

    code: ClassVar[str] = "simultaneous_play_unclear"

    def __init__(self, detail: str) -> None:
        super().__init__(detail, law=LawRef("58B2"))
