"""The refusals of the tournament stream, each a state conflict or a rule violation."""

from __future__ import annotations

from typing import ClassVar

from rules.errors import RuleViolation, StateConflict


class TournamentNotFound(StateConflict):
    code: ClassVar[str] = "tournament_not_found"


class TournamentExists(StateConflict):
    code: ClassVar[str] = "tournament_exists"


class GameNotSupported(RuleViolation):
    code: ClassVar[str] = "game_not_supported"


class ScoringNotForForm(RuleViolation):
    """The scoring method cannot score an event of this form (Law 78)."""

    code: ClassVar[str] = "scoring_not_for_form"


class OfficialConflict(RuleViolation):
    code: ClassVar[str] = "official_conflict"


class EntryConflict(RuleViolation):
    code: ClassVar[str] = "entry_conflict"


class SessionNotFound(StateConflict):
    code: ClassVar[str] = "session_not_found"


class InvalidSchedule(RuleViolation):
    code: ClassVar[str] = "invalid_schedule"


class AlreadyPublished(StateConflict):
    code: ClassVar[str] = "already_published"


class SystemNotDeclared(RuleViolation):
    code: ClassVar[str] = "system_not_declared"


class InvalidPenalty(RuleViolation):
    code: ClassVar[str] = "invalid_penalty"


class InvalidHandRecords(RuleViolation):
    code: ClassVar[str] = "invalid_hand_records"


class InvalidBoardCopy(RuleViolation):
    code: ClassVar[str] = "invalid_board_copy"


class WithdrawalConflict(StateConflict):
    """The entry's withdrawal is already recorded (FIGB N-L4 §4-§5)."""

    code: ClassVar[str] = "already_withdrawn"
