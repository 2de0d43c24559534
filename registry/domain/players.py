"""A player's stream: registration, club, category, erasure.

Norme integrative FIGB (2004), N-L4 §2 (categories and series of players).
A player's stream id is random (decision 0035: a hash of the federation
number could be reversed by enumeration, defeating erasure). Names,
federation numbers and emails live in the identity table, never in an event.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import ClassVar, assert_never
from uuid import UUID

from registry.domain.common import (
    NothingChanges,
    RegistryConflict,
    RegistryViolation,
)

__all__ = [
    "PLAYER_INITIAL",
    "AffiliatePlayer",
    "ChangePlayerCategory",
    "ForgetPlayer",
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
    "UnknownPlayer",
    "decide_player",
    "evolve_player",
    "require_players",
]


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


class PlayerAlreadyRegistered(RegistryConflict):
    code: ClassVar[str] = "player_already_registered"


class PlayerNotRegistered(RegistryConflict):
    code: ClassVar[str] = "player_not_registered"


class PlayerWasForgotten(RegistryConflict):
    """The player's personal data was erased; the record is closed."""

    code: ClassVar[str] = "player_forgotten"


class UnknownPlayer(RegistryViolation):
    """A command names a player the registry does not hold (or has forgotten)."""

    code: ClassVar[str] = "unknown_player"


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
class PlayerPublicationChanged:
    """The player asked that results show his name and club (``published``),
    or his federation number only (not ``published``); the results site
    reads it (decision 0113). A player is published until he asks not to be."""

    event_type: ClassVar[str] = "player.publication_changed"
    schema_version: ClassVar[int] = 1

    player_id: UUID
    published: bool


PlayerEvent = (
    PlayerRegistered
    | PlayerAffiliated
    | PlayerCategoryChanged
    | PlayerForgotten
    | PlayerPublicationChanged
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
class SetPlayerPublication:
    player_id: UUID
    published: bool


PlayerCommand = (
    RegisterPlayer
    | AffiliatePlayer
    | ChangePlayerCategory
    | ForgetPlayer
    | SetPlayerPublication
)


# -- state -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerState:
    player_id: UUID | None = None
    category: PlayerCategory | None = None
    club_id: UUID | None = None
    forgotten: bool = False
    published: bool = True

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
        case PlayerPublicationChanged(published=published):
            return replace(state, published=published)
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
        case SetPlayerPublication(player_id=player_id, published=published):
            if state.published is published:
                raise NothingChanges("the player's publication is already so")
            return [PlayerPublicationChanged(player_id=player_id, published=published)]
        case _:
            assert_never(command)


def require_players(
    player_ids: Iterable[UUID], players: Mapping[UUID, PlayerState]
) -> None:
    for player_id in player_ids:
        state = players.get(player_id)
        if state is None or not state.registered:
            raise UnknownPlayer(f"player {player_id} is not registered")
        if state.forgotten:
            raise UnknownPlayer(f"player {player_id} was forgotten")
