"""The checker of an individual movement (Laws 8A and 15B), the tests' oracle.

The product builds individual movements only with ``individual()``; the tests
hold each one it builds to this checker and the checker to broken movements
(decision 0222). Explicit tables a director schedules are assignments, not
an ``IndividualMovement``: the schedule check (``tournament.checks``) reads them.
"""

from __future__ import annotations

from collections import Counter

from tournaments.domain.movements.check import Problem, Rule, refuse
from tournaments.domain.movements.individual import IndividualMovement
from tournaments.domain.movements.individual_search import pair_key

__all__ = ["check_individual", "individual_problems"]


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
        partners.update((pair_key(n, s), pair_key(e, w)))
        opponents.update(pair_key(a, b) for a, b in ((n, e), (n, w), (s, e), (s, w)))
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
