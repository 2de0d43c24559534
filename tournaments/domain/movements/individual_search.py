"""The seeded search that seats an individual movement with no whist design.

Fallback (every other size). ``individual`` builds the schedule round by
round with a seeded randomised search (deterministic: the same players give
the same movement): each round the players who have sat out least rest, the
others are seated so that two players partner at most once and oppose at
most twice, and each table gets a set none of its four players has played
and no other table holds that round (least-played sets first, so boards are
compared at as many tables as possible). The search stops when a round cannot
be seated, so the movement has fewer rounds than the m of a whist design
(``complete_rounds`` says how many: about two thirds of m, 4 of 7 for 8
players), and it keeps every promise but "exactly".
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from tournaments.domain.movements.whist import Table, cycle, padded

__all__ = ["Round", "Seating", "pair_key", "searched_schedule"]

# One table in a round: the four players (N, E, S, W) and the board set,
# players and sets numbered from 1.
Seating = tuple[Table, int]
Round = tuple[Seating, ...]

_SEED = 20170401
_ATTEMPTS = 4
_ROUND_TRIES = 2
_ROUND_NODES = 4000


class _Ledger:
    """What the rounds seated so far have used up."""

    def __init__(self, players: int, sets: int) -> None:
        self.partnered: set[tuple[int, int]] = set()
        self.opposed: Counter[tuple[int, int]] = Counter()
        self.seen: list[set[int]] = [set() for _ in range(players + 1)]
        self.plays = [0] * (sets + 1)
        self.rests = [0] * (players + 1)
        self.sets = sets

    def may_partner(self, a: int, b: int) -> bool:
        return pair_key(a, b) not in self.partnered

    def may_oppose(self, a: int, b: int) -> bool:
        return self.opposed[pair_key(a, b)] < 2

    def record(self, row: Round, resting: list[int]) -> None:
        for (n, e, s, w), board_set in row:
            self.partnered.update((pair_key(n, s), pair_key(e, w)))
            for a, b in ((n, e), (n, w), (s, e), (s, w)):
                self.opposed[pair_key(a, b)] += 1
            for p in (n, e, s, w):
                self.seen[p].add(board_set)
            self.plays[board_set] += 1
        for p in resting:
            self.rests[p] += 1


def pair_key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def searched_schedule(players: int) -> tuple[Round, ...]:
    """Return the longest schedule the seeded attempts build (deterministic)."""
    target = cycle(padded(players))
    best: tuple[Round, ...] = ()
    for attempt in range(_ATTEMPTS):
        schedule = _attempt(players, target, random.Random(_SEED + attempt))
        if len(schedule) > len(best):
            best = schedule
        if len(best) == target:
            break
    return best


def _attempt(players: int, target: int, rng: random.Random) -> tuple[Round, ...]:
    tables = players // 4
    resting_count = players - 4 * tables
    ledger = _Ledger(players, target)
    schedule: list[Round] = []
    for _r in range(target):
        row: Round | None = None
        resting: list[int] = []
        for _try in range(_ROUND_TRIES):
            order = sorted(
                range(1, players + 1), key=lambda p: (ledger.rests[p], rng.random())
            )
            resting = order[:resting_count]
            playing = order[resting_count:]
            rng.shuffle(playing)
            row = _seat_round(playing, ledger, rng)
            if row is not None:
                break
        if row is None:
            break
        ledger.record(row, resting)
        schedule.append(row)
    return tuple(schedule)


def _seat_round(
    playing: list[int], ledger: _Ledger, rng: random.Random
) -> Round | None:
    """Seat one round by backtracking (bounded), or return None."""
    seated: set[int] = set()
    held: set[int] = set()
    tables: list[Seating] = []
    budget = [_ROUND_NODES]

    def candidates(x: int) -> Iterator[Seating]:
        free = [p for p in playing if p not in seated and p != x]
        for y in free:
            if not ledger.may_partner(x, y):
                continue
            rest = [
                p
                for p in free
                if p != y and ledger.may_oppose(x, p) and ledger.may_oppose(y, p)
            ]
            rng.shuffle(rest)
            for i, b in enumerate(rest):
                for d in rest[i + 1 :]:
                    budget[0] -= 1
                    if budget[0] < 0:
                        return
                    if not ledger.may_partner(b, d):
                        continue
                    blocked = held | ledger.seen[x] | ledger.seen[y]
                    blocked |= ledger.seen[b] | ledger.seen[d]
                    sets = [s for s in range(1, ledger.sets + 1) if s not in blocked]
                    if sets:
                        board_set = min(sets, key=lambda s: (ledger.plays[s], s))
                        yield (x, min(b, d), y, max(b, d)), board_set

    def place() -> bool:
        if len(seated) == len(playing):
            return True
        x = next(p for p in playing if p not in seated)
        for (n, e, s, w), board_set in candidates(x):
            seated.update((n, e, s, w))
            held.add(board_set)
            tables.append(((n, e, s, w), board_set))
            if place():
                return True
            tables.pop()
            held.discard(board_set)
            seated.difference_update((n, e, s, w))
            if budget[0] < 0:
                return False
        return False

    if not place():
        return None
    return tuple(tables)
