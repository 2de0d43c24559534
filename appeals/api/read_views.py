"""Reading appeals: the appeal file (the parties, the tournament's directors,
the appeal's committee and federation staff) and every appeal's outcome
(everyone).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import (
    IsCommitteeMember,
    IsFederationStaff,
    IsTournamentDirector,
)
from appeals.api.common import AppealApi, IsParty
from appeals.domain import appeal
from appeals.models import AppealRow
from appeals.projections import AppealFiles
from eventstore.store import event_store
from httpapi.pagination import Page, paginated
from httpapi.reads import READ_PARAMETERS, by_tournament, reads
from httpapi.schema import READ_RESPONSES
from tournaments.api.visibility import visible_sessions

__all__ = [
    "AppealDetailApi",
    "AppealOutcomeListApi",
    "summary",
]


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
    """Every appeal of a tournament with its outcome (no file contents):
    public for a published session; before publication (Law 79C) an appeal
    names a board, a table and the scores adjusted there, so those of a
    session not yet published answer only its directors and staff (decision
    0105, issue 28). A party reads his own appeal's file."""

    permission_classes = [AllowAny]
    pagination_class = Page

    class OutputSerializer(serializers.Serializer):
        class Meta:
            ref_name = "AppealOutcome"

        appeal_id = serializers.UUIDField()
        session = serializers.IntegerField()
        board_number = serializers.IntegerField(allow_null=True)
        table = serializers.IntegerField(allow_null=True)
        appellant_entry = serializers.IntegerField()
        status = serializers.CharField()
        body = serializers.CharField(allow_null=True)
        outcome = serializers.CharField(allow_null=True)
        adjusted_scores = serializers.ListField(child=serializers.DictField())
        decided_at = serializers.DateTimeField(allow_null=True)
        further_outcome = serializers.CharField(allow_null=True)

    @extend_schema(parameters=READ_PARAMETERS, responses=OutputSerializer(many=True))
    @reads(AppealFiles.name, partition=by_tournament)
    def get(self, request: Request, tournament_id: UUID) -> Response:
        rows = AppealRow.objects.filter(tournament_id=tournament_id)
        sessions = visible_sessions(request, tournament_id)
        if sessions is not None:
            rows = rows.filter(session__in=sessions)
        rows = rows.order_by(
            "session", "board_number", "table", "lodged_at", "appeal_id"
        )
        return paginated(self, request, rows, _outcomes)


def _outcomes(rows: list[AppealRow]) -> list[dict[str, Any]]:
    return [
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
    ]
