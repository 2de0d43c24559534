"""Recap sheet of a session: every entry's points on every board, and its total.

The sheet directors post on the wall after a session (and federations print
with the results): one line per pair (or player) with the points it earned on
each board from its own side, the board's top, its total, percentage and
rank; for teams, every match with its IMPs, total points and VPs. Public, as
published results are; read from the results projection.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any
from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from httpapi.reads import READ_PARAMETERS
from httpapi.schema import PROBLEM
from tournaments.api.reads import results_read, session_row, with_revision
from tournaments.api.visibility import SessionResultsVisible
from tournaments.models import MatchRow, ResultRow, StandingRow
from tournaments.result_reads import individual_seats


def _text(value: object) -> str | None:
    return None if value is None else str(value)


def _pair_lines(tournament_id: UUID, session: int) -> list[dict[str, Any]]:
    """One line per pair, or per player in an individual event (Law 4)."""
    seats = individual_seats(tournament_id, session)
    boards: dict[int, dict[str, Any]] = defaultdict(dict)
    for r in ResultRow.objects.filter(tournament_id=tournament_id, session=session):
        players = seats.get((r.board_number, r.table))
        ns, ew = (players[0::2], players[1::2]) if players else ((r.ns,), (r.ew,))
        for side_players, points, side, opponents in (
            (ns, r.mp_ns, "NS", ew),
            (ew, r.mp_ew, "EW", ns),
        ):
            for number in side_players:
                if not number:
                    continue
                line: dict[str, Any] = {
                    "direction": side,
                    "opponent": opponents[0] or None,
                    "score": None
                    if r.score_ns is None
                    else (r.score_ns if side == "NS" else -r.score_ns),
                    "adjusted": r.adjusted,
                    "points": _text(points),
                    "top": r.top,
                }
                if players:
                    line["opponent"] = None
                    line["opponents"] = opponents
                    line["partner"] = next(p for p in side_players if p != number)
                boards[number][str(r.board_number)] = line
    standings = {
        s.entry_number: s
        for s in StandingRow.objects.filter(
            tournament_id=tournament_id, session=session
        )
    }
    lines = []
    for number in sorted(set(boards) | set(standings)):
        s = standings.get(number)
        for board, points in (s.revised if s else {}).items():
            with_revision(boards[number][board], points)
        lines.append(
            {
                "entry_number": number,
                "direction": s.direction if s else "",
                "boards": dict(sorted(boards[number].items(), key=lambda i: int(i[0]))),
                "total": _text(s.matchpoints) if s else None,
                "penalty": _text(s.penalty) if s else None,
                "top": s.top if s else None,
                "percent": _text(s.percent) if s else None,
                "rank": s.rank if s else None,
                "tied": s.tied if s else False,
            }
        )
    return sorted(lines, key=lambda line: (line["direction"], line["rank"] or 0))


def _matches(tournament_id: UUID, session: int) -> list[dict[str, Any]]:
    return [
        {
            "round": m.round,
            "teams": [m.team_a, m.team_b],
            "boards": m.boards,
            "imps": [m.imps_a, m.imps_b],
            "points": [m.points_a, m.points_b],
            "vp": [str(m.vp_a), str(m.vp_b)],
        }
        for m in MatchRow.objects.filter(tournament_id=tournament_id, session=session)
    ]


class RecapApi(APIView):
    """The session's recap sheet: points per entry and board, totals and ranks."""

    permission_classes = [SessionResultsVisible]

    @extend_schema(
        parameters=READ_PARAMETERS,
        responses={200: dict, 401: PROBLEM, 403: PROBLEM, 404: dict},
    )
    @results_read
    def get(self, request: Request, tournament_id: UUID, session: int) -> Response:
        row = session_row(tournament_id, session)
        return Response(
            {
                "session": session,
                "status": row.status,
                "entries": _pair_lines(tournament_id, session),
                "matches": _matches(tournament_id, session),
            }
        )
