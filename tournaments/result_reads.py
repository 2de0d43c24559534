"""What the results read model is scored from, and read back as.

A session's conditions and lines as the pure pipeline wants them
(``tournaments.domain.session_scoring``), the whole-session scoring of an
imported file, an individual event's seats, and the teams ranked over the
matches kept (decision 0054).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from fractions import Fraction
from typing import Any
from uuid import UUID

from scoring.standings import TeamsFormat, TeamStanding
from tournaments.domain import session_scoring, tournament
from tournaments.models import (
    MatchRow,
    PenaltyRow,
    ResultRow,
    SessionRow,
    TournamentRow,
)
from tournaments.result_rows import LINE_FIELDS


def read_lines(stream_ids: Iterable[UUID]) -> list[tuple[Any, ...]]:
    """The changed rows' scoring columns, in one query."""
    return list(
        ResultRow.objects.filter(stream_id__in=list(stream_ids))
        .order_by("id")
        .values_list(*LINE_FIELDS)
    )


def session_conditions(tid: UUID, session: int) -> session_scoring.Conditions:
    """What the scoring of one session depends on, as the read model holds it."""
    form, scoring, rules = TournamentRow.objects.values_list(
        "form", "scoring", "scoring_rules"
    ).get(tournament_id=tid)
    movement, winners, assignments = SessionRow.objects.values_list(
        "movement", "winners", "assignments"
    ).get(tournament_id=tid, session=session)
    return session_scoring.Conditions(
        form=form,
        scoring=scoring,
        winners=winners,
        movement=movement,
        assignments=tuple(session_scoring.Table.from_json(a) for a in assignments),
        penalties=tuple(
            session_scoring.Penalty(p.entry_number, p.kind, p.unit, p.amount, p.round)
            for p in PenaltyRow.objects.filter(
                tournament_id=tid, session=session
            ).order_by("position")
        ),
        **session_scoring.methods_of(rules),
    )


def session_lines(rows: Sequence[Sequence[Any]]) -> list[session_scoring.Line]:
    """The travellers of the read model (``LINE_FIELDS`` columns) as the
    pipeline reads them."""
    return [session_scoring.Line(*row) for row in rows]


def score_read_model(
    tid: UUID, session: int
) -> tuple[list[ResultRow], session_scoring.SessionFigures]:
    """The session's traveller rows and their exact figures (decision 0075)."""
    rows = list(
        ResultRow.objects.filter(tournament_id=tid, session=session).order_by("id")
    )
    figures = session_scoring.score_session(
        session_conditions(tid, session),
        session_lines([[getattr(r, name) for name in LINE_FIELDS] for r in rows]),
    )
    return rows, figures


def individual_seats(tid: UUID, session: int) -> dict[tuple[int, int], tuple[int, ...]]:
    """(board, table) -> North, East, South, West of an individual session's
    tables (Law 4); empty for pairs and teams, whose lines name the entries."""
    assignments = (
        SessionRow.objects.filter(tournament_id=tid, session=session)
        .values_list("assignments", flat=True)
        .first()
    ) or []
    return {
        (board, a["table"]): tuple(a["players"])
        for a in assignments
        if a.get("players")
        for board in a["boards"]
    }


IMP_PAIRS = (
    tournament.ScoringMethod.IMPS_BUTLER.value,
    tournament.ScoringMethod.CROSS_IMPS.value,
)


def rank_teams(
    tid: UUID,
    session: int | None = None,
    *,
    sessions: Collection[int] | None = None,
) -> tuple[TeamStanding, ...]:
    """Rank the teams of one session (or of the whole event, or of the
    ``sessions`` named) with the FIGB tie-breaks.

    FIGB N-L78 §1/§5 and N-L8 §2/§4 through ``session_scoring.rank_teams``
    over the matches kept in MatchRow (decision 0054); Danish when every
    session is one.
    """
    scope: dict[str, Any] = {"tournament_id": tid}
    if session is not None:
        scope["session"] = session
    if sessions is not None:
        scope["session__in"] = sorted(sessions)
    matches = [
        session_scoring.Match(
            round=m.round,
            team_a=m.team_a,
            team_b=m.team_b,
            boards=m.boards,
            imps_a=m.imps_a,
            imps_b=m.imps_b,
            vp_a=Fraction(m.vp_a),
            vp_b=Fraction(m.vp_b),
            points_a=m.points_a,
            points_b=m.points_b,
        )
        for m in MatchRow.objects.filter(**scope).order_by("session", "round", "id")
    ]
    penalties = [
        session_scoring.Penalty(p.entry_number, p.kind, p.unit, p.amount, p.round)
        for p in PenaltyRow.objects.filter(**scope).order_by("position")
    ]
    movements = set(
        SessionRow.objects.filter(**scope).values_list("movement", flat=True)
    )
    team_format = (
        TeamsFormat.DANISH if movements == {"danish"} else TeamsFormat.ROUND_ROBIN
    )
    return session_scoring.rank_teams(matches, penalties, team_format)
