"""What an organizer or director asks of a tournament."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
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
class CreateTournament:
    tournament_id: UUID
    name: str
    form: Form
    scoring: ScoringMethod
    windows: WindowRules
    starts_at: datetime
    strict: bool = False
    penalty_overrides: tuple[PenaltyOverride, ...] = ()
    system_category: int | None = None
    game: Game = Game.BRIDGE
    imported: bool = False
    scoring_rules: ScoringRules | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EnterPair:
    """An entry of any form: a pair, a team's players or one player.

    ``card_categories``: the App1 categories the pair's declared convention
    cards were checked for (the registry's facts, read by the handler). The
    players' own facts (on the register, not forgotten) reach ``decide`` as
    its ``players`` argument, read from their streams (decision 0083).
    """

    number: int
    entry_id: UUID
    player_ids: tuple[UUID, ...]
    card_categories: tuple[int, ...] = ()
    label: str | None = None  # an imported file's own id for it (0192)


@dataclass(frozen=True, slots=True, kw_only=True)
class ScheduleSession:
    session: int
    movement: str
    starts_at: datetime
    ends_at: datetime
    assignments: tuple[TableAssignment, ...]
    winners: str = "auto"


@dataclass(frozen=True, slots=True, kw_only=True)
class PublishScores:
    session: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AssignedOutcome:
    """One outcome of an assigned or weighted score (Law 12C1(a), (c)): a
    result at the table, scored on the table's copy (Law 2), and its weight
    in whole percent (100 for a single assigned score)."""

    contract: str | None
    lead: str | None
    tricks: int | None
    percent: int


@dataclass(frozen=True, slots=True, kw_only=True)
class GiveRuling:
    """A ruling (Laws 81-85) and what it does on its board, as one command
    (decision 0220): the board not played at the table (Law 12C2), and one
    adjusted score (Law 12), given as the scorer writes it
    (``adjusted_score``), as outcomes scored on the table's copy
    (``outcomes``), or as the FIGB catalogue entry that assigns it
    (``catalogue``, with the offending side when the two sides' scores
    differ)."""

    ruling_id: UUID
    session: int
    board_number: int | None
    table: int | None
    laws: tuple[str, ...]
    facts: str
    decision: str
    director: str
    # A FIGB catalogue entry the ruling applies and the offending side: the
    # score it assigns on the board, and a penalty it adds on the offending
    # team (App1 §7 teams (3)).
    catalogue: str | None = None
    offender: str | None = None
    adjusted_score: str | None = None
    outcomes: tuple[AssignedOutcome, ...] = ()
    not_played: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ImposePenalty:
    """A penalty; with ``catalogue`` the kind, unit and amount are the event's
    fixed amount for that FIGB catalogue entry (pairs or teams)."""

    session: int
    entry_number: int
    kind: str = "procedural"
    unit: str = "none"
    amount: int = 0
    law: str = ""
    reason: str = ""
    catalogue: str | None = None
    round: int | None = None  # teams IMPs: the match's round, when several


@dataclass(frozen=True, slots=True, kw_only=True)
class SetHandRecords:
    """Record deals (PBN text, any first seat) for boards of a session."""

    session: int
    source: HandSource
    records: tuple[HandRecord, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AppointOfficial:
    user: str
    name: str
    role: OfficialRole


@dataclass(frozen=True, slots=True, kw_only=True)
class RelieveOfficial:
    user: str
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetCarryOver:
    stage: int
    match: int
    imps: Fraction
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetPlayingConditions:
    """The event's screens, cadence and reading of the lateness norm (N-L8 §1, §3)."""

    screens: bool = False
    boards_per_hour: int = 8
    lateness_reading: str = "warning_within_grace"
    qualifying_sessions: int = 0  # N-L4 §2a(3)-(4): 0, an event without eliminations


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordLateness:
    """A team's minutes late at the start of a round of ``session`` (N-L8 §3)."""

    session: int
    entry_number: int
    minutes_late: str  # a decimal, e.g. "7.5"
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordSlowPlay:
    """Slow play past the tolerance (N-L8 §2): one team, or both teams of a
    match when the culprit cannot be told."""

    session: int
    entry_numbers: tuple[int, ...]
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordSubstitution:
    """The director's substitution of ``original`` by ``substitute`` in
    ``entry_number`` for ``rounds`` of ``session`` (FIGB N-L4 §2a)."""

    session: int
    entry_number: int
    original: UUID
    substitute: UUID
    rounds: tuple[int, ...]
    emergency: bool = False  # N-L4 §2a(7)
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordBoardCopy:
    """A copy of a board as marked, and the tables that played it (Law 2)."""

    session: int
    board_number: int
    copy: str
    dealer: str
    vulnerability: str
    tables: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordWithdrawal:
    """The director's record that ``entry_number`` withdrew (FIGB N-L4
    §3-§5): before round ``from_round`` of ``session``, or, ``from_round``
    None, after playing the whole of ``session`` (between sessions)."""

    session: int
    entry_number: int
    from_round: int | None = None
    reason: str = ""


TournamentCommand = (
    CreateTournament
    | EnterPair
    | ScheduleSession
    | PublishScores
    | GiveRuling
    | ImposePenalty
    | SetHandRecords
    | AppointOfficial
    | RelieveOfficial
    | SetCarryOver
    | SetPlayingConditions
    | RecordLateness
    | RecordSlowPlay
    | RecordSubstitution
    | RecordBoardCopy
    | RecordWithdrawal
)
