"""Refusals of the burraco tournament stream, each naming its article.

``RuleViolation`` answers 422, ``StateConflict`` 409 (httpapi.problems).
"""

from __future__ import annotations

from typing import ClassVar

from rules.errors import RuleViolation, StateConflict

__all__ = [
    "AlreadyAbandoned",
    "BurracoExists",
    "BurracoNotOpen",
    "CorrectionNotConfirmed",
    "CorrectionWindowClosed",
    "DirectorCountersigns",
    "GroupsNotFormed",
    "InvalidLineUp",
    "InvalidLines",
    "InvalidSheet",
    "InversionNotAllowed",
    "LineUpAlreadyDeclared",
    "LineUpOutOfOrder",
    "NotAtThisTable",
    "NotTheWinningSide",
    "RemedyNotAllowed",
    "ReportRequired",
    "SheetAlreadyEntered",
    "SheetAlreadySigned",
    "SheetKeptByOpponents",
    "SheetNotFiled",
    "SheetNotSigned",
    "StandingsAreFinal",
    "SubstitutionNotAllowed",
    "TournamentIsInterrupted",
    "TurnIncomplete",
    "TurnNotCurrent",
    "UnknownTable",
]


class BurracoExists(StateConflict):
    code: ClassVar[str] = "tournament_exists"


class BurracoNotOpen(StateConflict):
    code: ClassVar[str] = "burraco_not_open"


class InvalidLines(RuleViolation):
    code: ClassVar[str] = "invalid_lines"


class TurnNotCurrent(StateConflict):
    code: ClassVar[str] = "turn_not_current"


class TurnIncomplete(StateConflict):
    code: ClassVar[str] = "turn_incomplete"


class UnknownTable(RuleViolation):
    code: ClassVar[str] = "unknown_table"


class InvalidSheet(RuleViolation):
    code: ClassVar[str] = "invalid_sheet"


class SheetAlreadyEntered(StateConflict):
    code: ClassVar[str] = "sheet_already_entered"


class CorrectionNotConfirmed(RuleViolation):
    """Art. 20: a correction needs the opponents' confirmation, and in a
    protected turn the director's countersignature."""

    code: ClassVar[str] = "correction_not_confirmed"


class CorrectionWindowClosed(StateConflict):
    """Art. 20: the next turn's positions are published; only an inversion."""

    code: ClassVar[str] = "correction_window_closed"


class InversionNotAllowed(StateConflict):
    code: ClassVar[str] = "inversion_not_allowed"


class StandingsAreFinal(StateConflict):
    """Art. 20: after the check period no change is possible."""

    code: ClassVar[str] = "standings_final"


class GroupsNotFormed(StateConflict):
    """Art. 20: the merit groups follow the final standings before the split."""

    code: ClassVar[str] = "groups_not_formed"


class SubstitutionNotAllowed(StateConflict):
    """Art. 38: once a pair, before half the turns, by a player new to it."""

    code: ClassVar[str] = "substitution_not_allowed"


class TournamentIsInterrupted(StateConflict):
    """Art. 40: an interrupted tournament takes no further command."""

    code: ClassVar[str] = "tournament_interrupted"


class AlreadyAbandoned(StateConflict):
    """Art. 38: the pair has left the tournament already."""

    code: ClassVar[str] = "already_abandoned"


class InvalidLineUp(RuleViolation):
    """Arts. 2-3: a team's line-up names two pairs of its own players."""

    code: ClassVar[str] = "invalid_line_up"


class LineUpOutOfOrder(StateConflict):
    """Art. 3: the team that drew the lower card, or stands lower in the
    standings, declares first."""

    code: ClassVar[str] = "line_up_out_of_order"


class LineUpAlreadyDeclared(StateConflict):
    """Art. 3: a line-up declared is not changed once the opponents may see it."""

    code: ClassVar[str] = "line_up_declared"


class NotAtThisTable(RuleViolation):
    """Art. 19: a table's sheet is filled, signed and delivered by the
    players seated at that table in that turn, and by no one else."""

    code: ClassVar[str] = "not_at_this_table"


class SheetNotFiled(StateConflict):
    """Art. 19: nothing to sign or deliver until the keeper files the sheet."""

    code: ClassVar[str] = "sheet_not_filed"


class SheetKeptByOpponents(StateConflict):
    """Art. 19: the sheet is kept by the player who drew the highest card;
    the other side signs it, it does not write it."""

    code: ClassVar[str] = "sheet_kept_by_opponents"


class SheetAlreadySigned(StateConflict):
    code: ClassVar[str] = "sheet_already_signed"


class SheetNotSigned(StateConflict):
    """Art. 19: signed by at least one player of each side before delivery."""

    code: ClassVar[str] = "sheet_not_signed"


class NotTheWinningSide(StateConflict):
    """Art. 19: a player of the winning side delivers the sheet."""

    code: ClassVar[str] = "not_the_winning_side"


class DirectorCountersigns(StateConflict):
    """I poteri dell'arbitro (g): a watched table's sheet that reached 800 MP
    is countersigned by the director, who enters it."""

    code: ClassVar[str] = "director_countersigns"


class RemedyNotAllowed(RuleViolation):
    """Arts. 20, 38: the remedy is not the Code's for this turn or table (an
    annulment outside a protected turn, a higher group where none is at
    stake, a guilty pair not seated at the table)."""

    code: ClassVar[str] = "remedy_not_allowed"


class ReportRequired(RuleViolation):
    """Arts. 20, 38: the Code has the director report to the Sports Justice
    bodies; the report states what happened."""

    code: ClassVar[str] = "report_required"
