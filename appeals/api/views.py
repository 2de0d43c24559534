"""Appeal API: one view per step; views validate, check roles, call a handler.

Commands answer 201 with the appeal id, stream version and positions; a
domain error answers 409 (a closed window or the wrong stage) or 422 (the
Laws forbid it), naming the Law (httpapi/problems.py). The parties, the
tournament's directors, the appeal's committee and federation staff read the
appeal file; everyone reads the outcomes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from django.contrib.auth import get_user_model
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import AllowAny, BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from appeals import handlers
from appeals.domain import appeal, conditions
from appeals.models import AppealRow
from appeals.projections import AppealFiles
from eventstore.store import AppendResult, event_store
from httpapi.commands import created, expected, idem
from httpapi.inputs import validated
from httpapi.reads import READ_PARAMETERS, by_tournament, reads
from httpapi.schema import PROBLEM
from tournaments.api.common import (
    MAX_BOARD,
    MAX_CENTS,
    MAX_HOURS,
    MAX_MINUTES,
    MAX_POINTS,
    MAX_TABLE,
    MAX_USER_ID,
    LawRefField,
)
from tournaments.roles import (
    IsChiefDirector,
    IsCommitteeMember,
    IsFederationStaff,
    IsTournamentDirector,
    actor_of,
    is_committee_member,
    is_director,
    metadata_for,
    player_ids_of,
)

APPENDED = OpenApiResponse(
    description="appeal_id, stream_id, stream_version, first/last_position"
)
COMMAND_RESPONSES = {
    201: APPENDED,
    400: PROBLEM,
    401: PROBLEM,
    403: PROBLEM,
    404: PROBLEM,
    409: PROBLEM,
    422: PROBLEM,
}
READ_RESPONSES = {200: dict, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM}


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
        lodged = self.appeal_state().lodged
        return lodged.tournament_id if lodged else None

    def check_permissions(self, request: Request) -> None:
        if not self.appeal_state().exists:
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


PartyOrDirector = IsParty | IsTournamentDirector
HearingBody = IsChiefDirector | IsCommitteeMember


# -- lodging --------------------------------------------------------------------


class LodgeAppealApi(APIView):
    """Lodge an appeal against a ruling, through the Director (Law 92A-D, 92C)."""

    permission_classes = [IsAuthenticated]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "LodgeAppealInput"

        tournament_id = serializers.UUIDField()
        ruling_id = serializers.UUIDField()
        appellant_id = serializers.UUIDField(help_text="the appealing player's id")
        grounds = serializers.CharField(max_length=4000)
        grounds_evident_at_ruling = serializers.BooleanField(
            required=False,
            allow_null=True,
            default=None,
            help_text="FIGB N-L92-93 §2; default: true before publication",
        )
        concurring_ids = serializers.ListField(
            child=serializers.UUIDField(),
            required=False,
            default=list,
            help_text="partners or captain present (recorded by a director only)",
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request.data)
        tid = data["tournament_id"]
        director = is_director(request.user, tid)
        if not director and data["appellant_id"] not in player_ids_of(request.user):
            raise PermissionDenied("a player lodges an appeal only as themself")
        if data["concurring_ids"] and not director:
            raise PermissionDenied(
                "each player concurs in person; a director may record it (Law 92C)"
            )
        meta = metadata_for(request, tid, "lodge_appeal")
        appeal_id, result = handlers.lodge_appeal(
            tournament_id=tid,
            ruling_id=data["ruling_id"],
            appellant_id=data["appellant_id"],
            grounds=data["grounds"],
            lodged_by=meta.actor,
            grounds_evident_at_ruling=data["grounds_evident_at_ruling"],
            concurring_ids=tuple(data["concurring_ids"]),
            metadata=meta,
            idempotency_key=idem(request),
        )
        return created(result, appeal_id=appeal_id)


class ConcurAppealApi(AppealApi):
    """The partner's or captain's concurrence (Law 92D)."""

    permission_classes = [PartyOrDirector]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "ConcurAppealInput"

        player_id = serializers.UUIDField()

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        player = self.acting_player(request, data["player_id"])
        assert player is not None
        command = appeal.ConcurAppeal(
            player_id=player, recorded_by=actor_of(request.user)
        )
        return self.run(request, command, "concur_appeal")


class RecordDepositApi(AppealApi):
    """The deposit the event sets, received by the Director (Law 80B2(k))."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "RecordDepositInput"

        amount_cents = serializers.IntegerField(min_value=1, max_value=MAX_CENTS)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = appeal.RecordDeposit(
            amount_cents=data["amount_cents"], received_by=actor_of(request.user)
        )
        return self.run(request, command, "record_deposit")


# -- routing and hearing ----------------------------------------------------------


class LawPointSerializer(serializers.Serializer):
    point = serializers.CharField(max_length=500)
    ruling = serializers.CharField(max_length=2000)


class RouteAppealApi(AppealApi):
    """The Chief Director hears it (Law 93A, 93B1) or refers it (Law 93B2)."""

    permission_classes = [IsChiefDirector]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "RouteAppealInput"

        body = serializers.ChoiceField(
            choices=[appeal.Body.CHIEF_DIRECTOR.value, appeal.Body.COMMITTEE.value]
        )
        members = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_USER_ID),
            required=False,
            default=list,
        )
        law_points = LawPointSerializer(many=True, required=False, default=list)
        law_only = serializers.BooleanField(default=False)
        committee_cannot_operate = serializers.BooleanField(default=False)
        reason = serializers.CharField(required=False, default="", allow_blank=True)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        members = actor_ids(data["members"])
        command = appeal.RouteAppeal(
            body=appeal.Body(data["body"]),
            routed_by=actor_of(request.user),
            members=members,
            law_points=tuple(
                appeal.LawPointRuling(point=p["point"], ruling=p["ruling"])
                for p in data["law_points"]
            ),
            law_only=data["law_only"],
            committee_cannot_operate=data["committee_cannot_operate"],
            reason=data["reason"],
        )
        appeal_id = self.appeal_id()
        return self.run(
            request,
            command,
            "route_appeal",
            within=lambda _result: handlers.grant_committee(appeal_id, members),
        )


class ScheduleHearingApi(AppealApi):
    permission_classes = [HearingBody]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "ScheduleHearingInput"

        at = serializers.DateTimeField()
        place = serializers.CharField(required=False, default="", allow_blank=True)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = appeal.ScheduleHearing(at=data["at"], place=data["place"])
        return self.run(request, command, "schedule_hearing")


class StatementSerializer(serializers.Serializer):
    by = serializers.CharField(max_length=100, help_text="a player id or actor id")
    role = serializers.ChoiceField(
        choices=["appellant", "opponent", "director", "witness"]
    )
    text = serializers.CharField(max_length=8000)


class RecordHearingApi(AppealApi):
    """The hearing's minutes: statements, and the committee members who sat."""

    permission_classes = [HearingBody]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "RecordHearingInput"

        statements = StatementSerializer(many=True)
        members_present = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_USER_ID),
            required=False,
            default=list,
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = appeal.RecordHearing(
            statements=tuple(appeal.Statement(**s) for s in data["statements"]),
            members_present=tuple(f"user:{u}" for u in data["members_present"]),
        )
        return self.run(request, command, "record_hearing")


class AttachDirectorReportApi(AppealApi):
    """The Director's report or supplement (FIGB N-L74; N-L92-93 §5)."""

    permission_classes = [IsTournamentDirector]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "AttachDirectorReportInput"

        text = serializers.CharField(max_length=16000)
        supplementary = serializers.BooleanField(default=False)
        admits_technical_error = serializers.BooleanField(default=False)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = appeal.AttachDirectorReport(author=actor_of(request.user), **data)
        return self.run(request, command, "attach_director_report")


# -- decisions ------------------------------------------------------------------


class ScoreOrderSerializer(serializers.Serializer):
    board_number = serializers.IntegerField(min_value=1, max_value=MAX_BOARD)
    table = serializers.IntegerField(min_value=1, max_value=MAX_TABLE)
    score = serializers.CharField(
        max_length=200, help_text='"A60/40" (Law 12C2) or "assigned:-420@1" (12C1)'
    )
    law = LawRefField(default="12C1")


def _orders(rows: list[dict[str, Any]]) -> tuple[appeal.ScoreOrder, ...]:
    return tuple(appeal.ScoreOrder(**row) for row in rows)


class DecideAppealApi(AppealApi):
    """The hearing body's decision (Law 93; the committee's limits, Law 93B3)."""

    permission_classes = [HearingBody]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "DecideAppealInput"

        outcome = serializers.ChoiceField(choices=[o.value for o in appeal.Outcome])
        reasons = serializers.CharField(max_length=16000)
        changed_points = serializers.ListField(
            child=serializers.ChoiceField(choices=[p.value for p in appeal.Point]),
            required=False,
            default=list,
        )
        adjusted_scores = ScoreOrderSerializer(many=True, required=False, default=list)
        recommendation = serializers.CharField(
            required=False, default="", allow_blank=True
        )

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        state = self.appeal_state()
        committee = is_committee_member(request.user, self.appeal_id())
        tid = self.get_tournament_id()
        chief = tid is not None and is_director(request.user, tid, chief=True)
        if state.body is appeal.Body.COMMITTEE and committee:
            by = appeal.Body.COMMITTEE
        else:
            by = appeal.Body.CHIEF_DIRECTOR if chief else appeal.Body.COMMITTEE
        command = appeal.DecideAppeal(
            by=by,
            decided_by=actor_of(request.user),
            outcome=appeal.Outcome(data["outcome"]),
            reasons=data["reasons"],
            changed_points=tuple(appeal.Point(p) for p in data["changed_points"]),
            adjusted_scores=_orders(data["adjusted_scores"]),
            recommendation=data["recommendation"],
        )
        return self.run(request, command, "decide_appeal", use_expected=True)


class WithdrawAppealApi(AppealApi):
    permission_classes = [PartyOrDirector]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "WithdrawAppealInput"

        player_id = serializers.UUIDField(required=False, allow_null=True, default=None)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        player = self.acting_player(request, data["player_id"])
        command = appeal.WithdrawAppeal(by=actor_of(request.user), player_id=player)
        return self.run(request, command, "withdraw_appeal")


# -- further appeal ---------------------------------------------------------------


class FurtherAppealNoticeApi(AppealApi):
    """The written pre-notice of a further appeal (FIGB N-L92-93 §4)."""

    permission_classes = [PartyOrDirector]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "FurtherAppealNoticeInput"

        player_id = serializers.UUIDField()

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        player = self.acting_player(request, data["player_id"])
        assert player is not None
        return self.run(
            request,
            appeal.GiveFurtherAppealNotice(player_id=player),
            "give_further_appeal_notice",
        )


class FileFurtherAppealApi(AppealApi):
    """A further appeal to the national body (Law 93C1; FIGB N-L92-93 §4)."""

    permission_classes = [PartyOrDirector]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "FileFurtherAppealInput"

        player_id = serializers.UUIDField()
        grounds = serializers.CharField(max_length=8000)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        player = self.acting_player(request, data["player_id"])
        assert player is not None
        command = appeal.FileFurtherAppeal(player_id=player, grounds=data["grounds"])
        return self.run(request, command, "file_further_appeal")


class DecideFurtherAppealApi(AppealApi):
    """The national body's decision (FIGB N-L92-93 §4-§5): federation staff."""

    permission_classes = [IsFederationStaff]

    class InputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "DecideFurtherAppealInput"

        outcome = serializers.ChoiceField(choices=[o.value for o in appeal.Outcome])
        reasons = serializers.CharField(max_length=16000)
        adjusted_scores = ScoreOrderSerializer(many=True, required=False, default=list)

    @extend_schema(request=InputSerializer, responses=COMMAND_RESPONSES)
    def post(self, request: Request, appeal_id: UUID) -> Response:
        data = validated(self.InputSerializer, request.data)
        command = appeal.DecideFurtherAppeal(
            decided_by=actor_of(request.user),
            outcome=appeal.Outcome(data["outcome"]),
            reasons=data["reasons"],
            adjusted_scores=_orders(data["adjusted_scores"]),
        )
        return self.run(request, command, "decide_further_appeal", use_expected=True)


# -- reads ------------------------------------------------------------------------


class AppealDetailApi(AppealApi):
    """The appeal file: its state and every recorded step, in order."""

    permission_classes = [
        IsFederationStaff | IsTournamentDirector | IsCommitteeMember | IsParty
    ]

    @extend_schema(responses=READ_RESPONSES)
    def get(self, request: Request, appeal_id: UUID) -> Response:
        state = self.appeal_state()
        lodged = state.lodged
        assert lodged is not None
        history = event_store().read_stream(appeal.stream_id(self.appeal_id()))
        return Response(
            {
                **summary(state),
                "version": history.version,
                "grounds": lodged.grounds,
                "concurrence_from": [str(p) for p in lodged.concurrence_from],
                "missing_concurrence": [str(p) for p in state.missing_concurrence],
                "deposit_due_cents": state.deposit_due,
                "deposit_received_cents": state.deposit_received,
                "hearing_at": state.hearing_at,
                "record": [
                    {
                        "position": r.global_position,
                        "version": r.stream_version,
                        "type": r.event_type,
                        "recorded_at": r.recorded_at,
                        "actor": r.metadata.get("actor"),
                        "data": r.payload,
                    }
                    for r in history.events
                ],
            }
        )


def summary(state: appeal.AppealState) -> dict[str, Any]:
    lodged = state.lodged
    assert lodged is not None
    assert state.status is not None
    decision = state.decision
    return {
        "appeal_id": str(lodged.appeal_id),
        "tournament_id": str(lodged.tournament_id),
        "ruling_id": str(lodged.ruling_id),
        "session": lodged.session,
        "board_number": lodged.board_number,
        "table": lodged.table,
        "appellant_entry": lodged.appellant_entry,
        "parties": [p.entry_number for p in lodged.parties],
        "status": state.status.value,
        "body": state.body.value if state.body else None,
        "period_ends_at": lodged.period_ends_at,
        "decision": None
        if decision is None
        else {
            "body": decision.body.value,
            "outcome": decision.outcome.value,
            "changed_points": [p.value for p in decision.changed_points],
            "adjusted_scores": [
                {"board_number": s.board_number, "table": s.table, "score": s.score}
                for s in decision.adjusted_scores
            ],
            "reasons": decision.reasons,
            "recommendation": decision.recommendation,
            "deposit": decision.deposit.value,
            "decided_at": decision.decided_at,
            "prenotice_deadline": decision.prenotice_deadline,
            "further_appeal_deadline": decision.further_appeal_deadline,
        },
        "further_appeal": None
        if state.further is None
        else {
            "entry_number": state.further.entry_number,
            "filed_at": state.further.filed_at,
            "after_24_hours": state.further.after_24_hours,
        },
        "national_decision": None
        if state.national is None
        else {
            "outcome": state.national.outcome.value,
            "technical_error": state.national.technical_error,
            "reasons": state.national.reasons,
        },
    }


class AppealOutcomeListApi(APIView):
    """Every appeal of a tournament with its outcome: public (no file contents)."""

    permission_classes = [AllowAny]

    @extend_schema(parameters=READ_PARAMETERS, responses={200: dict})
    @reads(AppealFiles.name, partition=by_tournament)
    def get(self, request: Request, tournament_id: UUID) -> Response:
        rows = AppealRow.objects.filter(tournament_id=tournament_id).order_by(
            "session", "board_number", "table", "lodged_at"
        )
        return Response(
            {
                "tournament_id": str(tournament_id),
                "appeals": [
                    {
                        "appeal_id": str(r.appeal_id),
                        "session": r.session,
                        "board_number": r.board_number,
                        "table": r.table,
                        "appellant_entry": r.appellant_entry,
                        "status": r.status,
                        "body": r.body or None,
                        "outcome": r.outcome or None,
                        "adjusted_scores": r.adjusted_scores,
                        "decided_at": r.decided_at,
                        "further_outcome": r.further_outcome or None,
                    }
                    for r in rows
                ],
            }
        )


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
        class Meta:
            ref_name = "AppealConditionsInput"

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
        )
        result = handlers.set_conditions(
            tournament_id,
            values,
            metadata=metadata_for(request, tournament_id, "set_appeal_conditions"),
            idempotency_key=idem(request),
        )
        if result is None:
            return Response({"detail": "nothing to record"}, status=200)
        return Response(result.as_json(), status=201)


__all__ = [
    "AppealConditionsApi",
    "AppealDetailApi",
    "AppealOutcomeListApi",
    "AttachDirectorReportApi",
    "ConcurAppealApi",
    "DecideAppealApi",
    "DecideFurtherAppealApi",
    "FileFurtherAppealApi",
    "FurtherAppealNoticeApi",
    "LodgeAppealApi",
    "RecordDepositApi",
    "RecordHearingApi",
    "RouteAppealApi",
    "ScheduleHearingApi",
    "WithdrawAppealApi",
]
