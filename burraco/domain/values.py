"""The burraco tournament's terms: its stream, settings, lines and sheets.

F.I.Bur. Codice di Gara, April 2024 edition: Art. 2 (pairs, the first-turn
formation, Mitchell with fixed and mobile lines), Art. 6 (2, 3 or 4 hands a
turn), Art. 18 (the sheet's base and points), Art. 20 (the standings check),
Le tabelle (the VP).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import StrEnum
from uuid import UUID

__all__ = [
    "NAMESPACE",
    "REST",
    "STREAM_TYPE",
    "TABLE_STREAM_TYPE",
    "Category",
    "EntryForm",
    "FormationMethod",
    "GroupMovement",
    "Movement",
    "Origin",
    "Position",
    "SheetHand",
    "TieBreak",
    "stream_id",
    "table_stream_id",
]

STREAM_TYPE = "burraco_tournament"
REST = 0
"""The pair number of the empty side of an incomplete table (Art. 39)."""
TABLE_STREAM_TYPE = "burraco_table"
NAMESPACE = UUID("5f0b8e2a-8c1d-4d1e-9a57-0b1c2d3e4f51")


def stream_id(tournament_id: UUID) -> UUID:
    """The burraco stream of a tournament (its identity is the tournament's)."""
    return uuid.uuid5(NAMESPACE, f"burraco:{tournament_id}")


def table_stream_id(tournament_id: UUID, turn: int, table: int) -> UUID:
    """One table's stream in one turn: its sheet, lateness and awards
    (decision 0144)."""
    return uuid.uuid5(NAMESPACE, f"burraco:{tournament_id}:turn:{turn}:table:{table}")


class Movement(StrEnum):
    """How the turns are paired (Art. 2).

    ``MITCHELL``: the first ``mitchell_turns`` turns (every turn when unset)
    move by Mitchell, the later ones are Danese puro from the standings.
    """

    MITCHELL = "mitchell"
    ITALIANA = "italiana"
    """All'italiana: every turn a round of the single group's calendar."""


class GroupMovement(StrEnum):
    """How the merit groups are paired after the split (Art. 2; Poteri g)."""

    DANESE = "danese"
    ITALIANA = "italiana"
    """A round-robin calendar per group, set when the groups are formed."""


class EntryForm(StrEnum):
    """Pairs or teams (Art. 2): a team plays a match in an open and a
    closed room, scored on the team VP table (Le tabelle). Individual (one
    against one) and giallo events enter players one by one (decision 0173)."""

    PAIRS = "pairs"
    TEAMS = "teams"
    INDIVIDUAL = "individual"
    """Art. 2, "uno contro uno": each line is one player, a new opponent
    every turn; an incomplete table holds one player (Definizioni)."""
    GIALLO = "giallo"
    """Art. 2: players enter singly and change partner every turn; the
    lines of a turn are two players each, drawn from the individual
    standings (decision 0173)."""

    @property
    def singles(self) -> bool:
        """Entries are single players (individual and giallo)."""
        return self in (EntryForm.INDIVIDUAL, EntryForm.GIALLO)


class Category(StrEnum):
    """The tournament's category, which sets what it allows (digest §12.1;
    decision 0174): the time reduction (Art. 6: club and federal only),
    spectators at the table (Definizioni, Angolista: not at federal,
    regional and national events), the 800-MP monitoring (I poteri
    dell'arbitro g: regional and national events only)."""

    CLUB = "club"
    FEDERAL = "federal"
    REGIONAL = "regional"
    NATIONAL = "national"
    CHAMPIONSHIP = "championship"

    @property
    def may_reduce_time(self) -> bool:
        return self in (Category.CLUB, Category.FEDERAL)

    @property
    def spectators_allowed(self) -> bool:
        return self in (Category.CLUB, Category.CHAMPIONSHIP)

    @property
    def may_monitor_800(self) -> bool:
        return self in (Category.REGIONAL, Category.NATIONAL)


class FormationMethod(StrEnum):
    """How the first turn's tables are formed (Art. 2)."""

    REGISTRATION_ORDER = "registration_order"
    DIRECTOR = "director"
    DRAW = "draw"
    """By lot (Art. 2, "per sorteggio"): the entries shuffled with the
    recorded seed, the first half fixed (decision 0175)."""
    SEPARATED = "separated"
    """Registration order with the entries of one region, province or club
    kept apart where the director asks (decision 0175)."""
    ALPHABETICAL = "alphabetical"
    """In alphabetical order of the players' names, from the director's
    letter (Art. 2, "fissi dalla C - mobili dalla L"; decision 0186)."""
    CATEGORY = "category"
    """By the entries' categories, the director's order, highest first
    (Art. 2, "per categorie"; decision 0186)."""


class TieBreak(StrEnum):
    """What separates pairs level on VP (digest Q8; decision 0121)."""

    MP = "mp"
    """The greater sum of the pair's signed MP differences."""
    HEAD_TO_HEAD = "head_to_head"
    """The VP the pair won against the other pair level with it, when only
    two are level and they met."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Position:
    """One table of one turn: the fixed line stays, the mobile one moves.

    Giallo (decision 0173): each line is two players, ``fixed`` with
    ``fixed_partner`` and ``mobile`` with ``mobile_partner``; 0 elsewhere."""

    table: int
    fixed: int
    mobile: int
    fixed_partner: int = 0
    mobile_partner: int = 0

    def line_of(self, entry: int) -> int:
        """The line (its first number) ``entry`` plays in, 0 if not here."""
        if entry in (self.fixed, self.fixed_partner) and entry:
            return self.fixed
        if entry in (self.mobile, self.mobile_partner) and entry:
            return self.mobile
        return 0

    def players(self, line: int) -> tuple[int, ...]:
        """The entries of ``line`` (the fixed or the mobile one)."""
        if line == self.fixed:
            return (self.fixed, self.fixed_partner) if self.fixed_partner else (line,)
        return (self.mobile, self.mobile_partner) if self.mobile_partner else (line,)


@dataclass(frozen=True, slots=True, kw_only=True)
class Origin:
    """Where an entry comes from, as the organiser's file gives it: the
    director may keep entries of one region, province or club apart in the
    first turn (decision 0175)."""

    entry: int
    region: str = ""
    province: str = ""
    club: str = ""
    category: str = ""
    """The entry's category, as the organiser's file names it (Art. 2,
    "per categorie"; decision 0186)."""

    def of(self, key: str) -> str:
        return str(getattr(self, key))


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetHand:
    """One hand on the score sheet: each line's base and points (Art. 18)."""

    fixed_base: int
    fixed_points: int
    mobile_base: int
    mobile_points: int

    @property
    def fixed_total(self) -> int:
        return self.fixed_base + self.fixed_points

    @property
    def mobile_total(self) -> int:
        return self.mobile_base + self.mobile_points
