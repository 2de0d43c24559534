"""Consistency checks for movements, round robin schedules and Swiss rounds.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 8A (the Director directs
the movement) and Law 15B (a board played a second time by a contestant is
cancelled for both sides). A movement is checked before it is used, so a
broken hand-made or imported movement is refused with every breach named.

The rules, each with a stable ``Rule`` code:

* ``shape``: rounds, tables, board sets and pairs exist; a pair never faces
  itself; relay offsets lie within the set.
* ``table_seated_twice``: a table has one NS pair and one EW pair per round.
* ``pair_seated``: every pair (the phantom too) sits exactly once per round.
* ``board_sets``: every set holds ``boards_per_round`` boards and no board is
  in two sets.
* ``board_played_twice``: no pair plays a board more than once (Law 15B).
* ``board_at_two_tables``: a set held by two or more tables in one round must
  be relayed. Precisely: the *i*-th board played at each sharing table (from
  its ``relay_offset``, wrapping round) must differ, for every *i*; so no
  board is wanted at two tables at the same time, and a set of *k* boards is
  shared by at most *k* tables.
* ``repeated_meeting``: two pairs meet at most once (meeting the phantom is a
  sit-out, so a pair sits out at most once).
* ``same_line_meeting``: in a two-line movement (Mitchell) pairs meet only
  pairs of the other line.
* ``line_direction``: in a two-line movement the NS-line pair sits NS, except
  in an arrow-switched round where the two swap.
* ``missing_meeting`` (complete movements): a Howell pair meets every other
  pair; a Mitchell pair meets every pair of the other line but the declared
  ``missed_opponents`` (one for a skip Mitchell).
* ``pair_board_count``: every real pair plays ``boards_per_round`` boards in
  each round it does not sit out, all different.
* ``unequal_board_plays`` (complete movements): every board is scheduled at
  the same number of tables, so every board has the same top (Law 78A); a
  table where a pair sits out counts, since scoring deals with the missing
  result.

Round robin schedules and Swiss or Danish rounds have their own checks in
``check_schedules``, with the same ``Problem`` shape.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from rules.bridge.seat import Side
from tournaments.domain.movements.errors import InconsistentMovement, Problem, Rule
from tournaments.domain.movements.model import Meetings, Movement

__all__ = ["Problem", "Rule", "check_movement", "find_problems", "refuse"]


def check_movement(movement: Movement) -> Movement:
    """Return the movement unchanged, or raise ``InconsistentMovement``.

    The error's message names the first breach and how many more there are;
    ``error.problems`` lists them all.
    """
    refuse(find_problems(movement))
    return movement


def refuse(problems: tuple[Problem, ...]) -> None:
    """Raise ``InconsistentMovement`` naming the first of ``problems``, if any."""
    if problems:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        raise InconsistentMovement(problems, f"{problems[0].message}{more}")


def find_problems(movement: Movement) -> tuple[Problem, ...]:
    """Return every breach of the consistency rules, in rule order."""
    shape = _shape(movement)
    if shape:
        # Later rules index sets and pairs; on a malformed plan they would
        # only repeat the same fault in other words.
        return tuple(shape)
    return tuple(
        [
            *_seating(movement),
            *_board_sets(movement),
            *_boards_per_pair(movement),
            *_relays(movement),
            *_meetings(movement),
            *_line_directions(movement),
            *_equal_plays(movement),
        ]
    )


def _name(movement: Movement, pair: int) -> str:
    return "the phantom" if pair == movement.phantom else f"pair {pair}"


def _shape(movement: Movement) -> list[Problem]:
    problems: list[Problem] = []
    known = set(movement.pairs)
    sets = len(movement.board_sets)
    if movement.phantom is not None and movement.phantom not in known:
        problems.append(Problem(Rule.SHAPE, "the phantom is not one of the pairs"))
    for a in movement.assignments:
        where = f"round {a.round} table {a.table}"
        if not 1 <= a.round <= movement.rounds:
            problems.append(Problem(Rule.SHAPE, f"{where}: no such round"))
        if not 1 <= a.table <= movement.tables:
            problems.append(Problem(Rule.SHAPE, f"{where}: no such table"))
        if not 1 <= a.board_set <= sets:
            problems.append(
                Problem(Rule.SHAPE, f"{where}: board set {a.board_set} does not exist")
            )
        elif not 0 <= a.relay_offset < max(1, len(movement.boards_of(a.board_set))):
            problems.append(
                Problem(Rule.SHAPE, f"{where}: relay offset outside the board set")
            )
        for pair in (a.ns, a.ew):
            if pair not in known:
                problems.append(Problem(Rule.SHAPE, f"{where}: unknown pair {pair}"))
        if a.ns == a.ew:
            problems.append(Problem(Rule.SHAPE, f"{where}: pair {a.ns} faces itself"))
    return problems


def _seating(movement: Movement) -> list[Problem]:
    problems: list[Problem] = []
    tables = Counter((a.round, a.table) for a in movement.assignments)
    for (r, t), count in sorted(tables.items()):
        if count > 1:
            problems.append(
                Problem(
                    Rule.TABLE_SEATED_TWICE,
                    f"table {t} is given {count} NS and EW pairs in round {r}",
                )
            )
    for r in range(1, movement.rounds + 1):
        seats = Counter(
            p for a in movement.assignments if a.round == r for p in (a.ns, a.ew)
        )
        for pair in movement.pairs:
            if seats[pair] != 1:
                where = "nowhere" if seats[pair] == 0 else f"at {seats[pair]} places"
                problems.append(
                    Problem(
                        Rule.PAIR_SEATED,
                        f"{_name(movement, pair)} sits {where} in round {r}",
                    )
                )
    return problems


def _board_sets(movement: Movement) -> list[Problem]:
    problems: list[Problem] = []
    holder: dict[int, int] = {}
    for number, boards in enumerate(movement.board_sets, start=1):
        if len(boards) != movement.boards_per_round:
            problems.append(
                Problem(
                    Rule.BOARD_SETS,
                    f"board set {number} holds {len(boards)} boards, "
                    f"not {movement.boards_per_round}",
                )
            )
        for board in boards:
            if board in holder:
                problems.append(
                    Problem(
                        Rule.BOARD_SETS,
                        f"board {board} is in set {holder[board]} and set {number}",
                    )
                )
            else:
                holder[board] = number
    return problems


def _boards_per_pair(movement: Movement) -> list[Problem]:
    problems: list[Problem] = []
    first_round: dict[tuple[int, int], int] = {}
    played: Counter[int] = Counter()
    sit_outs: Counter[int] = Counter()
    seated: Counter[int] = Counter()
    for a in sorted(movement.assignments, key=lambda a: (a.round, a.table)):
        for pair in (a.ns, a.ew):
            seated[pair] += 1
            if movement.is_sit_out(a):
                sit_outs[pair] += 1
                continue
            for board in movement.boards_played(a):
                played[pair] += 1
                key = (pair, board)
                if key in first_round:
                    problems.append(
                        Problem(
                            Rule.BOARD_PLAYED_TWICE,
                            f"pair {pair} plays board {board} twice "
                            f"(rounds {first_round[key]} and {a.round})",
                        )
                    )
                else:
                    first_round[key] = a.round
    k = movement.boards_per_round
    different = Counter(p for (p, _board) in first_round)
    for pair in movement.real_pairs:
        if sit_outs[pair] > 1:
            problems.append(
                Problem(
                    Rule.PAIR_BOARD_COUNT,
                    f"pair {pair} sits out {sit_outs[pair]} rounds",
                )
            )
        due = k * (seated[pair] - sit_outs[pair])
        distinct = different[pair]
        if distinct != due or played[pair] != due:
            problems.append(
                Problem(
                    Rule.PAIR_BOARD_COUNT,
                    f"pair {pair} plays {distinct} different boards, not {due}",
                )
            )
    return problems


def _relays(movement: Movement) -> list[Problem]:
    problems: list[Problem] = []
    for r in range(1, movement.rounds + 1):
        by_set: defaultdict[int, list[int]] = defaultdict(list)
        for a in movement.round_assignments(r):
            by_set[a.board_set].append(a.table)
        for board_set, tables in sorted(by_set.items()):
            if len(tables) < 2:
                continue
            playing = [
                (t, movement.boards_played(seat))
                for t in tables
                if (seat := movement.at(r, t)) is not None
            ]
            for slot in range(movement.boards_per_round):
                wanted: defaultdict[int, list[int]] = defaultdict(list)
                for table, boards in playing:
                    if slot < len(boards):
                        wanted[boards[slot]].append(table)
                for board, at in sorted(wanted.items()):
                    if len(at) > 1:
                        listed = " and ".join(str(t) for t in at)
                        problems.append(
                            Problem(
                                Rule.BOARD_AT_TWO_TABLES,
                                f"board {board} of set {board_set} is wanted at "
                                f"tables {listed} at once in round {r}",
                            )
                        )
    return problems


def _meetings(movement: Movement) -> list[Problem]:
    problems: list[Problem] = []
    met: Counter[frozenset[int]] = Counter(
        frozenset((a.ns, a.ew)) for a in movement.assignments
    )
    for pairing, count in sorted(met.items(), key=lambda kv: sorted(kv[0])):
        if count > 1:
            low, high = sorted(pairing, key=lambda p: (p == movement.phantom, p))
            problems.append(
                Problem(
                    Rule.REPEATED_MEETING,
                    f"{_name(movement, low)} meets {_name(movement, high)} {count} times",
                )
            )
    lines = dict(movement.lines)
    if movement.meetings is Meetings.OTHER_LINE:
        for pairing in sorted(met, key=sorted):
            low, high = sorted(pairing)
            if lines.get(low) is not None and lines.get(low) == lines.get(high):
                problems.append(
                    Problem(
                        Rule.SAME_LINE_MEETING,
                        f"{_name(movement, low)} and {_name(movement, high)} "
                        f"both belong to line {lines[low]}",
                    )
                )
    if not movement.complete:
        return problems
    for pair in movement.pairs:
        if movement.meetings is Meetings.EVERY_PAIR:
            due = {p for p in movement.pairs if p != pair}
            allowed_missing = 0
        else:
            own = lines.get(pair)
            due = {p for p, line in lines.items() if line != own}
            allowed_missing = movement.missed_opponents
        missing = sorted(p for p in due if met[frozenset((pair, p))] == 0)
        if len(missing) > allowed_missing:
            names = ", ".join(_name(movement, p) for p in missing)
            problems.append(
                Problem(
                    Rule.MISSING_MEETING,
                    f"{_name(movement, pair)} never meets {names}",
                )
            )
    return problems


def _line_directions(movement: Movement) -> list[Problem]:
    if not movement.lines:
        return []
    lines = dict(movement.lines)
    problems: list[Problem] = []
    for a in sorted(movement.assignments, key=lambda a: (a.round, a.table)):
        expected = Side.EW if a.arrow_switched else Side.NS
        if lines.get(a.ns) not in (expected, None):
            problems.append(
                Problem(
                    Rule.LINE_DIRECTION,
                    f"{_name(movement, a.ns)} of line {lines[a.ns]} sits NS at "
                    f"table {a.table} in round {a.round}",
                )
            )
    return problems


def _equal_plays(movement: Movement) -> list[Problem]:
    if not movement.complete:
        return []
    # A table where a pair sits out still holds the boards: what must be equal
    # is where boards are scheduled; a missing result is scoring's business.
    plays: Counter[int] = Counter(
        b for a in movement.assignments for b in movement.boards_of(a.board_set)
    )
    counts = {board: plays[board] for board in movement.boards}
    if len(set(counts.values())) <= 1:
        return []
    usual = Counter(counts.values()).most_common(1)[0][0]
    return [
        Problem(
            Rule.UNEQUAL_BOARD_PLAYS,
            f"board {board} is scheduled {count} times, most boards {usual} times",
        )
        for board, count in sorted(counts.items())
        if count != usual
    ]
