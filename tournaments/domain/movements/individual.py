"""Individual movements: each player enters alone and partners change each round.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 4 and the Definitions: in an
*individual* event every contestant is one player, and partnerships change
during the session; Law 8A: the Director directs how players and boards move;
Law 15B: a board a player has already played is not played again.

Players are numbered from 1. Each table seats four (N, E, S, W); North-South
and East-West are the partnerships of the round. Board set *s* holds boards
``(s - 1) * k + 1 .. s * k`` for *k* boards a round.

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

Which sizes have one: the base rounds in ``_WHIST`` were found by
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

Phantoms. With ``4t + 2`` or ``4t + 3`` players, phantoms (numbers above
``players``) bring the field to ``4t + 4``; a table holding a phantom does not
play and its real players sit out. The searched schedule keeps the phantoms
together at one table, so ``players mod 4`` real players rest each round.
Only tables that play appear in ``IndividualMovement.seats``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from rules.bridge.seat import Seat
from tournaments.domain.movements.check import Problem, Rule, refuse
from tournaments.domain.movements.errors import InvalidMovement

__all__ = [
    "INFINITY",
    "MAX_INDIVIDUAL_PLAYERS",
    "IndividualGuideLine",
    "IndividualKind",
    "IndividualMovement",
    "IndividualSeat",
    "check_individual",
    "complete_rounds",
    "find_whist_design",
    "find_whist_seating",
    "individual",
    "individual_problems",
]

MAX_INDIVIDUAL_PLAYERS = 64

# The fixed player of a 4t design, in base rounds.
INFINITY = -1

_Table = tuple[int, int, int, int]
_Base = tuple[_Table, ...]
_Design = tuple[_Base, tuple[int, ...]]
# One table in a round: the four players (N, E, S, W) and the board set,
# players and sets numbered from 1.
_Seating = tuple[_Table, int]
_Round = tuple[_Seating, ...]

_SEED = 20170401
_ATTEMPTS = 4
_ROUND_TRIES = 2
_ROUND_NODES = 4000


class IndividualKind(StrEnum):
    """How the movement was built: a cyclic whist design or a seeded search."""

    WHIST = "whist"
    SEARCHED = "searched"


@dataclass(frozen=True, slots=True)
class IndividualSeat:
    """One table in one round: the four players and the board set they play.

    North-South and East-West are the partnerships (Law 4, Definitions).
    """

    round: int
    table: int
    north: int
    east: int
    south: int
    west: int
    board_set: int

    @property
    def players(self) -> tuple[int, int, int, int]:
        """Return the players in N, E, S, W order."""
        return (self.north, self.east, self.south, self.west)

    @property
    def partnerships(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """Return the North-South and East-West partnerships."""
        return ((self.north, self.south), (self.east, self.west))

    def has(self, player: int) -> bool:
        """Return whether ``player`` sits at this table this round."""
        return player in self.players

    def seat_of(self, player: int) -> Seat:
        """Return the seat ``player`` takes this round."""
        if player not in self.players:
            raise InvalidMovement(f"player {player} is not at table {self.table}")
        return Seat("NESW"[self.players.index(player)])

    def player_at(self, seat: Seat) -> int:
        """Return the player sitting in ``seat``."""
        return self.players[seat.position]

    def partner_of(self, player: int) -> int:
        """Return the player sitting opposite ``player``."""
        return self.player_at(self.seat_of(player).partner)

    def opponents_of(self, player: int) -> tuple[int, int]:
        """Return the left-hand and right-hand opponents of ``player``."""
        seat = self.seat_of(player)
        return (self.player_at(seat.lho), self.player_at(seat.rho))


@dataclass(frozen=True, slots=True)
class IndividualGuideLine:
    """One line of a player's guide card; table and seat are None on a sit-out."""

    round: int
    table: int | None
    seat: Seat | None
    partner: int | None
    opponents: tuple[int, ...]
    boards: tuple[int, ...]

    @property
    def sits_out(self) -> bool:
        """Return whether the player rests this round."""
        return self.table is None


@dataclass(frozen=True, slots=True)
class IndividualMovement:
    """A seating and board plan for an individual session (Law 4, Law 8A).

    ``seats`` holds only tables that play (no phantom at the table). ``complete``
    says every round of the design is played; a complete ``WHIST`` movement
    without phantoms promises that every two players partner exactly once and
    oppose exactly twice.
    """

    players: int
    tables: int
    rounds: int
    boards_per_round: int
    board_sets: int
    seats: tuple[IndividualSeat, ...]
    kind: IndividualKind = IndividualKind.SEARCHED
    complete: bool = False
    duplicated: bool = False  # every table plays the round's set from its own copy

    @property
    def boards(self) -> tuple[int, ...]:
        """Return every board number of the movement, in set order."""
        return tuple(range(1, self.board_sets * self.boards_per_round + 1))

    @property
    def exact(self) -> bool:
        """Return whether the whist promise (exactly once, exactly twice) holds."""
        return (
            self.kind is IndividualKind.WHIST
            and self.complete
            and self.players % 4 in (0, 1)
        )

    def boards_of(self, board_set: int) -> tuple[int, ...]:
        """Return the boards of a set: set s holds (s - 1) * k + 1 .. s * k."""
        if not 1 <= board_set <= self.board_sets:
            raise InvalidMovement(f"board set {board_set} does not exist")
        k = self.boards_per_round
        return tuple(range((board_set - 1) * k + 1, board_set * k + 1))

    def round_seats(self, round_number: int) -> tuple[IndividualSeat, ...]:
        """Return the tables that play in a round, in table order."""
        return tuple(
            sorted(
                (s for s in self.seats if s.round == round_number),
                key=lambda s: s.table,
            )
        )

    def seat_of(self, player: int, round_number: int) -> IndividualSeat | None:
        """Return the table ``player`` plays at in a round (None: sits out)."""
        for seat in self.seats:
            if seat.round == round_number and seat.has(player):
                return seat
        return None

    def sitting_out(self, round_number: int) -> tuple[int, ...]:
        """Return the real players who do not play in a round."""
        if not 1 <= round_number <= self.rounds:
            raise InvalidMovement(f"round {round_number} is not in this movement")
        seated = {p for s in self.round_seats(round_number) for p in s.players}
        return tuple(p for p in range(1, self.players + 1) if p not in seated)

    def guide_card(self, player: int) -> list[IndividualGuideLine]:
        """Return a player's guide card: table, seat, partner, opponents, boards.

        Law 8A1: the Director tells each player where to sit each round; a
        round the player rests has a sit-out line (no table, no boards).
        """
        if not 1 <= player <= self.players:
            raise InvalidMovement(f"player {player} is not in this movement")
        card: list[IndividualGuideLine] = []
        for r in range(1, self.rounds + 1):
            seat = self.seat_of(player, r)
            if seat is None:
                card.append(IndividualGuideLine(r, None, None, None, (), ()))
                continue
            card.append(
                IndividualGuideLine(
                    round=r,
                    table=seat.table,
                    seat=seat.seat_of(player),
                    partner=seat.partner_of(player),
                    opponents=seat.opponents_of(player),
                    boards=self.boards_of(seat.board_set),
                )
            )
        return card


# -- construction ---------------------------------------------------------


def individual(
    players: int,
    boards_per_round: int,
    rounds: int | None = None,
    *,
    duplicated: bool = False,
) -> IndividualMovement:
    """Return an individual movement for ``players`` players (Law 4, Law 8A).

    A whist design where one is frozen for the size (or for the size padded
    with phantoms), else a seeded search. ``rounds`` plays only the first
    rounds (partners still at most once, opponents at most twice).

    ``duplicated``: the boards are duplicated, one copy per table (dealt by a
    machine from the hand records, Law 6E4 and 6F), and every table plays the
    round's set. Only the seating then has to be a whist design, which exists
    for many more sizes (``_WHIST_SEATING``), and every board is compared at
    every table.
    """
    if not 4 <= players <= MAX_INDIVIDUAL_PLAYERS:
        raise InvalidMovement(
            f"an individual here is for 4 to {MAX_INDIVIDUAL_PLAYERS} players, "
            f"not {players}"
        )
    if boards_per_round < 1:
        raise InvalidMovement("a round needs at least one board")
    kind, board_sets, schedule = (
        _duplicated_schedule(players) if duplicated else _schedule(players)
    )
    full = len(schedule)
    played = full if rounds is None else rounds
    if not 1 <= played <= full:
        raise InvalidMovement(
            f"this individual for {players} players has between 1 and {full} "
            f"rounds, not {played}"
        )
    seats = tuple(
        IndividualSeat(r, t, n, e, s, w, board_set)
        for r, row in enumerate(schedule[:played], start=1)
        for t, ((n, e, s, w), board_set) in enumerate(row, start=1)
        if max(n, e, s, w) <= players
    )
    return IndividualMovement(
        players=players,
        tables=max(
            (
                t
                for row in schedule
                for t, (seated, _s) in enumerate(row, start=1)
                if max(seated) <= players
            ),
            default=0,
        ),
        rounds=played,
        boards_per_round=boards_per_round,
        board_sets=board_sets,
        seats=seats,
        kind=kind,
        complete=played == full,
        duplicated=duplicated,
    )


def complete_rounds(players: int) -> int:
    """Return how many rounds the complete movement for ``players`` has."""
    if not 4 <= players <= MAX_INDIVIDUAL_PLAYERS:
        raise InvalidMovement(f"no individual movement for {players} players")
    return len(_schedule(players)[2])


def _padded(players: int) -> int:
    """Return the field with phantoms: 4t + 2 and 4t + 3 go up to 4t + 4."""
    return players + (-players) % 4 if players % 4 in (2, 3) else players


def _cycle(slots: int) -> int:
    """Return m, the number of rounds (and sets) of a whist design."""
    return slots - 1 if slots % 4 == 0 else slots


@cache
def _schedule(players: int) -> tuple[IndividualKind, int, tuple[_Round, ...]]:
    slots = _padded(players)
    if slots in _WHIST:
        base, offsets = _WHIST[slots]
        return IndividualKind.WHIST, _cycle(slots), _expand(slots, base, offsets)
    return IndividualKind.SEARCHED, _cycle(slots), _searched(players)


@cache
def _duplicated_schedule(
    players: int,
) -> tuple[IndividualKind, int, tuple[_Round, ...]]:
    """Every table of round r plays set r: a whist seating if one is frozen for
    the size, else the searched seating (which keeps phantoms at one table)
    with its sets renumbered."""
    slots = _padded(players)
    base = _WHIST_SEATING.get(slots) or _WHIST.get(slots, ((), ()))[0]
    if base and slots == players:  # phantoms would idle whole tables: search
        m = _cycle(slots)
        return IndividualKind.WHIST, m, _expand(slots, base, (0,) * len(base))
    searched = _searched(players)
    return (
        IndividualKind.SEARCHED,
        len(searched),
        tuple(
            tuple((seated, r) for seated, _set in row)
            for r, row in enumerate(searched, start=1)
        ),
    )


def _expand(slots: int, base: _Base, offsets: tuple[int, ...]) -> tuple[_Round, ...]:
    """Develop a base round over Z_m: round r seats x + r; table j plays r + s_j."""
    m = _cycle(slots)

    def number(x: int, r: int) -> int:
        return slots if x == INFINITY else (x + r) % m + 1

    return tuple(
        tuple(
            (
                (
                    number(n, r),
                    number(e, r),
                    number(s, r),
                    number(w, r),
                ),
                (r + offset) % m + 1,
            )
            for (n, e, s, w), offset in zip(base, offsets, strict=True)
        )
        for r in range(m)
    )


# -- the seeded search (fallback) ----------------------------------------


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
        return _key(a, b) not in self.partnered

    def may_oppose(self, a: int, b: int) -> bool:
        return self.opposed[_key(a, b)] < 2

    def record(self, row: _Round, resting: list[int]) -> None:
        for (n, e, s, w), board_set in row:
            self.partnered.update((_key(n, s), _key(e, w)))
            for a, b in ((n, e), (n, w), (s, e), (s, w)):
                self.opposed[_key(a, b)] += 1
            for p in (n, e, s, w):
                self.seen[p].add(board_set)
            self.plays[board_set] += 1
        for p in resting:
            self.rests[p] += 1


def _key(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


def _searched(players: int) -> tuple[_Round, ...]:
    """Return the longest schedule the seeded attempts build (deterministic)."""
    target = _cycle(_padded(players))
    best: tuple[_Round, ...] = ()
    for attempt in range(_ATTEMPTS):
        schedule = _attempt(players, target, random.Random(_SEED + attempt))
        if len(schedule) > len(best):
            best = schedule
        if len(best) == target:
            break
    return best


def _attempt(players: int, target: int, rng: random.Random) -> tuple[_Round, ...]:
    tables = players // 4
    resting_count = players - 4 * tables
    ledger = _Ledger(players, target)
    schedule: list[_Round] = []
    for _r in range(target):
        row: _Round | None = None
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
) -> _Round | None:
    """Seat one round by backtracking (bounded), or return None."""
    seated: set[int] = set()
    held: set[int] = set()
    tables: list[_Seating] = []
    budget = [_ROUND_NODES]

    def candidates(x: int) -> Iterator[_Seating]:
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


# -- the whist search (used to find the frozen designs) -------------------


def find_whist_design(
    players: int, *, seed: int = 0, node_limit: int | None = None
) -> _Design | None:
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
) -> _Base | None:
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
        self.m = _cycle(players)
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
        self.tables: list[_Table] = []
        self.offsets: list[int] = []

    def run(self) -> _Design | None:
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

    def _seats_fit(self, table: _Table) -> bool:
        n, e, s, w = table
        partners = self._diffs([(n, s), (e, w)])
        if len(set(partners)) < len(partners) or any(
            self.partner_diff[d] for d in partners
        ):
            return False
        opposed = Counter(self._diffs([(n, e), (n, w), (s, e), (s, w)]))
        return all(self.opponent_diff[d] + c <= 2 for d, c in opposed.items())

    def _values(self, table: _Table, offset: int) -> list[int]:
        return [(offset - a) % self.m for a in table if a != INFINITY]

    def _mark(self, table: _Table, on: bool) -> None:
        n, e, s, w = table
        for a in table:
            if a != INFINITY:
                self.used[a] = on
        for d in self._diffs([(n, s), (e, w)]):
            self.partner_diff[d] = on
        for d in self._diffs([(n, e), (n, w), (s, e), (s, w)]):
            self.opponent_diff[d] += 1 if on else -1

    def _mark_offset(self, table: _Table, offset: int, on: bool) -> None:
        for v in self._values(table, offset):
            self.value[v] = on
        self.offset[offset] = on

    def _options(self) -> Iterator[_Table]:
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
_WHIST: dict[int, _Design] = {
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
_WHIST_SEATING: dict[int, _Base] = {
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


# -- the checker ------------------------------------------------------------


def check_individual(movement: IndividualMovement) -> None:
    """Raise ``InconsistentMovement`` naming every breach, or return None.

    Law 8A (the Director's movement must be sound) and Law 15B (a board is
    not played twice by a player).
    """
    refuse(individual_problems(movement))


def individual_problems(movement: IndividualMovement) -> tuple[Problem, ...]:
    """Return every breach of the individual movement's rules, in rule order."""
    shape = _shape(movement)
    if shape:
        return tuple(shape)
    return (
        *_seating(movement),
        *_board_sets(movement),
        *_meetings(movement),
    )


def _shape(movement: IndividualMovement) -> list[Problem]:
    problems: list[Problem] = []
    if movement.players < 4 or movement.rounds < 1 or movement.boards_per_round < 1:
        problems.append(
            Problem(Rule.SHAPE, "an individual needs 4 players, a round and a board")
        )
    for seat in movement.seats:
        where = f"round {seat.round} table {seat.table}"
        if not 1 <= seat.round <= movement.rounds:
            problems.append(Problem(Rule.SHAPE, f"{where}: no such round"))
        if not 1 <= seat.table <= movement.tables:
            problems.append(Problem(Rule.SHAPE, f"{where}: no such table"))
        if not 1 <= seat.board_set <= movement.board_sets:
            problems.append(
                Problem(
                    Rule.SHAPE, f"{where}: board set {seat.board_set} does not exist"
                )
            )
        for player in seat.players:
            if not 1 <= player <= movement.players:
                problems.append(
                    Problem(Rule.SHAPE, f"{where}: player {player} does not play here")
                )
        if len(set(seat.players)) != 4:
            problems.append(
                Problem(Rule.SHAPE, f"{where}: four different players are needed")
            )
    return problems


def _seating(movement: IndividualMovement) -> list[Problem]:
    problems: list[Problem] = []
    tables = Counter((s.round, s.table) for s in movement.seats)
    for (r, t), count in sorted(tables.items()):
        if count > 1:
            problems.append(
                Problem(
                    Rule.TABLE_SEATED_TWICE,
                    f"table {t} is seated {count} times in round {r}",
                )
            )
    rests: Counter[int] = Counter()
    for r in range(1, movement.rounds + 1):
        seated = Counter(p for s in movement.seats if s.round == r for p in s.players)
        for player, count in sorted(seated.items()):
            if count > 1:
                problems.append(
                    Problem(
                        Rule.PAIR_SEATED,
                        f"player {player} sits at {count} tables in round {r}",
                    )
                )
        rests.update(p for p in range(1, movement.players + 1) if p not in seated)
    if movement.exact:
        due = 1 if movement.players % 4 == 1 else 0
        for player in range(1, movement.players + 1):
            if rests[player] != due:
                problems.append(
                    Problem(
                        Rule.BYE,
                        f"player {player} sits out {rests[player]} rounds, not {due}",
                    )
                )
    return problems


def _board_sets(movement: IndividualMovement) -> list[Problem]:
    problems: list[Problem] = []
    first: dict[tuple[int, int], int] = {}
    for seat in sorted(movement.seats, key=lambda s: (s.round, s.table)):
        for player in seat.players:
            key = (player, seat.board_set)
            if key in first:
                problems.append(
                    Problem(
                        Rule.BOARD_PLAYED_TWICE,
                        f"player {player} plays board set {seat.board_set} twice "
                        f"(rounds {first[key]} and {seat.round})",
                    )
                )
            else:
                first[key] = seat.round
    if movement.duplicated:
        return problems  # each table has its own copy of the round's set
    held = Counter((s.round, s.board_set) for s in movement.seats)
    for (r, board_set), count in sorted(held.items()):
        if count > 1:
            problems.append(
                Problem(
                    Rule.BOARD_AT_TWO_TABLES,
                    f"board set {board_set} is at {count} tables in round {r}",
                )
            )
    return problems


def _meetings(movement: IndividualMovement) -> list[Problem]:
    problems: list[Problem] = []
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    for seat in movement.seats:
        n, e, s, w = seat.players
        partners.update((_key(n, s), _key(e, w)))
        opponents.update(_key(a, b) for a, b in ((n, e), (n, w), (s, e), (s, w)))
    for (a, b), count in sorted(partners.items()):
        if count > 1:
            problems.append(
                Problem(
                    Rule.REPEATED_MEETING,
                    f"players {a} and {b} are partners {count} times",
                )
            )
    for (a, b), count in sorted(opponents.items()):
        if count > 2:
            problems.append(
                Problem(
                    Rule.REPEATED_MEETING,
                    f"players {a} and {b} are opponents {count} times",
                )
            )
    if not movement.exact:
        return problems
    for a in range(1, movement.players + 1):
        for b in range(a + 1, movement.players + 1):
            if partners[(a, b)] != 1 or opponents[(a, b)] != 2:
                problems.append(
                    Problem(
                        Rule.MISSING_MEETING,
                        f"players {a} and {b} are partners {partners[(a, b)]} "
                        f"and opponents {opponents[(a, b)]} times, not 1 and 2",
                    )
                )
    return problems
