"""What a burraco event's page shows (issue 17; the burraco app, decision 0120).

Read from the read model ``burraco.standings.v1`` through ``burraco.selectors``
only, never the write side (decision 0221), and the tournament's entries
through ``tournaments.selectors``; a turn's results and the standings after
it appear once the reader may see them, by the Art. 20 publication the API
applies (``burraco.selectors.public_turns``, decision 0122).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any
from uuid import UUID

from access.roles import AnyUser
from burraco import selectors as burraco
from results_site.pages import Entry, _entries, _entry
from tournaments import selectors
from tournaments.selectors import TournamentRow

__all__ = ["BurracoPage", "burraco_page"]


@dataclass(frozen=True, slots=True)
class BurracoLine:
    """One pair's line of the standings: VP, MP, the warnings' deduction."""

    row: dict[str, Any]
    entry: Entry


@dataclass(frozen=True, slots=True)
class TableLine:
    row: dict[str, Any]
    fixed: Entry
    mobile: Entry
    # A giallo line's second player (decision 0173); None for other forms.
    fixed_partner: Entry | None = None
    mobile_partner: Entry | None = None


@dataclass(frozen=True, slots=True)
class BurracoPage:
    event: TournamentRow
    turns: int  # the turns the event plays
    hands_per_turn: int
    current_turn: int  # the last turn whose positions are shown (0: none)
    final_published_at: datetime | None
    check_deadline: datetime | None
    final: bool
    # Whether the prize list is shown (decision 0200).
    prizes: bool = False
    # The turns whose results the reader may see, and the one shown.
    visible_turns: list[int] = field(default_factory=list)
    turn: int | None = None
    standings: list[BurracoLine] = field(default_factory=list)
    tables: list[TableLine] = field(default_factory=list)


def burraco_page(
    user: AnyUser, tournament_id: UUID, turn: int | None = None
) -> BurracoPage | None:
    """The standings after ``turn`` (default the latest the reader may see),
    with that turn's table results, and where the event stands."""
    event = selectors.tournament_row(tournament_id)
    row = burraco.event_row(tournament_id)
    if event is None or row is None:
        return None
    page = BurracoPage(
        event,
        row.turns,
        row.hands_per_turn,
        row.current_turn,
        row.final_published_at,
        row.check_deadline,
        row.final,
    )
    page = replace(page, prizes=row.prizes is not None)
    visible = burraco.page_turns(user, row)
    if turn is None and visible:
        turn = visible[-1]
    if turn is None or turn not in visible:
        return replace(page, visible_turns=visible)
    entries = _entries(selectors.entries(tournament_id))
    # Giallo lines are two players (decision 0173): entered one by one.
    partners = (
        burraco.partners(tournament_id, turn) if event.form == "individual" else {}
    )

    def partner(table: int, side: int) -> Entry | None:
        number = partners.get(table, (0, 0))[side]
        return _entry(entries, number) if number else None

    return replace(
        page,
        visible_turns=visible,
        turn=turn,
        standings=[
            BurracoLine(line, _entry(entries, line["pair"]))
            for line in burraco.standings(tournament_id, turn)
        ],
        tables=[
            TableLine(
                t,
                _entry(entries, t["fixed"]),
                _entry(entries, t["mobile"]),
                partner(t["table"], 0),
                partner(t["table"], 1),
            )
            for t in burraco.turn_results(tournament_id, turn)
        ],
    )
