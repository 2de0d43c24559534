"""The Mitchell, Danese and all'italiana movements of burraco turns (Art. 2;
Definizioni).

The fixed line of a table stays there; the mobile lines move one table up
each turn (the last table's to table 1), so that on ``n`` tables ``n`` turns
meet no pair twice. The code sets no step or skip (digest §3): this is the
plain one-table step, decision 0122.
"""

from __future__ import annotations

from collections.abc import Callable

from burraco.domain.errors import InvalidLines
from burraco.domain.values import REST, Position
from rules.burraco.articles import art

__all__ = [
    "calendar_with_rest",
    "danese_positions",
    "danese_with_rest",
    "mitchell_positions",
    "round_robin_positions",
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
    order: tuple[int, ...], may_rest: Callable[[int], bool]
) -> tuple[Position, ...]:
    """A Danese turn; with an odd field the lowest-placed pair that has not
    rested in this session rests at the incomplete table, the last one
    (Art. 39: a pair rests once a session; decision 0146)."""
    if len(order) % 2 == 0:
        return danese_positions(order)
    resting = next((p for p in reversed(order) if may_rest(p)), None)
    if resting is None:
        raise InvalidLines(
            "every pair has rested in this session: none may rest again",
            law=art(39),
        )
    seated = danese_positions(tuple(p for p in order if p != resting))
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
