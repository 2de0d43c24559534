"""What the register's API modules share: query responses, the caller's
players, running one command on a register stream."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from rest_framework.request import Request
from rest_framework.response import Response

from access.roles import metadata_for, player_ids_of
from eventstore.store import AppendResult
from httpapi.commands import created, expected, idem
from httpapi.schema import PROBLEM

QUERY_RESPONSES = {400: PROBLEM, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM}


def own_players(request: Request) -> set[UUID]:
    """The registered players the caller acts as (their player grants)."""
    return player_ids_of(request.user)


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
