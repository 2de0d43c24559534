"""What a director asks of a burraco tournament (Arts. 2, 19, 20)."""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from burraco.domain.values import (
    EntryForm,
    GroupMovement,
    Movement,
    SheetHand,
    TieBreak,
)

__all__ = [
    "BurracoCommand",
    "CorrectScoreSheet",
    "DeclareLineUp",
    "EnterScoreSheet",
    "FormLines",
    "InterruptTournament",
    "InvertScore",
    "IssueWarning",
    "OpenBurraco",
    "PublishFinalStandings",
    "PublishPositions",
    "PublishProvisionalStandings",
    "RecordAbandonment",
    "RecordAbsence",
    "RecordLateness",
    "RecordLostSheet",
    "SplitIntoGroups",
    "SubstitutePlayer",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class OpenBurraco:
    tournament_id: UUID
    hands_per_turn: int
    turns: int
    movement: Movement = Movement.MITCHELL
    standings_check_minutes: int = 10
    tie_breaks: tuple[TieBreak, ...] = (TieBreak.MP, TieBreak.HEAD_TO_HEAD)
    warning_policy: str = "every_two"
    mitchell_turns: int | None = None
    table_streams: bool = True
    split_after: int | None = None
    merit_groups: int = 2
    group_movement: GroupMovement = GroupMovement.DANESE
    session_turns: int | None = None
    form: EntryForm = EntryForm.PAIRS


@dataclass(frozen=True, slots=True, kw_only=True)
class FormLines:
    """Empty ``fixed`` and ``mobile``: by registration order (Art. 2)."""

    fixed: tuple[int, ...] = ()
    mobile: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class PublishPositions:
    turn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class EnterScoreSheet:
    """Teams: ``hands`` the open room's, ``closed_hands`` the closed room's."""

    turn: int
    table: int
    hands: tuple[SheetHand, ...]
    closed_hands: tuple[SheetHand, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectScoreSheet:
    turn: int
    table: int
    hands: tuple[SheetHand, ...]
    opponents_confirmed: bool
    director_countersigned: bool = False
    closed_hands: tuple[SheetHand, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class InvertScore:
    turn: int
    table: int
    pairs_confirmed: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PublishFinalStandings:
    pass


@dataclass(frozen=True, slots=True, kw_only=True)
class IssueWarning:
    pair: int
    turn: int
    article: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordLateness:
    """Art. 39: ``seconds`` after the director's signal."""

    turn: int
    table: int
    pair: int
    seconds: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordLostSheet:
    """Art. 19: the table's sheet is lost."""

    turn: int
    table: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PublishProvisionalStandings:
    """Art. 20: show the standings after the single group's last turn."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SplitIntoGroups:
    """Form the merit groups once the provisional standings are final.

    ``sizes``: pairs in each group, A first; empty: the tables shared out
    evenly, the groups above taking a table left over (decision 0145)."""

    sizes: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordAbsence:
    """Art. 38: ``pair`` absent from its table in the turn in play."""

    turn: int
    table: int
    pair: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SubstitutePlayer:
    """Art. 38: ``player_in``, who has not played in the tournament, replaces
    ``player_out`` in ``pair``."""

    pair: int
    player_out: UUID
    player_in: UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class InterruptTournament:
    """Art. 40: force majeure stops the tournament."""

    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordAbandonment:
    """Art. 38: ``pair`` cannot go on; it plays no later turn."""

    pair: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareLineUp:
    """Art. 3 (teams): which two players of ``team`` play in the open room
    and which two in the closed room at ``table`` in ``turn`` (Art. 2: the
    pairs may change at the start of every turn). The team that drew the
    lower card (first turn) or stands lower in the standings (later turns)
    declares first; ``drew_lower_card`` records the draw."""

    turn: int
    table: int
    team: int
    open_room: tuple[UUID, ...]
    closed_room: tuple[UUID, ...]
    drew_lower_card: bool = False


BurracoCommand = (
    OpenBurraco
    | FormLines
    | PublishPositions
    | EnterScoreSheet
    | CorrectScoreSheet
    | InvertScore
    | PublishFinalStandings
    | IssueWarning
    | RecordLateness
    | RecordLostSheet
    | PublishProvisionalStandings
    | SplitIntoGroups
    | RecordAbsence
    | SubstitutePlayer
    | InterruptTournament
    | RecordAbandonment
    | DeclareLineUp
)
