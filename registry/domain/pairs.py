"""A pair's stream: a partnership formed (Law 4) and its convention cards.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 4 (partnerships: two
players each); Norme integrative FIGB, Appendice 1 (the convention card,
checked in ``registry.domain.systems``). A pair's stream id is a hash of
its two player ids. Whether a player is in one pair per tournament is the
tournament's concern, not the register's.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from typing import ClassVar, assert_never
from uuid import UUID

from registry.domain.common import (
    REGISTRY_NAMESPACE,
    RegistryConflict,
    RegistryViolation,
)
from registry.domain.players import PlayerState, require_players
from registry.domain.psychics import (
    Classification,
    PsychicFacts,
    PsychicRecorded,
    assess,
)
from registry.domain.systems.card import (
    BrownSticker,
    CategoryContext,
    ConventionCard,
    HumFeature,
    SystemCategory,
    SystemColour,
    TournamentForm,
)
from registry.domain.systems.check import check_system
from registry.domain.systems.findings import (
    Finding,
    InvalidConventionCard,
    SystemNotPermitted,
)
from registry.domain.systems.wellformed import card_problems
from rules.errors import ArticleRef, LawRef
from rules.windows import in_time

__all__ = [
    "PAIR_INITIAL",
    "ConventionCardDeclared",
    "ConventionCardLate",
    "DeclareConventionCard",
    "FormPair",
    "PairAlreadyFormed",
    "PairCommand",
    "PairEvent",
    "PairFormed",
    "PairNotFormed",
    "PairOfOnePlayer",
    "PairState",
    "RecordPsychic",
    "decide_pair",
    "evolve_pair",
    "pair_stream_id",
]


# -- errors ------------------------------------------------------------------


class PairOfOnePlayer(RegistryViolation):
    """Law 4: a partnership is two different players."""

    code: ClassVar[str] = "pair_of_one_player"
    law = LawRef("4")


class PairAlreadyFormed(RegistryConflict):
    code: ClassVar[str] = "pair_already_formed"


class PairNotFormed(RegistryConflict):
    code: ClassVar[str] = "pair_not_formed"


class ConventionCardLate(RegistryConflict):
    """App1 §4: a Brown Sticker card is due before the championship starts."""

    code: ClassVar[str] = "convention_card_late"
    law = ArticleRef("4", source="Norme integrative FIGB, Appendice 1")


# -- events ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PairFormed:
    """Two players formed a partnership (Law 4); ids sorted."""

    event_type: ClassVar[str] = "pair.formed"
    schema_version: ClassVar[int] = 1

    pair_id: UUID
    player_ids: tuple[UUID, UUID]


@dataclass(frozen=True, slots=True, kw_only=True)
class ConventionCardDeclared:
    """A pair declared its system, checked for one category (App1).

    ``hum_features`` and ``brown_stickers`` are what the check found, the
    pair's declaration and the card's agreements together; ``findings`` are
    the warnings and notices recorded for the Director (failures refuse the
    card, so none is ever recorded).
    """

    event_type: ClassVar[str] = "pair.convention_card_declared"
    schema_version: ClassVar[int] = 1

    pair_id: UUID
    card: ConventionCard
    category: SystemCategory
    form: TournamentForm
    tournament_id: UUID | None
    suggested_colour: SystemColour
    hum_features: tuple[HumFeature, ...]
    brown_stickers: tuple[BrownSticker, ...]
    findings: tuple[Finding, ...]


PairEvent = PairFormed | ConventionCardDeclared | PsychicRecorded


# -- commands ----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FormPair:
    player_ids: tuple[UUID, UUID]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareConventionCard:
    """Declare a pair's card for an event category (and tournament, if any).

    ``championship_starts_at``: when a card with Brown Sticker methods is due
    in category 1 (App1 §3-§4); None when not yet scheduled.
    """

    pair_id: UUID
    card: ConventionCard
    context: CategoryContext
    tournament_id: UUID | None = None
    championship_starts_at: datetime | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RecordPsychic:
    """A director records a psychic by one of the pair, and classifies it (App2)."""

    pair_id: UUID
    tournament_id: UUID
    session: int
    board: int
    seat: str
    facts: PsychicFacts
    classification: Classification
    reported_by: str
    note: str = ""


PairCommand = FormPair | DeclareConventionCard | RecordPsychic


# -- state -------------------------------------------------------------------


def pair_stream_id(player_ids: Iterable[UUID]) -> UUID:
    """Return the pair's id: a hash of its two players, in either order."""
    a, b = sorted(str(p) for p in player_ids)
    return uuid.uuid5(REGISTRY_NAMESPACE, f"pair:{a}:{b}")


@dataclass(frozen=True, slots=True)
class PairState:
    pair_id: UUID | None = None
    player_ids: tuple[UUID, ...] = ()
    cards: tuple[ConventionCardDeclared, ...] = ()
    psychics: tuple[PsychicRecorded, ...] = ()

    @property
    def formed(self) -> bool:
        return self.pair_id is not None

    @property
    def psychics_disclosed(self) -> bool:
        """The pair's latest card shows psychics protected or required (App2 §1a)."""
        return bool(self.cards) and self.cards[-1].card.psychics_protected_or_required


PAIR_INITIAL = PairState()


def evolve_pair(state: PairState, event: PairEvent) -> PairState:
    match event:
        case PairFormed(pair_id=pair_id, player_ids=player_ids):
            return PairState(pair_id=pair_id, player_ids=player_ids)
        case ConventionCardDeclared():
            return replace(state, cards=(*state.cards, event))
        case PsychicRecorded():
            return replace(state, psychics=(*state.psychics, event))
        case _:
            assert_never(event)


def decide_pair(
    state: PairState,
    command: PairCommand,
    *,
    players: Mapping[UUID, PlayerState],
    now: datetime,
) -> list[PairEvent]:
    """Decide a command on one pair's stream.

    ``players`` holds the current state of the players the command names
    (read by the shell); ``now`` is database time (App1 §4 deadline).
    """
    match command:
        case FormPair(player_ids=player_ids):
            if len(set(player_ids)) != 2:
                raise PairOfOnePlayer("a pair is two different players")
            if state.formed:
                raise PairAlreadyFormed("these two players already form a pair")
            require_players(player_ids, players)
            a, b = sorted(player_ids, key=str)
            return [PairFormed(pair_id=pair_stream_id(player_ids), player_ids=(a, b))]
        case DeclareConventionCard(pair_id=pair_id, card=card, context=context):
            if not state.formed:
                raise PairNotFormed(f"pair {pair_id} is not formed")
            problems = card_problems(card)
            if problems:
                raise InvalidConventionCard(problems)
            check = check_system(card, context)
            if not check.permitted:
                raise SystemNotPermitted(check.failures)
            due = command.championship_starts_at
            # App1 §3-§4: only category 1 teams hand in a Brown Sticker card in
            # advance; the digest's V4 extends it to category 2, the seed does
            # not (the seed wins).
            if (
                check.brown_stickers
                and context.category is SystemCategory.ONE
                and due is not None
                and not in_time(due, now)
            ):
                raise ConventionCardLate(
                    "a card with Brown Sticker methods is due before the "
                    "championship starts"
                )
            return [
                ConventionCardDeclared(
                    pair_id=pair_id,
                    card=card,
                    category=context.category,
                    form=context.form,
                    tournament_id=command.tournament_id,
                    suggested_colour=check.suggested_colour,
                    hum_features=check.hum_features,
                    brown_stickers=check.brown_stickers,
                    findings=check.findings,
                )
            ]
        case RecordPsychic(pair_id=pair_id, facts=facts):
            if not state.formed:
                raise PairNotFormed(f"pair {pair_id} is not formed")
            assessment = assess(facts)
            return [
                PsychicRecorded(
                    pair_id=pair_id,
                    tournament_id=command.tournament_id,
                    session=command.session,
                    board=command.board,
                    seat=command.seat,
                    facts=facts,
                    hcp=assessment.hcp,
                    shape=assessment.shape,
                    findings=assessment.findings,
                    classification=command.classification,
                    reported_by=command.reported_by,
                    note=command.note,
                )
            ]
        case _:
            assert_never(command)
