"""Knockout team events: each stage is a session, paired from the bracket.

FIGB N-L78 §2c and §5b; the bracket itself is the pure
``movements.knockout`` (decision 0033). Teams are seeded in entry-number
order (the organizer enters them in seed order). This shell rebuilds the
bracket from the matches the results projection scored, session by session
(a knockout session records its stage in its movement, ``knockout:<stage>``),
and seats the next stage like any teams session: two rooms a match (Law 86).
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from rules.errors import ArticleRef, RuleViolation
from tournaments import handlers
from tournaments.domain import tournament
from tournaments.domain.movements.errors import FIGB_NORMS, MatchTied
from tournaments.domain.movements.knockout import Bracket, seed_bracket
from tournaments.models import MatchRow, SessionRow

PREFIX = "knockout:"
KO = ArticleRef("78 §2c", source=FIGB_NORMS)


class StageNotReady(RuleViolation):
    code = "knockout_stage_not_ready"


def bracket_of(tid: UUID) -> tuple[Bracket, dict[tuple[int, int], int]]:
    """The bracket as the scored matches decide it, and the tied matches with
    the extra boards each must play (N-L78 §5b)."""
    state = handlers.load_tournament(tid)
    if state.created is None or state.created.form is not tournament.Form.TEAMS:
        raise RuleViolation("a knockout here is a teams event", law=KO)
    bracket = seed_bracket(sorted(state.entries))
    tied: dict[tuple[int, int], int] = {}
    sessions = SessionRow.objects.filter(
        tournament_id=tid, movement__startswith=PREFIX
    ).order_by("session")
    for row in sessions:
        stage = int(row.movement.removeprefix(PREFIX))
        for played in MatchRow.objects.filter(tournament_id=tid, session=row.session):
            teams = {played.team_a, played.team_b}
            match = next(
                (m for m in bracket.stage_matches(stage) if {m.home, m.away} == teams),
                None,
            )
            if match is None or match.winner is not None:
                continue
            home_first = played.team_a == match.home
            try:
                bracket = bracket.with_result(
                    stage,
                    match.number,
                    home_score=played.imps_a if home_first else played.imps_b,
                    away_score=played.imps_b if home_first else played.imps_a,
                    valid_boards=played.boards,
                )
            except MatchTied as tie:
                tied[(stage, match.number)] = tie.extra_boards
    return bracket, tied


def stage_assignments(
    tid: UUID, stage: int, boards_per_round: int, first_board: int = 1
) -> tuple[tournament.TableAssignment, ...]:
    """The stage's matches, home team North-South in the open room (N-L4 §1).

    Refused while a match of the stage still waits for its teams: the stage
    before is not decided yet (or is tied and plays extra boards).
    """
    bracket, tied = bracket_of(tid)
    if not 1 <= stage <= bracket.stages:
        raise RuleViolation(
            f"this knockout has stages 1 to {bracket.stages}, not {stage}", law=KO
        )
    matches = [m for m in bracket.stage_matches(stage) if not m.bye]
    waiting = [m.number for m in matches if not m.is_ready]
    if waiting:
        extra = {k: v for k, v in tied.items() if k[0] == stage - 1}
        detail = (
            "; tied before: "
            + ", ".join(f"match {n}: {b} extra boards" for (_, n), b in extra.items())
            if extra
            else ""
        )
        raise StageNotReady(
            f"stage {stage} waits for the winners of stage {stage - 1} "
            f"(matches {', '.join(map(str, waiting))}){detail}",
            law=KO,
        )
    boards = tuple(range(first_board, first_board + boards_per_round))
    out: list[tournament.TableAssignment] = []
    pairs = [(m.home, m.away) for m in matches if m.home and m.away]
    for i, (home, away) in enumerate(pairs, start=1):
        out.append(
            tournament.TableAssignment(
                round=1, table=2 * i - 1, ns=home, ew=away, boards=boards
            )
        )
        out.append(
            tournament.TableAssignment(
                round=1, table=2 * i, ns=away, ew=home, boards=boards
            )
        )
    return tuple(out)


def bracket_json(tid: UUID) -> dict[str, Any]:
    bracket, tied = bracket_of(tid)
    return {
        "stages": bracket.stages,
        "champion": bracket.champion,
        "matches": [
            {
                "stage": m.stage,
                "number": m.number,
                "home": m.home,
                "away": m.away,
                "bye": m.bye,
                "winner": m.winner,
                "extra_boards": tied.get((m.stage, m.number)),
            }
            for m in bracket.matches
        ],
    }
