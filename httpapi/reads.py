"""Read your writes, the same on every read model (decision 0073).

A command answers the global position of its last event; a read given
``?min_position=<that position>`` waits, up to
``ARBITRO_READ_WAIT_MAX_SECONDS``, for the projections it reads to apply it,
then answers the data either way and says in two headers how fresh it is:

- ``Arbitro-Read-Position``: the position the read model had applied when it
  was read (the lowest of the projections read);
- ``Arbitro-Behind``: ``true`` when the asked position was not reached in
  time, or when the partition read (a tournament, a player...) has an event
  its projection could not apply (decision 0070), its rows then being as of
  before ``Arbitro-Parked-At``; else ``false``.

Never a 503, never silently stale. A ``min_position`` that is not a whole
number, or lies beyond the store's head by more than
``ARBITRO_READ_POSITION_MARGIN``, is refused at once with 400 naming the
parameter, instead of holding a worker for a position that cannot come.
No wait is made when no runner holds a projection read (PostgreSQL's lock
probe, decision 0071): the answer would only come later, as stale.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from eventstore.projections import (
    lock_holder,
    parked_at,
    read_position,
    wait_for_position,
)
from eventstore.store import event_store

__all__ = [
    "MIN_POSITION",
    "READ_PARAMETERS",
    "Freshness",
    "by_stream",
    "by_tournament",
    "freshness",
    "freshness_at",
    "reads",
]

MIN_POSITION = OpenApiParameter(
    "min_position",
    OpenApiTypes.INT,
    description=(
        "Read your writes: wait (at most ARBITRO_READ_WAIT_MAX_SECONDS, 5 s by "
        "default) until the read model has applied this global position (a "
        "command's last_position), then answer; the headers Arbitro-Behind and "
        "Arbitro-Read-Position say whether it was reached. A value that is not "
        "a whole number, or beyond the store's last position by more than "
        "ARBITRO_READ_POSITION_MARGIN, answers 400."
    ),
)
READ_POSITION = OpenApiParameter(
    "Arbitro-Read-Position",
    OpenApiTypes.INT,
    OpenApiParameter.HEADER,
    response=True,
    description="The global position the read model had applied when read.",
)
BEHIND = OpenApiParameter(
    "Arbitro-Behind",
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    response=True,
    enum=["true", "false"],
    description=(
        "true when min_position was not reached in time, or when what was read "
        "has an event its projection could not apply (see Arbitro-Parked-At)."
    ),
)
PARKED_AT = OpenApiParameter(
    "Arbitro-Parked-At",
    OpenApiTypes.INT,
    OpenApiParameter.HEADER,
    response=True,
    description=(
        "Sent when what was read is parked: the position of its first event "
        "the projection could not apply; the data are as of before it."
    ),
)
READ_PARAMETERS = [MIN_POSITION, READ_POSITION, BEHIND, PARKED_AT]

Kwargs = Mapping[str, Any]
Partition = Callable[[Kwargs], str | None]
Get = Callable[..., Response]  # a view's `get`


def by_tournament(kwargs: Kwargs) -> str | None:
    """The tournament named by the URL (``tournament_id``)."""
    tournament_id = kwargs.get("tournament_id")
    return None if tournament_id is None else f"tournament:{tournament_id}"


def by_stream(kwarg: str) -> Partition:
    """The stream named by the URL's ``kwarg`` (a player, a pair, a team)."""

    def partition(kwargs: Kwargs) -> str | None:
        value = kwargs.get(kwarg)
        return None if value is None else f"stream:{value}"

    return partition


@dataclass(frozen=True, slots=True)
class Freshness:
    """How fresh a read is: what it had applied, and whether it is behind."""

    position: int
    behind: bool
    parked_at: int | None = None

    def mark(self, response: Response) -> Response:
        response["Arbitro-Read-Position"] = str(self.position)
        response["Arbitro-Behind"] = "true" if self.behind else "false"
        if self.parked_at is not None:
            response["Arbitro-Parked-At"] = str(self.parked_at)
        return response


def _asked(raw: str | None) -> int | None:
    """The ``min_position`` asked for, or 400 naming the parameter."""
    if raw is None or raw == "":
        return None
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 18:
        raise serializers.ValidationError(
            {"min_position": [f"{raw[:40]!r} is not a whole number of 0 or more"]}
        )
    asked = int(raw)
    head = event_store().head_position()
    if asked > head + int(settings.ARBITRO_READ_POSITION_MARGIN):
        raise serializers.ValidationError(
            {"min_position": [f"{asked} is beyond the last recorded position ({head})"]}
        )
    return asked


def _runners_alive(names: tuple[str, ...]) -> bool:
    if connection.vendor != "postgresql":
        return True  # SQLite's probe would take the file lock for an instant
    return all(lock_holder(name) is not None for name in names)


def freshness(
    request: Request, names: tuple[str, ...], partition: str | None = None
) -> Freshness:
    """Honour ``?min_position=`` for a read of the ``names`` projections."""
    return freshness_at(request.query_params.get("min_position"), names, partition)


def freshness_at(
    raw: str | None, names: tuple[str, ...], partition: str | None = None
) -> Freshness:
    """``freshness`` for ``min_position`` as sent (``raw``), where there is
    no API request: a page (a ``ValidationError`` naming the parameter is
    then the page's 400)."""
    asked = _asked(raw)
    parked = None if partition is None else parked_at(names, partition)
    if (
        asked is not None
        and parked is None
        and read_position(names) < asked
        and _runners_alive(names)
    ):
        wait_for_position(names, asked, float(settings.ARBITRO_READ_WAIT_MAX_SECONDS))
    position = read_position(names)
    behind = parked is not None or (asked is not None and position < asked)
    return Freshness(position, behind, parked)


def reads(*names: str, partition: Partition | None = None) -> Callable[[Get], Get]:
    """Decorate an API view's ``get``: honour ``min_position`` and mark the
    answer, a problem (a 404) included, with its freshness (the module
    docstring)."""

    def decorate(get: Get) -> Get:
        @functools.wraps(get)
        def wrapper(self: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
            fresh = freshness(
                request, names, None if partition is None else partition(kwargs)
            )
            try:
                response = get(self, request, *args, **kwargs)
            except Exception as exc:
                # A 404 read from a model that is behind says so too.
                response = self.handle_exception(exc)
            return fresh.mark(response)

        return wrapper

    return decorate
