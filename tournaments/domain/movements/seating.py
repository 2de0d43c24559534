"""Movements as the tournament stream records them: table assignments (Law 8).

The pure generators (``tournaments.domain.movements``) give rounds, tables and
board sets; here they become ``TableAssignment``s with board numbers, a
phantom pair's number replaced by 0 (its opponents sit out) and, in an
individual event, the four players of each table (Law 4). A movement that
cannot be built answers with the generator's reason, naming Law 8.

A session's guide cards are read back from its assignments (a session may
have been scheduled from explicit tables, with no generator behind it), as
the movement model's own ``GuideLine`` and ``IndividualGuideLine``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rules.bridge.seat import Seat, Side
from rules.errors import LawRef, RuleViolation
from tournaments.domain import tournament
from tournaments.domain.movements.howell import howell
from tournaments.domain.movements.individual import IndividualGuideLine, individual
from tournaments.domain.movements.mitchell import mitchell
from tournaments.domain.movements.model import GuideLine, Movement
from tournaments.domain.movements.round_robin import round_robin

__all__ = [
    "MOVEMENTS",
    "assignments_for",
    "guide_card",
    "howell_assignments",
    "individual_assignments",
    "individual_guide_card",
    "mitchell_assignments",
]

# The movements a session can be scheduled from by name (explicit tables aside).
MOVEMENTS = ("mitchell", "howell", "individual", "round_robin")


def _pairs(
    build: Callable[..., Movement],
    pairs: int,
    boards_per_round: int,
    rounds: int | None,
    first_board: int,
) -> tuple[tournament.TableAssignment, ...]:
    """A pairs movement's rounds; a phantom pair becomes 0 (its opponents sit out)."""
    try:
        movement = build(
            pairs,
            boards_per_round=boards_per_round,
            rounds=rounds,
            first_board=first_board,
        )
    except ValueError as exc:
        raise RuleViolation(str(exc), law=LawRef("8")) from None
    phantom = movement.phantom
    return tuple(
        tournament.TableAssignment(
            round=a.round,
            table=a.table,
            ns=0 if a.ns == phantom else a.ns,
            ew=0 if a.ew == phantom else a.ew,
            boards=movement.boards_of(a.board_set),
        )
        for a in movement.assignments
    )


def mitchell_assignments(
    pairs: int, boards_per_round: int, rounds: int | None, first_board: int = 1
) -> tuple[tournament.TableAssignment, ...]:
    """Law 8: a Mitchell's rounds as table assignments."""
    return _pairs(mitchell, pairs, boards_per_round, rounds, first_board)


def howell_assignments(
    pairs: int, boards_per_round: int, rounds: int | None, first_board: int = 1
) -> tuple[tournament.TableAssignment, ...]:
    """Law 8: a Howell's rounds (every pair meets every other once) as assignments."""
    return _pairs(howell, pairs, boards_per_round, rounds, first_board)


def individual_assignments(
    players: int,
    boards_per_round: int,
    rounds: int | None,
    first_board: int = 1,
    *,
    duplicated: bool = True,
) -> tuple[tournament.TableAssignment, ...]:
    """Law 4 and 8: an individual movement's rounds as table assignments.

    Each table seats four players (North, East, South, West); North and East
    name the traveller line; tables with a phantom do not play (sit-outs).
    """
    try:
        movement = individual(players, boards_per_round, rounds, duplicated=duplicated)
    except ValueError as exc:
        raise RuleViolation(str(exc), law=LawRef("8")) from None
    return tuple(
        tournament.TableAssignment(
            round=seat.round,
            table=seat.table,
            ns=seat.north,
            ew=seat.east,
            boards=tuple(
                b + first_board - 1 for b in movement.boards_of(seat.board_set)
            ),
            players=(seat.north, seat.east, seat.south, seat.west),
        )
        for seat in movement.seats
    )


def round_robin_assignments(
    entries: int,
    round_number: int,
    boards_per_round: int,
    first_board: int = 1,
    *,
    teams: bool = True,
    legs: int = 1,
) -> tuple[tournament.TableAssignment, ...]:
    """One round of a Berger round robin as a session's assignments.

    FIGB N-L4 §1: the home team sits North-South in the open room (table
    2k - 1) and East-West in the closed room (table 2k), both rooms playing the
    match's boards (Law 86); in a pairs round robin the home pair sits
    North-South. A team with the bye has no table that round.
    """
    try:
        schedule = round_robin(entries, legs=legs)
        if not 1 <= round_number <= schedule.rounds:
            raise RuleViolation(
                f"this round robin has rounds 1 to {schedule.rounds}, not {round_number}",
                law=LawRef("8"),
            )
        matches = schedule.round_matches(round_number)
    except ValueError as exc:
        raise RuleViolation(str(exc), law=LawRef("8")) from None
    boards = tuple(range(first_board, first_board + boards_per_round))
    out: list[tournament.TableAssignment] = []
    for match in matches:
        table = 2 * match.table - 1 if teams else match.table
        out.append(
            tournament.TableAssignment(
                round=1, table=table, ns=match.home, ew=match.away, boards=boards
            )
        )
        if teams:
            out.append(
                tournament.TableAssignment(
                    round=1,
                    table=table + 1,
                    ns=match.away,
                    ew=match.home,
                    boards=boards,
                )
            )
    return tuple(out)


def assignments_for(
    movement: str,
    entries: int | None,
    boards_per_round: int | None,
    rounds: int | None = None,
    first_board: int = 1,
    *,
    duplicated: bool = True,
    round_number: int | None = None,
    teams: bool = False,
) -> tuple[tournament.TableAssignment, ...]:
    """The assignments of a named movement for ``entries`` pairs (or players,
    or teams); a round robin's session is one of its rounds (``round_number``)."""
    if movement not in MOVEMENTS:
        raise RuleViolation(f"no movement called {movement!r}", law=LawRef("8"))
    if entries is None or boards_per_round is None:
        who = "players" if movement == "individual" else "pairs"
        raise RuleViolation(
            f"a {movement} movement needs {who} and boards_per_round", law=LawRef("8")
        )
    if movement == "round_robin":
        if round_number is None:
            raise RuleViolation(
                "a round robin session names its round (round_number)", law=LawRef("8")
            )
        return round_robin_assignments(
            entries, round_number, boards_per_round, first_board, teams=teams
        )
    if movement == "individual":
        return individual_assignments(
            entries, boards_per_round, rounds, first_board, duplicated=duplicated
        )
    build = mitchell_assignments if movement == "mitchell" else howell_assignments
    return build(entries, boards_per_round, rounds, first_board)


# -- guide cards ----------------------------------------------------------


def guide_card(
    assignments: Iterable[tournament.TableAssignment], pair: int
) -> list[GuideLine]:
    """Return a pair's (or team's) guide card from a session's assignments.

    Law 8A1: where it sits each round, in which direction, against whom, with
    which boards. A round against the phantom (0) has no opponent: the pair
    sits out. Rounds the pair has no table in are not listed.
    """
    card: list[GuideLine] = []
    for a in sorted(assignments, key=lambda a: (a.round, a.table)):
        if pair not in (a.ns, a.ew):
            continue
        direction = Side.NS if a.ns == pair else Side.EW
        opponent = a.ew if direction is Side.NS else a.ns
        card.append(
            GuideLine(
                round=a.round,
                table=a.table,
                direction=direction,
                opponent=opponent or None,
                boards=a.boards,
            )
        )
    return card


def individual_guide_card(
    assignments: Iterable[tournament.TableAssignment], player: int
) -> list[IndividualGuideLine]:
    """Return a player's guide card in an individual event (Law 4, Law 8A1).

    Every round of the session has a line: the seat, partner and opponents
    (left-hand, then right-hand) where the player sits, a sit-out line (no
    table, no boards) where they rest.
    """
    assignments = list(assignments)
    card: list[IndividualGuideLine] = []
    for round_number in sorted({a.round for a in assignments}):
        here = [
            a for a in assignments if a.round == round_number and player in a.players
        ]
        if not here:
            card.append(IndividualGuideLine(round_number, None, None, None, (), ()))
            continue
        a = here[0]
        i = a.players.index(player)
        card.append(
            IndividualGuideLine(
                round=round_number,
                table=a.table,
                seat=Seat("NESW"[i]),
                partner=a.players[(i + 2) % 4],
                opponents=(a.players[(i + 1) % 4], a.players[(i + 3) % 4]),
                boards=a.boards,
            )
        )
    return card
