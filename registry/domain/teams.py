"""A team's stream: members, captains and line-ups.

Norme integrative FIGB (2004), N-L4 §1 (team line-ups), N-L11 §2 (the
non-playing captain is named when the team first registers). A team's
stream id is random; its name lives in the identity table.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar, assert_never
from uuid import UUID

from registry.domain.common import (
    FIGB_NORMS,
    NothingChanges,
    RegistryConflict,
    RegistryViolation,
)
from registry.domain.players import PlayerState, require_players
from rules.errors import ArticleRef

__all__ = [
    "MAX_TEAM_MEMBERS",
    "MIN_TEAM_MEMBERS",
    "TEAM_INITIAL",
    "AddTeamMember",
    "AppointCaptain",
    "CaptainAppointed",
    "CaptainCannotLeave",
    "CaptainNotInTeam",
    "DeclareLineup",
    "FormTeam",
    "InvalidLineup",
    "LineupAlreadyDeclared",
    "LineupDeclared",
    "NonPlayingCaptainPlays",
    "NotATeamMember",
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
    "decide_team",
    "evolve_team",
]

# The team size (FIGB RC art. 19-21, not supplied): decision 0038.
MIN_TEAM_MEMBERS = 4
MAX_TEAM_MEMBERS = 6
TEAM_REGISTRATION = ArticleRef("11 §2", source=FIGB_NORMS)  # members, captain
LINEUP_RULE = ArticleRef("4 §1", source=FIGB_NORMS)  # who plays each segment


# -- errors ------------------------------------------------------------------


class TeamSize(RegistryViolation):
    """A team has four to six members (decision 0038)."""

    code: ClassVar[str] = "team_size"


class TeamMembersRepeated(RegistryViolation):
    code: ClassVar[str] = "team_members_repeated"


class CaptainNotInTeam(RegistryViolation):
    """The captain plays in the team, unless the captain is non-playing."""

    code: ClassVar[str] = "captain_not_in_team"
    law = TEAM_REGISTRATION


class NonPlayingCaptainPlays(RegistryViolation):
    """A non-playing captain is not one of the team's players (N-L11)."""

    code: ClassVar[str] = "non_playing_captain_plays"
    law = TEAM_REGISTRATION


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
    law = LINEUP_RULE


class LineupAlreadyDeclared(RegistryConflict):
    """N-L4 §1: further changes only with the Director's permission."""

    code: ClassVar[str] = "lineup_already_declared"
    law = LINEUP_RULE


# -- events ------------------------------------------------------------------


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


TeamEvent = (
    TeamFormed | TeamMemberAdded | TeamMemberRemoved | CaptainAppointed | LineupDeclared
)


# -- commands ----------------------------------------------------------------


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


TeamCommand = (
    FormTeam | AddTeamMember | RemoveTeamMember | AppointCaptain | DeclareLineup
)


# -- state -------------------------------------------------------------------


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
            require_players([player_id], players)
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
    require_players([*members, *([npc] if npc is not None else [])], players)
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
