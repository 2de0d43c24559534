"""Entries: a pair, team or player entered in a tournament (Law 4)."""

from __future__ import annotations

from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from httpapi.commands import COMMAND_RESPONSES, created, expected, idem, new_id
from httpapi.inputs import validated
from httpapi.schema import name_components
from tournaments import handlers
from tournaments.api.common import MAX_ENTRY, StaffOrDirector
from tournaments.domain import tournament
from tournaments.roles import (
    actor_of,
    metadata_for,
)


class EnterPairApi(APIView):
    permission_classes = [StaffOrDirector]

    class InputSerializer(serializers.Serializer):
        number = serializers.IntegerField(min_value=1, max_value=MAX_ENTRY)
        entry_id = serializers.UUIDField(required=False)
        player_ids = serializers.ListField(
            child=serializers.UUIDField(), min_length=1, max_length=6
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        entry_id = data.get("entry_id") or new_id(request, actor_of(request.user))
        command = tournament.EnterPair(
            number=data["number"],
            entry_id=entry_id,
            player_ids=tuple(data["player_ids"]),
            card_categories=declared_categories(entry_id),
        )
        return created(
            handlers.handle_tournament(
                tournament_id,
                command,
                metadata=metadata_for(request, tournament_id, "enter"),
                idempotency_key=idem(request),
                expected_version=expected(request),
            )
        )


def declared_categories(pair_id: UUID) -> tuple[int, ...]:
    """The App1 categories the registered pair's convention cards were checked for."""
    from tournaments.registry_handlers import load_pair

    state, _ = load_pair(pair_id)
    return tuple(int(card.category) for card in state.cards)


name_components(globals())
