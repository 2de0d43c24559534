"""What a ruling does on its board: the score it assigns and whether it
records the board not played (decision 0220).

Laws of Duplicate Bridge 2017 (FIGB edition), Law 12 (adjusted scores),
Law 12C2 (a board not played), Law 2 (the copy the table scores with); the
FIGB catalogue's assigned scores (N-L8 §5, N-L87 §2, App1 §7). One function
for every caller: ``decide`` checks a ruling with it before anything is
stored, the ruling's board append scores it on the table's copy, so the
console and the API give the same score for the same ruling.
"""

from __future__ import annotations

from fractions import Fraction

from rules.errors import LawRef, RuleViolation
from tournaments.domain.board_result.checks import check_result
from tournaments.domain.penalties import FIGB_CATALOGUE, ruling_score
from tournaments.domain.tournament.commands import GiveRuling
from tournaments.domain.tournament.errors import InvalidPenalty

__all__ = ["assigned_notation", "awarded_score", "check_ruling"]


def check_ruling(command: GiveRuling) -> None:
    """Refuse a ruling whose board part cannot be given: a score or a board
    not played with no board and table named (Law 12), or a score that is
    not one score (``awarded_score``)."""
    touches_board = command.not_played or awarded_score(command, "") is not None
    if touches_board and (command.board_number is None or command.table is None):
        raise RuleViolation(
            "an adjusted score names its board and table", law=LawRef("12")
        )


def awarded_score(command: GiveRuling, vulnerability: str) -> str | None:
    """The adjusted score the ruling awards on its board, NS first, as the
    scorer writes it; None when it awards none.

    One source only: the director's own score (``adjusted_score``), the
    outcomes of an assigned or weighted score (Law 12C1(a), (c)), each scored
    on the table's copy's ``vulnerability`` ("" is Law 2's by the board's
    number), or the FIGB catalogue entry that assigns it (Law 12C2).
    """
    given = [
        source
        for source in (
            command.adjusted_score,
            command.outcomes,
            _assigns(command.catalogue),
        )
        if source
    ]
    if len(given) > 1:
        raise InvalidPenalty(
            "a ruling assigns one score: the catalogue's or adjusted_score",
            field="adjusted_score",
        )
    if command.adjusted_score:
        return command.adjusted_score
    if command.outcomes:
        board = command.board_number or 1
        return assigned_notation(
            [
                (
                    check_result(board, o.contract, o.lead, o.tricks, vulnerability),
                    o.percent,
                )
                for o in command.outcomes
            ]
        )
    if _assigns(command.catalogue):
        try:
            _, score = ruling_score(command.catalogue or "", command.offender)
        except ValueError as exc:
            raise InvalidPenalty(str(exc), field="offender") from None
        return score
    return None


def _assigns(catalogue: str | None) -> bool:
    """Whether the ruling names a catalogue entry that assigns a score on
    the board (a penalty-only entry leaves the score to the director)."""
    rule = FIGB_CATALOGUE.get(catalogue or "")
    return rule is not None and rule.assigned is not None


def assigned_notation(scored: list[tuple[int, int]]) -> str:
    """Law 12C1(a), (c): (North-South's score, weight in percent) for each
    outcome -> ``assigned:620@0.6,-100@0.4``; the weights are whole percents
    summing to 100 (decision 0022)."""
    if not scored:
        raise InvalidPenalty(
            "an assigned score has an outcome", law=LawRef("12C1"), field="outcomes"
        )
    if sum(p for _s, p in scored) != 100 or any(not 0 < p <= 100 for _s, p in scored):
        raise InvalidPenalty(
            "the weights of an assigned score sum to 100%",
            law=LawRef("12C1(c)"),
            field="outcomes",
        )
    parts = []
    for score, percent in scored:
        weight = Fraction(percent, 100)
        written = "1" if weight == 1 else f"{float(weight):.2f}".rstrip("0")
        parts.append(f"{score}@{written}")
    return "assigned:" + ",".join(parts)
