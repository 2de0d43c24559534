"""What the register's API modules share: query responses, the caller's players."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from rest_framework.request import Request

from access.roles import player_ids_of
from httpapi.schema import PROBLEM

QUERY_RESPONSES = {400: PROBLEM, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM}


def own_players(request: Request) -> set[UUID]:
    """The registered players the caller acts as (their player grants)."""
    return player_ids_of(request.user)


def choices(enum: Any) -> list[Any]:
    return [e.value for e in enum]
