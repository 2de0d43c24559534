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
class GiveRuling:
    ruling_id: UUID
    session: int
    board_number: int | None
    table: int | None
    laws: tuple[str, ...]
    facts: str
    decision: str
    director: str
    # A FIGB catalogue entry the ruling applies and the offending side: a
    # penalty the entry adds on the offending team (App1 §7 teams (3)).
    catalogue: str | None = None
    offender: str | None = None


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
class RecordBoardCopy:
    """A copy of a board as marked, and the tables that played it (Law 2)."""

    session: int
    board_number: int
    copy: str
    dealer: str
    vulnerability: str
    tables: tuple[int, ...]


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
    | RecordBoardCopy
)
