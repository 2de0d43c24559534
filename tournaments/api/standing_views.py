"""Public reads of a session: standings, travellers and score cards."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.db import models
from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from httpapi.reads import READ_PARAMETERS
from httpapi.schema import PROBLEM, name_components
from rules.bridge import vulnerability_for
from tournaments.api.reads import results_read, session_row, with_revision
from tournaments.api.tournament_views import session_json
from tournaments.api.visibility import SessionResultsVisible, Sight
from tournaments.models import (
    ResultRow,
    StandingRow,
)
from tournaments.result_reads import individual_seats


class StandingsApi(APIView):
    """Session standings: provisional, official (periods open) or final."""

    permission_classes = [SessionResultsVisible]

    @extend_schema(
        parameters=READ_PARAMETERS,
        responses={200: dict, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM},
    )
    @results_read
    def get(self, request: Request, tournament_id: UUID, session: int) -> Response:
        row = session_row(tournament_id, session)
        standings = StandingRow.objects.filter(
            tournament_id=tournament_id, session=session
        )
        return Response(
            {
                **session_json(row),
                "standings": [
                    {
                        "entry_number": s.entry_number,
                        "direction": s.direction,
                        "rank": s.rank,
                        "tied": s.tied,
                        "boards": s.boards,
                        "matchpoints": str(s.matchpoints),
                        "penalty": str(s.penalty),
                        "top": s.top,
                        "percent": str(s.percent),
                        "imps": s.imps,
                        "vp": None if s.vp is None else str(s.vp),
                    }
                    for s in standings
                ],
            }
        )


class TravellerApi(APIView):
    """A board's traveller. Before publication a player sees his own table's
    line of a board he has played, and nothing of one he has yet to play."""

    permission_classes = [SessionResultsVisible]
    sight: Sight  # set by SessionResultsVisible

    def player_sees(self, request: Request, sight: Sight) -> bool:
        return _own_rows(self.kwargs, sight).exists()

    @extend_schema(
        parameters=READ_PARAMETERS, responses={200: dict, 401: PROBLEM, 403: PROBLEM}
    )
    @results_read
    def get(
        self, request: Request, tournament_id: UUID, session: int, board_number: int
    ) -> Response:
        rows = ResultRow.objects.filter(
            tournament_id=tournament_id, session=session, board_number=board_number
        )
        if not self.sight.full:
            rows = _own_rows(self.kwargs, self.sight)
        return Response(
            {
                "board_number": board_number,
                "results": [
                    {
                        "table": r.table,
                        "ns": r.ns,
                        "ew": r.ew,
                        "contract": r.contract,
                        "lead": r.lead,
                        "tricks": r.tricks,
                        "score_ns": r.score_ns,
                        # The table's copy's (Law 2, decision 0170).
                        "vulnerability": r.vulnerability
                        or vulnerability_for(board_number).value,
                        "adjusted": r.adjusted,
                        "irregularity": r.irregularity,
                        "confirmed": r.confirmed,
                        "mp_ns": _s(r.mp_ns),
                        "mp_ew": _s(r.mp_ew),
                        "top": r.top,
                    }
                    for r in rows.order_by("table")
                ],
            }
        )


def _own_rows(kwargs: dict[str, Any], sight: Sight) -> QuerySet[ResultRow]:
    """The lines of the board the URL names played by the caller's entries."""
    return ResultRow.objects.filter(
        tournament_id=kwargs["tournament_id"],
        session=kwargs["session"],
        board_number=kwargs["board_number"],
    ).filter(models.Q(ns__in=sight.entries) | models.Q(ew__in=sight.entries))


def _s(value: object) -> str | None:
    return None if value is None else str(value)


class ScoreCardApi(APIView):
    """A pair's personal score card: every board it played, from its own side.
    Before publication, a player sees only his own."""

    permission_classes = [SessionResultsVisible]

    def player_sees(self, request: Request, sight: Sight) -> bool:
        return int(self.kwargs["number"]) in sight.entries

    @extend_schema(
        parameters=READ_PARAMETERS, responses={200: dict, 401: PROBLEM, 403: PROBLEM}
    )
    @results_read
    def get(
        self, request: Request, tournament_id: UUID, session: int, number: int
    ) -> Response:
        seats = individual_seats(tournament_id, session)
        # Individual events: (board, table) -> whether the player sat North-South.
        sides = (
            {
                key: players.index(number) % 2 == 0
                for key, players in seats.items()
                if number in players
            }
            if seats
            else None
        )
        rows = ResultRow.objects.filter(tournament_id=tournament_id, session=session)
        if sides is None:
            rows = rows.filter(models.Q(ns=number) | models.Q(ew=number))
        else:
            wanted = models.Q(pk__in=[])
            for board, table in sides:
                wanted |= models.Q(board_number=board, table=table)
            rows = rows.filter(wanted)
        standing = StandingRow.objects.filter(
            tournament_id=tournament_id, session=session, entry_number=number
        ).first()
        revised = standing.revised if standing else {}
        lines = []
        for r in rows.order_by("board_number"):
            ns = r.ns == number if sides is None else sides[(r.board_number, r.table)]
            line = {
                "board_number": r.board_number,
                "table": r.table,
                "direction": "NS" if ns else "EW",
                "opponent": r.ew if ns else r.ns,
                "contract": r.contract,
                "tricks": r.tricks,
                "score": None
                if r.score_ns is None
                else (r.score_ns if ns else -r.score_ns),
                "adjusted": r.adjusted,
                "points": _s(r.mp_ns if ns else r.mp_ew),
                "top": r.top,
            }
            lines.append(with_revision(line, revised.get(str(r.board_number))))
        return Response(
            {
                "entry_number": number,
                "session": session,
                "boards": lines,
                "percent": None if standing is None else str(standing.percent),
                "rank": None if standing is None else standing.rank,
            }
        )


name_components(globals())
