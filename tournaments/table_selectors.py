"""What a table's phone pages show, read from the results read model.

The table's boards in the order it plays them (the movement, Law 8), each
with its result row, and a board's traveller (decision 0143): two queries
whatever the round or the movement's size (decision 0220). A page that shows
its own write (a result entered, East-West's confirmation) asks for the
command's position (``?min_position=``, decision 0073) and waits, bounded,
for the results projection to apply it, instead of reading the streams.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from django.db.models import OuterRef, Q, Subquery
from rest_framework.exceptions import ValidationError

from httpapi.reads import Freshness, freshness_at
from tournaments.models import ResultRow, SessionRow, TournamentRow
from tournaments.projections import TournamentResults

__all__ = ["Freshness", "TableBoard", "TablePage", "results_read", "table_page"]


@dataclass(frozen=True, slots=True)
class TableBoard:
    """One board the table plays: its round, the entries seated, its row."""

    board_number: int
    round: int
    ns: int
    ew: int
    row: ResultRow | None

    @property
    def has_result(self) -> bool:
        """The table's result is entered (Law 79A): a passed-out board's
        too (Law 22, scored 0); an irregularity or an adjusted score alone
        is not a result entered."""
        return self.row is not None and self.row.score_ns is not None

    @property
    def confirmed(self) -> bool:
        return self.row is not None and self.row.confirmed

    @property
    def contract(self) -> str | None:
        return self.row.contract if self.row is not None else None

    @property
    def lead(self) -> str | None:
        return self.row.lead if self.row is not None else None

    @property
    def tricks(self) -> int | None:
        return self.row.tricks if self.row is not None else None

    @property
    def adjusted(self) -> str | None:
        return self.row.adjusted if self.row is not None else None

    @property
    def status(self) -> str:
        if not self.has_result:
            return "to_play"
        return "confirmed" if self.confirmed else "entered"


@dataclass(frozen=True, slots=True)
class TablePage:
    """A table's session: the event's name, its boards, and the traveller of
    the board asked for (its rows by table; empty when none was asked)."""

    name: str
    published: bool
    boards: tuple[TableBoard, ...]
    traveller: tuple[ResultRow, ...] = ()

    def board(self, number: int) -> TableBoard | None:
        return next((b for b in self.boards if b.board_number == number), None)


def table_page(
    tournament_id: UUID, session: int, table: int, board: int | None = None
) -> TablePage | None:
    """The table's boards with their rows, and ``board``'s traveller: two
    queries; None when the results projection has no such session yet."""
    found = (
        SessionRow.objects.filter(tournament_id=tournament_id, session=session)
        .annotate(
            name=Subquery(
                TournamentRow.objects.filter(
                    tournament_id=OuterRef("tournament_id")
                ).values("name")[:1]
            )
        )
        .first()
    )
    if found is None:
        return None
    wanted = Q(table=table) if board is None else Q(table=table) | Q(board_number=board)
    rows = list(
        ResultRow.objects.filter(wanted, tournament_id=tournament_id, session=session)
    )
    own = {r.board_number: r for r in rows if r.table == table}
    boards = tuple(
        TableBoard(number, a["round"], a["ns"], a["ew"], own.get(number))
        for a in sorted(found.assignments, key=lambda a: a["round"])
        if a["table"] == table
        for number in a["boards"]
    )
    traveller = tuple(
        sorted(
            (r for r in rows if r.board_number == board),
            key=lambda r: (r.table, r.ns),
        )
    )
    return TablePage(
        found.name or "", found.published_at is not None, boards, traveller
    )


def results_read(tournament_id: UUID, min_position: str) -> Freshness:
    """Read your writes on a page (decision 0073): wait, at most
    ``ARBITRO_READ_WAIT_MAX_SECONDS``, for the results projection to apply
    ``min_position`` (the position a page's own command answered), and say
    how fresh what it reads is (behind it, or parked for this tournament,
    decision 0070); a value that is no position raises ``ValueError`` naming
    it, as the burraco pages' (decision 0221)."""
    try:
        return freshness_at(
            min_position, (TournamentResults.name,), f"tournament:{tournament_id}"
        )
    except ValidationError as refused:
        detail: Any = refused.detail
        raise ValueError(f"min_position: {detail['min_position'][0]}") from None
