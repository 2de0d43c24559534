"""The bounds of every number an input may carry, named once.

Results files (PBN, USEBIO, JSON), CSV files, request bodies and commands
are read against these limits where their numbers are read, and every
command is checked against them again by its stream's pure ``decide``
before anything is appended: what is stored, the projections can store
(their integer columns are PostgreSQL ``integer``, at most 2**31 - 1).

Where a Law bounds a figure the limit cites it (Laws of Duplicate Bridge
2017, FIGB edition); elsewhere the limit is what a real event can hold.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import ClassVar, TypeVar

from rules.errors import RuleViolation

__all__ = [
    "BOARD",
    "BOARDS_A_MATCH",
    "DOUBLE_DUMMY_TRICKS",
    "ENTRY",
    "JSON_DEPTH",
    "LINE_IMPS",
    "MATCHPOINTS",
    "MATCH_IMPS",
    "MINUTES",
    "NUMBER_CHARS",
    "PENALTY",
    "PERCENTAGE",
    "POINTS",
    "RANK",
    "ROUND",
    "SCORE",
    "SESSION",
    "SESSIONS",
    "STORED_INT",
    "TABLE",
    "TOTAL",
    "TRICKS",
    "VICTORY_POINTS",
    "XML_DEPTH",
    "Limit",
    "OutOfBounds",
    "check_numbers",
    "shown",
]

_N = TypeVar("_N", bound=int | Decimal)


class OutOfBounds(RuleViolation, ValueError):
    """A number beyond its limit. A ``ValueError`` too, so that a reader
    that names its line for any malformed value names it for this one."""

    code: ClassVar[str] = "out_of_bounds"


def shown(text: object, most: int = 24) -> str:
    """The value as a message quotes it: a 5,000-digit number is not echoed."""
    value = str(text)
    if len(value) <= most:
        return value
    return f"{value[:most]}... ({len(value)} characters)"


@dataclass(frozen=True, slots=True)
class Limit:
    """The range of one kind of number, and the rule or reason for it."""

    what: str
    low: int | Decimal
    high: int | Decimal
    rule: str

    def check(self, value: _N, field: str | None = None) -> _N:
        """Return ``value`` if it lies within the limit, else refuse naming it."""
        if self.low <= value <= self.high:
            return value
        raise OutOfBounds(
            f"{self.what} {shown(value)} is not between {self.low} and "
            f"{self.high} ({self.rule})",
            field=field,
            value=shown(value),
        )


STORED_INT = Limit(
    "number",
    -(2**31),
    2**31 - 1,
    "the most an integer column stores",
)
"""Any whole number a command carries that no narrower limit names."""

SESSION = Limit("session", 1, 999, "an event's sessions")
SESSIONS = Limit("sessions", 0, 999, "an event's sessions")
BOARD = Limit(
    "board number",
    1,
    9999,
    "a board's number, Law 2: beyond any event's, within what the results store",
)
BOARDS_A_MATCH = Limit("boards of a match", 1, 9999, "a match's boards")
TABLE = Limit("table", 1, 999, "a session's tables")
ENTRY = Limit("entry", 0, 9999, "an event's pairs, teams or players")
ROUND = Limit("round", 1, 999, "a session's rounds")
RANK = Limit("rank", 1, 9999, "an event's pairs, teams or players")
TRICKS = Limit("tricks", 0, 13, "Law 77: a board has 13 tricks")
DOUBLE_DUMMY_TRICKS = TRICKS
SCORE = Limit(
    "score",
    -7600,
    7600,
    "Law 77: the largest is 7600, seven no trump redoubled vulnerable down 13",
)
LINE_IMPS = Limit(
    "IMPs",
    Decimal(-24 * 999),
    Decimal(24 * 999),
    "Law 78B: at most 24 a comparison, over at most 999 tables",
)
MATCH_IMPS = Limit("IMPs", 0, 24 * 9999, "Law 78B: at most 24 a board")
MATCHPOINTS = Limit(
    "matchpoints",
    Decimal(0),
    Decimal(2 * 999),
    "Law 78A: two a result beaten, of at most 999 tables",
)
PERCENTAGE = Limit(
    "percentage",
    Decimal(-100),
    Decimal(100),
    "of the top; a penalty may take it below 0",
)
VICTORY_POINTS = Limit(
    "victory points",
    Decimal(-30),
    Decimal(30),
    "a match's VPs on any scale in use (WBF 20, older 25 and 30)",
)
TOTAL = Limit(
    "total",
    Decimal(-(10**8)),
    Decimal(10**8),
    "an event's matchpoints, IMPs or VPs over at most 9999 boards",
)
POINTS = Limit("amount", 0, 10_000, "a penalty or sanction, in its unit")
PENALTY = Limit(
    "penalty", Decimal(0), Decimal(10_000), "a penalty or sanction, in its unit"
)
MINUTES = Limit("minutes", 0, 7 * 24 * 60, "a window or period: at most a week")

NUMBER_CHARS = 40
"""The longest number text read from a file or a body: no figure an event
holds needs more (a position is 19 digits), and ``int`` of a 5,000-digit
numeral costs time and then fails."""

JSON_DEPTH = 64
"""The deepest nesting of a JSON body or file (the results export nests 6)."""

XML_DEPTH = 64
"""The deepest nesting of XML elements (USEBIO nests about 8)."""


def check_numbers(
    value: object, limits: Mapping[str, Limit], *, field: str = ""
) -> None:
    """Check every whole number a command carries, by its field's name.

    ``limits`` names the limit of each field name (``board_number``:
    ``BOARD``); a number under any other name is held to ``STORED_INT``.
    Tuples and nested dataclasses are walked, their numbers checked under
    their field's name (``boards``, ``assignments.3.table``).
    """
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        names = [part for part in field.split(".") if not part.isdigit()]
        limits.get(names[-1] if names else "", STORED_INT).check(value, field or None)
        return
    if isinstance(value, tuple | list):
        for index, item in enumerate(value):
            if not isinstance(item, str):
                check_numbers(item, limits, field=f"{field}.{index}")
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        prefix = f"{field}." if field else ""
        for name in _field_names(type(value)):
            item = getattr(value, name)
            if item is not None and not isinstance(item, str):
                check_numbers(item, limits, field=f"{prefix}{name}")


_FIELDS: dict[type, tuple[str, ...]] = {}


def _field_names(kind: type) -> tuple[str, ...]:
    names = _FIELDS.get(kind)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(kind))
        _FIELDS[kind] = names
    return names
