"""The common shape of a movement: who sits where, with which boards, each round.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 8 and the Definitions: a
*round* is the part of a session played without players changing position;
the Director directs how pairs and boards move (Law 8A1), and North moves the
boards just played to the table where they are needed next (Law 8A2).

Pairs are plain ints (pair numbers). A *phantom* is a pair number with nobody
behind it: the pair drawn against it sits out that round (a bye). Board sets
are numbered from 1; each maps to the board numbers played in a round. Two or
more tables may share one board set in a round (a *relay*): each then starts
the set at a different board (``relay_offset``) so that no board is wanted at
two tables at once.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rules.bridge.seat import Side

__all__ = [
    "ArrowSwitch",
    "Assignment",
    "GuideLine",
    "Meetings",
    "Movement",
    "MovementKind",
    "TableLine",
    "consecutive_board_sets",
    "relay_offsets",
]


class MovementKind(StrEnum):
    """The family a movement belongs to (chosen by the organiser, Law 8A)."""

    MITCHELL = "mitchell"
    HOWELL = "howell"
    CUSTOM = "custom"


class Meetings(StrEnum):
    """Whom each pair is meant to meet over a complete movement.

    ``EVERY_PAIR``: every other pair exactly once (Howell, one winner).
    ``OTHER_LINE``: only pairs of the other line, each at most once, and all of
    them but ``Movement.missed_opponents`` when complete (Mitchell, two winners
    unless arrow-switched).
    """

    EVERY_PAIR = "every_pair"
    OTHER_LINE = "other_line"


@dataclass(frozen=True, slots=True)
class Assignment:
    """One table in one round: the pair sitting North-South, the pair sitting
    East-West and the board set they play.

    ``ns`` and ``ew`` are where the pairs actually sit this round, after any
    arrow switch. ``relay_offset`` is the position in the set of the first board
    this table plays (0 unless the set is shared with another table).
    """

    round: int
    table: int
    ns: int
    ew: int
    board_set: int
    relay_offset: int = 0
    arrow_switched: bool = False

    def has(self, pair: int) -> bool:
        """Return whether ``pair`` sits at this table this round."""
        return pair in (self.ns, self.ew)

    def opponent_of(self, pair: int) -> int:
        """Return the pair facing ``pair`` at this table."""
        if pair == self.ns:
            return self.ew
        if pair == self.ew:
            return self.ns
        raise ValueError(f"pair {pair} is not at table {self.table}")

    def direction_of(self, pair: int) -> Side:
        """Return the direction ``pair`` sits in this round."""
        if pair == self.ns:
            return Side.NS
        if pair == self.ew:
            return Side.EW
        raise ValueError(f"pair {pair} is not at table {self.table}")


@dataclass(frozen=True, slots=True)
class GuideLine:
    """One line of a pair's guide card (the *cartellino di movimento*).

    ``opponent`` is None, and ``boards`` empty, in the round the pair sits out
    (it meets the phantom).
    """

    round: int
    table: int
    direction: Side
    opponent: int | None
    boards: tuple[int, ...]
    arrow_switched: bool = False

    @property
    def sits_out(self) -> bool:
        """Return whether the pair has a bye this round."""
        return self.opponent is None


@dataclass(frozen=True, slots=True)
class TableLine:
    """One line of a table card: who plays which boards, and where they go next.

    ``boards`` are in the order this table plays them (relay order for a shared
    set) and are empty when a pair at the table sits out. ``boards_to`` lists
    the tables that play this set in the next round (Law 8A2: North takes the
    boards there); empty means the set rests (bye stand) or the session ends.
    """

    round: int
    ns: int
    ew: int
    board_set: int
    boards: tuple[int, ...]
    boards_to: tuple[int, ...]
    sit_out: bool = False
    arrow_switched: bool = False


@dataclass(frozen=True, slots=True)
class ArrowSwitch:
    """Which rounds are arrow-switched (the pairs swap NS and EW for the round).

    Switching some rounds of a Mitchell makes every pair hold both lines' cards
    on some boards, so the field has one winner instead of two.
    ``last``: the last *n* rounds; ``every``: rounds *n*, *2n*, ...; ``explicit``:
    these round numbers.
    """

    last: int = 0
    every: int = 0
    explicit: tuple[int, ...] = ()

    def rounds(self, total: int) -> frozenset[int]:
        """Return the switched round numbers within a movement of ``total`` rounds."""
        switched = {r for r in self.explicit if 1 <= r <= total}
        if self.last > 0:
            switched.update(range(max(1, total - self.last + 1), total + 1))
        if self.every > 0:
            switched.update(range(self.every, total + 1, self.every))
        return frozenset(switched)


def consecutive_board_sets(
    sets: int, boards_per_round: int, *, first_board: int = 1
) -> tuple[tuple[int, ...], ...]:
    """Return ``sets`` board sets of consecutive board numbers (set 1 = 1..k)."""
    return tuple(
        tuple(
            range(
                first_board + i * boards_per_round,
                first_board + (i + 1) * boards_per_round,
            )
        )
        for i in range(sets)
    )


@dataclass(frozen=True, slots=True)
class Movement:
    """A complete seating and board plan for one session (Law 8A).

    ``board_sets[i]`` holds the boards of set ``i + 1``. ``lines`` gives each
    pair's home line for two-line movements (Mitchell); it is empty for Howell.
    ``complete`` says every round of the full movement is played, which is when
    the meeting and board-coverage promises of ``meetings`` hold in full.
    """

    kind: MovementKind
    name: str
    tables: int
    rounds: int
    boards_per_round: int
    board_sets: tuple[tuple[int, ...], ...]
    pairs: tuple[int, ...]
    assignments: tuple[Assignment, ...]
    meetings: Meetings
    complete: bool
    phantom: int | None = None
    lines: tuple[tuple[int, Side], ...] = ()
    missed_opponents: int = 0

    # -- lookups ---------------------------------------------------------

    @property
    def real_pairs(self) -> tuple[int, ...]:
        """Return the pair numbers with players behind them (no phantom)."""
        return tuple(p for p in self.pairs if p != self.phantom)

    @property
    def boards(self) -> tuple[int, ...]:
        """Return every board number of the movement, in set order."""
        return tuple(b for board_set in self.board_sets for b in board_set)

    def boards_of(self, board_set: int) -> tuple[int, ...]:
        """Return the board numbers of a set (sets are numbered from 1)."""
        if not 1 <= board_set <= len(self.board_sets):
            raise ValueError(f"board set {board_set} does not exist")
        return self.board_sets[board_set - 1]

    def line_of(self, pair: int) -> Side | None:
        """Return the home line of ``pair`` in a two-line movement, else None."""
        return dict(self.lines).get(pair)

    def round_assignments(self, round_number: int) -> tuple[Assignment, ...]:
        """Return the tables of one round, in table order."""
        return tuple(
            sorted(
                (a for a in self.assignments if a.round == round_number),
                key=lambda a: a.table,
            )
        )

    def at(self, round_number: int, table: int) -> Assignment | None:
        """Return the assignment of a table in a round, if it is in use."""
        for a in self.assignments:
            if a.round == round_number and a.table == table:
                return a
        return None

    def seat_of(self, pair: int, round_number: int) -> Assignment | None:
        """Return where ``pair`` sits in a round (None if nowhere)."""
        for a in self.assignments:
            if a.round == round_number and a.has(pair):
                return a
        return None

    def is_sit_out(self, assignment: Assignment) -> bool:
        """Return whether a pair at this table meets the phantom (a bye)."""
        return self.phantom is not None and assignment.has(self.phantom)

    def boards_played(self, assignment: Assignment) -> tuple[int, ...]:
        """Return the boards played at a table in a round, in playing order.

        A shared set is played starting from ``relay_offset`` and wrapping
        round; a table where a pair meets the phantom plays nothing.
        """
        if self.is_sit_out(assignment):
            return ()
        boards = self.boards_of(assignment.board_set)
        if not boards:
            return ()
        offset = assignment.relay_offset % len(boards)
        return boards[offset:] + boards[:offset]

    def tables_with_set(self, round_number: int, board_set: int) -> tuple[int, ...]:
        """Return the tables holding a set in a round (two or more: a relay)."""
        return tuple(
            a.table
            for a in self.round_assignments(round_number)
            if a.board_set == board_set
        )

    def resting_sets(self, round_number: int) -> tuple[int, ...]:
        """Return the sets no table holds in a round (on the bye stand)."""
        held = {a.board_set for a in self.assignments if a.round == round_number}
        return tuple(s for s in range(1, len(self.board_sets) + 1) if s not in held)

    def opponents(self, pair: int) -> tuple[int, ...]:
        """Return the pairs ``pair`` faces, round by round (the phantom included)."""
        seats = self._seats_of(pair)
        return tuple(seats[r].opponent_of(pair) for r in sorted(seats))

    def _seats_of(self, pair: int) -> dict[int, Assignment]:
        return {a.round: a for a in self.assignments if a.has(pair)}

    # -- cards -----------------------------------------------------------

    def guide_card(self, pair: int) -> list[GuideLine]:
        """Return a pair's guide card: table, direction, opponent and boards.

        Law 5B: each player moves at the right time to the right place; the
        guide card is how the Director tells them where that is (Law 8A1).
        """
        if pair not in self.pairs or pair == self.phantom:
            raise ValueError(f"pair {pair} is not in this movement")
        seats = self._seats_of(pair)
        card: list[GuideLine] = []
        for r in sorted(seats):
            a = seats[r]
            opponent: int | None = a.opponent_of(pair)
            if opponent == self.phantom:
                opponent = None
            card.append(
                GuideLine(
                    round=r,
                    table=a.table,
                    direction=a.direction_of(pair),
                    opponent=opponent,
                    boards=self.boards_played(a),
                    arrow_switched=a.arrow_switched,
                )
            )
        return card

    def table_card(self, table: int) -> list[TableLine]:
        """Return a table card: each round's pairs, boards, and where boards go."""
        if not 1 <= table <= self.tables:
            raise ValueError(f"table {table} is not in this movement")
        holders: dict[tuple[int, int], list[int]] = {}
        for other in sorted(self.assignments, key=lambda a: a.table):
            holders.setdefault((other.round, other.board_set), []).append(other.table)
        here = {a.round: a for a in self.assignments if a.table == table}
        card: list[TableLine] = []
        for r in sorted(here):
            a = here[r]
            going = tuple(holders.get((r + 1, a.board_set), ()))
            card.append(
                TableLine(
                    round=r,
                    ns=a.ns,
                    ew=a.ew,
                    board_set=a.board_set,
                    boards=self.boards_played(a),
                    boards_to=going,
                    sit_out=self.is_sit_out(a),
                    arrow_switched=a.arrow_switched,
                )
            )
        return card


def relay_offsets(tables: Iterable[int], boards_per_round: int) -> dict[int, int]:
    """Spread the tables sharing one set evenly over its boards.

    Two tables sharing a set of k boards start k//2 apart (the classic relay:
    one table plays the first half while the other plays the second half).
    """
    ordered = sorted(tables)
    count = len(ordered)
    return {t: (i * boards_per_round) // count for i, t in enumerate(ordered)}
