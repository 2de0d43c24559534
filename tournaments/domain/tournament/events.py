"""The tournament stream's events; type names and schema versions are stored.

Changing a field, a name or a version here breaks the decoding of stored
events (spec/eventstore-research.md §6.7).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar
from uuid import UUID

from tournaments.domain.penalties import PenaltyOverride
from tournaments.domain.tournament.values import (
    Form,
    Game,
    HandRecord,
    HandSource,
    OfficialRole,
    ScoringMethod,
    ScoringRules,
    TableAssignment,
    WindowRules,
)


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentCreated:
    event_type: ClassVar[str] = "tournament.created"
    schema_version: ClassVar[int] = 1

    tournament_id: UUID
    name: str
    form: Form
    scoring: ScoringMethod
    windows: WindowRules
    starts_at: datetime
    strict: bool = False  # online-platform mode: irregular actions refused (added, v1)
    penalty_overrides: tuple[PenaltyOverride, ...] = ()  # FIGB amounts otherwise (v1)
    system_category: int | None = None  # FIGB Appendix 1 category 1-4 (added, v1)
    game: Game = Game.BRIDGE  # (added, v1: every earlier event is a bridge event)
    # Recorded from a results file: its entries name the file's players by
    # derived ids, not the register's (decisions 0041, 0083; added, v1).
    imported: bool = False
    # The methods of its sessions (averaged and fouled boards, the no-fault
    # revision); None: the regulation's (ScoringRules.of; added, v1).
    scoring_rules: ScoringRules | None = None

    @property
    def rules(self) -> ScoringRules:
        """The event's scoring methods: its own, else its regulation's."""
        return self.scoring_rules or ScoringRules.of(self.windows.regulation)


@dataclass(frozen=True, slots=True, kw_only=True)
class PairEntered:
    """A pair (or team) entered with its number; players by id only."""

    event_type: ClassVar[str] = "tournament.pair_entered"
    schema_version: ClassVar[int] = 1

    number: int
    entry_id: UUID
    player_ids: tuple[UUID, ...]
    # The results file's own id for the entry when it is not its number
    # (``1NS``, ``101``): written back on export (added, v1; decision 0192).
    label: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionScheduled:
    """Law 8: the rounds, their tables, pairs and boards, and the end of play."""

    event_type: ClassVar[str] = "tournament.session_scheduled"
    schema_version: ClassVar[int] = 1

    session: int
    movement: str
    starts_at: datetime
    ends_at: datetime
    assignments: tuple[TableAssignment, ...]
    winners: str = "auto"  # "auto" | "one" | "by_direction" (added, schema v1)


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionScoresPublished:
    """Official scores published: the periods of Law 79C and Law 92B start."""

    event_type: ClassVar[str] = "tournament.session_scores_published"
    schema_version: ClassVar[int] = 1

    session: int
    published_at: datetime
    correction_deadline: datetime
    inadmissible_deadline: datetime | None
    appeal_deadline: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectionWindowClosed:
    event_type: ClassVar[str] = "tournament.correction_window_closed"
    schema_version: ClassVar[int] = 1

    session: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AppealWindowClosed:
    event_type: ClassVar[str] = "tournament.appeal_window_closed"
    schema_version: ClassVar[int] = 1

    session: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RulingGiven:
    """A director's ruling (Laws 81-85), with the notice of the right to appeal (Law 83)."""

    event_type: ClassVar[str] = "tournament.ruling_given"
    schema_version: ClassVar[int] = 1

    ruling_id: UUID
    session: int
    board_number: int | None
    table: int | None
    laws: tuple[str, ...]
    facts: str
    decision: str
    director: str
    appeal_notice_given: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PenaltyImposed:
    """A procedural (Law 90) or disciplinary (Law 91) penalty, or a warning."""

    event_type: ClassVar[str] = "tournament.penalty_imposed"
    schema_version: ClassVar[int] = 1

    session: int
    entry_number: int
    kind: str  # "procedural" | "disciplinary" | "warning"
    unit: str  # "percent_of_top" | "matchpoints" | "imps" | "vp" | "none"
    amount: int
    law: str
    reason: str
    catalogue: str | None = None  # the FIGB catalogue entry applied (added, v1)
    # Teams IMPs: the round of the match the penalty comes off (added, v1).
    round: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HandRecordsSet:
    """The deals of some boards of a session, recorded for duplication (Law 6F).

    A later record of the same board replaces the earlier one (decision 0050).
    """

    event_type: ClassVar[str] = "tournament.hand_records_set"
    schema_version: ClassVar[int] = 1

    session: int
    source: HandSource
    records: tuple[HandRecord, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class OfficialAppointed:
    """An official appointed for the event; ``user`` is the actor id ("user:<pk>")."""

    event_type: ClassVar[str] = "tournament.official_appointed"
    schema_version: ClassVar[int] = 1

    user: str
    name: str
    role: OfficialRole


@dataclass(frozen=True, slots=True, kw_only=True)
class OfficialRelieved:
    event_type: ClassVar[str] = "tournament.official_relieved"
    schema_version: ClassVar[int] = 1

    user: str
    role: OfficialRole
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class KnockoutCarryOverSet:
    """The carry-over of a knockout match, credited to the home team before play
    (negative: to the away team), as the conditions of contest set it
    (decision 0033); ``imps`` is exact, as a fraction's text ("7/2")."""

    event_type: ClassVar[str] = "tournament.knockout_carry_over_set"
    schema_version: ClassVar[int] = 1

    stage: int
    match: int
    imps: str
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayingConditionsSet:
    """The event's screens, cadence and reading of the lateness norm
    (FIGB N-L8 §1, §3); until set, no screens, 8 boards an hour, and a
    warning within the 5 minutes' grace."""

    event_type: ClassVar[str] = "tournament.playing_conditions_set"
    schema_version: ClassVar[int] = 1

    screens: bool
    boards_per_hour: int
    lateness_reading: str
    qualifying_sessions: int = 0  # N-L4 §2a(3)-(4); 0: no eliminations


@dataclass(frozen=True, slots=True, kw_only=True)
class LatenessRecorded:
    """A team late at the start of a round, with the verdict of N-L8 §3
    computed when recorded (its penalties follow as ``PenaltyImposed``)."""

    event_type: ClassVar[str] = "tournament.lateness_recorded"
    schema_version: ClassVar[int] = 1

    session: int
    entry_number: int
    minutes_late: str
    reading: str
    warnings: int
    vp: int
    imps: int
    forfeit: bool
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SlowPlayRecorded:
    """A team's slow play past the tolerance, the team's ``offence``-th in the
    event, with the verdict of N-L8 §2 (its penalty follows as
    ``PenaltyImposed``); ``culprit_known`` is false when both teams of the
    match were penalised because the culprit could not be told."""

    event_type: ClassVar[str] = "tournament.slow_play_recorded"
    schema_version: ClassVar[int] = 1

    session: int
    entry_number: int
    offence: int
    culprit_known: bool
    warnings: int
    vp: int
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SubstitutionRecorded:
    """A substitute played ``boards`` of the ``entry_boards`` the entry plays
    in ``session`` in place of ``original`` (FIGB N-L4 §2a); ``eliminates``:
    the substitutions recorded so far eliminate the original, which an
    emergency substitution's director must tell them at once (§2a(7))."""

    event_type: ClassVar[str] = "tournament.substitution_recorded"
    schema_version: ClassVar[int] = 1

    session: int
    entry_number: int
    original: UUID
    substitute: UUID
    rounds: tuple[int, ...]
    boards: int
    entry_boards: int
    emergency: bool
    eliminates: bool
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardCopiesRecorded:
    """One physical copy of a board: its markings and the tables that played
    it (Laws 2, 87A). A later record of the same copy replaces the earlier."""

    event_type: ClassVar[str] = "tournament.board_copies_recorded"
    schema_version: ClassVar[int] = 1

    session: int
    board_number: int
    copy: str
    dealer: str  # "N", "E", "S", "W"
    vulnerability: str  # "None", "NS", "EW", "All"
    tables: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class WithdrawalRecorded:
    """An entry withdrew (FIGB N-L4 §3-§5): before round ``from_round`` of
    ``session`` (0: after the session, between sessions); ``boards`` the
    boards of the session it does not play, each given an artificial score
    (§4, pairs); ``norm`` "N-L4 §4" (pairs) or "N-L4 §5" (teams)."""

    event_type: ClassVar[str] = "tournament.withdrawal_recorded"
    schema_version: ClassVar[int] = 1

    session: int
    entry_number: int
    player_ids: tuple[UUID, ...]
    from_round: int
    boards: int
    norm: str
    reason: str = ""


TournamentEvent = (
    TournamentCreated
    | PairEntered
    | SessionScheduled
    | SessionScoresPublished
    | CorrectionWindowClosed
    | AppealWindowClosed
    | RulingGiven
    | PenaltyImposed
    | HandRecordsSet
    | OfficialAppointed
    | OfficialRelieved
    | KnockoutCarryOverSet
    | PlayingConditionsSet
    | LatenessRecorded
    | SlowPlayRecorded
    | SubstitutionRecorded
    | BoardCopiesRecorded
    | WithdrawalRecorded
)
EVENT_TYPES: tuple[type[TournamentEvent], ...] = (
    TournamentCreated,
    PairEntered,
    SessionScheduled,
    SessionScoresPublished,
    CorrectionWindowClosed,
    AppealWindowClosed,
    RulingGiven,
    PenaltyImposed,
    HandRecordsSet,
    OfficialAppointed,
    OfficialRelieved,
    KnockoutCarryOverSet,
    PlayingConditionsSet,
    LatenessRecorded,
    SlowPlayRecorded,
    SubstitutionRecorded,
    BoardCopiesRecorded,
    WithdrawalRecorded,
)
