"""A burraco event's public prize list (decision 0200).

The prizes follow the standings, so they are shown as the standings are:
once the final standings are published (open to the Art. 20 check until
they are final, the prizes with them), or once an Art. 40 interruption
gives the prizes on the last standings shown, or the refund; never before
(``burraco.selectors.prizes_public``, the API's rule too, applied when the
read model ``burraco.standings.v1`` writes its row: decision 0221). The
amounts are ``burraco.export.prizes_of``'s, as the API, the export and the
director's console have them, read from that row; the names as the results
site shows them, a player who asked not to be published unnamed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any
from uuid import UUID

from burraco import selectors as burraco
from results_site.pages import Entry, _entries, _entry
from tournaments import selectors
from tournaments.selectors import TournamentRow

__all__ = ["PrizeLine", "PrizeList", "euros", "prize_lines", "prize_list"]


def euros(cents: int | None) -> Decimal | None:
    """Cents as euros for a page (formatted in the reader's locale)."""
    return None if cents is None else Decimal(cents) / 100


@dataclass(frozen=True, slots=True)
class PrizeLine:
    place: int
    group: str
    entry: Entry
    amount: Decimal
    tied: bool


@dataclass(frozen=True, slots=True)
class PrizeList:
    event: TournamentRow
    shown: bool  # False: the standings are not published yet, nothing else
    final: bool = False
    interrupted: Any = None  # the TournamentInterrupted event
    settings: dict[str, Any] | None = None
    by_group: bool = False
    entries: int = 0
    fee: Decimal | None = None
    pool: Decimal | None = None
    refund: Decimal | None = None
    undistributed: Decimal | None = None
    standings_after: int = 0
    lines: list[PrizeLine] = field(default_factory=list)


def prize_lines(
    found: list[dict[str, Any]], entries: dict[int, Entry]
) -> list[PrizeLine]:
    """Each prize of ``prizes_of`` with its entry's people as the public may
    see them (a player who asked not to be published by his federation
    number only); tied when another entry of its group holds the same
    place. The public list's and the director's (decision 0203)."""
    places = [(p["group"], p["rank"]) for p in found]
    return [
        PrizeLine(
            place=p["rank"],
            group=p["group"],
            entry=_entry(entries, p["pair"]),
            amount=Decimal(p["cents"]) / 100,
            tied=places.count((p["group"], p["rank"])) > 1,
        )
        for p in found
    ]


def prize_list(tournament_id: UUID) -> PrizeList | None:
    """The prize list anyone may read, or only the event before it is shown."""
    event = selectors.tournament_row(tournament_id)
    if event is None or event.game != "burraco":
        return None
    row = burraco.event_row(tournament_id)
    if row is None:
        return None
    found = row.prizes
    if found is None:
        return PrizeList(event, shown=False)
    entries = _entries(selectors.entries(tournament_id))
    settings = found["settings"]
    return PrizeList(
        event,
        shown=True,
        final=row.final,
        interrupted=row.interrupted,
        settings=settings,
        by_group=found.get("by_group", False),
        entries=found["entries"],
        fee=None if settings is None else euros(settings["entry_fee_cents"]),
        pool=euros(found["pool_cents"]),
        refund=euros(found["refund_cents"]),
        undistributed=euros(found.get("undistributed_cents")),
        standings_after=found.get("standings_after", 0),
        lines=prize_lines(found["prizes"], entries),
    )
