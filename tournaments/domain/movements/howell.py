"""Complete Howell movements: every pair meets every other pair once.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 8A: the Director directs the
movement of pairs and boards.

For 2n pairs there are n tables, 2n - 1 rounds and 2n - 1 board sets; over
the complete movement each pair meets every other pair exactly once and plays
every set exactly once. Pair 2n is stationary, North-South at table 1.

Construction (decision 0031): pairs 1 .. 2n - 1 are the residues 0 .. m - 1
modulo m = 2n - 1. A *starter* S partitions the non-zero residues into pairs
{x, y} whose differences x - y cover every non-zero residue once; round g
(counted from 0) then has the meetings {2n, g} and {x + g, y + g}, so every
pair meets every other once. An *adder* gives meeting {x + g, y + g} the
board set a + g, and {2n, g} the set g: the a are distinct and non-zero (the
sets of a round differ) and the residues x - a, y - a cover every non-zero
residue once (each pair plays each set once). Starter and adder form a cyclic
Room square. A *strong* starter (sums x + y distinct and non-zero) comes with
the adder a = (x + y) / 2; Z_9 has none, so it uses a starter with a searched
adder. The starters are frozen in a table (a movement must never change once
used); the tests check each one.
No Room square of side 3 or 5 exists: for 4 or 6 pairs some tables share a
set in a round and relay it, as the published two- and three-table Howells do.

An odd number of pairs makes pair 2n the phantom: table 1 is then where the
pairs sit out in turn.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from tournaments.domain.movements.errors import InvalidMovement
from tournaments.domain.movements.model import (
    Assignment,
    Meetings,
    Movement,
    MovementKind,
    consecutive_board_sets,
    relay_offsets,
)

__all__ = ["MAX_HOWELL_PAIRS", "howell"]

MAX_HOWELL_PAIRS = 40

# A round's meetings with their board sets: ((a, b, board_set), ...), 0-based;
# pair index m stands for the stationary pair 2n.
_Round = tuple[tuple[int, int, int], ...]
_Starter = tuple[tuple[int, int], ...]


def howell(
    pairs: int,
    *,
    boards_per_round: int,
    rounds: int | None = None,
    first_board: int = 1,
) -> Movement:
    """Return a complete Howell for ``pairs`` pairs (3 to 40), Law 8A.

    ``rounds`` curtails the movement (every pair still meets any other at
    most once and plays no board twice).
    """
    if not 3 <= pairs <= MAX_HOWELL_PAIRS:
        raise InvalidMovement(
            f"a Howell here is for 3 to {MAX_HOWELL_PAIRS} pairs, not {pairs}"
        )
    if boards_per_round < 1:
        raise InvalidMovement("a round needs at least one board")
    tables = (pairs + 1) // 2
    full = 2 * tables - 1
    played = full if rounds is None else rounds
    if not 1 <= played <= full:
        raise InvalidMovement(
            f"this Howell has between 1 and {full} rounds, not {played}"
        )
    schedule = _schedule(full)
    relay = max(max(Counter(s for _a, _b, s in row).values()) for row in schedule)
    if boards_per_round < relay:
        raise InvalidMovement(
            f"a Howell for {2 * tables} pairs relays a set between {relay} "
            f"tables: at least {relay} boards per round"
        )
    assignments: list[Assignment] = []
    for r, row in enumerate(schedule[:played], start=1):
        sharing: dict[int, list[int]] = {}
        for t, (_a, _b, s) in enumerate(row, start=1):
            sharing.setdefault(s, []).append(t)
        offsets: dict[int, int] = {}
        for holders in sharing.values():
            if len(holders) > 1:
                offsets.update(relay_offsets(holders, boards_per_round))
        for t, (a, b, s) in enumerate(row, start=1):
            assignments.append(
                Assignment(
                    round=r,
                    table=t,
                    ns=a + 1,
                    ew=b + 1,
                    board_set=s + 1,
                    relay_offset=offsets.get(t, 0),
                )
            )
    return Movement(
        kind=MovementKind.HOWELL,
        name=f"Howell {tables} tables",
        tables=tables,
        rounds=played,
        boards_per_round=boards_per_round,
        board_sets=consecutive_board_sets(
            full, boards_per_round, first_board=first_board
        ),
        pairs=tuple(range(1, 2 * tables + 1)),
        assignments=tuple(assignments),
        meetings=Meetings.EVERY_PAIR,
        complete=played == full,
        phantom=2 * tables if pairs % 2 == 1 else None,
    )


# Strong starters in Z_m, found once by a seeded search and frozen here: a
# movement must not change once an event has used it (decision 0031).
_STRONG_STARTERS: dict[int, _Starter] = {
    7: ((1, 5), (2, 3), (4, 6)),
    11: ((1, 8), (2, 3), (4, 10), (5, 7), (6, 9)),
    13: ((1, 10), (2, 8), (3, 4), (5, 7), (6, 11), (9, 12)),
    15: ((1, 6), (2, 14), (3, 11), (4, 13), (5, 7), (8, 12), (9, 10)),
    17: ((1, 12), (2, 10), (3, 6), (4, 14), (5, 9), (7, 8), (11, 16), (13, 15)),
    19: (
        (1, 9),
        (2, 5),
        (3, 15),
        (4, 10),
        (6, 11),
        (7, 17),
        (8, 12),
        (13, 14),
        (16, 18),
    ),
    21: (
        (1, 6),
        (2, 4),
        (3, 14),
        (5, 11),
        (7, 8),
        (9, 16),
        (10, 19),
        (12, 20),
        (13, 17),
        (15, 18),
    ),
    23: (
        (1, 8),
        (2, 14),
        (3, 4),
        (5, 10),
        (6, 19),
        (7, 22),
        (9, 18),
        (11, 13),
        (12, 16),
        (15, 21),
        (17, 20),
    ),
    25: (
        (1, 23),
        (2, 17),
        (3, 5),
        (4, 8),
        (6, 15),
        (7, 21),
        (9, 22),
        (10, 16),
        (11, 18),
        (12, 20),
        (13, 14),
        (19, 24),
    ),
    27: (
        (1, 18),
        (2, 26),
        (3, 19),
        (4, 16),
        (5, 24),
        (6, 8),
        (7, 14),
        (9, 15),
        (10, 23),
        (11, 12),
        (13, 22),
        (17, 21),
        (20, 25),
    ),
    29: (
        (1, 10),
        (2, 28),
        (3, 14),
        (4, 8),
        (5, 19),
        (6, 13),
        (7, 15),
        (9, 26),
        (11, 27),
        (12, 22),
        (16, 17),
        (18, 24),
        (20, 25),
        (21, 23),
    ),
    31: (
        (1, 8),
        (2, 22),
        (3, 7),
        (4, 30),
        (5, 24),
        (6, 20),
        (9, 12),
        (10, 18),
        (11, 26),
        (13, 14),
        (15, 21),
        (16, 29),
        (17, 27),
        (19, 28),
        (23, 25),
    ),
    33: (
        (1, 27),
        (2, 22),
        (3, 31),
        (4, 13),
        (5, 32),
        (6, 21),
        (7, 11),
        (8, 18),
        (9, 23),
        (10, 12),
        (14, 30),
        (15, 26),
        (16, 24),
        (17, 29),
        (19, 20),
        (25, 28),
    ),
    35: (
        (1, 4),
        (2, 16),
        (3, 29),
        (5, 6),
        (7, 19),
        (8, 30),
        (9, 20),
        (10, 15),
        (11, 31),
        (12, 18),
        (13, 23),
        (14, 33),
        (17, 34),
        (21, 28),
        (22, 26),
        (24, 32),
        (25, 27),
    ),
    37: (
        (1, 9),
        (2, 13),
        (3, 21),
        (4, 27),
        (5, 25),
        (6, 8),
        (7, 19),
        (10, 17),
        (11, 24),
        (12, 34),
        (14, 30),
        (15, 18),
        (16, 22),
        (20, 29),
        (23, 33),
        (26, 31),
        (28, 32),
        (35, 36),
    ),
    39: (
        (1, 12),
        (2, 22),
        (3, 16),
        (4, 38),
        (5, 15),
        (6, 20),
        (7, 14),
        (8, 30),
        (9, 25),
        (10, 18),
        (11, 26),
        (13, 31),
        (17, 29),
        (19, 21),
        (23, 32),
        (24, 27),
        (28, 34),
        (33, 37),
        (35, 36),
    ),
}

# Z_9 has no strong starter; this starter with its adder is a cyclic Room
# square of side 9.
_STARTER_9: _Starter = ((1, 2), (3, 7), (4, 6), (5, 8))
_ADDER_9: tuple[int, ...] = (5, 4, 2, 7)


@cache
def _schedule(m: int) -> tuple[_Round, ...]:
    """Return the m rounds of the Howell for m + 1 pairs, table 1 first."""
    if m == 9:
        starter, adder = _STARTER_9, _ADDER_9
    elif m in _STRONG_STARTERS:
        starter = _STRONG_STARTERS[m]
        # The adder of a strong starter: a = (x + y) / 2 modulo m.
        adder = tuple((x + y) * (m + 1) // 2 % m for x, y in starter)
    else:
        return _with_relays(m)
    return tuple(
        (
            (m, g, g),
            *(
                ((x + g) % m, (y + g) % m, (a + g) % m)
                for (x, y), a in zip(starter, adder, strict=True)
            ),
        )
        for g in range(m)
    )


def _with_relays(m: int) -> tuple[_Round, ...]:
    """Return a Howell for m + 1 pairs (m = 3 or 5) with as few relays as possible.

    Meetings follow the circle method (pair m + 1 fixed, {g + i, g - i}); sets
    are searched so that each pair plays each set once, first allowing two
    tables to share a set in a round, then more, minimising the extra tables
    on shared sets. For 6 pairs the best is one round in which all three
    tables relay one set; for 4 pairs both tables share every round.
    """
    n = (m + 1) // 2
    rounds = [
        [(m, g)] + [((g + i) % m, (g - i) % m) for i in range(1, n)] for g in range(m)
    ]
    edges = [(r, a, b) for r, row in enumerate(rounds) for a, b in row]
    seen: dict[int, set[int]] = {p: set() for p in range(m + 1)}
    in_round: list[dict[int, int]] = [{} for _ in range(m)]
    choice = [0] * len(edges)
    best: list[int] = []
    best_cost = [len(edges)]

    def search(i: int, cost: int, most: int) -> None:
        if cost >= best_cost[0]:
            return
        if i == len(edges):
            best_cost[0] = cost
            best[:] = choice
            return
        r, a, b = edges[i]
        for s in range(m):
            used = in_round[r].get(s, 0)
            if s in seen[a] or s in seen[b] or used >= most:
                continue
            seen[a].add(s)
            seen[b].add(s)
            in_round[r][s] = used + 1
            choice[i] = s
            search(i + 1, cost + (1 if used else 0), most)
            in_round[r][s] = used
            seen[a].discard(s)
            seen[b].discard(s)

    for most in range(2, n + 1):
        search(0, 0, most)
        if best:
            break
    sets = iter(best)
    return tuple(tuple((a, b, next(sets)) for a, b in row) for row in rounds)
