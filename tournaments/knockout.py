"""Knockout team events: each stage is a session, paired from the bracket.

FIGB N-L78 §2c and §5b; the bracket itself is the pure
``movements.knockout`` (decision 0033). Teams are seeded in entry-number
order (the organizer enters them in seed order). This shell rebuilds the
bracket from the matches the results projection scored, session by session
(a knockout session records its stage in its movement, ``knockout:<stage>``),
and seats the next stage like any teams session: two rooms a match (Law 86).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any
from uuid import UUID

from rules.errors import ArticleRef, RuleViolation, StateConflict
from tournaments import handlers
from tournaments.domain import tournament
from tournaments.domain.movements.errors import FIGB_NORMS, MatchTied
from tournaments.domain.movements.knockout import Bracket, seed_bracket
from tournaments.models import MatchRow, PenaltyRow, SessionRow

PREFIX = "knockout:"
KO = ArticleRef("78 §2c", source=FIGB_NORMS)


class StageNotReady(RuleViolation):
    code = "knockout_stage_not_ready"


def _stage_sessions(tid: UUID) -> list[tuple[SessionRow, int]]:
    """The knockout's sessions in order, each with the stage it plays."""
    rows = SessionRow.objects.filter(
        tournament_id=tid, movement__startswith=PREFIX
    ).order_by("session")
    return [(row, int(row.movement.removeprefix(PREFIX))) for row in rows]


def bracket_of(
    tid: UUID, sessions: list[tuple[SessionRow, int]] | None = None
) -> tuple[Bracket, dict[tuple[int, int], int]]:
    """The bracket as the scored matches decide it, and the tied matches with
    the extra boards each must play (N-L78 §5b).

    A stage may take several sessions: the match itself, then extra boards
    for the matches it left level; each match's IMPs add up over them.
    """
    state = handlers.load_tournament(tid)
    if state.created is None or state.created.form is not tournament.Form.TEAMS:
        raise RuleViolation("a knockout here is a teams event", law=KO)
    bracket = seed_bracket(sorted(state.entries))
    for (stage, number), imps in sorted(state.carry_overs.items()):
        if stage <= bracket.stages and number <= len(bracket.stage_matches(stage)):
            bracket = bracket.with_carry_over(stage, number, imps)
    played: dict[tuple[int, frozenset[int]], _Score] = {}
    if sessions is None:
        sessions = _stage_sessions(tid)
    stage_of = {row.session: stage for row, stage in sessions}
    for match in MatchRow.objects.filter(tournament_id=tid, session__in=stage_of):
        key = (stage_of[match.session], frozenset((match.team_a, match.team_b)))
        score = played.setdefault(key, _Score())
        score.imps[match.team_a] = score.imps.get(match.team_a, 0) + match.imps_a
        score.imps[match.team_b] = score.imps.get(match.team_b, 0) + match.imps_b
        score.boards += match.boards
        score.sessions += 1
    # FIGB §2.1 rule 2 (N-L87 §6b): in a knockout a team's IMP penalty simply
    # adjusts its match IMP total (decision 0163).
    for penalty in PenaltyRow.objects.filter(
        tournament_id=tid, session__in=stage_of, unit="imps"
    ):
        for (stage, teams), score in played.items():
            if stage == stage_of[penalty.session] and penalty.entry_number in teams:
                team = penalty.entry_number
                score.imps[team] = score.imps.get(team, 0) - penalty.amount
    tied: dict[tuple[int, int], int] = {}
    for stage in range(1, bracket.stages + 1):
        for m in bracket.stage_matches(stage):
            if not m.is_ready or m.home is None or m.away is None:
                continue
            found = played.get((stage, frozenset((m.home, m.away))))
            if found is None:
                continue
            score = found
            try:
                bracket = bracket.with_result(
                    stage,
                    m.number,
                    home_score=score.imps.get(m.home, 0),
                    away_score=score.imps.get(m.away, 0),
                    valid_boards=score.boards,
                )
            except MatchTied as tie:
                # N-L78 §5b: one board in eight the first time, then one at a time.
                tied[(stage, m.number)] = tie.extra_boards if score.sessions == 1 else 1
    return bracket, tied


class _Score:
    """A knockout match's IMPs per team and boards, over its sessions."""

    def __init__(self) -> None:
        self.imps: dict[int, int] = {}
        self.boards = 0
        self.sessions = 0


def stage_assignments(
    tid: UUID, stage: int, boards_per_round: int, first_board: int = 1
) -> tuple[tournament.TableAssignment, ...]:
    """The stage's undecided matches, home team North-South in the open room
    (N-L4 §1): the whole stage the first time, then the tied matches alone
    for their extra boards (N-L78 §5b).

    Refused while a match of the stage still waits for its teams (the stage
    before is not decided) or when nothing is left to play.
    """
    bracket, tied = bracket_of(tid)
    if not 1 <= stage <= bracket.stages:
        raise RuleViolation(
            f"this knockout has stages 1 to {bracket.stages}, not {stage}", law=KO
        )
    matches = [m for m in bracket.stage_matches(stage) if m.winner is None]
    waiting = [m.number for m in matches if not m.is_ready]
    if waiting:
        extra = {k: v for k, v in tied.items() if k[0] == stage - 1}
        detail = "".join(
            f"; match {n} of stage {stage - 1} is tied: {b} extra boards"
            for (_, n), b in extra.items()
        )
        raise StageNotReady(
            f"stage {stage} waits for the winners of stage {stage - 1} "
            f"(matches {', '.join(map(str, waiting))}){detail}",
            law=KO,
        )
    if not matches:
        raise StageNotReady(f"every match of stage {stage} is decided", law=KO)
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


def set_carry_over(tid: UUID, command: tournament.SetCarryOver, **handler: Any) -> Any:
    """Record a match's carry-over while the match is still to be decided."""
    bracket, _tied = bracket_of(tid)
    if not 1 <= command.stage <= bracket.stages or command.match > len(
        bracket.stage_matches(command.stage)
    ):
        raise RuleViolation(
            f"the bracket has no match {command.match} in stage {command.stage}",
            law=KO,
        )
    if bracket.match(command.stage, command.match).winner is not None:
        raise MatchDecided("the match is decided: its carry-over is past", law=KO)
    return handlers.handle_tournament(tid, command, **handler)


class MatchDecided(StateConflict):
    code = "knockout_match_decided"


def _seatings(
    sessions: list[tuple[SessionRow, int]],
) -> dict[tuple[int, frozenset[int]], list[int]]:
    """(stage, the two teams) -> the sessions that seated them, in order."""
    seated: dict[tuple[int, frozenset[int]], list[int]] = {}
    for row, stage in sessions:
        for pair in {frozenset((a["ns"], a["ew"])) for a in row.assignments}:
            seated.setdefault((stage, pair), []).append(row.session)
    return seated


def bracket_json(tid: UUID, visible: Collection[int] | None = None) -> dict[str, Any]:
    """The bracket, each match with the sessions that seated it.

    A correction to a decided match (Law 79C) can change who goes through
    after the next stage was seated: the sessions stay as scheduled (they are
    events) and the bracket follows the scores. ``seated_apart`` then names
    each match seated that the bracket no longer holds, and the match that
    replaced it shows no session until the director seats the stage again
    (N-L78 §2c). ``visible``: the sessions the caller may see (decision
    0105); the others count as not yet played.
    """
    sessions = _stage_sessions(tid)
    scored = (
        sessions
        if visible is None
        else [(row, stage) for row, stage in sessions if row.session in visible]
    )
    bracket, tied = bracket_of(tid, scored)
    seated = _seatings(scored)
    due = {
        (m.stage, frozenset((m.home, m.away)))
        for m in bracket.matches
        if m.home is not None and m.away is not None
    }
    return {
        "stages": bracket.stages,
        "champion": bracket.champion,
        "seated_apart": [
            {"stage": stage, "sessions": sessions, "teams": sorted(pair)}
            for (stage, pair), sessions in sorted(
                seated.items(), key=lambda kv: (kv[0][0], kv[1], sorted(kv[0][1]))
            )
            if (stage, pair) not in due
        ],
        "matches": [
            {
                "stage": m.stage,
                "number": m.number,
                "home": m.home,
                "away": m.away,
                "bye": m.bye,
                "winner": m.winner,
                "carry_over": str(m.carry_over),
                "extra_boards": tied.get((m.stage, m.number)),
                "sessions": []
                if m.home is None or m.away is None
                else seated.get((m.stage, frozenset((m.home, m.away))), []),
            }
            for m in bracket.matches
        ],
    }
