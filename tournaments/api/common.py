"""What the tournament API's views share beyond ``httpapi``: the bounds of
every number an input carries, the Law reference field, who may act.

The shared plumbing (parser, validation, ``created()``, headers, schema) is
``httpapi``'s; import it from there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    Caller,
    IsFederationStaff,
    IsTournamentDirector,
    player_ids_of,
)
from httpapi.commands import COMMAND_RESPONSES
from httpapi.inputs import validated
from rules import limits
from rules.bridge.law_references import NotALawReference, parse_law_ref
from tournaments.domain import tournament
from tournaments.handlers import TableRef

__all__ = [
    "MAX_BOARD",
    "MAX_BOARDS_PER_ROUND",
    "MAX_CALLS",
    "MAX_CENTS",
    "MAX_ENTRY",
    "MAX_FIELD",
    "MAX_HOURS",
    "MAX_MINUTES",
    "MAX_PLAYERS",
    "MAX_POINTS",
    "MAX_ROUND",
    "MAX_SESSION",
    "MAX_TABLE",
    "MAX_USER_ID",
    "LawRefField",
    "StaffOrDirector",
    "TableCommandApi",
    "plays_in",
    "refuse_outsider",
]

# Every number an input carries is bounded (DESIGN: every parameter bounded):
# generous for any real event, small enough that no movement is built for
# ever and no column, instant or duration overflows (decision 0084). Those
# a command carries are the pure core's (rules.limits, decision 0212), which
# each stream's decide checks again: the API refuses them first, as a 400.
MAX_SESSION = int(limits.SESSION.high)
MAX_BOARD = int(limits.BOARD.high)
MAX_TABLE = int(limits.TABLE.high)
MAX_ENTRY = int(limits.ENTRY.high)  # entry numbers; in an individual event, players
MAX_ROUND = int(limits.ROUND.high)
MAX_FIELD = 200  # pairs or teams a movement is built for
MAX_PLAYERS = 400  # players an individual movement is built for
MAX_BOARDS_PER_ROUND = 36
MAX_MINUTES = int(limits.MINUTES.high)  # a window or period: at most a week
MAX_HOURS = 30 * 24
MAX_POINTS = int(limits.POINTS.high)  # a penalty or sanction, in its unit
MAX_CENTS = 100_000_000
MAX_USER_ID = 2**31 - 1
MAX_CALLS = 319  # the longest possible auction (Laws 17-22)


class LawRefField(serializers.CharField):
    """A reference to the 2017 Laws ("12C1(c)", "Law 64B5"), read in canonical
    form; one the Laws do not have answers 400 naming the field and the value
    (``unknown_law``, decision 0082)."""

    default_error_messages = {"unknown_law": "{message}"}

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", 24)
        kwargs.setdefault(
            "help_text", 'a Law of the 2017 Laws: "12C1(c)", "64B5", "Law 16B1(a)"'
        )
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        text = super().to_internal_value(data)
        try:
            return parse_law_ref(text).law
        except NotALawReference as error:
            self.fail("unknown_law", message=str(error))


def plays_in(request: Caller, state: tournament.TournamentState, *entries: int) -> bool:
    """Whether the caller is a registered player of one of ``entries``.

    Read from the tournament stream, never from a lagging read model.
    """
    ids: set[UUID] = set()
    for number in entries:
        entry = state.entries.get(number)
        if entry is not None:
            ids.update(entry.player_ids)
    return bool(player_ids_of(request.user) & ids)


def refuse_outsider(request: Caller, state: tournament.TournamentState) -> None:
    """Refuse (403) a caller who neither directs the tournament (checked
    before) nor plays in any of its entries: his office reaches no table of
    it, whatever seat or side he names (issue 28). A player of the event at
    the wrong seat or side is answered by the rule he breaks (422)."""
    mine = player_ids_of(request.user)
    if not any(mine & set(e.player_ids) for e in state.entries.values()):
        raise PermissionDenied(
            "only a director or a player of this tournament may act at its tables"
        )


class StaffOrDirector(BasePermission):
    message = "Only federation staff or a director of this tournament may do this"

    def has_permission(self, request: Request, view: Any) -> bool:
        return IsFederationStaff().has_permission(
            request, view
        ) or IsTournamentDirector().has_permission(request, view)


class TableCommandApi(APIView):
    """A command on one board at one table, both named by the URL (a result,
    a call, a card): ``post`` validates the body with ``InputSerializer``
    (none: no body) and hands the table and the data to ``command``.

    Each subclass gets its own ``post``, so that the schema shows its own
    body: one decorated shared ``post`` would document every endpoint with
    the last one's.
    """

    InputSerializer: ClassVar[type[serializers.Serializer] | None] = None
    post: ClassVar[Callable[..., Response]]  # each subclass's own, below

    def command(
        self, request: Request, ref: TableRef, data: dict[str, Any]
    ) -> Response:
        raise NotImplementedError

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)

        @extend_schema(request=cls.InputSerializer, responses=COMMAND_RESPONSES)
        def post(
            self: TableCommandApi,
            request: Request,
            tournament_id: UUID,
            session: int,
            board_number: int,
            table: int,
        ) -> Response:
            body = type(self).InputSerializer
            data = {} if body is None else validated(body, request.data)
            ref = TableRef(tournament_id, session, board_number, table)
            return self.command(request, ref, data)

        cls.post = post
