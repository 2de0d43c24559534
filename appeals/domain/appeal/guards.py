"""The checks every stage of ``decide`` shares.

The appeal exists and is at the stage the command needs; an adjusted score
names a board played at a table of the session (Law 12); the deposit is
returned or forfeited (Law 92A; FIGB N-L92-93); a decision's outcome agrees
with what it changes (Law 93B3).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from appeals.domain.appeal.errors import AppealNotFound, InvalidDecision, WrongStage
from appeals.domain.appeal.events import AppealLodged
from appeals.domain.appeal.state import AppealState
from appeals.domain.appeal.values import (
    DepositOutcome,
    Outcome,
    Point,
    ScoreOrder,
    Status,
)
from rules.bridge.law_references import checked_law
from rules.errors import LawRef
from tournaments.domain.board_result import parse_adjusted
from tournaments.domain.tournament import TournamentState


def require(state: AppealState) -> AppealLodged:
    if state.lodged is None:
        raise AppealNotFound("no such appeal")
    return state.lodged


def stage(state: AppealState, allowed: Iterable[Status], doing: str) -> None:
    if state.status not in tuple(allowed):
        shown = state.status.value if state.status else "not lodged"
        raise WrongStage(f"cannot {doing}: the appeal is {shown}")


def check_scores(
    orders: tuple[ScoreOrder, ...], lodged: AppealLodged, tournament: TournamentState
) -> tuple[ScoreOrder, ...]:
    """An adjusted score (Law 12) names a board played at a table of the
    session and cites a Law that exists; return the orders with their Law
    references in canonical form."""
    session = tournament.sessions.get(lodged.session)
    checked = []
    for index, order in enumerate(orders):
        law = checked_law(order.law, field=f"adjusted_scores.{index}.law")
        parse_adjusted(order.score)
        if session is None or session.seating(order.board_number, order.table) is None:
            raise InvalidDecision(
                f"board {order.board_number} is not played at table {order.table}",
                law=LawRef("12"),
                field=f"adjusted_scores.{index}",
            )
        checked.append(replace(order, law=law))
    return tuple(checked)


def deposit_outcome(state: AppealState, forfeit: bool) -> DepositOutcome:
    if not state.deposit_received:
        return DepositOutcome.NONE
    return DepositOutcome.FORFEITED if forfeit else DepositOutcome.RETURNED


def check_outcome(
    outcome: Outcome, points: tuple[Point, ...], scores: tuple[ScoreOrder, ...]
) -> None:
    if outcome is Outcome.CHANGED and not points:
        raise InvalidDecision(
            "a changed ruling names what the decision changes", law=LawRef("93B3")
        )
    if outcome is not Outcome.CHANGED and (points or scores):
        raise InvalidDecision(
            "only a changed ruling changes points or scores", law=LawRef("93B3")
        )
