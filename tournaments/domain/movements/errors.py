"""Errors raised by the movement generators, the pairing engines and the checker.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 8A: the Director decides how
boards and players move; FIGB supplementary norms (2004) for team events.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rules.errors import ArticleRef, LawRef, Reference, RuleViolation

if TYPE_CHECKING:
    from tournaments.domain.movements.check import Problem

__all__ = [
    "FIGB_NORMS",
    "InconsistentMovement",
    "InvalidMovement",
    "InvalidStandings",
    "KnockoutError",
    "MatchTied",
    "NoPairingWithoutRepeat",
]

FIGB_NORMS = "Norme integrative FIGB"


class InvalidMovement(RuleViolation):
    """The parameters asked for describe no movement that can be run (Law 8A)."""

    code: ClassVar[str] = "invalid_movement"

    def __init__(self, message: str, *, law: Reference | None = None) -> None:
        super().__init__(message, law=law or LawRef("8A"))


class InconsistentMovement(RuleViolation):
    """A movement breaks a consistency rule; ``problems`` lists every breach.

    Law 8A (the Director directs the movement) and Law 15B (a board played
    twice by a contestant is cancelled): a movement that schedules either is
    refused before play starts.
    """

    code: ClassVar[str] = "inconsistent_movement"

    def __init__(self, problems: tuple[Problem, ...], message: str) -> None:
        super().__init__(message, law=LawRef("8A"))
        self.problems = problems


class InvalidStandings(RuleViolation):
    """Standings given to a pairing engine are malformed (duplicates, disorder)."""

    code: ClassVar[str] = "invalid_standings"

    def __init__(self, message: str, *, law: Reference | None = None) -> None:
        super().__init__(message, law=law or LawRef("8A"))


class NoPairingWithoutRepeat(RuleViolation):
    """No Swiss pairing of the field avoids a repeated meeting."""

    code: ClassVar[str] = "swiss_pairing_impossible"


class KnockoutError(RuleViolation):
    """A knockout bracket was asked for something its state does not allow."""

    code: ClassVar[str] = "knockout_invalid"


class MatchTied(RuleViolation):
    """A knockout match ended level: extra boards decide it (N-L78 §2c, §5b)."""

    code: ClassVar[str] = "knockout_match_tied"

    def __init__(self, message: str, *, extra_boards: int) -> None:
        super().__init__(message, law=ArticleRef("78 §5b", source=FIGB_NORMS))
        self.extra_boards = extra_boards
