"""What a director asks of a burraco tournament (Arts. 2, 19, 20)."""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from burraco.domain.values import (
    Category,
    EntryForm,
    GroupMovement,
    Movement,
    Origin,
    SheetHand,
    TieBreak,
)

__all__ = [
    "AnnulAlteredSheet",
    "BurracoCommand",
    "CorrectScoreSheet",
    "DeclareLineUp",
    "DeliverSheet",
    "EnterScoreSheet",
    "FileSheet",
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
    "RecordBothAbandoned",
    "RecordLateness",
    "RecordLostSheet",
    "RecordOrigins",
    "RecordQuarrel",
    "RecordWrongTable",
    "RemedyCommand",
    "ReportToSportsJustice",
    "SetPrizes",
    "SignSheet",
    "SplitIntoGroups",
    "StartTurn",
    "SubstitutePlayer",
    "SuspendForMisconduct",
    "TableSheetCommand",
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
    category: Category = Category.CLUB
    monitoring_800: bool = False
    time_reduction_minutes: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class FormLines:
    """Empty ``fixed`` and ``mobile``: by registration order (Art. 2), with
    ``separate_by`` ("region", "province" or "club") the entries of one
    kept apart (decision 0175). Giallo: each table's fixed line is two
    consecutive numbers of ``fixed``, its mobile line two of ``mobile``."""

    fixed: tuple[int, ...] = ()
    mobile: tuple[int, ...] = ()
    separate_by: str = ""
    draw_seed: int | None = None
    """By lot (Art. 2): the seed of the shuffle, drawn by the handler."""
    alphabetical: bool = False
    """Art. 2: in alphabetical order of the players' names (the handler
    reads them from the register; they never enter an event)."""
    from_letter: str = ""
    """Alphabetical: the letter the fixed lines start from (the list wraps
    round); the mobile lines start where the first half ends."""
    by_category: tuple[str, ...] = ()
    """Art. 2, by category: the categories (the import's ``category``
    column), highest first; the higher half of the field fixed."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordOrigins:
    """The entries' region, province and club, from the organiser's file."""

    origins: tuple[Origin, ...]


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
    director_called: bool = False
    """I poteri dell'arbitro (g): the players called the director on
    reaching 800 MP and he countersigned the sheet."""
    countersigned: bool = True
    """Art. 19: signed by at least one player of each pair."""
    delivered: bool = True
    """Art. 19: handed in by the winning side; False: left on the table."""


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
    """Art. 39: ``seconds`` after the director's signal; None: from the
    signal recorded by ``StartTurn`` to now."""

    turn: int
    table: int
    pair: int
    seconds: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordWrongTable:
    """Art. 2: ``pair`` sat at ``other``'s place in the turn in play and play
    began: the two exchange places for this turn, their results stand, and
    ``pair`` is warned."""

    turn: int
    pair: int
    other: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StartTurn:
    """Art. 6, Art. 39: the director's signal ("il via") starts the turn's
    clock: 25, 32 or 42 minutes, less the announced reduction."""

    turn: int


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
class SetPrizes:
    """The entry fee, the prize pool's percentage and each final place's
    share of it, and the organiser's costs per entry for an Art. 40 refund:
    the Regolamento's, not the Code's, so settings (decision 0189)."""

    entry_fee_cents: int
    pool_percent: int
    shares: tuple[int, ...]
    costs_per_entry_cents: int = 0
    group_shares: tuple[tuple[int, ...], ...] = ()
    """Each merit group's places' shares, group A first (decision 0194)."""


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


@dataclass(frozen=True, slots=True, kw_only=True)
class FileSheet:
    """Art. 19, from the table: the keeper (the player who drew the highest
    card) writes the sheet; filing it is his side's signature. Filed again
    before delivery it replaces the last, and the opponents sign again."""

    turn: int
    table: int
    player: UUID
    hands: tuple[SheetHand, ...]
    closed_hands: tuple[SheetHand, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SignSheet:
    """Art. 19: a player of the other side countersigns the filed sheet."""

    turn: int
    table: int
    player: UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class DeliverSheet:
    """Art. 19: a player of the winning side hands the signed sheet in; it is
    then entered as the scoring room's would be."""

    turn: int
    table: int
    player: UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class AnnulAlteredSheet:
    """Art. 20: the players altered the sheet of a protected turn without the
    director, and the change would bring an immediate ``advantage``
    ("prize", or "higher_group" at the single group's last turn): the
    director annuls the result, 7-7, and reports it (``report``)."""

    turn: int
    table: int
    advantage: str
    report: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordQuarrel:
    """Art. 38: ``guilty`` left the table in play after a quarrel; ``hands``
    (and a team's ``closed_hands``): those played so far, if the innocent
    side may have scored more than the Code's award. ``report``: the
    referral to Sports Justice the article requires."""

    turn: int
    table: int
    guilty: int
    report: str
    hands: tuple[SheetHand, ...] = ()
    closed_hands: tuple[SheetHand, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SuspendForMisconduct:
    """Art. 38: the director suspends the table in play for the misconduct
    of both pairs; ``report``, if given, goes to Sports Justice (Poteri b)."""

    turn: int
    table: int
    report: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordBothAbandoned:
    """Art. 38: both pairs at the table in play abandon; ``report``, if
    given, goes to Sports Justice."""

    turn: int
    table: int
    report: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReportToSportsJustice:
    """The director reports to the Sports Justice bodies: ``article`` the
    Code's article it follows (None: I poteri dell'arbitro b, conduct
    against the ethics of the game), ``pairs`` the entries concerned."""

    turn: int
    text: str
    pairs: tuple[int, ...] = ()
    table: int | None = None
    article: int | None = None


RemedyCommand = (
    AnnulAlteredSheet
    | RecordQuarrel
    | SuspendForMisconduct
    | RecordBothAbandoned
    | ReportToSportsJustice
)

TableSheetCommand = FileSheet | SignSheet | DeliverSheet

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
    | SetPrizes
    | RecordAbandonment
    | RecordOrigins
    | StartTurn
    | RecordWrongTable
    | DeclareLineUp
    | FileSheet
    | SignSheet
    | DeliverSheet
    | RemedyCommand
)
