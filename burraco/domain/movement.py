"""The Mitchell, Danese and all'italiana movements of burraco turns (Art. 2;
Definizioni).

The fixed line of a table stays there; the mobile lines move one table up
each turn (the last table's to table 1), so that on ``n`` tables ``n`` turns
meet no pair twice. The code sets no step or skip (digest §3): this is the
plain one-table step, decision 0122.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from burraco.domain.errors import InvalidLines
from burraco.domain.values import REST, Position
from rules.burraco.articles import art

__all__ = [
    "calendar_with_rest",
    "danese_new_opponents",
    "danese_positions",
    "danese_with_rest",
    "giallo_lines",
    "giallo_positions",
    "mitchell_positions",
    "round_robin_positions",
    "separated_lines",
]


def mitchell_positions(
    fixed: tuple[int, ...], mobile: tuple[int, ...], turn: int
) -> tuple[Position, ...]:
    """Return the tables of ``turn`` (1-based): table ``i`` keeps ``fixed[i-1]``
    and meets the mobile line that started ``turn - 1`` tables below it."""
    n = len(fixed)
    return tuple(
        Position(table=i + 1, fixed=fixed[i], mobile=mobile[(i - (turn - 1)) % n])
        for i in range(n)
    )


def danese_positions(order: tuple[int, ...]) -> tuple[Position, ...]:
    """Return a Danese puro turn from the standings' order (Art. 2): first
    against second at table 1, third against fourth at table 2, and so on;
    the higher-placed pair takes the fixed line. "Puro": a repeat meeting
    is not avoided (digest Q24; decision 0123)."""
    return tuple(
        Position(table=i // 2 + 1, fixed=order[i], mobile=order[i + 1])
        for i in range(0, len(order) - 1, 2)
    )


def danese_new_opponents(
    order: tuple[int, ...], last: Mapping[int, int]
) -> tuple[Position, ...]:
    """A Danese turn of an individual event (Art. 2: "cambia avversario ad
    ogni turno"; decision 0173): in the standings' order each player takes
    the highest-placed one left whom he did not meet in the turn before
    (``last``: each player's previous opponent); if the last two left met
    then, the last table's mobile swaps with the one above whose swap
    repeats no meeting. With two players a repeat cannot be avoided."""
    pool = list(order)
    tables: list[tuple[int, int]] = []
    while len(pool) >= 2:
        first = pool.pop(0)
        index = next((i for i, b in enumerate(pool) if last.get(first) != b), 0)
        tables.append((first, pool.pop(index)))

    def repeat(a: int, b: int) -> bool:
        return last.get(a) == b or last.get(b) == a

    if tables and repeat(*tables[-1]):
        a2, b2 = tables[-1]
        for i in range(len(tables) - 2, -1, -1):
            a1, b1 = tables[i]
            if not repeat(a1, b2) and not repeat(a2, b1):
                tables[i], tables[-1] = (a1, b2), (a2, b1)
                break
    return tuple(
        Position(table=i + 1, fixed=a, mobile=b) for i, (a, b) in enumerate(tables)
    )


def giallo_lines(
    four: tuple[int, int, int, int], last: Mapping[int, int]
) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two lines of a giallo table of four players in standings order
    (Art. 2: "cambia compagno ad ogni turno"; decision 0173): the 1st with
    the 4th against the 2nd with the 3rd; if that repeats a partnership of
    the turn before (``last``: each player's previous partner), the 1st
    with the 3rd against the 2nd with the 4th, then the 1st with the 2nd
    against the 3rd with the 4th. Two of the three never repeat one."""
    a, b, c, d = four
    options = (((a, d), (b, c)), ((a, c), (b, d)), ((a, b), (c, d)))
    for fixed, mobile in options:
        if last.get(fixed[0]) != fixed[1] and last.get(mobile[0]) != mobile[1]:
            return fixed, mobile
    return options[0]  # unreachable: two options never repeat


def giallo_positions(
    order: tuple[int, ...],
    last: Mapping[int, int],
    may_rest: Callable[[int], bool] = lambda player: True,
) -> tuple[Position, ...]:
    """A giallo turn: the players in the standings' order, four a table
    (the first four at table 1...), each table's lines by ``giallo_lines``.
    Two players left over make the incomplete table's line (Definizioni:
    "una sola coppia"): the lowest-placed player who has not rested in the
    session with the lowest-placed other one who has not and was not his
    partner in the turn before (Art. 39: a rest once a session)."""
    if len(order) % 4 not in (0, 2) or len(order) < 4:
        raise InvalidLines(
            f"a giallo seats four players a table (one table may hold a "
            f"single pair), not {len(order)} players",
            value=len(order),
            law=art(2),
        )
    resting: tuple[int, ...] = ()
    if len(order) % 4 == 2:
        first = next((p for p in reversed(order) if may_rest(p)), None)
        second = next(
            (
                p
                for p in reversed(order)
                if p != first and may_rest(p) and last.get(p) != first
            ),
            None,
        )
        if first is None or second is None:
            raise InvalidLines(
                "two players who have not rested in this session are needed "
                "at the incomplete table",
                law=art(39),
            )
        resting = (
            (second, first)
            if order.index(second) < order.index(first)
            else (
                first,
                second,
            )
        )
        order = tuple(p for p in order if p not in resting)
    out: list[Position] = []
    for i in range(0, len(order), 4):
        (f1, f2), (m1, m2) = giallo_lines(
            (order[i], order[i + 1], order[i + 2], order[i + 3]), last
        )
        out.append(
            Position(
                table=i // 4 + 1,
                fixed=f1,
                fixed_partner=f2,
                mobile=m1,
                mobile_partner=m2,
            )
        )
    if resting:
        out.append(
            Position(
                table=len(out) + 1,
                fixed=resting[0],
                fixed_partner=resting[1],
                mobile=REST,
            )
        )
    return tuple(out)


def separated_lines(
    numbers: tuple[int, ...], label: Callable[[int], str]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Fixed and mobile lines with the entries of one region, province or
    club on the same line where they fit (decision 0175): in a Mitchell two
    entries of one line never meet. The larger groups are placed first,
    each whole on the line with more room left, what does not fit on the
    other; entries without a label stand alone. Fixed gets the odd one."""
    groups: dict[str, list[int]] = {}
    for number in sorted(numbers):
        groups.setdefault(label(number) or f"#{number}", []).append(number)
    room = [(len(numbers) + 1) // 2, len(numbers) // 2]
    lines: list[list[int]] = [[], []]
    for _, members in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        first = 0 if room[0] >= room[1] else 1
        take = min(room[first], len(members))
        lines[first].extend(members[:take])
        lines[1 - first].extend(members[take:])
        room[first] -= take
        room[1 - first] -= len(members) - take
    return tuple(sorted(lines[0])), tuple(sorted(lines[1]))


def round_robin_positions(pairs: tuple[int, ...], round_: int) -> tuple[Position, ...]:
    """Return round ``round_`` (1-based) of the all'italiana calendar of
    ``pairs`` (Art. 2: each pair meets every other of its group once, on a
    calendar set beforehand), by the circle method: the first pair stays,
    the others turn one place each round; ``len(pairs) - 1`` rounds for an
    even group. The first pair alternates its line, so that no pair keeps
    the fixed line throughout."""
    n = len(pairs)
    if n % 2 or not 1 <= round_ <= n - 1:
        raise ValueError(f"round {round_} of a calendar of {n} pairs")
    rest = list(pairs[1:])
    shift = (round_ - 1) % (n - 1)
    turned = rest[-shift:] + rest[:-shift] if shift else rest
    circle = [pairs[0], *turned]
    out: list[Position] = []
    for i in range(n // 2):
        a, b = circle[i], circle[n - 1 - i]
        if i == 0 and round_ % 2 == 0:
            a, b = b, a
        out.append(Position(table=i + 1, fixed=a, mobile=b))
    return tuple(out)


def danese_with_rest(
    order: tuple[int, ...],
    may_rest: Callable[[int], bool],
    pairing: Callable[[tuple[int, ...]], tuple[Position, ...]] = danese_positions,
) -> tuple[Position, ...]:
    """A Danese turn; with an odd field the lowest-placed pair that has not
    rested in this session rests at the incomplete table, the last one
    (Art. 39: a pair rests once a session; decision 0146). ``pairing``: how
    the others are seated (an individual event's avoids the last opponent)."""
    if len(order) % 2 == 0:
        return pairing(order)
    resting = next((p for p in reversed(order) if may_rest(p)), None)
    if resting is None:
        raise InvalidLines(
            "every pair has rested in this session: none may rest again",
            law=art(39),
        )
    seated = pairing(tuple(p for p in order if p != resting))
    return (*seated, Position(table=len(seated) + 1, fixed=resting, mobile=REST))


def calendar_with_rest(pairs: tuple[int, ...], round_: int) -> tuple[Position, ...]:
    """An all'italiana round; an odd group adds the empty side of an
    incomplete table, so each pair rests once in the calendar, at the last
    table."""
    if len(pairs) % 2 == 0:
        return round_robin_positions(pairs, round_)
    seats = round_robin_positions((*pairs, REST), round_)
    rest = next(p for p in seats if REST in (p.fixed, p.mobile))
    resting = rest.mobile if rest.fixed == REST else rest.fixed
    others = [p for p in seats if p is not rest]
    return (
        *(
            Position(table=i + 1, fixed=p.fixed, mobile=p.mobile)
            for i, p in enumerate(others)
        ),
        Position(table=len(others) + 1, fixed=resting, mobile=REST),
    )
