"""Errors raised by the movement generators, the pairing engines and the checker.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 8A: the Director decides how
boards and players move; FIGB supplementary norms (2004) for team events.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from rules.errors import ArticleRef, LawRef, Reference, RuleViolation

__all__ = [
    "FIGB_NORMS",
    "InconsistentMovement",
    "InvalidMovement",
    "InvalidStandings",
    "KnockoutError",
    "MatchTied",
    "NoPairingWithoutRepeat",
    "Problem",
    "Rule",
]

FIGB_NORMS = "Norme integrative FIGB"


class Rule(StrEnum):
    """A consistency rule a movement can break (stable codes)."""

    SHAPE = "shape"
    TABLE_SEATED_TWICE = "table_seated_twice"
    PAIR_SEATED = "pair_seated"
    BOARD_SETS = "board_sets"
    BOARD_PLAYED_TWICE = "board_played_twice"
    BOARD_AT_TWO_TABLES = "board_at_two_tables"
    REPEATED_MEETING = "repeated_meeting"
    SAME_LINE_MEETING = "same_line_meeting"
    LINE_DIRECTION = "line_direction"
    MISSING_MEETING = "missing_meeting"
    PAIR_BOARD_COUNT = "pair_board_count"
    UNEQUAL_BOARD_PLAYS = "unequal_board_plays"
    HOME_AWAY_BALANCE = "home_away_balance"
    BYE = "bye"


@dataclass(frozen=True, slots=True)
class Problem:
    """One breach of a consistency rule, with a message a director can act on."""

    rule: Rule
    message: str


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
