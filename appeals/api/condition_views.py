"""An event's appeal arrangements: who hears appeals, the deposit, the
sanction, the further appeal's periods (Law 80B2(k), 93, 93C1; FIGB
N-L92-93).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import IsChiefDirector, IsFederationStaff, metadata_for
from appeals import handlers
from appeals.api.common import COMMAND_RESPONSES
from appeals.domain import conditions
from httpapi.commands import created, idem
from httpapi.inputs import validated
from httpapi.schema import name_components
from tournaments.api.common import MAX_CENTS, MAX_HOURS, MAX_MINUTES, MAX_POINTS

__all__ = [
    "AppealConditionsApi",
    "StaffOrChiefDirector",
]


class StaffOrChiefDirector(BasePermission):
    message = "Only federation staff or the chief director may set appeal conditions"

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.method == "GET":
            return True
        return IsFederationStaff().has_permission(request, view) or (
            IsChiefDirector().has_permission(request, view)
        )


class AppealConditionsApi(APIView):
    """The event's appeal arrangements (Law 80B2(k), 93, 93C1; FIGB N-L92-93)."""

    permission_classes = [StaffOrChiefDirector]

    class InputSerializer(serializers.Serializer):
        structure = serializers.ChoiceField(
            choices=[s.value for s in conditions.Structure],
            default=conditions.Structure.CHIEF_DIRECTOR.value,
        )
        committee_available = serializers.BooleanField(default=False)
        deposit_cents = serializers.IntegerField(
            min_value=0, max_value=MAX_CENTS, default=0
        )
        sanction_unit = serializers.ChoiceField(
            choices=[u.value for u in conditions.SanctionUnit],
            default=conditions.SanctionUnit.NONE.value,
        )
        sanction_amount = serializers.IntegerField(
            min_value=0, max_value=MAX_POINTS, default=0
        )
        further_appeal = serializers.BooleanField(default=True)
        prenotice_minutes = serializers.IntegerField(
            min_value=0, max_value=MAX_MINUTES, default=30
        )
        further_appeal_hours = serializers.IntegerField(
            min_value=0, max_value=MAX_HOURS, default=48
        )
        director_accepts_handed = serializers.BooleanField(
            default=False,
            help_text="Law 92C: the regulation lets the director accept, by his "
            "act, an appeal handed to the committee's chair or anyone else",
        )

    @extend_schema(responses={200: dict})
    def get(self, request: Request, tournament_id: UUID) -> Response:
        state = handlers.load_conditions(tournament_id)
        c = state.conditions
        return Response(
            {
                "tournament_id": str(tournament_id),
                "set": state.set,
                "structure": c.structure.value,
                "committee_available": c.committee_available,
                "deposit_cents": c.deposit_cents,
                "sanction_unit": c.sanction_unit.value,
                "sanction_amount": c.sanction_amount,
                "further_appeal": c.further_appeal,
                "prenotice_minutes": c.prenotice_minutes,
                "further_appeal_hours": c.further_appeal_hours,
                "director_accepts_handed": c.director_accepts_handed,
            }
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        values = conditions.AppealConditions(
            structure=conditions.Structure(data["structure"]),
            committee_available=data["committee_available"],
            deposit_cents=data["deposit_cents"],
            sanction_unit=conditions.SanctionUnit(data["sanction_unit"]),
            sanction_amount=data["sanction_amount"],
            further_appeal=data["further_appeal"],
            prenotice_minutes=data["prenotice_minutes"],
            further_appeal_hours=data["further_appeal_hours"],
            director_accepts_handed=data["director_accepts_handed"],
        )
        result = handlers.set_conditions(
            tournament_id,
            values,
            metadata=metadata_for(request, tournament_id, "set_appeal_conditions"),
            idempotency_key=idem(request),
        )
        return created(result)


name_components(globals())
