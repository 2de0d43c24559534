"""What the burraco commands check before they decide: the table, the sheet.

F.I.Bur. Codice di Gara, April 2024 edition, Arts. 2, 19, 39.
"""

from __future__ import annotations

from burraco.domain.errors import SheetAlreadyEntered, UnknownTable
from burraco.domain.state import BurracoState, TableResult
from rules.burraco.articles import art, powers

__all__ = ["entered", "not_awarded", "table_at"]


def table_at(state: BurracoState, turn: int, table: int) -> tuple[int, int]:
    for position in state.positions.get(turn, ()):
        if position.table == table:
            return position.fixed, position.mobile
    raise UnknownTable(
        f"turn {turn} has no table {table}", field="table", value=table, law=art(2)
    )


def entered(state: BurracoState, turn: int, table: int) -> TableResult:
    table_at(state, turn, table)
    result = state.results.get((turn, table))
    if result is None:
        raise UnknownTable(
            f"table {table}'s sheet of turn {turn} is not entered yet",
            field="table",
            value=table,
            law=art(19),
        )
    return result


def not_awarded(result: TableResult | None) -> None:
    if result is not None and result.awarded:
        law = powers("g") if result.award_article == str(powers("g")) else art(39)
        if result.remedy:  # the director's remedy names its own article
            law = art(20) if result.award_article == str(art(20)) else art(38)
        raise SheetAlreadyEntered(
            f"table {result.table}'s turn {result.turn} is awarded "
            f"({result.award_article}): it has no sheet",
            law=law,
        )
