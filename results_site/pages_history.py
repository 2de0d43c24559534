"""The record, shown (issue 17): a result's history and a session's
standings as they stood at any moment, read through ``tournaments.selectors``
(which applies the visibility rule, decision 0105)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from uuid import UUID

from access.roles import AnyUser
from results_site.pages import (
    _DIRECTIONS,
    Entry,
    Standing,
    _entries,
    _entry,
    _session,
)
from tournaments import selectors
from tournaments.record import Moment, ResultStep
from tournaments.selectors import SessionRow, TournamentRow

__all__ = ["AsOfPage", "RecordPage", "as_of_page", "record_page"]


@dataclass(frozen=True, slots=True)
class RecordPage:
    """A result's history, oldest first, with both sides' entries."""

    event: TournamentRow
    session: SessionRow
    board: int
    table: int
    visible: bool
    steps: list[ResultStep] = field(default_factory=list)
    ns: Entry | None = None
    ew: Entry | None = None


def record_page(
    user: AnyUser, tournament_id: UUID, number: int, board: int, table: int
) -> RecordPage | None:
    found = _session(tournament_id, number)
    if found is None:
        return None
    row, session = found
    steps = selectors.result_history(user, tournament_id, number, board, table)
    if steps is None:  # hidden from this reader (decision 0105), or no result
        if selectors.session_results_visible(user, tournament_id, number):
            return None
        return RecordPage(row, session, board, table, visible=False)
    line = next(
        (
            r
            for r in selectors.traveller(tournament_id, number, board)
            if r.table == table
        ),
        None,
    )
    entries = _entries(selectors.entries(tournament_id))
    return RecordPage(
        row,
        session,
        board,
        table,
        visible=True,
        steps=steps,
        ns=None if line is None else _entry(entries, line.ns),
        ew=None if line is None else _entry(entries, line.ew),
    )


@dataclass(frozen=True, slots=True)
class AsOfPage:
    """A session's ranking as it stood after ``shown`` of its ``moments``."""

    event: TournamentRow
    session: SessionRow
    visible: bool
    moments: list[Moment] = field(default_factory=list)
    shown: int = 0
    rankings: list[tuple[str, list[Standing]]] = field(default_factory=list)

    @property
    def at(self) -> Moment | None:
        return self.moments[self.shown - 1] if self.shown else None


def as_of_page(
    user: AnyUser,
    tournament_id: UUID,
    number: int,
    moment: int | None,
    instant: datetime | None,
) -> AsOfPage | None:
    found = _session(tournament_id, number)
    if found is None:
        return None
    row, session = found
    replay = selectors.standings_at(user, tournament_id, number, moment, instant)
    if replay is None:
        return AsOfPage(row, session, visible=False)
    entries = _entries(selectors.entries(tournament_id))
    rankings: dict[str, list[Standing]] = {}
    for s in replay.standings:
        rankings.setdefault(s.direction, []).append(
            Standing(s, _entry(entries, s.entry_number))
        )
    return AsOfPage(
        row,
        session,
        visible=True,
        moments=replay.moments,
        shown=replay.shown,
        rankings=sorted(rankings.items(), key=lambda kv: _DIRECTIONS.get(kv[0], 9)),
    )
