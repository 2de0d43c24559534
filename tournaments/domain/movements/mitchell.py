"""Mitchell movements: NS pairs stay put, EW pairs move up, boards move down.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 8A: the Director directs the
movement of pairs and boards; North moves the boards just played (Law 8A2).

Numbering: with T tables, NS pair *t* sits at table *t* throughout; EW pair
*T + e* starts at table *e*. Each round EW pairs move to the next table up
(T wraps to 1) and boards move to the next table down.

* Odd T: T rounds; every EW pair meets every NS pair and plays every set.
* Even T, relay and bye stand: a bye stand sits between tables T/2 and T/2+1
  and tables 1 and T share a set each round (relayed, each starting at a
  different board); T rounds, everyone meets everyone and plays every set.
  Needs at least two boards per round.
* Even T, skip: EW pairs skip a table after ``skip_after`` rounds (by default
  half-way); at most T - 1 rounds, each pair misses one opponent and one set
  (the T-th round would be a revenge round against the starting opponent).
  By default a curtailed even Mitchell uses the skip, which keeps boards
  played equally often.
* An odd number of pairs leaves a phantom (by default the NS pair of the last
  table, so the moving pairs sit out there in turn).
* Arrow switch: in the switched rounds the pairs swap directions, so a
  Mitchell gives one winner.
"""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from rules.bridge.seat import Side
from tournaments.domain.movements.errors import InvalidMovement
from tournaments.domain.movements.model import (
    ArrowSwitch,
    Assignment,
    Meetings,
    Movement,
    MovementKind,
    consecutive_board_sets,
    relay_offsets,
)

__all__ = ["EvenTables", "mitchell"]


class EvenTables(StrEnum):
    """How a Mitchell with an even number of tables avoids repeating boards."""

    RELAY = "relay"
    SKIP = "skip"


def mitchell(
    pairs: int,
    *,
    boards_per_round: int,
    rounds: int | None = None,
    even_tables: EvenTables | None = None,
    skip_after: int | None = None,
    phantom_line: Side = Side.NS,
    arrow_switch: ArrowSwitch | None = None,
    first_board: int = 1,
) -> Movement:
    """Return a Mitchell movement for ``pairs`` pairs.

    ``rounds`` defaults to the complete movement (T, or T - 1 for a skip).
    ``even_tables`` defaults to the relay and bye stand for a complete
    movement with at least two boards per round, else the skip (decision
    0030). Law 8A.
    """
    if pairs < 5:
        raise InvalidMovement("a Mitchell needs at least five pairs (three tables)")
    if boards_per_round < 1:
        raise InvalidMovement("a round needs at least one board")
    tables = (pairs + 1) // 2
    variant = _variant(tables, boards_per_round, rounds, even_tables)
    full = tables - 1 if variant is EvenTables.SKIP else tables
    played = full if rounds is None else rounds
    if not 1 <= played <= full:
        raise InvalidMovement(
            f"this Mitchell has between 1 and {full} rounds, not {played}"
        )
    skip = _skip_round(tables, played, skip_after) if variant is EvenTables.SKIP else 0
    phantom = None
    if pairs % 2 == 1:
        phantom = tables if phantom_line is Side.NS else 2 * tables
    switched = (arrow_switch or ArrowSwitch()).rounds(played)

    assignments: list[Assignment] = []
    for r in range(1, played + 1):
        moved = (r - 1) + (1 if skip and r > skip else 0)
        held = _relay_sets(tables, r) if variant is EvenTables.RELAY else None
        for t in range(1, tables + 1):
            ns = t
            ew = tables + (t - 1 - moved) % tables + 1
            board_set = (t - 1 + r - 1) % tables + 1 if held is None else held[t]
            if r in switched:
                ns, ew = ew, ns
            assignments.append(
                Assignment(
                    round=r,
                    table=t,
                    ns=ns,
                    ew=ew,
                    board_set=board_set,
                    arrow_switched=r in switched,
                )
            )
    if variant is EvenTables.RELAY:
        offsets = relay_offsets((1, tables), boards_per_round)
        assignments = [
            replace(a, relay_offset=offsets.get(a.table, 0)) for a in assignments
        ]
    name = f"Mitchell {tables} tables"
    if variant is not None:
        name += ", relay and bye stand" if variant is EvenTables.RELAY else ", skip"
    if switched:
        name += ", arrow switch"
    return Movement(
        kind=MovementKind.MITCHELL,
        name=name,
        tables=tables,
        rounds=played,
        boards_per_round=boards_per_round,
        board_sets=consecutive_board_sets(
            tables, boards_per_round, first_board=first_board
        ),
        pairs=tuple(range(1, 2 * tables + 1)),
        assignments=tuple(assignments),
        meetings=Meetings.OTHER_LINE,
        complete=played == full,
        phantom=phantom,
        lines=tuple(
            (p, Side.NS if p <= tables else Side.EW) for p in range(1, 2 * tables + 1)
        ),
        missed_opponents=1 if variant is EvenTables.SKIP and played == full else 0,
    )


def _variant(
    tables: int,
    boards_per_round: int,
    rounds: int | None,
    chosen: EvenTables | None,
) -> EvenTables | None:
    """Return the even-table variant (None for an odd number of tables)."""
    if tables % 2 == 1:
        return None
    if chosen is EvenTables.RELAY and boards_per_round < 2:
        raise InvalidMovement("a relay needs at least two boards per round")
    if chosen is not None:
        return chosen
    # Decision 0030: the relay is complete and fair only over all T rounds.
    if (rounds is None or rounds == tables) and boards_per_round >= 2:
        return EvenTables.RELAY
    return EvenTables.SKIP


def _skip_round(tables: int, rounds: int, skip_after: int | None) -> int:
    """Return the round after which EW pairs skip a table.

    Before the skip EW pairs play sets 0, 2, 4, ... tables up from their own;
    after it 1, 3, 5, ...; each series stays distinct for at most T/2 rounds,
    so the skip must come after at least ``rounds - T/2`` and at most T/2
    rounds.
    """
    half = tables // 2
    earliest = max(0, rounds - half)
    chosen = min(half, rounds) if skip_after is None else skip_after
    if not earliest <= chosen <= half:
        raise InvalidMovement(
            f"with {rounds} rounds the skip comes after round {earliest} to {half}"
        )
    return chosen


def _relay_sets(tables: int, round_number: int) -> dict[int, int]:
    """Return the set at each table in one round of a relay and bye stand Mitchell.

    Boards travel down through T positions: tables T-1 ... T/2+1, the bye
    stand, tables T/2 ... 2, and the shared position of tables 1 and T. Set *t*
    starts at table *t* (2..T-1), set 1 at tables 1 and T, set T on the stand.
    """
    half = tables // 2
    path: list[int | None] = [
        *range(tables - 1, half, -1),
        None,
        *range(half, 1, -1),
        1,
    ]
    start = {place: index for index, place in enumerate(path)}
    initial = {start[t]: t for t in range(2, tables)}
    initial[start[1]] = 1
    initial[start[None]] = tables
    held: dict[int, int] = {}
    for t in range(1, tables + 1):
        place = 1 if t == tables else t
        index = (start[place] - (round_number - 1)) % tables
        held[t] = initial[index]
    return held
