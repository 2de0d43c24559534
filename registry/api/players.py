"""Players: the register (staff), a player's own record, identity corrections,
club, category and erasure."""

from __future__ import annotations

from typing import cast
from uuid import UUID

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import BasePermission, OperandHolder
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import IsFederationStaff, IsThatPlayer, metadata_for
from httpapi.commands import COMMAND_RESPONSES, created, idem
from httpapi.inputs import validated
from httpapi.pagination import PAGE_PARAMETERS, Page, page_of, paginated
from httpapi.reads import READ_PARAMETERS, by_stream, reads
from httpapi.schema import PROBLEM
from registry import domain, handlers, selectors
from registry.api.common import QUERY_RESPONSES, choices, run_command
from registry.projections import RegistryProjection

StaffOrThatPlayer: OperandHolder = IsFederationStaff | IsThatPlayer


class IdentitySerializer(serializers.Serializer):
    federation_number = serializers.RegexField(r"^\d{1,12}$", max_length=12)
    family_name = serializers.CharField(max_length=100)
    given_name = serializers.CharField(max_length=100)
    email = serializers.EmailField(required=False, allow_blank=True, default="")


class PlayerListApi(APIView):
    """``GET``: the register (staff). ``POST``: register a player (staff)."""

    permission_classes = [IsFederationStaff]
    pagination_class = Page

    class RegisterPlayerSerializer(IdentitySerializer):
        player_id = serializers.UUIDField(required=False)
        category = serializers.ChoiceField(choices=choices(domain.PlayerCategory))
        club_id = serializers.UUIDField(required=False, allow_null=True, default=None)

    class QuerySerializer(serializers.Serializer):
        club_id = serializers.UUIDField(required=False, allow_null=True, default=None)
        category = serializers.ChoiceField(
            choices=choices(domain.PlayerCategory), required=False, default=None
        )
        search = serializers.CharField(max_length=100, required=False, default=None)

    @extend_schema(
        operation_id="registry_players_list",
        parameters=[
            *READ_PARAMETERS,
            OpenApiParameter("club_id", UUID),
            OpenApiParameter("category", str),
            OpenApiParameter("search", str, description="name or federation number"),
            *PAGE_PARAMETERS,
        ],
        responses={200: page_of(), **QUERY_RESPONSES},
    )
    @reads(RegistryProjection.name)
    def get(self, request: Request) -> Response:
        query = {k: v for k, v in request.query_params.items() if v != ""}
        for name in ("min_position", "limit", "offset"):
            query.pop(name, None)
        rows = selectors.player_list(**validated(self.QuerySerializer, query))
        return paginated(self, request, rows, selectors.players_json)

    @extend_schema(request=RegisterPlayerSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request) -> Response:
        data = validated(self.RegisterPlayerSerializer, request.data)
        identity = handlers.Identity(
            federation_number=data["federation_number"],
            family_name=data["family_name"],
            given_name=data["given_name"],
            email=data.get("email", ""),
        )
        player_id, result = handlers.register_player(
            identity,
            domain.PlayerCategory(data["category"]),
            data.get("club_id"),
            metadata=metadata_for(request, command="register_player"),
            player_id=data.get("player_id"),
        )
        return created(result, player_id=player_id)


class PlayerDetailApi(APIView):
    """``GET``: staff, or the player themself. ``PATCH``: staff correct identity."""

    def get_permissions(self) -> list[BasePermission]:
        if self.request.method == "GET":
            # DRF's `|` builds a permission that types only as having the checks.
            return [cast(BasePermission, StaffOrThatPlayer())]
        return [IsFederationStaff()]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict, **QUERY_RESPONSES})
    @reads(RegistryProjection.name, partition=by_stream("player_id"))
    def get(self, request: Request, player_id: UUID) -> Response:
        player = selectors.player_detail(player_id)
        if player is None:
            raise NotFound("no such player")
        return Response(player)

    class CorrectIdentitySerializer(serializers.Serializer):
        federation_number = serializers.RegexField(
            r"^\d{1,12}$", max_length=12, required=False
        )
        family_name = serializers.CharField(max_length=100, required=False)
        given_name = serializers.CharField(max_length=100, required=False)
        email = serializers.EmailField(required=False, allow_blank=True)

    @extend_schema(
        request=CorrectIdentitySerializer,
        responses={200: dict, 400: PROBLEM, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM},
    )
    def patch(self, request: Request, player_id: UUID) -> Response:
        changes = validated(self.CorrectIdentitySerializer, request.data)
        row = handlers.update_identity(player_id, **changes)
        return Response(
            {
                "player_id": str(row.player_id),
                "federation_number": row.federation_number,
                "family_name": row.family_name,
                "given_name": row.given_name,
                "email": row.email,
            }
        )


class AffiliatePlayerApi(APIView):
    """Record a player's club (affiliation or transfer)."""

    permission_classes = [IsFederationStaff]

    class AffiliatePlayerSerializer(serializers.Serializer):
        club_id = serializers.UUIDField()

    @extend_schema(request=AffiliatePlayerSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, player_id: UUID) -> Response:
        data = validated(self.AffiliatePlayerSerializer, request.data)
        return run_command(
            request,
            handlers.player_command,
            domain.AffiliatePlayer(player_id=player_id, club_id=data["club_id"]),
            "affiliate_player",
            player_id=player_id,
        )


class ChangePlayerCategoryApi(APIView):
    """Record a player's new FIGB category (N-L4 §2a)."""

    permission_classes = [IsFederationStaff]

    class ChangePlayerCategorySerializer(serializers.Serializer):
        category = serializers.ChoiceField(choices=choices(domain.PlayerCategory))

    @extend_schema(request=ChangePlayerCategorySerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, player_id: UUID) -> Response:
        data = validated(self.ChangePlayerCategorySerializer, request.data)
        return run_command(
            request,
            handlers.player_command,
            domain.ChangePlayerCategory(
                player_id=player_id, category=domain.PlayerCategory(data["category"])
            ),
            "change_player_category",
            player_id=player_id,
        )


class PlayerPublicationApi(APIView):
    """Whether results show the player's name and club, or his federation
    number only (his request, recorded by staff or by the player himself)."""

    permission_classes = [StaffOrThatPlayer]

    class PublicationSerializer(serializers.Serializer):
        published = serializers.BooleanField()

    @extend_schema(request=PublicationSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, player_id: UUID) -> Response:
        data = validated(self.PublicationSerializer, request.data)
        return run_command(
            request,
            handlers.player_command,
            domain.SetPlayerPublication(
                player_id=player_id, published=data["published"]
            ),
            "set_player_publication",
            player_id=player_id,
        )


class ForgetPlayerApi(APIView):
    """Erase a player's personal data; results stay under the id (§6.8)."""

    permission_classes = [IsFederationStaff]

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(self, request: Request, player_id: UUID) -> Response:
        result = handlers.forget_player(
            player_id,
            metadata=metadata_for(request, command="forget_player"),
            idempotency_key=idem(request),
        )
        return created(result, player_id=player_id)
