"""Registry command handlers: read the stream, decide (pure), append.

One function per command, each on the one command path
(``eventstore.commands.execute``): the pure ``decide`` with database time
and the states of the players the command names; a retried key answered
first; the table rows a command writes stored in its transaction.
Identities (names, federation numbers, emails, team names) are written to
their tables here, never into an event (spec/eventstore-research.md §6.8).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar, TypeVar
from uuid import UUID

from django.db import IntegrityError, transaction

from eventstore.commands import StreamCache, execute
from eventstore.errors import WrongExpectedVersion
from eventstore.registry import registry
from eventstore.store import AppendResult, ExpectedVersion, Metadata, event_store
from registry import domain
from registry.domain import (
    EVENT_TYPES,
    PAIR_INITIAL,
    PLAYER_INITIAL,
    TEAM_INITIAL,
    UNPROJECTED_EVENT_TYPES,
    PairState,
    PlayerCategory,
    PlayerState,
    RegistryConflict,
    RegistryViolation,
    TeamState,
    fold,
)
from registry.models import Club, PlayerIdentity, TeamIdentity

__all__ = [
    "PLAYER_STREAM",
    "Identity",
    "change_team",
    "ensure_club",
    "forget_player",
    "form_pair",
    "form_team",
    "load_pair",
    "load_player",
    "load_team",
    "pair_command",
    "player_command",
    "register",
    "register_player",
    "update_identity",
]

PLAYER_STREAM = "player"
PAIR_STREAM = "pair"
TEAM_STREAM = "team"

S = TypeVar("S")


def register() -> None:
    """Register the registry's events with the store's codec (idempotent)."""
    registry.register((*EVENT_TYPES, *UNPROJECTED_EVENT_TYPES))


class UnknownClub(RegistryViolation):
    code: ClassVar[str] = "unknown_club"


class FederationNumberRegistered(RegistryConflict):
    """The federation number belongs to a player already on the register."""

    code: ClassVar[str] = "federation_number_registered"


@dataclass(frozen=True, slots=True, kw_only=True)
class Identity:
    """A player's personal data, kept out of every event."""

    federation_number: str
    family_name: str
    given_name: str
    email: str = ""


def registered_event_id(player_id: UUID) -> UUID:
    """A deterministic id for the first event: a retried registration replays."""
    return uuid.uuid5(player_id, "player.registered")


# -- loading -----------------------------------------------------------------


def _load(stream_id: UUID, evolve: Callable[[S, Any], S], initial: S) -> tuple[S, int]:
    history = event_store().read_stream(stream_id)
    return fold(evolve, initial, history.domain_events), history.version


def load_player(player_id: UUID) -> tuple[PlayerState, int]:
    return _load(player_id, domain.evolve_player, PLAYER_INITIAL)


def load_pair(pair_id: UUID) -> tuple[PairState, int]:
    return _load(pair_id, domain.evolve_pair, PAIR_INITIAL)


def load_team(team_id: UUID) -> tuple[TeamState, int]:
    return _load(team_id, domain.evolve_team, TEAM_INITIAL)


def player_states(player_ids: Iterable[UUID]) -> dict[UUID, PlayerState]:
    return {p: load_player(p)[0] for p in set(player_ids)}


PLAYERS = StreamCache(domain.evolve_player, PLAYER_INITIAL)
PAIRS = StreamCache(domain.evolve_pair, PAIR_INITIAL)
TEAMS = StreamCache(domain.evolve_team, TEAM_INITIAL)


def _run(
    stream_id: UUID,
    stream_type: str,
    cache: StreamCache[Any],
    command: object,
    decide: Callable[[Any, datetime], list[Any]],
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
    within: Callable[[AppendResult], object] | None = None,
) -> AppendResult:
    """One registry command on the one command path; a command that decides
    nothing answers with the stream as it is."""
    result = execute(
        stream_id,
        stream_type,
        cache,
        decide,
        metadata=metadata,
        request=command,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
        within=within,
    )
    if result is None:
        raise RegistryConflict(f"nothing to record on {stream_type} {stream_id}")
    return result


def _require_club(club_id: UUID | None) -> None:
    if club_id is not None and not Club.objects.filter(club_id=club_id).exists():
        raise UnknownClub(f"club {club_id} is not registered")


# -- players -----------------------------------------------------------------


def reserve_identity(identity: Identity, player_id: UUID | None = None) -> UUID:
    """Reserve the federation number for a player; return the player's id.

    A reservation whose stream never started (a registration that failed
    after the reservation) is reused; a number already on the register is a
    conflict, unless the caller retries with the same ``player_id``.
    """
    with transaction.atomic():
        existing = (
            PlayerIdentity.objects.select_for_update()
            .filter(federation_number=identity.federation_number)
            .first()
        )
        if existing is not None:
            started = event_store().stream_version(existing.player_id) > 0
            if started and existing.player_id != player_id:
                raise FederationNumberRegistered(
                    f"federation number {identity.federation_number} is registered"
                )
            _copy(identity, existing)
            existing.save()
            return existing.player_id
        chosen = player_id or uuid.uuid4()
        if PlayerIdentity.objects.filter(player_id=chosen).exists():
            raise RegistryConflict(f"player id {chosen} is in use")
        try:
            with transaction.atomic():
                PlayerIdentity.objects.create(player_id=chosen, **_fields(identity))
        except IntegrityError:
            raise FederationNumberRegistered(
                f"federation number {identity.federation_number} is registered"
            ) from None
        return chosen


def _fields(identity: Identity) -> dict[str, str]:
    return {
        "federation_number": identity.federation_number,
        "family_name": identity.family_name,
        "given_name": identity.given_name,
        "email": identity.email,
    }


def _copy(identity: Identity, row: PlayerIdentity) -> None:
    for name, value in _fields(identity).items():
        setattr(row, name, value)


def append_registration(
    player_id: UUID,
    category: PlayerCategory,
    club_id: UUID | None,
    *,
    metadata: Metadata,
) -> AppendResult:
    """Start the player's stream; a retry with the same id replays."""
    events = domain.decide_player(
        PLAYER_INITIAL,
        domain.RegisterPlayer(player_id=player_id, category=category, club_id=club_id),
    )
    try:
        return event_store().append(
            player_id,
            events,
            stream_type=PLAYER_STREAM,
            expected_version=ExpectedVersion.NO_STREAM,
            metadata=metadata,
            event_ids=[registered_event_id(player_id)],
        )
    except WrongExpectedVersion:
        raise domain.PlayerAlreadyRegistered(
            f"player {player_id} is registered"
        ) from None


def ensure_club(code: str, name: str, city: str = "") -> UUID:
    """The club with this federation code, recorded if it is not yet (a plain
    record, not a stream); its id."""
    club, _ = Club.objects.get_or_create(
        code=code, defaults={"name": name, "city": city}
    )
    return club.club_id


def register_player(
    identity: Identity,
    category: PlayerCategory,
    club_id: UUID | None = None,
    *,
    metadata: Metadata,
    player_id: UUID | None = None,
) -> tuple[UUID, AppendResult]:
    """Register a player: reserve the identity, then start the player's stream."""
    _require_club(club_id)
    chosen = reserve_identity(identity, player_id)
    return chosen, append_registration(chosen, category, club_id, metadata=metadata)


def update_identity(player_id: UUID, **changes: str) -> PlayerIdentity:
    """Correct a player's personal data: a table update, no event (§6.8)."""
    row = PlayerIdentity.objects.filter(player_id=player_id).first()
    if row is None:
        raise domain.PlayerNotRegistered(f"player {player_id} is not registered")
    for name, value in changes.items():
        setattr(row, name, value)
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        raise FederationNumberRegistered(
            f"federation number {changes.get('federation_number')} is registered"
        ) from None
    return row


def player_command(
    command: domain.AffiliatePlayer
    | domain.ChangePlayerCategory
    | domain.SetPlayerPublication,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> AppendResult:
    """Affiliate a player to a club (which must exist), change the category,
    or say whether results may show the player's name."""
    if isinstance(command, domain.AffiliatePlayer):
        _require_club(command.club_id)
    return _run(
        command.player_id,
        PLAYER_STREAM,
        PLAYERS,
        command,
        lambda state, now: list(domain.decide_player(state, command)),
        metadata=metadata,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
    )


def forget_player(
    player_id: UUID, *, metadata: Metadata, idempotency_key: str | None = None
) -> AppendResult:
    """Erase a player's personal data: tombstone first, then the identity row.

    spec/eventstore-research.md §6.8: results stay, pseudonymous by id.
    """
    command = domain.ForgetPlayer(player_id=player_id)
    return _run(
        player_id,
        PLAYER_STREAM,
        PLAYERS,
        command,
        lambda state, now: list(domain.decide_player(state, command)),
        metadata=metadata,
        idempotency_key=idempotency_key,
        within=lambda _result: PlayerIdentity.objects.filter(
            player_id=player_id
        ).delete(),
    )


# -- pairs -------------------------------------------------------------------


def form_pair(
    player_ids: tuple[UUID, UUID],
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
) -> AppendResult:
    """Form a pair (Law 4); its id is a hash of the two players."""
    if len(set(player_ids)) != 2:
        raise domain.PairOfOnePlayer("a pair is two different players")
    players = player_states(player_ids)
    command = domain.FormPair(player_ids=player_ids)
    return _run(
        domain.pair_stream_id(player_ids),
        PAIR_STREAM,
        PAIRS,
        command,
        lambda state, now: list(
            domain.decide_pair(state, command, players=players, now=now)
        ),
        metadata=metadata,
        idempotency_key=idempotency_key,
    )


def pair_command(
    command: domain.DeclareConventionCard | domain.RecordPsychic,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> AppendResult:
    """A command on a formed pair's stream: declare its convention card,
    checked against App1 for its category, or record a psychic by one of it
    with App2's verdicts beside the director's classification."""
    return _run(
        command.pair_id,
        PAIR_STREAM,
        PAIRS,
        command,
        lambda state, now: list(
            domain.decide_pair(state, command, players={}, now=now)
        ),
        metadata=metadata,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
    )


# -- teams -------------------------------------------------------------------


def form_team(
    name: str,
    member_ids: tuple[UUID, ...],
    captain_id: UUID,
    non_playing_captain_id: UUID | None = None,
    *,
    metadata: Metadata,
    team_id: UUID | None = None,
    idempotency_key: str | None = None,
) -> tuple[UUID, AppendResult]:
    """Form a team (4-6 members, decision 0038); its name goes to a table."""
    chosen = team_id or uuid.uuid4()
    named = [*member_ids, captain_id]
    if non_playing_captain_id is not None:
        named.append(non_playing_captain_id)
    players = player_states(named)
    command = domain.FormTeam(
        team_id=chosen,
        member_ids=member_ids,
        captain_id=captain_id,
        non_playing_captain_id=non_playing_captain_id,
    )
    result = _run(
        chosen,
        TEAM_STREAM,
        TEAMS,
        (command, name),
        lambda state, now: list(domain.decide_team(state, command, players=players)),
        metadata=metadata,
        idempotency_key=idempotency_key,
        within=lambda _result: TeamIdentity.objects.update_or_create(
            team_id=chosen, defaults={"name": name}
        ),
    )
    return chosen, result


def change_team(
    command: domain.TeamCommand,
    *,
    metadata: Metadata,
    idempotency_key: str | None = None,
    expected_version: int | None = None,
) -> AppendResult:
    """Add or remove a member, appoint a captain, declare a line-up."""
    named: list[UUID] = []
    if isinstance(command, domain.AddTeamMember):
        named.append(command.player_id)
    players = player_states(named)
    return _run(
        command.team_id,
        TEAM_STREAM,
        TEAMS,
        command,
        lambda state, now: list(domain.decide_team(state, command, players=players)),
        metadata=metadata,
        idempotency_key=idempotency_key,
        expected_version=expected_version,
    )
