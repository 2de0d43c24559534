"""The director's remedies a sheet cannot carry, and his reports; stored events.

F.I.Bur. Codice di Gara, April 2024 edition, Art. 20 (a sheet altered in a
protected turn, annulled 7-7) and Art. 38 (a quarrel, a misconduct of both
pairs, both pairs abandoning), and the report to the Sports Justice bodies
the Code asks for ("segnalare", "deferire": Art. 20, Art. 38, I poteri
dell'arbitro b). Each remedy carries the table's figures as decided, each
side's VP and signed MP (decision 0120: a projection never scores again);
they live on the tournament's burraco stream and stand over the table's
own stream (decision 0217). Changing a field, a name or a version here
breaks the decoding of stored events.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import ClassVar

__all__ = [
    "ADVANTAGES",
    "ADVANTAGE_HIGHER_GROUP",
    "ADVANTAGE_PRIZE",
    "REMEDY_ANNULLED",
    "REMEDY_BOTH_ABANDONED",
    "REMEDY_MISCONDUCT",
    "REMEDY_QUARREL",
    "AlteredSheetAnnulled",
    "BothPairsAbandoned",
    "MisconductSuspended",
    "QuarrelAbandonment",
    "RemedyEvent",
    "SportsJusticeReported",
]

# Art. 20: the immediate advantage the altered sheet would have brought.
ADVANTAGE_PRIZE = "prize"
ADVANTAGE_HIGHER_GROUP = "higher_group"
ADVANTAGES = frozenset({ADVANTAGE_PRIZE, ADVANTAGE_HIGHER_GROUP})

# TableResult.remedy: which remedy gave a table's result.
REMEDY_ANNULLED = "annulled"
REMEDY_QUARREL = "quarrel"
REMEDY_MISCONDUCT = "misconduct"
REMEDY_BOTH_ABANDONED = "both_abandoned"


@dataclass(frozen=True, slots=True, kw_only=True)
class AlteredSheetAnnulled:
    """Art. 20: the players altered the sheet of a protected turn without the
    director, to an immediate ``advantage``; the director annulled the
    result: 7-7 (with the MP the table makes equivalent, decision 0069)."""

    event_type: ClassVar[str] = "burraco.altered_sheet_annulled"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    fixed: int
    mobile: int
    fixed_vp: int
    mobile_vp: int
    fixed_mp: int
    mobile_mp: int
    advantage: str


@dataclass(frozen=True, slots=True, kw_only=True)
class QuarrelAbandonment:
    """Art. 38: ``guilty`` left the table after a quarrel: it loses the match
    0 and is out of the tournament (its ``PairAbandoned`` follows); the
    innocent side takes the Code's award, or the more it had scored
    (``kept_own``)."""

    event_type: ClassVar[str] = "burraco.quarrel_abandonment"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    guilty: int
    fixed: int
    mobile: int
    fixed_vp: int
    mobile_vp: int
    fixed_mp: int
    mobile_mp: int
    kept_own: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class MisconductSuspended:
    """Art. 38: the director suspended the table's play for the misconduct of
    both pairs: 7 VP and -505 MP each with four hands (-555, teams)."""

    event_type: ClassVar[str] = "burraco.misconduct_suspended"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    fixed: int
    mobile: int
    fixed_vp: int
    mobile_vp: int
    fixed_mp: int
    mobile_mp: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BothPairsAbandoned:
    """Art. 38: both pairs at the table abandoned: 0 each; both are out of
    the tournament (their ``PairAbandoned`` follow)."""

    event_type: ClassVar[str] = "burraco.both_pairs_abandoned"
    schema_version: ClassVar[int] = 1

    turn: int
    table: int
    fixed: int
    mobile: int
    fixed_vp: int
    mobile_vp: int
    fixed_mp: int
    mobile_mp: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SportsJusticeReported:
    """The director's report to the Sports Justice bodies (Art. 20, Art. 38,
    I poteri dell'arbitro b): the ``number`` of the tournament's reports,
    the article it follows, where, whom (entry numbers) and his ``text``."""

    event_type: ClassVar[str] = "burraco.sports_justice_reported"
    schema_version: ClassVar[int] = 1

    number: int
    article: str
    turn: int
    table: int | None
    pairs: tuple[int, ...]
    text: str
    reported_at: datetime


RemedyEvent = (
    AlteredSheetAnnulled | QuarrelAbandonment | MisconductSuspended | BothPairsAbandoned
)
