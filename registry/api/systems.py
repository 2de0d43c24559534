"""Convention cards as structured data, and the FIGB Appendix 1 system check.

A card is declared for a pair (``pairs``) or checked without being recorded
(``CheckSystemApi``); both read it through these serializers (App1; digest
§5.8).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from httpapi.inputs import validated
from httpapi.problems import problem
from httpapi.schema import PROBLEM
from registry.api.common import choices
from registry.domain.systems.card import (
    BrownSticker,
    CategoryContext,
    ConventionCard,
    HumFeature,
    Meaning,
    Method,
    MethodKind,
    NotrumpShape,
    Prealert,
    SuitShown,
    SystemBase,
    SystemCategory,
    SystemColour,
    TournamentForm,
)
from registry.domain.systems.check import check_system
from registry.domain.systems.findings import (
    SystemCheck,
    SystemNotPermitted,
)
from registry.domain.systems.wellformed import card_problems
from rules.bridge.card import Suit


class SuitShownSerializer(serializers.Serializer):
    suit = serializers.ChoiceField(choices=choices(Suit))
    min_length = serializers.IntegerField(min_value=0, max_value=13, default=0)
    max_length = serializers.IntegerField(min_value=0, max_value=13, default=13)


class NotrumpShapeSerializer(serializers.Serializer):
    longest_suit = serializers.IntegerField(min_value=4, max_value=13, default=6)
    two_longest_suits = serializers.IntegerField(min_value=7, max_value=13, default=9)
    voids = serializers.BooleanField(default=False)


class MeaningSerializer(serializers.Serializer):
    min_hcp = serializers.IntegerField(min_value=0, max_value=37)
    max_hcp = serializers.IntegerField(min_value=0, max_value=37, default=37)
    suits = SuitShownSerializer(many=True, default=list)
    two_suiter_min_length = serializers.IntegerField(
        min_value=0, max_value=13, allow_null=True, default=None
    )
    shape = NotrumpShapeSerializer(allow_null=True, default=None)


class MethodSerializer(serializers.Serializer):
    ref = serializers.CharField(max_length=40)
    kind = serializers.ChoiceField(choices=choices(MethodKind))
    call = serializers.CharField(max_length=8)
    meanings = MeaningSerializer(many=True, allow_empty=False)
    artificial = serializers.BooleanField(default=False)
    over = serializers.CharField(max_length=8, allow_null=True, default=None)
    over_natural = serializers.BooleanField(default=True)
    stopper_ask = serializers.BooleanField(default=False)
    sheet = serializers.IntegerField(
        min_value=1, max_value=99, allow_null=True, default=None
    )


class ConventionCardSerializer(serializers.Serializer):
    """A convention card as structured data (App1; digest §5.8)."""

    colour = serializers.ChoiceField(choices=choices(SystemColour))
    base = serializers.ChoiceField(choices=choices(SystemBase))
    methods = MethodSerializer(many=True, default=list)
    hum_features = serializers.ListField(
        child=serializers.ChoiceField(choices=choices(HumFeature)), default=list
    )
    brown_stickers = serializers.ListField(
        child=serializers.ChoiceField(choices=choices(BrownSticker)), default=list
    )
    prealerts = serializers.ListField(
        child=serializers.ChoiceField(choices=choices(Prealert)), default=list
    )
    varies_by_seat_or_vulnerability = serializers.BooleanField(default=False)
    systems_in_use = serializers.IntegerField(min_value=1, max_value=9, default=1)
    psychics_protected_or_required = serializers.BooleanField(default=False)
    encrypted_signals = serializers.BooleanField(default=False)
    random_openings = serializers.BooleanField(default=False)
    same_system_both_partners = serializers.BooleanField(default=True)
    front_right_items = serializers.ListField(
        child=serializers.CharField(max_length=40), default=list
    )
    supplementary_sheets = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=99), default=list
    )
    full_system_submitted = serializers.BooleanField(default=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        problems = card_problems(to_card(attrs))
        if problems:
            raise serializers.ValidationError({"card": list(problems)})
        return attrs


class CategoryContextSerializer(serializers.Serializer):
    category = serializers.ChoiceField(choices=[c.value for c in SystemCategory])
    form = serializers.ChoiceField(choices=choices(TournamentForm))
    figb_allows_brown_sticker = serializers.BooleanField(default=False)
    club_allows_hum = serializers.BooleanField(default=True)
    club_allows_brown_sticker = serializers.BooleanField(default=True)


def _meaning(data: dict[str, Any]) -> Meaning:
    shape = data.get("shape")
    return Meaning(
        min_hcp=data["min_hcp"],
        max_hcp=data.get("max_hcp", 37),
        suits=tuple(
            SuitShown(
                suit=Suit(s["suit"]),
                min_length=s.get("min_length", 0),
                max_length=s.get("max_length", 13),
            )
            for s in data.get("suits", [])
        ),
        two_suiter_min_length=data.get("two_suiter_min_length"),
        shape=NotrumpShape(**shape) if shape else None,
    )


def to_card(data: dict[str, Any]) -> ConventionCard:
    """Build the domain card from validated serializer data."""
    return ConventionCard(
        colour=SystemColour(data["colour"]),
        base=SystemBase(data["base"]),
        methods=tuple(
            Method(
                ref=m["ref"],
                kind=MethodKind(m["kind"]),
                call=m["call"],
                meanings=tuple(_meaning(x) for x in m["meanings"]),
                artificial=m.get("artificial", False),
                over=m.get("over"),
                over_natural=m.get("over_natural", True),
                stopper_ask=m.get("stopper_ask", False),
                sheet=m.get("sheet"),
            )
            for m in data.get("methods", [])
        ),
        hum_features=tuple(HumFeature(f) for f in data.get("hum_features", [])),
        brown_stickers=tuple(BrownSticker(b) for b in data.get("brown_stickers", [])),
        prealerts=tuple(Prealert(p) for p in data.get("prealerts", [])),
        varies_by_seat_or_vulnerability=data.get(
            "varies_by_seat_or_vulnerability", False
        ),
        systems_in_use=data.get("systems_in_use", 1),
        psychics_protected_or_required=data.get(
            "psychics_protected_or_required", False
        ),
        encrypted_signals=data.get("encrypted_signals", False),
        random_openings=data.get("random_openings", False),
        same_system_both_partners=data.get("same_system_both_partners", True),
        front_right_items=tuple(data.get("front_right_items", [])),
        supplementary_sheets=tuple(data.get("supplementary_sheets", [])),
        full_system_submitted=data.get("full_system_submitted", False),
    )


def to_context(data: dict[str, Any]) -> CategoryContext:
    return CategoryContext(
        category=SystemCategory(int(data["category"])),
        form=TournamentForm(data["form"]),
        figb_allows_brown_sticker=data["figb_allows_brown_sticker"],
        club_allows_hum=data["club_allows_hum"],
        club_allows_brown_sticker=data["club_allows_brown_sticker"],
    )


def _finding_json(finding: Any) -> dict[str, Any]:
    return {
        "code": finding.code,
        "severity": finding.severity.value,
        "citation": finding.citation,
        "message": finding.message,
        "method_ref": finding.method_ref,
    }


def check_json(check: SystemCheck) -> dict[str, Any]:
    return {
        "permitted": check.permitted,
        "suggested_colour": check.suggested_colour.value,
        "hum_features": [f.value for f in check.hum_features],
        "brown_stickers": [b.value for b in check.brown_stickers],
        "findings": [_finding_json(f) for f in check.findings],
    }


def not_permitted(error: SystemNotPermitted) -> Response:
    """422 naming every App1 failure, not only the first."""
    return problem(
        422,
        error.code,
        type(error).__name__,
        error.message,
        law=str(error.law),
        failures=[_finding_json(f) for f in error.failures],
    )


class CheckSystemApi(APIView):
    """Check a card against a category without recording it (App1; digest §5.8)."""

    permission_classes = [IsAuthenticated]

    class CheckSystemSerializer(serializers.Serializer):
        card = ConventionCardSerializer()
        # The API's field is called `context`, as DRF's serializer attribute:
        # the metaclass takes it into the declared fields, so nothing clashes.
        context = CategoryContextSerializer()  # type: ignore[assignment]

    @extend_schema(
        request=CheckSystemSerializer,
        responses={
            200: inline_serializer(
                "SystemCheck",
                {
                    "permitted": serializers.BooleanField(),
                    "suggested_colour": serializers.CharField(),
                    "hum_features": serializers.ListField(),
                    "brown_stickers": serializers.ListField(),
                    "findings": serializers.ListField(child=serializers.DictField()),
                },
            ),
            400: PROBLEM,
        },
    )
    def post(self, request: Request) -> Response:
        data = validated(self.CheckSystemSerializer, request.data)
        check = check_system(to_card(data["card"]), to_context(data["context"]))
        return Response(check_json(check))
