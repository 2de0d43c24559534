"""Cyclic whist designs for individual movements: the search and the frozen ones.

Whist designs (cyclic). The aim is a *whist tournament*: over the complete
movement every two players are partners exactly once and opponents exactly
twice. With ``4t`` players there are ``t`` tables and ``m = 4t - 1`` rounds;
the players are a fixed player (number ``4t``, the "infinity") and the
residues of Z_m (residue ``x`` is player ``x + 1``); round ``r`` (from 0)
seats player ``x + r`` where the base round seats ``x``. With ``4t + 1``
players (``m = 4t + 1`` rounds, Z_m, no fixed player) residue ``r`` sits out
round ``r``. A base round is a whist design when the partner differences
(N - S, E - W) cover every non-zero residue once and the opponent differences
(N - E, N - W, S - E, S - W), taken with both signs, cover every non-zero
residue twice. Boards move cyclically too: table ``j`` plays set
``(r + s_j) mod m``, so a player at base position ``a`` of table ``j`` meets
set ``s_j - a`` plus a constant; these values must all differ (no set played
twice), and the ``s_j`` must differ (no set at two tables at once).

Which sizes have one: the base rounds in ``WHIST`` were found by
``find_whist_design`` and are frozen (a movement must never change once an
event has used it); the tests check each one. They cover 4, 5, 13 and 21
players. Exhaustive runs of the same search prove that *no* cyclic design with
cyclic boards exists for 8, 9, 12, 16 and 17 players: Z_9 has no whist base
round at all, and for 8, 12, 16 and 17 every whist base round fails the board
condition. For ``4t`` players that condition asks the translated base tables
to tile Z_m exactly (every player plays every one of the m sets); for 8
players no board plan at all can do it, since two tables sharing a set must
hold complementary foursomes, which would pair the 7 rounds off two by two.
The seeded search found none for 25 and 29 players in about ten minutes each,
nor for 20, 24, 28 and 32 in a minute or two (for ``4t`` players the exact
tiling makes a find unlikely); 36 and 40 were not searched. None of these is
frozen: they use the fallback.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

from tournaments.domain.movements.errors import InvalidMovement

__all__ = [
    "INFINITY",
    "WHIST",
    "WHIST_SEATING",
    "Base",
    "Design",
    "Table",
    "cycle",
    "find_whist_design",
    "find_whist_seating",
    "padded",
]

# The fixed player of a 4t design, in base rounds.
INFINITY = -1

Table = tuple[int, int, int, int]
Base = tuple[Table, ...]
Design = tuple[Base, tuple[int, ...]]


def padded(players: int) -> int:
    """Return the field with phantoms: 4t + 2 and 4t + 3 go up to 4t + 4."""
    return players + (-players) % 4 if players % 4 in (2, 3) else players


def cycle(slots: int) -> int:
    """Return m, the number of rounds (and sets) of a whist design."""
    return slots - 1 if slots % 4 == 0 else slots


def find_whist_design(
    players: int, *, seed: int = 0, node_limit: int | None = None
) -> Design | None:
    """Search a cyclic whist base round with board offsets for 4t or 4t + 1.

    Returns ``(base, offsets)`` (residues of Z_m, ``INFINITY`` for the fixed
    player) or None. Without ``node_limit`` the search is exhaustive, so None
    proves that no cyclic design with cyclic boards exists for the size.
    Symmetry is broken without loss: the smallest free residue sits North of
    each new table, East is below West, and table 1 plays set ``r``.
    """
    if players < 4 or players % 4 not in (0, 1):
        raise InvalidMovement("a whist design is for 4t or 4t + 1 players")
    return _WhistSearch(players, random.Random(seed), node_limit).run()


def find_whist_seating(
    players: int, *, seed: int = 0, node_limit: int | None = None
) -> Base | None:
    """Search a cyclic whist base round alone, for duplicated boards.

    With duplicated boards every table plays the round's set from its own copy,
    so only the seating has to be a whist design: returns the base round or
    None (exhaustive without ``node_limit``).
    """
    if players < 4 or players % 4 not in (0, 1):
        raise InvalidMovement("a whist design is for 4t or 4t + 1 players")
    found = _WhistSearch(players, random.Random(seed), node_limit, boards=False).run()
    return None if found is None else found[0]


class _WhistSearch:
    def __init__(
        self,
        players: int,
        rng: random.Random,
        limit: int | None,
        boards: bool = True,
    ) -> None:
        self.boards = boards
        self.infinity = players % 4 == 0
        self.m = cycle(players)
        self.t = players // 4
        self.rng = rng
        self.limit = limit
        self.nodes = 0
        m = self.m
        self.used = [False] * m
        self.partner_diff = [False] * m
        self.opponent_diff = [0] * m
        self.value = [False] * m
        self.offset = [False] * m
        if not self.infinity:
            self.used[0] = True  # residue 0 sits out the base round
        self.tables: list[Table] = []
        self.offsets: list[int] = []

    def run(self) -> Design | None:
        if self._place():
            return tuple(self.tables), tuple(self.offsets)
        return None

    def _diffs(self, pairs: list[tuple[int, int]]) -> list[int]:
        return [
            d
            for a, b in pairs
            if a != INFINITY and b != INFINITY
            for d in ((a - b) % self.m, (b - a) % self.m)
        ]

    def _seats_fit(self, table: Table) -> bool:
        n, e, s, w = table
        partners = self._diffs([(n, s), (e, w)])
        if len(set(partners)) < len(partners) or any(
            self.partner_diff[d] for d in partners
        ):
            return False
        opposed = Counter(self._diffs([(n, e), (n, w), (s, e), (s, w)]))
        return all(self.opponent_diff[d] + c <= 2 for d, c in opposed.items())

    def _values(self, table: Table, offset: int) -> list[int]:
        return [(offset - a) % self.m for a in table if a != INFINITY]

    def _mark(self, table: Table, on: bool) -> None:
        n, e, s, w = table
        for a in table:
            if a != INFINITY:
                self.used[a] = on
        for d in self._diffs([(n, s), (e, w)]):
            self.partner_diff[d] = on
        for d in self._diffs([(n, e), (n, w), (s, e), (s, w)]):
            self.opponent_diff[d] += 1 if on else -1

    def _mark_offset(self, table: Table, offset: int, on: bool) -> None:
        for v in self._values(table, offset):
            self.value[v] = on
        self.offset[offset] = on

    def _options(self) -> Iterator[Table]:
        """Yield the tables that keep the whist conditions, in seeded order."""
        free = [x for x in range(self.m) if not self.used[x]]
        if self.infinity and not self.tables:
            x, rest = INFINITY, free
        else:
            x, rest = free[0], free[1:]
        souths = list(rest)
        self.rng.shuffle(souths)
        for s in souths:
            others = [p for p in rest if p != s]
            pairs = [(e, w) for i, e in enumerate(others) for w in others[i + 1 :]]
            self.rng.shuffle(pairs)
            for e, w in pairs:
                if self._seats_fit((x, e, s, w)):
                    yield (x, e, s, w)

    def _place(self) -> bool:
        """Seat the base round table by table; offsets once all are seated."""
        if len(self.tables) == self.t:
            return self._place_offsets() if self.boards else True
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            return False
        for table in self._options():
            self._mark(table, True)
            self.tables.append(table)
            if self._place():
                return True
            self.tables.pop()
            self._mark(table, False)
            if self.limit is not None and self.nodes > self.limit:
                return False
        return False

    def _place_offsets(self) -> bool:
        """Give each table a board offset (table 1 gets 0: a shift is free)."""
        j = len(self.offsets)
        if j == self.t:
            return True
        table = self.tables[j]
        for offset in [0] if j == 0 else range(self.m):
            values = self._values(table, offset)
            if self.offset[offset] or any(self.value[v] for v in values):
                continue
            if len(set(values)) < len(values):
                continue
            self._mark_offset(table, offset, True)
            self.offsets.append(offset)
            if self._place_offsets():
                return True
            self.offsets.pop()
            self._mark_offset(table, offset, False)
        return False


# Base rounds (N, E, S, W) over Z_m and board offsets, found by
# ``find_whist_design`` and frozen here; the tests check every one.
WHIST: dict[int, Design] = {
    4: (((INFINITY, 1, 0, 2),), (0,)),
    5: (((1, 2, 4, 3),), (0,)),
    13: (((1, 2, 10, 7), (3, 6, 4, 8), (5, 9, 11, 12)), (0, 8, 6)),
    21: (
        (
            (1, 5, 2, 15),
            (3, 4, 11, 9),
            (6, 10, 20, 19),
            (7, 16, 13, 18),
            (8, 14, 12, 17),
        ),
        (0, 14, 7, 20, 8),
    ),
}


# Whist base rounds for duplicated boards (seating only), found by
# ``find_whist_seating`` with seed 0 and frozen; the tests check every one.
# Z_9 has none (exhaustive): 9 players use the searched seating.
WHIST_SEATING: dict[int, Base] = {
    8: ((INFINITY, 2, 4, 5), (0, 1, 6, 3)),
    12: ((INFINITY, 5, 8, 6), (0, 1, 7, 3), (2, 4, 10, 9)),
    13: ((1, 5, 10, 7), (2, 3, 8, 4), (6, 9, 11, 12)),
    16: ((INFINITY, 3, 1, 9), (0, 12, 8, 13), (2, 7, 14, 11), (4, 5, 6, 10)),
    17: ((1, 5, 3, 11), (2, 7, 6, 16), (4, 8, 14, 13), (9, 12, 10, 15)),
    20: (
        (INFINITY, 3, 9, 16),
        (0, 10, 18, 14),
        (1, 7, 6, 17),
        (2, 4, 5, 12),
        (8, 11, 15, 13),
    ),
    21: (
        (1, 5, 11, 18),
        (2, 4, 14, 20),
        (3, 6, 7, 12),
        (8, 13, 15, 16),
        (9, 17, 10, 19),
    ),
    24: (
        (INFINITY, 6, 20, 12),
        (0, 7, 2, 8),
        (1, 13, 11, 21),
        (3, 19, 17, 22),
        (4, 14, 15, 18),
        (5, 9, 10, 16),
    ),
}
