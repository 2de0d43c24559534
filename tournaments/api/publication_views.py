"""Publication of a session's official scores (Laws 79C, 92B)."""

from __future__ import annotations

from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from httpapi.commands import COMMAND_RESPONSES, created, idem
from httpapi.schema import name_components
from tournaments import handlers
from tournaments.domain import tournament
from tournaments.roles import IsTournamentDirector, metadata_for


class PublishScoresApi(APIView):
    """Publish official scores: starts the Law 79C and Law 92B periods."""

    permission_classes = [IsTournamentDirector]

    @extend_schema(request=None, responses=COMMAND_RESPONSES)
    def post(self, request: Request, tournament_id: UUID, session: int) -> Response:
        return created(
            handlers.handle_tournament(
                tournament_id,
                tournament.PublishScores(session=session),
                metadata=metadata_for(request, tournament_id, "publish_scores"),
                idempotency_key=idem(request),
            )
        )


name_components(globals())
