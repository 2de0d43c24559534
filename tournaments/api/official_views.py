"""Officials of an event: the chief director, assistants and appeals committee.

Law 80B2(a), (g)(i), (k): the organizer (federation staff) appoints them; the
chief director may appoint and relieve assistants (Law 81D: he delegates to
them and stays responsible). The list is public, as the event's officials are
announced to the contestants.
"""

from __future__ import annotations

from uuid import UUID

from django.contrib.auth import get_user_model
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import is_director, is_federation_staff, metadata_for
from httpapi.commands import COMMAND_RESPONSES, created, idem
from httpapi.inputs import validated
from httpapi.pagination import Page, paginated
from httpapi.reads import READ_PARAMETERS
from httpapi.schema import PROBLEM
from tournaments import handlers
from tournaments.api.reads import results_read
from tournaments.domain import tournament
from tournaments.models import OfficialRow

Role = tournament.OfficialRole


def _may_act_on(request: Request, tournament_id: UUID, role: Role) -> None:
    """Staff for every office; the chief director for assistants only (Law 81D)."""
    if is_federation_staff(request.user):
        return
    if role is Role.DIRECTOR and is_director(request.user, tournament_id, chief=True):
        return
    raise PermissionDenied(
        "only federation staff appoint officials; the chief director appoints "
        "and relieves assistants (Law 80B2, 81D)"
    )


class OfficialSerializer(serializers.ModelSerializer):
    """An official as announced: by name. The internal user id (which the
    relief's path names) only for staff and the tournament's directors."""

    class Meta:
        model = OfficialRow
        fields = ["name", "role", "appointed_at"]


class OfficialWithIdSerializer(OfficialSerializer):
    class Meta(OfficialSerializer.Meta):
        fields = ["user_id", *OfficialSerializer.Meta.fields]


class OfficialListApi(APIView):
    """``GET``: the event's officials (public). ``POST``: appoint one."""

    class InputSerializer(serializers.Serializer):
        username = serializers.CharField(
            help_text="the user who takes the office (they need an account)"
        )
        role = serializers.ChoiceField(choices=[r.value for r in Role])
        name = serializers.CharField(
            required=False, help_text="as published; the user's full name otherwise"
        )

    pagination_class = Page

    def get_permissions(self) -> list[BasePermission]:
        return [AllowAny()] if self.request.method == "GET" else [IsAuthenticated()]

    @extend_schema(
        parameters=READ_PARAMETERS, responses={200: OfficialSerializer(many=True)}
    )
    @results_read
    def get(self, request: Request, tournament_id: UUID) -> Response:
        rows = OfficialRow.objects.filter(tournament_id=tournament_id).order_by(
            "role", "name", "user_id"
        )
        shown = (
            OfficialWithIdSerializer
            if is_federation_staff(request.user)
            or is_director(request.user, tournament_id)
            else OfficialSerializer
        )
        return paginated(self, request, rows, lambda page: shown(page, many=True).data)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        role = Role(data["role"])
        _may_act_on(request, tournament_id, role)
        user = get_user_model().objects.filter(username=data["username"]).first()
        if user is None:
            raise serializers.ValidationError({"username": "no such user"})
        name = data.get("name") or user.get_full_name() or user.get_username()
        command = tournament.AppointOfficial(
            user=f"user:{user.pk}", name=name, role=role
        )
        return created(
            handlers.handle_official(
                tournament_id,
                command,
                metadata=metadata_for(request, tournament_id, "appoint_official"),
                idempotency_key=idem(request),
            )
        )


class OfficialDetailApi(APIView):
    """``DELETE``: relieve an official of their office."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            **{k: v for k, v in COMMAND_RESPONSES.items() if k != 201},
            200: COMMAND_RESPONSES[201],
            404: PROBLEM,
        },
        parameters=[
            OpenApiParameter("reason", str, description="why the official is relieved")
        ],
    )
    def delete(self, request: Request, tournament_id: UUID, user_id: int) -> Response:
        actor = f"user:{user_id}"
        held = handlers.load_tournament(tournament_id).officials.get(actor)
        if held is None:
            raise NotFound("no such official of this event")
        _may_act_on(request, tournament_id, held.role)
        reason = request.query_params.get("reason", "")
        result = handlers.handle_official(
            tournament_id,
            tournament.RelieveOfficial(user=actor, reason=reason),
            metadata=metadata_for(request, tournament_id, "relieve_official"),
            idempotency_key=idem(request),
        )
        response = created(result)
        response.status_code = 200
        return response
