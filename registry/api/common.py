"""What the register's API modules share: query responses, the caller's
players and events, running one command on a register stream."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from rest_framework.request import Request
from rest_framework.response import Response

from access.models import RoleGrant
from access.roles import AnyUser, grants_of, metadata_for, player_ids_of
from eventstore.store import AppendResult
from httpapi.commands import created, expected, idem
from httpapi.schema import PROBLEM
from registry import handlers
from registry.boundary import pair_plays_in, team_entered

QUERY_RESPONSES = {400: PROBLEM, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM}


def own_players(request: Request) -> set[UUID]:
    """The registered players the caller acts as (their player grants)."""
    return player_ids_of(request.user)


def directed_events(user: AnyUser) -> set[UUID]:
    """The tournaments the caller directs (chief or assistant director)."""
    directing = (RoleGrant.Role.CHIEF_DIRECTOR, RoleGrant.Role.DIRECTOR)
    return {
        g.tournament_id
        for g in grants_of(user)
        if g.role in directing and g.tournament_id is not None
    }


def directs_pair(user: AnyUser, pair_id: UUID) -> bool:
    """Whether the caller directs an event the registered pair plays in: a
    director's office reaches a pair only through his event (issue 28), never
    through a tournament a body names."""
    events = directed_events(user)
    if not events:
        return False
    state, _ = handlers.load_pair(pair_id)
    if not state.formed:
        return False
    return any(pair_plays_in(t, pair_id, state.player_ids) for t in events)


def directs_team(user: AnyUser, team_id: UUID) -> bool:
    """Whether the caller directs an event the team is entered in (issue 28)."""
    return any(team_entered(t, team_id) for t in directed_events(user))


def choices(enum: Any) -> list[Any]:
    return [e.value for e in enum]


def run_command(
    request: Request,
    handle: Callable[..., AppendResult | None],
    command: Any,
    name: str,
    tournament_id: UUID | None = None,
    **ids: UUID,
) -> Response:
    """Run ``command`` with ``handle`` for the caller, with the client's
    Idempotency-Key and If-Match, and answer it naming ``ids``."""
    result = handle(
        command,
        metadata=metadata_for(request, tournament_id, name),
        idempotency_key=idem(request),
        expected_version=expected(request),
    )
    return created(result, **ids)
