"""The burraco tournament stream's events; type names and versions are stored.

Changing a field, a name or a version here breaks the decoding of stored
events (spec/eventstore-research.md §6.7). Each result event carries its
computed MP and VP, so a projection never scores again (decision 0120).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar
from uuid import UUID

from burraco.domain.remedy_events import (
    AlteredSheetAnnulled,
    BothPairsAbandoned,
    MisconductSuspended,
    QuarrelAbandonment,
    SportsJusticeReported,
)
from burraco.domain.values import (
    Category,
    EntryForm,
    FormationMethod,
    GroupMovement,
    Movement,
    Origin,
    Position,
    SheetHand,
    TieBreak,
)

__all__ = [
    "EVENT_TYPES",
    "UPCASTERS",
    "WARNING_CAUSES",
    "WARNING_LATE",
    "WARNING_SHEET_LEFT",
    "WARNING_STATED",
    "WARNING_WRONG_TABLE",
    "AbsenceRecorded",
    "BurracoEvent",
    "BurracoOpened",
    "FinalStandingsPublished",
    "GroupsFormed",
    "LatenessRecorded",
    "LineUpDeclared",
    "LinesFormed",
    "OriginsRecorded",
    "PairAbandoned",
    "PlayerSubstituted",
    "PositionsPublished",
    "PrizesSet",
    "ProvisionalStandingsFinal",
    "ProvisionalStandingsPublished",
    "ScoreInverted",
    "ScoreSheetCorrected",
    "ScoreSheetDelivered",
    "ScoreSheetEntered",
    "ScoreSheetFiled",
    "ScoreSheetSigned",
    "StandingsFinal",
    "TournamentInterrupted",
    "TurnAwarded",
    "TurnStarted",
    "WarningIssued",
    "WrongTableRecorded",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class BurracoOpened:
    """The tournament's burraco settings, recorded with its creation."""

    event_type: ClassVar[str] = "burraco.opened"
    schema_version: ClassVar[int] = 1

    tournament_id: UUID
    hands_per_turn: int
    turns: int
    movement: Movement
    standings_check_minutes: int
    tie_breaks: tuple[TieBreak, ...]
    warning_policy: str
    mitchell_turns: int | None = None  # None: every turn Mitchell (v1)
    # Each table's sheet on its own stream per turn (decision 0144); False:
    # the tournaments opened before, whose sheets stay on this stream (v1).
    table_streams: bool = False
    # The single group's last turn, then merit groups A, B, ... played Danese
    # within each (Art. 20; decision 0145); None: no split (v1).
    split_after: int | None = None
    merit_groups: int = 1
    group_movement: GroupMovement = GroupMovement.DANESE
    # Turns a session (Art. 39: a rest once a session); None: one session.
    session_turns: int | None = None
    form: EntryForm = EntryForm.PAIRS
    # What the category allows (decision 0174); v1: a club event, no 800-MP
    # monitoring, no time reduction.
    category: Category = Category.CLUB
    monitoring_800: bool = False
    time_reduction_minutes: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class LinesFormed:
    """Art. 2: the first turn's tables, fixed and mobile lines by pair number."""

    event_type: ClassVar[str] = "burraco.lines_formed"
    schema_version: ClassVar[int] = 1

    method: FormationMethod
    fixed: tuple[int, ...]
    mobile: tuple[int, ...]
    # SEPARATED: "region", "province" or "club" (decision 0175); v1: "".
    separated_by: str = ""
    # DRAW: the seed that reproduces the shuffle (decision 0175); v1: None.
    seed: int | None = None
    # ALPHABETICAL: the letter the fixed lines start from; CATEGORY: the
    # categories highest first (decision 0186); v1: none.
    from_letter: str = ""
    categories: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class OriginsRecorded:
    """The entries' region, province and club, as the organiser's file
    gives them (decision 0175)."""

    event_type: ClassVar[str] = "burraco.origins_recorded"
    schema_version: ClassVar[int] = 1

    origins: tuple[Origin, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class PositionsPublished:
    """A turn's table positions shown: the Art. 20 cut-off for the turn before."""

    event_type: ClassVar[str] = "burraco.positions_published"
    schema_version: ClassVar[int] = 1

    turn: int
    positions: tuple[Position, ...]
    published_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheetEntered:
    """One table's sheet for one turn, with its MP and VP (Le tabelle)."""

    event_type: ClassVar[str] = "burraco.score_sheet_entered"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    fixed: int
    mobile: int
    hands: tuple[SheetHand, ...]
    fixed_mp: int
    mobile_mp: int
    fixed_vp: int
    mobile_vp: int
    # Teams: the closed room's hands, ``hands`` the open room's (v1: none).
    closed_hands: tuple[SheetHand, ...] = ()
    # A lost sheet found after the next positions (Art. 19): the turn from
    # whose standings it counts; None: at once (v1).
    restored_after: int | None = None
    # I poteri dell'arbitro (g), decision 0174: the sheet reached 800 MP at
    # a monitored table, and whether the director was called (v1: False).
    threshold_reached: bool = False
    director_called: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheetCorrected:
    """Art. 20: a sheet corrected before the next turn's positions, confirmed
    by the opponents (and countersigned by the director in a protected turn)."""

    event_type: ClassVar[str] = "burraco.score_sheet_corrected"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    hands: tuple[SheetHand, ...]
    fixed_mp: int
    mobile_mp: int
    fixed_vp: int
    mobile_vp: int
    director_countersigned: bool
    closed_hands: tuple[SheetHand, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreInverted:
    """Art. 20: after the next positions, only a score inversion is put right:
    the two pairs' results swap, and the standings take it at the next turn
    (``effective_after_turn``)."""

    event_type: ClassVar[str] = "burraco.score_inverted"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    effective_after_turn: int
    # A Danese turn drawn from the uncorrected standings: the two pairs'
    # seats in it swap (Art. 20); None when nothing is swapped (v1).
    positions_swapped_in: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class LatenessRecorded:
    """Art. 39: a pair not at its table at the director's signal."""

    event_type: ClassVar[str] = "burraco.lateness_recorded"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    pair: int
    seconds: int
    band: str
    bonus_to_opponents: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnAwarded:
    """A table's turn awarded without a sheet (Art. 39's forfeit): each
    side's VP and its signed MP, as the article writes them."""

    event_type: ClassVar[str] = "burraco.turn_awarded"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    fixed: int
    mobile: int
    fixed_vp: int
    mobile_vp: int
    fixed_mp: int
    mobile_mp: int
    article: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalStandingsPublished:
    """Art. 20: the final standings shown; 10 minutes to check them."""

    event_type: ClassVar[str] = "burraco.final_standings_published"
    schema_version: ClassVar[int] = 1

    published_at: datetime
    check_deadline: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class StandingsFinal:
    """Art. 20: the check period passed; the standings are final."""

    event_type: ClassVar[str] = "burraco.standings_final"
    schema_version: ClassVar[int] = 1

    check_deadline: datetime


# WarningIssued.cause: the director's own words, or a rule's warning.
WARNING_STATED = "stated"
WARNING_LATE = "late"  # Art. 39, with ``seconds``
WARNING_WRONG_TABLE = "wrong_table"  # Art. 2, with ``table``, ``expected_table``
WARNING_SHEET_LEFT = "sheet_left"  # Art. 19
WARNING_CAUSES = frozenset(
    {WARNING_STATED, WARNING_LATE, WARNING_WRONG_TABLE, WARNING_SHEET_LEFT}
)


@dataclass(frozen=True, slots=True, kw_only=True)
class WarningIssued:
    """A warning to a pair (Definizioni; I poteri dell'arbitro d).

    Language-free since v2 (decision 0202): a warning the rules give carries
    its ``cause`` and the figures of it (``seconds`` late at the signal; the
    ``table`` sat at and the ``expected_table``), and the pages word it in the
    reader's language; ``reason`` is then empty. A warning the director gives
    (cause ``stated``) carries his own words in ``reason``, shown as written,
    as does every v1 warning (upcast to ``stated``)."""

    event_type: ClassVar[str] = "burraco.warning_issued"
    schema_version: ClassVar[int] = 2

    pair: int
    turn: int
    article: str
    reason: str
    cause: str = "stated"
    seconds: int | None = None
    table: int | None = None
    expected_table: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ProvisionalStandingsPublished:
    """Art. 20: the standings before the split shown; 10 minutes to check."""

    event_type: ClassVar[str] = "burraco.provisional_standings_published"
    schema_version: ClassVar[int] = 1

    after_turn: int
    published_at: datetime
    check_deadline: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class ProvisionalStandingsFinal:
    """Art. 20: the check before the split passed; those standings are final."""

    event_type: ClassVar[str] = "burraco.provisional_standings_final"
    schema_version: ClassVar[int] = 1

    check_deadline: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class GroupsFormed:
    """The split of the single group into merit groups A, B, ... by the final
    standings after ``after_turn`` (pair numbers, best first)."""

    event_type: ClassVar[str] = "burraco.groups_formed"
    schema_version: ClassVar[int] = 1

    after_turn: int
    groups: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AbsenceRecorded:
    """Art. 38: a pair absent for a turn; the table's ``TurnAwarded`` follows.
    ``nth``: its absent turns so far, this one included."""

    event_type: ClassVar[str] = "burraco.absence_recorded"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    pair: int
    nth: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerSubstituted:
    """Art. 38: one player of a pair replaced, before half the turns."""

    event_type: ClassVar[str] = "burraco.player_substituted"
    schema_version: ClassVar[int] = 1

    pair: int
    player_out: UUID
    player_in: UUID
    turns_played: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentInterrupted:
    """Art. 40: the tournament cannot be finished. Prizes on the last
    standings shown when more than half the turns were played; otherwise
    the entry fees are refunded and there are no prizes."""

    event_type: ClassVar[str] = "burraco.tournament_interrupted"
    schema_version: ClassVar[int] = 1

    completed_turns: int
    scheduled_turns: int
    prizes: bool
    standings_after: int
    reason: str
    interrupted_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class PrizesSet:
    """The prize settings (decision 0189); the last one set counts."""

    event_type: ClassVar[str] = "burraco.prizes_set"
    schema_version: ClassVar[int] = 1

    entry_fee_cents: int
    pool_percent: int
    shares: tuple[int, ...]
    costs_per_entry_cents: int
    # Each merit group's places' shares, A first (decision 0194); v1 had none.
    group_shares: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class PairAbandoned:
    """Art. 38: a pair leaves after ``after_turn``; its results stand."""

    event_type: ClassVar[str] = "burraco.pair_abandoned"
    schema_version: ClassVar[int] = 1

    pair: int
    after_turn: int
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted:
    """Art. 6: the director's signal; the turn's time runs to ``ends_at``."""

    event_type: ClassVar[str] = "burraco.turn_started"
    schema_version: ClassVar[int] = 1

    turn: int
    started_at: datetime
    ends_at: datetime


@dataclass(frozen=True, slots=True, kw_only=True)
class WrongTableRecorded:
    """Art. 2: ``pair`` sat at ``other``'s place in ``turn``; the two
    exchange places for that turn only (its ``WarningIssued`` follows)."""

    event_type: ClassVar[str] = "burraco.wrong_table_recorded"
    schema_version: ClassVar[int] = 1

    turn: int
    pair: int
    other: int


@dataclass(frozen=True, slots=True, kw_only=True)
class LineUpDeclared:
    """Art. 3: a team's pairs for the open and the closed room in a turn;
    ``first``: it declared before its opponents (decision 0178)."""

    event_type: ClassVar[str] = "burraco.line_up_declared"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    team: int
    open_room: tuple[UUID, ...]
    closed_room: tuple[UUID, ...]
    first: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheetFiled:
    """Art. 19, from the table: the keeper's side (``line``) wrote the sheet
    and signed it by filing; a later filing replaces it, signatures anew."""

    event_type: ClassVar[str] = "burraco.score_sheet_filed"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    line: int
    hands: tuple[SheetHand, ...]
    closed_hands: tuple[SheetHand, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheetSigned:
    """Art. 19: a player of ``line``, the keeper's opponents, countersigned."""

    event_type: ClassVar[str] = "burraco.score_sheet_signed"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    line: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreSheetDelivered:
    """Art. 19: a player of ``line``, the winning side (either after a
    10-10), handed the signed sheet in; its ``ScoreSheetEntered`` follows."""

    event_type: ClassVar[str] = "burraco.score_sheet_delivered"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    line: int


BurracoEvent = (
    BurracoOpened
    | LinesFormed
    | PositionsPublished
    | ScoreSheetEntered
    | ScoreSheetCorrected
    | ScoreInverted
    | FinalStandingsPublished
    | StandingsFinal
    | WarningIssued
    | LatenessRecorded
    | TurnAwarded
    | ProvisionalStandingsPublished
    | ProvisionalStandingsFinal
    | GroupsFormed
    | AbsenceRecorded
    | PlayerSubstituted
    | TournamentInterrupted
    | PrizesSet
    | PairAbandoned
    | OriginsRecorded
    | TurnStarted
    | WrongTableRecorded
    | LineUpDeclared
    | ScoreSheetFiled
    | ScoreSheetSigned
    | ScoreSheetDelivered
    | AlteredSheetAnnulled
    | QuarrelAbandonment
    | MisconductSuspended
    | BothPairsAbandoned
    | SportsJusticeReported
)
EVENT_TYPES: tuple[type[BurracoEvent], ...] = (
    BurracoOpened,
    LinesFormed,
    PositionsPublished,
    ScoreSheetEntered,
    ScoreSheetCorrected,
    ScoreInverted,
    FinalStandingsPublished,
    StandingsFinal,
    WarningIssued,
    LatenessRecorded,
    TurnAwarded,
    ProvisionalStandingsPublished,
    ProvisionalStandingsFinal,
    GroupsFormed,
    AbsenceRecorded,
    PlayerSubstituted,
    TournamentInterrupted,
    PrizesSet,
    PairAbandoned,
    OriginsRecorded,
    TurnStarted,
    WrongTableRecorded,
    LineUpDeclared,
    ScoreSheetFiled,
    ScoreSheetSigned,
    ScoreSheetDelivered,
    AlteredSheetAnnulled,
    QuarrelAbandonment,
    MisconductSuspended,
    BothPairsAbandoned,
    SportsJusticeReported,
)


def _warning_v1_to_v2(payload: dict[str, object]) -> dict[str, object]:
    """A v1 warning's reason is a sentence, whoever wrote it: read as stated."""
    return {
        **payload,
        "cause": WARNING_STATED,
        "seconds": None,
        "table": None,
        "expected_table": None,
    }


# The store lifts a stored payload one version at a time on read.
UPCASTERS = {WarningIssued.event_type: {1: _warning_v1_to_v2}}
