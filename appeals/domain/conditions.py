"""The appeal conditions an event sets: one small stream per tournament.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 80B2(k) (the organizer
makes the arrangements for appeals), Law 93A-B (with or without an appeals
committee), Law 93C1 (further appeals set up by the regulating authority),
Law 92A (a sanction for an appeal without substantial merit). Norme
integrative FIGB (2004), N-L92-93 §1 (local conductor: no appeal; collegial
structure: the chief director hears the appeal), §4 (the national body: the
written pre-notice within 30 minutes of the end of the competition, the
filing within 48 hours).

Every value is a default that the event may override before its appeals are
lodged; an appeal copies the conditions in force when it is lodged, so its
replay never depends on a later change.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, assert_never
from uuid import UUID

from rules.errors import LawRef, RuleViolation

__all__ = [
    "DEFAULT_CONDITIONS",
    "EVENT_TYPES",
    "INITIAL",
    "AppealConditions",
    "AppealConditionsSet",
    "ConditionsState",
    "InvalidConditions",
    "SanctionUnit",
    "SetAppealConditions",
    "Structure",
    "decide",
    "evolve",
    "stream_id",
]

STREAM_TYPE = "appeal_conditions"
NAMESPACE = UUID("3c7f2a4e-51d8-4b0a-9e6c-0d2b8f41a7c3")


def stream_id(tournament_id: UUID) -> UUID:
    return uuid.uuid5(NAMESPACE, f"appeal-conditions:{tournament_id}")


class Structure(StrEnum):
    """Who decides at first level (FIGB N-L92-93 §1; Law 93A-B)."""

    CHIEF_DIRECTOR = "chief_director"  # collegial: the chief director hears it
    LOCAL_CONDUCTOR = "local_conductor"  # a local tournament: no appeal at all


class SanctionUnit(StrEnum):
    """Units of the sanction for an appeal without merit (Law 92A; Law 90)."""

    NONE = "none"
    PERCENT_OF_TOP = "percent_of_top"
    MATCHPOINTS = "matchpoints"


@dataclass(frozen=True, slots=True, kw_only=True)
class AppealConditions:
    """What the event sets for its appeals; FIGB values by default.

    - ``committee_available``: Law 93B applies (the chief director keeps the
      points of law and refers the rest); otherwise Law 93A (the chief
      director hears every appeal).
    - ``deposit_cents``: a deposit lodged with the appeal, returned unless
      the appeal is found without merit (0: none). The Laws and FIGB set none.
    - ``sanction_unit`` / ``sanction_amount``: the regulation's sanction for
      an appeal without substantial merit (Law 92A).
    - ``further_appeal``: whether a further appeal lies to the national body
      (Law 93C1; FIGB's C.N.G.).
    - ``prenotice_minutes`` / ``further_appeal_hours``: FIGB N-L92-93 §4
      (30 minutes; 48 hours, see decision 0048 on the 24-hour conflict).
    """

    structure: Structure = Structure.CHIEF_DIRECTOR
    committee_available: bool = False
    deposit_cents: int = 0
    sanction_unit: SanctionUnit = SanctionUnit.NONE
    sanction_amount: int = 0
    further_appeal: bool = True
    prenotice_minutes: int = 30
    further_appeal_hours: int = 48
    # Law 92C: whether the regulation lets the director accept, by his act,
    # an appeal handed to the committee's chair or anyone else (added, v1).
    director_accepts_handed: bool = False


DEFAULT_CONDITIONS = AppealConditions()


@dataclass(frozen=True, slots=True, kw_only=True)
class AppealConditionsSet:
    event_type: ClassVar[str] = "appeal_conditions.set"
    schema_version: ClassVar[int] = 1

    tournament_id: UUID
    conditions: AppealConditions


EVENT_TYPES: tuple[type, ...] = (AppealConditionsSet,)


@dataclass(frozen=True, slots=True)
class ConditionsState:
    conditions: AppealConditions = DEFAULT_CONDITIONS
    set: bool = False


INITIAL = ConditionsState()


def evolve(state: ConditionsState, event: AppealConditionsSet) -> ConditionsState:
    match event:
        case AppealConditionsSet():
            return ConditionsState(conditions=event.conditions, set=True)
        case _:
            assert_never(event)


@dataclass(frozen=True, slots=True, kw_only=True)
class SetAppealConditions:
    tournament_id: UUID
    conditions: AppealConditions


class InvalidConditions(RuleViolation):
    code: ClassVar[str] = "invalid_appeal_conditions"


def decide(
    state: ConditionsState, command: SetAppealConditions
) -> list[AppealConditionsSet]:
    """Record the event's appeal conditions (Law 80B2(k)); nothing if unchanged."""
    c = command.conditions
    if c.deposit_cents < 0 or c.sanction_amount < 0:
        raise InvalidConditions(
            "deposits and sanctions are not negative", law=LawRef("80B2")
        )
    if c.prenotice_minutes < 0 or c.further_appeal_hours < 0:
        raise InvalidConditions("periods are not negative", law=LawRef("93C1"))
    if (c.sanction_unit is SanctionUnit.NONE) != (c.sanction_amount == 0):
        raise InvalidConditions(
            "a sanction has both a unit and a positive amount", law=LawRef("92A")
        )
    if state.set and state.conditions == c:
        return []
    return [AppealConditionsSet(tournament_id=command.tournament_id, conditions=c)]
