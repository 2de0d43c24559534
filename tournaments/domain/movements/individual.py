"""Individual movements: each player enters alone and partners change each round.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 4 and the Definitions: in an
*individual* event every contestant is one player, and partnerships change
during the session; Law 8A: the Director directs how players and boards move;
Law 15B: a board a player has already played is not played again.

Players are numbered from 1. Each table seats four (N, E, S, W); North-South
and East-West are the partnerships of the round. Board set *s* holds boards
``(s - 1) * k + 1 .. s * k`` for *k* boards a round.

Phantoms. With ``4t + 2`` or ``4t + 3`` players, phantoms (numbers above
``players``) bring the field to ``4t + 4``; a table holding a phantom does not
play and its real players sit out. The searched schedule keeps the phantoms
together at one table, so ``players mod 4`` real players rest each round.
Only tables that play appear in ``IndividualMovement.seats``.

The whist designs are in ``whist``, the seeded search (the fallback) in
``individual_search``; the tests hold every movement to an independent
checker (``tests/support/individual_check.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from rules.bridge.seat import Seat
from tournaments.domain.movements.errors import InvalidMovement
from tournaments.domain.movements.individual_search import Round, searched_schedule
from tournaments.domain.movements.whist import (
    INFINITY,
    WHIST,
    WHIST_SEATING,
    Base,
    cycle,
    padded,
)

__all__ = [
    "MAX_INDIVIDUAL_PLAYERS",
    "IndividualGuideLine",
    "IndividualKind",
    "IndividualMovement",
    "IndividualSeat",
    "complete_rounds",
    "individual",
]

MAX_INDIVIDUAL_PLAYERS = 64


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
    for many more sizes (``WHIST_SEATING``), and every board is compared at
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


@cache
def _schedule(players: int) -> tuple[IndividualKind, int, tuple[Round, ...]]:
    slots = padded(players)
    if slots in WHIST:
        base, offsets = WHIST[slots]
        return IndividualKind.WHIST, cycle(slots), _expand(slots, base, offsets)
    return IndividualKind.SEARCHED, cycle(slots), searched_schedule(players)


@cache
def _duplicated_schedule(
    players: int,
) -> tuple[IndividualKind, int, tuple[Round, ...]]:
    """Every table of round r plays set r: a whist seating if one is frozen for
    the size, else the searched seating (which keeps phantoms at one table)
    with its sets renumbered."""
    slots = padded(players)
    base = WHIST_SEATING.get(slots) or WHIST.get(slots, ((), ()))[0]
    if base and slots == players:  # phantoms would idle whole tables: search
        m = cycle(slots)
        return IndividualKind.WHIST, m, _expand(slots, base, (0,) * len(base))
    searched = searched_schedule(players)
    return (
        IndividualKind.SEARCHED,
        len(searched),
        tuple(
            tuple((seated, r) for seated, _set in row)
            for r, row in enumerate(searched, start=1)
        ),
    )


def _expand(slots: int, base: Base, offsets: tuple[int, ...]) -> tuple[Round, ...]:
    """Develop a base round over Z_m: round r seats x + r; table j plays r + s_j."""
    m = cycle(slots)

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
