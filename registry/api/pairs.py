"""Pairs (Law 4) and their convention cards (App1)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import IsFederationStaff, is_federation_staff, metadata_for
from httpapi.commands import COMMAND_RESPONSES, created, expected, idem
from httpapi.inputs import validated
from httpapi.pagination import PAGE_PARAMETERS, Page, page_of, paginated
from httpapi.reads import READ_PARAMETERS, by_stream, reads
from registry import domain, handlers, selectors
from registry.api.common import QUERY_RESPONSES, own_players
from registry.api.systems import (
    CategoryContextSerializer,
    ConventionCardSerializer,
    not_permitted,
    to_card,
    to_context,
)
from registry.domain.systems.findings import SystemNotPermitted
from registry.projections import RegistryProjection


class StaffOrPairPlayer(BasePermission):
    message = "Only federation staff or a player of this pair may see it"

    def has_permission(self, request: Request, view: Any) -> bool:
        if is_federation_staff(request.user):
            return True
        pair_id = view.kwargs.get("pair_id")
        return bool(own_players(request) & selectors.pair_player_ids(pair_id))


class PairListApi(APIView):
    """``GET``: pairs (staff: all; a player: their own). ``POST``: form a pair."""

    pagination_class = Page

    def get_permissions(self) -> list[BasePermission]:
        if self.request.method == "GET":
            return [IsAuthenticated()]
        return [IsFederationStaff()]

    class FormPairSerializer(serializers.Serializer):
        player_ids = serializers.ListField(
            child=serializers.UUIDField(), min_length=2, max_length=2
        )

    @extend_schema(
        operation_id="registry_pairs_list",
        parameters=[*READ_PARAMETERS, *PAGE_PARAMETERS],
        responses={200: page_of(), **QUERY_RESPONSES},
    )
    @reads(RegistryProjection.name)
    def get(self, request: Request) -> Response:
        mine = None if is_federation_staff(request.user) else own_players(request)
        rows = selectors.pair_list(player_ids=mine)
        return paginated(self, request, rows, selectors.pairs_json)

    @extend_schema(request=FormPairSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request) -> Response:
        data = validated(self.FormPairSerializer, request.data)
        a, b = data["player_ids"]
        result = handlers.form_pair(
            (a, b),
            metadata=metadata_for(request, command="form_pair"),
            idempotency_key=idem(request),
        )
        return created(result, pair_id=result.stream_id)


class PairDetailApi(APIView):
    permission_classes = [StaffOrPairPlayer]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict, **QUERY_RESPONSES})
    @reads(RegistryProjection.name, partition=by_stream("pair_id"))
    def get(self, request: Request, pair_id: UUID) -> Response:
        pair = selectors.pair_detail(pair_id)
        if pair is None:
            raise NotFound("no such pair")
        return Response(pair)


class DeclareConventionCardApi(APIView):
    """Declare a pair's convention card for an event category (App1)."""

    permission_classes = [IsFederationStaff]

    class DeclareConventionCardSerializer(serializers.Serializer):
        card = ConventionCardSerializer()
        # The API's field is called `context`, as DRF's serializer attribute:
        # the metaclass takes it into the declared fields, so nothing clashes.
        context = CategoryContextSerializer()  # type: ignore[assignment]
        tournament_id = serializers.UUIDField(required=False, allow_null=True)
        championship_starts_at = serializers.DateTimeField(
            required=False, allow_null=True
        )

    @extend_schema(request=DeclareConventionCardSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, pair_id: UUID) -> Response:
        data = validated(self.DeclareConventionCardSerializer, request.data)
        command = domain.DeclareConventionCard(
            pair_id=pair_id,
            card=to_card(data["card"]),
            context=to_context(data["context"]),
            tournament_id=data.get("tournament_id"),
            championship_starts_at=data.get("championship_starts_at"),
        )
        try:
            result = handlers.pair_command(
                command,
                metadata=metadata_for(
                    request, data.get("tournament_id"), "declare_convention_card"
                ),
                idempotency_key=idem(request),
                expected_version=expected(request),
            )
        except SystemNotPermitted as error:
            return not_permitted(error)
        return created(result, pair_id=pair_id)
