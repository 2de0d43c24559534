"""The federation registry: players, pairs and teams, one stream each.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 4 (partnerships: two
players each); Norme integrative FIGB (2004), N-L4 §1 (team line-ups), N-L4
§2 (categories and series of players), N-L11 §2 (the non-playing captain is
named when the team first registers), Appendice 1 (the convention card,
checked in ``registry.domain.systems``).

Events carry stable ids only: names, federation numbers and emails live in
mutable identity tables, never in a payload (spec/eventstore-research.md
§6.8). A player's stream id is random (decision 0035: a hash of the
federation number could be reversed by enumeration, defeating erasure); a
pair's is a hash of its two player ids; a team's is random. Clubs are plain
records referenced by id. Whether a player is in one pair per tournament is
the tournament's concern, not the registry's.
"""

from __future__ import annotations

from typing import ClassVar, Protocol

from registry.domain.common import (
    REGISTRY_NAMESPACE,
    NothingChanges,
    RegistryConflict,
    RegistryViolation,
    fold,
)
from registry.domain.pairs import (
    PAIR_INITIAL,
    ConventionCardDeclared,
    ConventionCardLate,
    DeclareConventionCard,
    FormPair,
    PairAlreadyFormed,
    PairCommand,
    PairEvent,
    PairFormed,
    PairNotFormed,
    PairOfOnePlayer,
    PairState,
    RecordPsychic,
    decide_pair,
    evolve_pair,
    pair_stream_id,
)
from registry.domain.players import (
    PLAYER_INITIAL,
    AffiliatePlayer,
    ChangePlayerCategory,
    ForgetPlayer,
    PlayerAffiliated,
    PlayerAlreadyRegistered,
    PlayerCategory,
    PlayerCategoryChanged,
    PlayerCommand,
    PlayerEvent,
    PlayerForgotten,
    PlayerNotRegistered,
    PlayerPublicationChanged,
    PlayerRegistered,
    PlayerState,
    PlayerWasForgotten,
    RegisterPlayer,
    SetPlayerPublication,
    UnknownPlayer,
    decide_player,
    evolve_player,
)
from registry.domain.psychics import (
    CallKind,
    Classification,
    PsychicFacts,
    PsychicInputError,
    PsychicRecorded,
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
from registry.domain.teams import (
    MAX_TEAM_MEMBERS,
    MIN_TEAM_MEMBERS,
    TEAM_INITIAL,
    AddTeamMember,
    AppointCaptain,
    CaptainAppointed,
    CaptainCannotLeave,
    CaptainNotInTeam,
    DeclareLineup,
    FormTeam,
    InvalidLineup,
    LineupAlreadyDeclared,
    LineupDeclared,
    NonPlayingCaptainPlays,
    NotATeamMember,
    RemoveTeamMember,
    TeamAlreadyFormed,
    TeamCommand,
    TeamEvent,
    TeamFormed,
    TeamMemberAdded,
    TeamMemberRemoved,
    TeamMembersRepeated,
    TeamNotFormed,
    TeamSize,
    TeamState,
    decide_team,
    evolve_team,
)

__all__ = [
    "EVENT_TYPES",
    "MAX_TEAM_MEMBERS",
    "MIN_TEAM_MEMBERS",
    "PAIR_INITIAL",
    "PLAYER_INITIAL",
    "REGISTRY_NAMESPACE",
    "TEAM_INITIAL",
    "UNPROJECTED_EVENT_TYPES",
    "AddTeamMember",
    "AffiliatePlayer",
    "AppointCaptain",
    "BrownSticker",
    "CallKind",
    "CaptainAppointed",
    "CaptainCannotLeave",
    "CaptainNotInTeam",
    "CategoryContext",
    "ChangePlayerCategory",
    "Classification",
    "ConventionCard",
    "ConventionCardDeclared",
    "ConventionCardLate",
    "DeclareConventionCard",
    "DeclareLineup",
    "Finding",
    "ForgetPlayer",
    "FormPair",
    "FormTeam",
    "HumFeature",
    "InvalidConventionCard",
    "InvalidLineup",
    "LineupAlreadyDeclared",
    "LineupDeclared",
    "NonPlayingCaptainPlays",
    "NotATeamMember",
    "NothingChanges",
    "PairAlreadyFormed",
    "PairCommand",
    "PairEvent",
    "PairFormed",
    "PairNotFormed",
    "PairOfOnePlayer",
    "PairState",
    "PlayerAffiliated",
    "PlayerAlreadyRegistered",
    "PlayerCategory",
    "PlayerCategoryChanged",
    "PlayerCommand",
    "PlayerEvent",
    "PlayerForgotten",
    "PlayerNotRegistered",
    "PlayerPublicationChanged",
    "PlayerRegistered",
    "PlayerState",
    "PlayerWasForgotten",
    "PsychicFacts",
    "PsychicInputError",
    "PsychicRecorded",
    "RecordPsychic",
    "RegisterPlayer",
    "RegistryConflict",
    "RegistryViolation",
    "RemoveTeamMember",
    "SetPlayerPublication",
    "SystemCategory",
    "SystemColour",
    "SystemNotPermitted",
    "TeamAlreadyFormed",
    "TeamCommand",
    "TeamEvent",
    "TeamFormed",
    "TeamMemberAdded",
    "TeamMemberRemoved",
    "TeamMembersRepeated",
    "TeamNotFormed",
    "TeamSize",
    "TeamState",
    "TournamentForm",
    "UnknownPlayer",
    "card_problems",
    "check_system",
    "decide_pair",
    "decide_player",
    "decide_team",
    "evolve_pair",
    "evolve_player",
    "evolve_team",
    "fold",
    "pair_stream_id",
]


class _Recorded(Protocol):
    """What the store and the projection read off each event class."""

    event_type: ClassVar[str]


EVENT_TYPES: tuple[type[_Recorded], ...] = (
    PlayerRegistered,
    PlayerAffiliated,
    PlayerCategoryChanged,
    PlayerForgotten,
    PlayerPublicationChanged,
    PairFormed,
    ConventionCardDeclared,
    TeamFormed,
    TeamMemberAdded,
    TeamMemberRemoved,
    CaptainAppointed,
    LineupDeclared,
)

# Events on the registry's streams that no read model holds: a pair's
# psychic records are read from its stream (registry.handlers.load_pair).
UNPROJECTED_EVENT_TYPES: tuple[type[_Recorded], ...] = (PsychicRecorded,)
