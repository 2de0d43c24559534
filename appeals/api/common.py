"""What the appeal views share: the appeal the URL names, who is a party,
the command path's call, and the answers a command documents.

Commands answer 201 with the appeal id, stream version and positions; a
domain error answers 409 (a closed window or the wrong stage) or 422 (the
Laws forbid it), naming the Law (httpapi/problems.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar
from uuid import UUID

from django.contrib.auth import get_user_model
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import BasePermission, OperandHolder
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    IsChiefDirector,
    IsCommitteeMember,
    IsTournamentDirector,
    is_director,
    metadata_for,
    player_ids_of,
)
from appeals import handlers
from appeals.domain import appeal
from eventstore.store import AppendResult
from httpapi.commands import command_responses, created, expected, idem
from httpapi.inputs import validated

__all__ = [
    "COMMAND_RESPONSES",
    "AppealApi",
    "HearingBody",
    "IsParty",
    "PartyOrDirector",
    "PartyStepApi",
    "PlayerInput",
    "actor_ids",
]

COMMAND_RESPONSES = command_responses("appeal_id", not_found=True)


def actor_ids(user_ids: list[int]) -> tuple[str, ...]:
    """Committee members by user id, recorded as stable actor ids."""
    users = get_user_model().objects.filter(pk__in=user_ids)
    found = {u.pk for u in users}
    missing = [u for u in user_ids if u not in found]
    if missing:
        raise serializers.ValidationError({"members": f"no such users: {missing}"})
    return tuple(f"user:{u}" for u in user_ids)


# -- permissions ----------------------------------------------------------------


class IsParty(BasePermission):
    """A player of a contestant at the ruling's table (Law 92A)."""

    message = "Only a party to this appeal may do this"

    def has_permission(self, request: Request, view: Any) -> bool:
        state: appeal.AppealState = view.appeal_state()
        mine = player_ids_of(request.user)
        return any(state.party_of(p) is not None for p in mine)


class AppealApi(APIView):
    """An appeal named by the URL; its tournament drives the director checks."""

    _state: appeal.AppealState | None = None
    _version: int = 0

    def appeal_id(self) -> UUID:
        return UUID(str(self.kwargs["appeal_id"]))

    def appeal_state(self) -> appeal.AppealState:
        if self._state is None:
            self._state, self._version = handlers.load_appeal(self.appeal_id())
        return self._state

    def get_tournament_id(self) -> UUID | None:
        state = self.appeal_state()
        found = state.lodged or state.handed  # handed: Law 92C, not yet lodged
        return found.tournament_id if found else None

    def check_permissions(self, request: Request) -> None:
        if self.get_tournament_id() is None:
            raise NotFound("no such appeal")
        super().check_permissions(request)

    def run(
        self,
        request: Request,
        command: appeal.AppealCommand,
        name: str,
        *,
        use_expected: bool = False,
        within: Callable[[AppendResult], None] | None = None,
    ) -> Response:
        tid = self.get_tournament_id()
        result = handlers.handle_appeal(
            self.appeal_id(),
            command,
            metadata=metadata_for(request, tid, name),
            idempotency_key=idem(request),
            expected_version=expected(request) if use_expected else None,
            within=within,
        )
        return created(result, appeal_id=self.appeal_id())

    def acting_player(self, request: Request, player_id: UUID | None) -> UUID | None:
        """A player acts as themself; a director may act for a party (Law 92C)."""
        tid = self.get_tournament_id()
        if tid is not None and is_director(request.user, tid):
            return player_id
        if player_id is None or player_id not in player_ids_of(request.user):
            raise PermissionDenied("a player may act only as themself")
        return player_id


PartyOrDirector: OperandHolder = IsParty | IsTournamentDirector


class PlayerInput(serializers.Serializer):
    # The input of a step a player takes: who takes it (a comment: the schema
    # would show a docstring on every input).
    player_id = serializers.UUIDField()


class PartyStepApi(AppealApi):
    """A step a party takes as themself, or a director records for them
    (Law 92C): its input (a ``PlayerInput``) names the player."""

    permission_classes = [PartyOrDirector]
    step: ClassVar[str]  # the command's name in its metadata
    InputSerializer: ClassVar[type[PlayerInput]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "InputSerializer" not in cls.__dict__:  # the input names the player only
            cls.InputSerializer = type("InputSerializer", (PlayerInput,), {})

    def get_serializer_class(self) -> type[PlayerInput]:
        return self.InputSerializer  # the request body in the schema

    def command(
        self, request: Request, player: UUID, data: dict[str, Any]
    ) -> appeal.AppealCommand:
        raise NotImplementedError

    @extend_schema(responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        player = self.acting_player(request, data["player_id"])
        assert player is not None
        return self.run(request, self.command(request, player, data), self.step)


HearingBody: OperandHolder = IsChiefDirector | IsCommitteeMember
