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

import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import ClassVar, TypeVar, assert_never
from uuid import UUID

from registry.domain.systems import (
    BrownSticker,
    CategoryContext,
    ConventionCard,
    Finding,
    HumFeature,
    InvalidConventionCard,
    SystemCategory,
    SystemColour,
    SystemNotPermitted,
    TournamentForm,
    card_problems,
    check_system,
)
from rules.errors import ArticleRef, LawRef, Reference, RuleViolation, StateConflict

__all__ = [
    "EVENT_TYPES",
    "MAX_TEAM_MEMBERS",
    "MIN_TEAM_MEMBERS",
    "PAIR_INITIAL",
    "PLAYER_INITIAL",
    "REGISTRY_NAMESPACE",
    "TEAM_INITIAL",
    "AddTeamMember",
    "AffiliatePlayer",
    "AppointCaptain",
    "CaptainAppointed",
    "CaptainCannotLeave",
    "CaptainNotInTeam",
    "ChangePlayerCategory",
    "ConventionCardDeclared",
    "ConventionCardLate",
    "DeclareConventionCard",
    "DeclareLineup",
    "ForgetPlayer",
    "FormPair",
    "FormTeam",
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
    "PlayerRegistered",
    "PlayerState",
    "PlayerWasForgotten",
    "RegisterPlayer",
    "RegistryConflict",
    "RegistryViolation",
    "RemoveTeamMember",
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
    "UnknownPlayer",
    "decide_pair",
    "decide_player",
    "decide_team",
    "evolve_pair",
    "evolve_player",
    "evolve_team",
    "fold",
    "pair_stream_id",
]

REGISTRY_NAMESPACE = UUID("0b7d3c1e-5a0f-4e8e-9f6b-2c4d8a1e7f35")
FIGB_NORMS = "Norme integrative FIGB"
# The team size (FIGB RC art. 19-21, not supplied): decision 0038.
MIN_TEAM_MEMBERS = 4
MAX_TEAM_MEMBERS = 6


class PlayerCategory(StrEnum):
    """A player's FIGB category and series (categoria/serie, N-L4 §2a).

    Codes: category 1-3 with series P(icche), C(uori), Q(uadri), F(iori);
    NC not classified; AL allievo (student). The norms list none: decision 0039.
    """

    FIRST_SPADES = "1P"
    FIRST_HEARTS = "1C"
    FIRST_DIAMONDS = "1Q"
    FIRST_CLUBS = "1F"
    SECOND_SPADES = "2P"
    SECOND_HEARTS = "2C"
    SECOND_DIAMONDS = "2Q"
    SECOND_CLUBS = "2F"
    THIRD_SPADES = "3P"
    THIRD_HEARTS = "3C"
    THIRD_DIAMONDS = "3Q"
    THIRD_CLUBS = "3F"
    NOT_CLASSIFIED = "NC"
    STUDENT = "AL"

    @property
    def rank(self) -> int:
        """Return 0 for the highest category/series, larger for lower ones."""
        return list(PlayerCategory).index(self)

    def at_most(self, other: PlayerCategory) -> bool:
        """Return True if equal or lower than ``other``: who may substitute.

        N-L4 §2a: a contestant may be substituted only by a player of equal
        or lower category/series.
        """
        return self.rank >= other.rank

    @classmethod
    def parse(cls, text: str) -> PlayerCategory:
        """Parse a code ("1P", "2c", "NC", "al"), case-insensitive."""
        key = text.strip().upper()
        try:
            return cls(key)
        except ValueError:
            raise ValueError(f"{text!r} is not a FIGB category") from None


# -- errors ------------------------------------------------------------------


class RegistryViolation(RuleViolation):
    """A registration the rules forbid (HTTP 422)."""

    code: ClassVar[str] = "registry_violation"

    def __init__(
        self,
        message: str,
        *,
        law: Reference | None = None,
        field: str | None = None,
        value: object = None,
    ) -> None:
        super().__init__(
            message,
            law=law if law is not None else self.default_law,
            field=field,
            value=value,
        )

    default_law: ClassVar[Reference | None] = None


class RegistryConflict(StateConflict):
    """The registry's current state forbids the command now (HTTP 409)."""

    code: ClassVar[str] = "registry_conflict"

    def __init__(
        self,
        message: str,
        *,
        law: Reference | None = None,
        field: str | None = None,
        value: object = None,
    ) -> None:
        super().__init__(
            message,
            law=law if law is not None else self.default_law,
            field=field,
            value=value,
        )

    default_law: ClassVar[Reference | None] = None


class PlayerAlreadyRegistered(RegistryConflict):
    code: ClassVar[str] = "player_already_registered"


class PlayerNotRegistered(RegistryConflict):
    code: ClassVar[str] = "player_not_registered"


class PlayerWasForgotten(RegistryConflict):
    """The player's personal data was erased; the record is closed."""

    code: ClassVar[str] = "player_forgotten"


class NothingChanges(RegistryConflict):
    """The command would record what is already recorded."""

    code: ClassVar[str] = "nothing_changes"


class UnknownPlayer(RegistryViolation):
    """A command names a player the registry does not hold (or has forgotten)."""

    code: ClassVar[str] = "unknown_player"


class PairOfOnePlayer(RegistryViolation):
    """Law 4: a partnership is two different players."""

    code: ClassVar[str] = "pair_of_one_player"
    default_law: ClassVar[Reference | None] = LawRef("4")


class PairAlreadyFormed(RegistryConflict):
    code: ClassVar[str] = "pair_already_formed"


class PairNotFormed(RegistryConflict):
    code: ClassVar[str] = "pair_not_formed"


class ConventionCardLate(RegistryConflict):
    """App1 §4: a Brown Sticker card is due before the championship starts."""

    code: ClassVar[str] = "convention_card_late"
    default_law: ClassVar[Reference | None] = ArticleRef(
        "4", source="Norme integrative FIGB, Appendice 1"
    )


class TeamSize(RegistryViolation):
    """A team has four to six members (decision 0038)."""

    code: ClassVar[str] = "team_size"


class TeamMembersRepeated(RegistryViolation):
    code: ClassVar[str] = "team_members_repeated"


class CaptainNotInTeam(RegistryViolation):
    """The captain plays in the team, unless the captain is non-playing."""

    code: ClassVar[str] = "captain_not_in_team"
    default_law: ClassVar[Reference | None] = ArticleRef("11 §2", source=FIGB_NORMS)


class NonPlayingCaptainPlays(RegistryViolation):
    """A non-playing captain is not one of the team's players (N-L11)."""

    code: ClassVar[str] = "non_playing_captain_plays"
    default_law: ClassVar[Reference | None] = ArticleRef("11 §2", source=FIGB_NORMS)


class TeamAlreadyFormed(RegistryConflict):
    code: ClassVar[str] = "team_already_formed"


class TeamNotFormed(RegistryConflict):
    code: ClassVar[str] = "team_not_formed"


class NotATeamMember(RegistryViolation):
    code: ClassVar[str] = "not_a_team_member"


class CaptainCannotLeave(RegistryConflict):
    """Appoint another captain before the captain leaves the team."""

    code: ClassVar[str] = "captain_cannot_leave"


class InvalidLineup(RegistryViolation):
    """A line-up seats four different members, two in each room (N-L4 §1)."""

    code: ClassVar[str] = "invalid_lineup"
    default_law: ClassVar[Reference | None] = ArticleRef("4 §1", source=FIGB_NORMS)


class LineupAlreadyDeclared(RegistryConflict):
    """N-L4 §1: further changes only with the Director's permission."""

    code: ClassVar[str] = "lineup_already_declared"
    default_law: ClassVar[Reference | None] = ArticleRef("4 §1", source=FIGB_NORMS)


# -- events ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRegistered:
    """A player joined the federation's registry, with a category and club."""

    event_type: ClassVar[str] = "player.registered"
    schema_version: ClassVar[int] = 1

    player_id: UUID
    category: PlayerCategory
    club_id: UUID | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerAffiliated:
    """A player now plays for a club (affiliation or transfer)."""

    event_type: ClassVar[str] = "player.affiliated"
    schema_version: ClassVar[int] = 1

    player_id: UUID
    club_id: UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerCategoryChanged:
    """The federation reclassified a player (N-L4 §2a categories)."""

    event_type: ClassVar[str] = "player.category_changed"
    schema_version: ClassVar[int] = 1

    player_id: UUID
    category: PlayerCategory


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerForgotten:
    """The player's personal data was erased; results stay pseudonymous."""

    event_type: ClassVar[str] = "player.forgotten"
    schema_version: ClassVar[int] = 1

    player_id: UUID


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


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamFormed:
    """A team registered with its members and captain (N-L11 §2).

    The non-playing captain, if any, is named here and only here: N-L11 §2
    wants the name at the team's initial registration.
    """

    event_type: ClassVar[str] = "team.formed"
    schema_version: ClassVar[int] = 1

    team_id: UUID
    member_ids: tuple[UUID, ...]
    captain_id: UUID
    non_playing_captain_id: UUID | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamMemberAdded:
    event_type: ClassVar[str] = "team.member_added"
    schema_version: ClassVar[int] = 1

    team_id: UUID
    player_id: UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class TeamMemberRemoved:
    event_type: ClassVar[str] = "team.member_removed"
    schema_version: ClassVar[int] = 1

    team_id: UUID
    player_id: UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class CaptainAppointed:
    event_type: ClassVar[str] = "team.captain_appointed"
    schema_version: ClassVar[int] = 1

    team_id: UUID
    captain_id: UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class LineupDeclared:
    """Who plays a segment of a match, pair by pair and room by room.

    N-L4 §1: changes only at half-time; further changes with the Director's
    permission, recorded as ``change_authorised``.
    """

    event_type: ClassVar[str] = "team.lineup_declared"
    schema_version: ClassVar[int] = 1

    team_id: UUID
    tournament_id: UUID
    match_id: UUID
    segment: int
    open_room: tuple[UUID, UUID]
    closed_room: tuple[UUID, UUID]
    change_authorised: bool = False


PlayerEvent = (
    PlayerRegistered | PlayerAffiliated | PlayerCategoryChanged | PlayerForgotten
)
PairEvent = PairFormed | ConventionCardDeclared
TeamEvent = (
    TeamFormed | TeamMemberAdded | TeamMemberRemoved | CaptainAppointed | LineupDeclared
)

EVENT_TYPES: tuple[type, ...] = (
    PlayerRegistered,
    PlayerAffiliated,
    PlayerCategoryChanged,
    PlayerForgotten,
    PairFormed,
    ConventionCardDeclared,
    TeamFormed,
    TeamMemberAdded,
    TeamMemberRemoved,
    CaptainAppointed,
    LineupDeclared,
)


# -- commands ----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class RegisterPlayer:
    player_id: UUID
    category: PlayerCategory
    club_id: UUID | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AffiliatePlayer:
    player_id: UUID
    club_id: UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class ChangePlayerCategory:
    player_id: UUID
    category: PlayerCategory


@dataclass(frozen=True, slots=True, kw_only=True)
class ForgetPlayer:
    player_id: UUID


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
class FormTeam:
    team_id: UUID
    member_ids: tuple[UUID, ...]
    captain_id: UUID
    non_playing_captain_id: UUID | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AddTeamMember:
    team_id: UUID
    player_id: UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveTeamMember:
    team_id: UUID
    player_id: UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class AppointCaptain:
    team_id: UUID
    captain_id: UUID


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareLineup:
    """``change_authorised`` is set by the shell only for a Director (N-L4 §1)."""

    team_id: UUID
    tournament_id: UUID
    match_id: UUID
    segment: int
    open_room: tuple[UUID, UUID]
    closed_room: tuple[UUID, UUID]
    change_authorised: bool = False


PlayerCommand = RegisterPlayer | AffiliatePlayer | ChangePlayerCategory | ForgetPlayer
PairCommand = FormPair | DeclareConventionCard
TeamCommand = (
    FormTeam | AddTeamMember | RemoveTeamMember | AppointCaptain | DeclareLineup
)


# -- shared ------------------------------------------------------------------

S = TypeVar("S")
E = TypeVar("E")


def fold(evolve: Callable[[S, E], S], initial: S, events: Iterable[E]) -> S:
    """Replay events through ``evolve`` from ``initial``."""
    state = initial
    for event in events:
        state = evolve(state, event)
    return state


def pair_stream_id(player_ids: Iterable[UUID]) -> UUID:
    """Return the pair's id: a hash of its two players, in either order."""
    a, b = sorted(str(p) for p in player_ids)
    return uuid.uuid5(REGISTRY_NAMESPACE, f"pair:{a}:{b}")


def _require_players(
    player_ids: Iterable[UUID], players: Mapping[UUID, PlayerState]
) -> None:
    for player_id in player_ids:
        state = players.get(player_id)
        if state is None or not state.registered:
            raise UnknownPlayer(f"player {player_id} is not registered")
        if state.forgotten:
            raise UnknownPlayer(f"player {player_id} was forgotten")


# -- player ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerState:
    player_id: UUID | None = None
    category: PlayerCategory | None = None
    club_id: UUID | None = None
    forgotten: bool = False

    @property
    def registered(self) -> bool:
        return self.player_id is not None


PLAYER_INITIAL = PlayerState()


def evolve_player(state: PlayerState, event: PlayerEvent) -> PlayerState:
    match event:
        case PlayerRegistered(player_id=player_id, category=category, club_id=club):
            return PlayerState(player_id=player_id, category=category, club_id=club)
        case PlayerAffiliated(club_id=club_id):
            return replace(state, club_id=club_id)
        case PlayerCategoryChanged(category=category):
            return replace(state, category=category)
        case PlayerForgotten():
            return replace(state, forgotten=True)
        case _:
            assert_never(event)


def decide_player(state: PlayerState, command: PlayerCommand) -> list[PlayerEvent]:
    """Decide a command on one player's stream."""
    if isinstance(command, RegisterPlayer):
        if state.registered:
            raise PlayerAlreadyRegistered(f"player {command.player_id} is registered")
        return [
            PlayerRegistered(
                player_id=command.player_id,
                category=command.category,
                club_id=command.club_id,
            )
        ]
    if not state.registered:
        raise PlayerNotRegistered(f"player {command.player_id} is not registered")
    if state.forgotten:
        raise PlayerWasForgotten(f"player {command.player_id} was forgotten")
    match command:
        case AffiliatePlayer(player_id=player_id, club_id=club_id):
            if state.club_id == club_id:
                raise NothingChanges("the player already plays for this club")
            return [PlayerAffiliated(player_id=player_id, club_id=club_id)]
        case ChangePlayerCategory(player_id=player_id, category=category):
            if state.category is category:
                raise NothingChanges("the player already has this category")
            return [PlayerCategoryChanged(player_id=player_id, category=category)]
        case ForgetPlayer(player_id=player_id):
            return [PlayerForgotten(player_id=player_id)]
        case _:
            assert_never(command)


# -- pair --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PairState:
    pair_id: UUID | None = None
    player_ids: tuple[UUID, ...] = ()
    cards: tuple[ConventionCardDeclared, ...] = ()

    @property
    def formed(self) -> bool:
        return self.pair_id is not None


PAIR_INITIAL = PairState()


def evolve_pair(state: PairState, event: PairEvent) -> PairState:
    match event:
        case PairFormed(pair_id=pair_id, player_ids=player_ids):
            return PairState(pair_id=pair_id, player_ids=player_ids)
        case ConventionCardDeclared():
            return replace(state, cards=(*state.cards, event))
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
            _require_players(player_ids, players)
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
                and now >= due
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
        case _:
            assert_never(command)


# -- team --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamState:
    team_id: UUID | None = None
    member_ids: tuple[UUID, ...] = ()
    captain_id: UUID | None = None
    non_playing_captain_id: UUID | None = None
    lineups: frozenset[tuple[UUID, int]] = frozenset()

    @property
    def formed(self) -> bool:
        return self.team_id is not None


TEAM_INITIAL = TeamState()


def evolve_team(state: TeamState, event: TeamEvent) -> TeamState:
    match event:
        case TeamFormed():
            return TeamState(
                team_id=event.team_id,
                member_ids=event.member_ids,
                captain_id=event.captain_id,
                non_playing_captain_id=event.non_playing_captain_id,
            )
        case TeamMemberAdded(player_id=player_id):
            return replace(state, member_ids=(*state.member_ids, player_id))
        case TeamMemberRemoved(player_id=player_id):
            members = tuple(m for m in state.member_ids if m != player_id)
            return replace(state, member_ids=members)
        case CaptainAppointed(captain_id=captain_id):
            return replace(state, captain_id=captain_id)
        case LineupDeclared(match_id=match_id, segment=segment):
            return replace(state, lineups=state.lineups | {(match_id, segment)})
        case _:
            assert_never(event)


def _team_size(count: int) -> None:
    if not MIN_TEAM_MEMBERS <= count <= MAX_TEAM_MEMBERS:
        raise TeamSize(
            f"a team has {MIN_TEAM_MEMBERS} to {MAX_TEAM_MEMBERS} members, not {count}"
        )


def decide_team(
    state: TeamState, command: TeamCommand, *, players: Mapping[UUID, PlayerState]
) -> list[TeamEvent]:
    """Decide a command on one team's stream.

    ``players`` holds the current state of the players the command names.
    """
    if isinstance(command, FormTeam):
        return _form_team(state, command, players)
    if not state.formed:
        raise TeamNotFormed(f"team {command.team_id} is not formed")
    match command:
        case AddTeamMember(team_id=team_id, player_id=player_id):
            if player_id in state.member_ids:
                raise NothingChanges("the player is already a member")
            if player_id == state.non_playing_captain_id:
                raise NonPlayingCaptainPlays("the non-playing captain cannot play")
            _team_size(len(state.member_ids) + 1)
            _require_players([player_id], players)
            return [TeamMemberAdded(team_id=team_id, player_id=player_id)]
        case RemoveTeamMember(team_id=team_id, player_id=player_id):
            if player_id not in state.member_ids:
                raise NotATeamMember(f"player {player_id} is not a member")
            if player_id == state.captain_id:
                raise CaptainCannotLeave("appoint another captain first")
            _team_size(len(state.member_ids) - 1)
            return [TeamMemberRemoved(team_id=team_id, player_id=player_id)]
        case AppointCaptain(team_id=team_id, captain_id=captain_id):
            if captain_id == state.captain_id:
                raise NothingChanges("the player is already the captain")
            if captain_id not in state.member_ids and (
                captain_id != state.non_playing_captain_id
            ):
                raise CaptainNotInTeam(
                    "the captain is a member or the non-playing captain"
                )
            return [CaptainAppointed(team_id=team_id, captain_id=captain_id)]
        case DeclareLineup():
            return [_declare_lineup(state, command)]
        case _:
            assert_never(command)


def _form_team(
    state: TeamState, command: FormTeam, players: Mapping[UUID, PlayerState]
) -> list[TeamEvent]:
    if state.formed:
        raise TeamAlreadyFormed(f"team {command.team_id} is already formed")
    members = command.member_ids
    if len(set(members)) != len(members):
        raise TeamMembersRepeated("a player is listed twice")
    _team_size(len(members))
    npc = command.non_playing_captain_id
    if npc is not None and npc in members:
        raise NonPlayingCaptainPlays("the non-playing captain cannot be a member")
    if command.captain_id not in members and command.captain_id != npc:
        raise CaptainNotInTeam("the captain is a member or the non-playing captain")
    _require_players([*members, *([npc] if npc is not None else [])], players)
    return [
        TeamFormed(
            team_id=command.team_id,
            member_ids=members,
            captain_id=command.captain_id,
            non_playing_captain_id=npc,
        )
    ]


def _declare_lineup(state: TeamState, command: DeclareLineup) -> LineupDeclared:
    """N-L4 §1: two pairs of members, one per room, for one segment."""
    seated = (*command.open_room, *command.closed_room)
    if len(set(seated)) != 4:
        raise InvalidLineup("a line-up seats four different players")
    outsiders = [p for p in seated if p not in state.member_ids]
    if outsiders:
        raise InvalidLineup(f"player {outsiders[0]} is not a member of the team")
    if command.segment < 1:
        raise InvalidLineup("segments are numbered from 1")
    declared = (command.match_id, command.segment) in state.lineups
    if declared and not command.change_authorised:
        raise LineupAlreadyDeclared(
            "the line-up for this segment is declared; a change needs the Director"
        )
    return LineupDeclared(
        team_id=command.team_id,
        tournament_id=command.tournament_id,
        match_id=command.match_id,
        segment=command.segment,
        open_room=command.open_room,
        closed_room=command.closed_room,
        change_authorised=declared and command.change_authorised,
    )
