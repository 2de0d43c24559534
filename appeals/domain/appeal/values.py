"""The values an appeal's events carry: its stages, hearing bodies, outcomes.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 92D and 92B (an appeal
waits for its concurrence, or lapses), Law 93A-B (the Chief Director or the
committee hears it; what the committee may not change, Law 93B3), Law 93C1
(the national body), Law 92A (an appeal without substantial merit), Law 12
(adjusted scores). Norme integrative FIGB (2004), N-L92-93 §3 (a decision is
executive at once), §4 and §6 (further appeal; final decisions).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from uuid import UUID


class Status(StrEnum):
    AWAITING_CONCURRENCE = "awaiting_concurrence"  # Law 92D: not heard yet
    LODGED = "lodged"
    ROUTED = "routed"  # Law 93A/B: the hearing body is known
    HEARING_SCHEDULED = "hearing_scheduled"
    HEARD = "heard"
    DECIDED = "decided"  # executive at once (FIGB §3); further appeal possible
    FURTHER_APPEAL_FILED = "further_appeal_filed"  # Law 93C1, FIGB §4
    FINAL = "final"  # FIGB §6: no longer challengeable
    WITHDRAWN = "withdrawn"
    LAPSED = "lapsed"  # concurrence not given within the period (Law 92B, 92D)


OPEN_BEFORE_DECISION = (
    Status.AWAITING_CONCURRENCE,
    Status.LODGED,
    Status.ROUTED,
    Status.HEARING_SCHEDULED,
    Status.HEARD,
)


class Channel(StrEnum):
    """To whom the appellant handed the appeal (Law 92C: "tramite
    l'Arbitro"; FIGB N-L92-93 §3: "a mezzo dell'Arbitro Coadiutore")."""

    DIRECTOR = "director"
    COMMITTEE_CHAIR = "committee_chair"
    OTHER = "other"


class Body(StrEnum):
    CHIEF_DIRECTOR = "chief_director"  # Law 93A, 93B1; FIGB's Arbitro Responsabile
    COMMITTEE = "committee"  # Law 93B2
    NATIONAL_BODY = "national_body"  # Law 93C1; FIGB's Collegio Nazionale Gare


class Outcome(StrEnum):
    """``upheld``: the ruling stands; ``changed``: it is changed; ``without_merit``:
    the ruling stands and the appeal lacked substantial merit (Law 92A)."""

    UPHELD = "upheld"
    CHANGED = "changed"
    WITHOUT_MERIT = "without_merit"


class Point(StrEnum):
    """What a decision changes in the ruling (Law 93B3 table in laws-2017 §7.5)."""

    FACTS = "facts"
    JUDGEMENT = "judgement"  # adjusted scores (Law 12), UI, misinformation…
    PROCEDURAL_PENALTY = "procedural_penalty"  # Law 90: a Director power
    LAW_OR_REGULATION = "law_or_regulation"  # Law 93B3: committee may not
    DISCIPLINARY = "disciplinary"  # Law 91: committee may not


RESERVED_TO_CHIEF_DIRECTOR = frozenset({Point.LAW_OR_REGULATION, Point.DISCIPLINARY})


class DepositOutcome(StrEnum):
    NONE = "none"
    RETURNED = "returned"
    FORFEITED = "forfeited"


@dataclass(frozen=True, slots=True, kw_only=True)
class Party:
    """A contestant at the ruling's table, by entry number and player ids."""

    entry_number: int
    player_ids: tuple[UUID, ...]
    appellant: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class LawPointRuling:
    """A point of law or regulation the Chief Director rules on (Law 93B1)."""

    point: str
    ruling: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Statement:
    """What a party, the Director or a witness said at the hearing."""

    by: str
    role: str  # "appellant" | "opponent" | "director" | "witness"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoreOrder:
    """A Law 12 adjusted score a decision orders, in ``board_result`` notation."""

    board_number: int
    table: int
    score: str
    law: str = "12C1"
