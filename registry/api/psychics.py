"""A pair's psychic calls (FIGB Appendice 2): recorded by a director of an
event the pair plays in, read across events by the directors of the pair's
events, staff and the pair's own players."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    actor_of,
    is_director,
    is_federation_staff,
    metadata_for,
)
from httpapi.commands import COMMAND_RESPONSES, created, idem
from httpapi.inputs import validated
from httpapi.problems import problem
from httpapi.schema import PROBLEM
from registry import domain, handlers
from registry.api.common import directs_pair, own_players
from registry.boundary import pair_plays_in
from registry.domain.psychics import Finding, PsychicRecorded
from rules.bridge.card import Suit

__all__ = ["UNDERSTANDING_SUSPECTED_FROM", "PsychicsApi"]

UNDERSTANDING_SUSPECTED_FROM = 3
"""Records from which the read flags a possible partnership understanding
(App2 §1: psychics frequent enough that partner takes them into account).
The norm sets no number; the flag is advice for the director (decision 0124)."""

MAX_SESSION = 99
MAX_BOARD = 999


class OnThePairsRecord(BasePermission):
    """Federation staff; a director of an event the pair plays in (its
    entry is the pair, or holds both its players); to read, the pair's own
    players too. The office is checked against the pair itself, never
    against a tournament the body names (issue 28)."""

    message = (
        "Only federation staff, a director of an event this pair plays in or, "
        "to read it, a player of this pair may see its psychic record; only "
        "staff or such a director may add to it"
    )

    def has_permission(self, request: Request, view: Any) -> bool:
        user = request.user
        if is_federation_staff(user):
            return True
        pair_id = UUID(str(view.kwargs["pair_id"]))
        if directs_pair(user, pair_id):
            return True
        if request.method != "GET":
            return False
        state, _ = handlers.load_pair(pair_id)
        return bool(own_players(request) & set(state.player_ids))


class PsychicsApi(APIView):
    """``GET``: the pair's psychic record across events. ``POST``: record one."""

    permission_classes = [OnThePairsRecord]

    class RecordPsychicSerializer(serializers.Serializer):
        tournament_id = serializers.UUIDField()
        session = serializers.IntegerField(min_value=1, max_value=MAX_SESSION)
        board = serializers.IntegerField(min_value=1, max_value=MAX_BOARD)
        seat = serializers.ChoiceField(choices=["N", "E", "S", "W"])
        kind = serializers.ChoiceField(choices=[k.value for k in domain.CallKind])
        call = serializers.CharField(
            max_length=8, help_text='the call or card: "1H", "2C", "SQ"'
        )
        level = serializers.IntegerField(
            min_value=1, max_value=7, required=False, allow_null=True
        )
        conventional = serializers.BooleanField()
        hand = serializers.CharField(
            max_length=40,
            help_text='the psychic player\'s hand in PBN order S.H.D.C: "K93.J742.852.T63"',
        )
        promised_hcp_min = serializers.IntegerField(
            min_value=0, max_value=37, required=False, allow_null=True
        )
        promised_hcp_max = serializers.IntegerField(
            min_value=0, max_value=37, required=False, allow_null=True
        )
        promised_suit = serializers.ChoiceField(
            choices=["S", "H", "D", "C"], required=False, allow_null=True
        )
        promised_length = serializers.IntegerField(
            min_value=1, max_value=13, required=False, allow_null=True
        )
        strong_artificial = serializers.BooleanField(default=False)
        strong_minimum = serializers.IntegerField(
            min_value=0,
            max_value=37,
            required=False,
            allow_null=True,
            help_text="Z of App2 §3: the system's minimum HCP for its strong opening",
        )
        discretion = serializers.IntegerField(
            min_value=0,
            max_value=1,
            default=0,
            help_text="D of App2 §3: the director's discretionary point",
        )
        classification = serializers.ChoiceField(
            choices=[c.value for c in domain.Classification]
        )
        note = serializers.CharField(
            max_length=500, required=False, default="", allow_blank=True
        )

        def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
            low, high = attrs.get("promised_hcp_min"), attrs.get("promised_hcp_max")
            if (low is None) != (high is None):
                raise serializers.ValidationError(
                    {
                        "promised_hcp_max": "the promised range has both limits or neither"
                    }
                )
            return attrs

    @extend_schema(request=RecordPsychicSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, pair_id: UUID) -> Response:
        data = validated(self.RecordPsychicSerializer, request.data)
        tournament_id: UUID = data["tournament_id"]
        if not (
            is_federation_staff(request.user)
            or is_director(request.user, tournament_id)
        ):
            return problem(
                403,
                "not_a_director",
                "Forbidden",
                "only the tournament's directors or federation staff record a "
                "psychic for it",
            )
        state, _ = handlers.load_pair(pair_id)
        if state.formed and not pair_plays_in(tournament_id, pair_id, state.player_ids):
            return problem(
                422,
                "pair_not_in_event",
                "PairNotInEvent",
                f"pair {pair_id} does not play in tournament {tournament_id}: a "
                "psychic is recorded at an event the pair plays in (App2 §1)",
                field="tournament_id",
            )
        low, high = data.get("promised_hcp_min"), data.get("promised_hcp_max")
        suit = data.get("promised_suit")
        facts = domain.PsychicFacts(
            kind=domain.CallKind(data["kind"]),
            call=data["call"],
            level=data.get("level"),
            conventional=data["conventional"],
            hand=data["hand"],
            promised_hcp=None if low is None or high is None else (low, high),
            promised_suit=None if suit is None else Suit(suit),
            promised_length=data.get("promised_length"),
            strong_artificial=data["strong_artificial"],
            strong_minimum=data.get("strong_minimum"),
            discretion=data["discretion"],
        )
        command = domain.RecordPsychic(
            pair_id=pair_id,
            tournament_id=tournament_id,
            session=data["session"],
            board=data["board"],
            seat=data["seat"],
            facts=facts,
            classification=domain.Classification(data["classification"]),
            reported_by=actor_of(request.user),
            note=data["note"],
        )
        result = handlers.pair_command(
            command,
            metadata=metadata_for(request, tournament_id, "record_psychic"),
            idempotency_key=idem(request),
        )
        return created(result, pair_id=pair_id)

    @extend_schema(responses={200: dict, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM})
    def get(self, request: Request, pair_id: UUID) -> Response:
        state, _ = handlers.load_pair(pair_id)
        if not state.formed:
            raise NotFound("no such pair")
        records = [_record(r) for r in state.psychics]
        return Response(
            {
                "pair_id": str(pair_id),
                "count": len(records),
                "tournaments": len({r.tournament_id for r in state.psychics}),
                "disclosed_on_card": state.psychics_disclosed,
                "understanding_suspected": len(records) >= UNDERSTANDING_SUSPECTED_FROM
                and not state.psychics_disclosed,
                "records": records,
            }
        )


def _finding(f: Finding) -> dict[str, Any]:
    return {
        "rule": f.rule,
        "reference": str(f.reference),
        "psychic": f.psychic,
        "prohibited": f.prohibited,
        "reason": f.reason,
    }


def _record(r: PsychicRecorded) -> dict[str, Any]:
    facts = r.facts
    return {
        "tournament_id": str(r.tournament_id),
        "session": r.session,
        "board": r.board,
        "seat": r.seat,
        "kind": facts.kind.value,
        "call": facts.call,
        "conventional": facts.conventional,
        "hand": facts.hand,
        "hcp": r.hcp,
        "shape": "-".join(str(n) for n in r.shape),
        "findings": [_finding(f) for f in r.findings],
        "classification": r.classification.value,
        "reported_by": r.reported_by,
        "note": r.note,
    }
