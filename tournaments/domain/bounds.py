"""Every number a tournament's commands carry, held to its limit.

Both streams' ``decide`` check each command here before anything else
(decision 0212): whichever way a command comes (the API, the console, an
imported file, a process manager), what is appended holds no number the
read models cannot store or a real event cannot have. A number under a
name not listed is held to ``rules.limits.STORED_INT``; tricks are left to
``board_result.check_result``, which refuses them under Law 79A.
"""

from __future__ import annotations

from rules import limits
from rules.limits import Limit, check_numbers

__all__ = ["COMMAND_LIMITS", "check_command"]

COMMAND_LIMITS: dict[str, Limit] = {
    "session": limits.SESSION,
    "qualifying_sessions": limits.SESSIONS,
    "board_number": limits.BOARD,
    "boards": limits.BOARD,
    "table": limits.TABLE,
    "tables": limits.TABLE,
    "number": limits.ENTRY,
    "entry_number": limits.ENTRY,
    "entry_numbers": limits.ENTRY,
    "ns": limits.ENTRY,
    "ew": limits.ENTRY,
    "players": limits.ENTRY,
    "round": limits.ROUND,
    "rounds": limits.ROUND,
    "from_round": limits.ROUND,
    "amount": limits.POINTS,
    "correction_minutes": limits.MINUTES,
    "inadmissible_minutes": limits.MINUTES,
    "appeal_minutes": limits.MINUTES,
}
"""A command field's name, and the limit of the numbers it holds."""


def check_command(command: object) -> None:
    """Refuse a command holding a number beyond its limit (``OutOfBounds``,
    naming the field, the value and the limit)."""
    check_numbers(command, COMMAND_LIMITS)
