"""The refusals of the dealing-machine file readers and writers.

A file that cannot be read is refused whole (nothing is half-recorded),
naming where it is wrong: the record (DUP, BRI: fixed-length records) or the
line (DLM, PBN), the board and the hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.bridge.seat import Seat
from rules.errors import LawRef, RuleViolation, StateConflict

__all__ = ["DealFileError", "DealsNotWritable", "Where"]


@dataclass(frozen=True, slots=True)
class Where:
    """Where something is in its file: a record (1-based) or a line."""

    record: int | None = None
    line: int | None = None


class DealFileError(RuleViolation):
    """A hand-record file is malformed, or one of its deals is not a deal.

    The code is the results files' (``malformed_file``): to a client both
    are a file to correct. ``record`` or ``line``, ``board`` and ``seat``
    say where; a deal that is not 52 distinct cards, 13 a hand, cites
    Law 6B (the deal), the file's syntax no Law.
    """

    code: ClassVar[str] = "malformed_file"

    def __init__(
        self,
        problem: str,
        *,
        where: Where | None = None,
        board: int | None = None,
        seat: Seat | None = None,
        law: LawRef | None = None,
    ) -> None:
        self.problem = problem
        self.record = where.record if where else None
        self.line = where.line if where else None
        self.board = board
        self.seat = seat
        parts = []
        if self.record is not None:
            parts.append(f"record {self.record}")
        if self.line is not None:
            parts.append(f"line {self.line}")
        if board is not None:
            parts.append(f"board {board}")
        if seat is not None:
            parts.append(f"hand {seat.value}")
        prefix = ", ".join(parts)
        super().__init__(f"{prefix}: {problem}" if prefix else problem, law=law)

    def as_dict(self) -> dict[str, str]:
        data = super().as_dict()
        for name in ("record", "line", "board"):
            value = getattr(self, name)
            if value is not None:
                data[name] = str(value)
        if self.seat is not None:
            data["seat"] = self.seat.value
        return data


class DealsNotWritable(StateConflict):
    """The session's deals cannot be written in the format asked for.

    The dealing machines' files number their boards by position (DUP, BRI)
    or by two digits (DLM): a board without a deal between the first and the
    last, or a board above what the format numbers, cannot be written.
    """

    code: ClassVar[str] = "deals_not_writable"
