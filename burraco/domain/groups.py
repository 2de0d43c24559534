"""The split of the single group into merit groups A, B, ... (decision 0145).

F.I.Bur. Codice di Gara, April 2024 edition: Art. 20 (the standings before
the split are checked for 10 minutes, then final, and the split proceeds),
I poteri dell'arbitro (g) ("turni danesi a gironi di merito"). The code
fixes neither the number nor the sizes of the groups, nor how they rank
against each other (digest §10): the director sets the sizes (by default
the tables shared evenly, the upper groups taking any table left over);
the best pairs go to group A; the final ranking is group A, then B.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from burraco.domain.errors import InvalidLines
from burraco.domain.movement import (
    calendar_with_rest,
    danese_positions,
    danese_with_rest,
)
from burraco.domain.values import Position
from rules.burraco.articles import art

__all__ = ["MAX_GROUPS", "even_sizes", "form_groups", "group_positions", "letter"]

MAX_GROUPS = 26


def letter(index: int) -> str:
    return chr(ord("A") + index)


def even_sizes(pairs: int, groups: int) -> tuple[int, ...]:
    """Pairs per group with the tables shared evenly, A first; an odd field's
    incomplete table goes to the last group."""
    tables, odd = divmod(pairs, 2)
    base, extra = divmod(tables, groups)
    sizes = [2 * (base + (1 if i < extra else 0)) for i in range(groups)]
    sizes[-1] += odd
    return tuple(sizes)


def form_groups(
    order: tuple[int, ...], sizes: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    """Cut the standings' order (best first) into groups of ``sizes``."""
    if sum(sizes) != len(order):
        raise InvalidLines(
            f"the groups hold {sum(sizes)} pairs, the field {len(order)}",
            field="sizes",
            value=sum(sizes),
            law=art(20),
        )
    if any(size < 2 for size in sizes) or not 2 <= len(sizes) <= MAX_GROUPS:
        raise InvalidLines(
            f"2 to {MAX_GROUPS} groups of at least 2 pairs each",
            field="sizes",
            value=len(sizes),
            law=art(20),
        )
    out: list[tuple[int, ...]] = []
    start = 0
    for size in sizes:
        out.append(order[start : start + size])
        start += size
    return tuple(out)


def group_positions(
    order: tuple[int, ...],
    groups: tuple[tuple[int, ...], ...],
    *,
    round_: int | None = None,
    may_rest: Callable[[int], bool] = lambda pair: True,
    pairing: Callable[[tuple[int, ...]], tuple[Position, ...]] = danese_positions,
) -> tuple[Position, ...]:
    """A Danese turn within each group (Poteri g): the standings' order
    restricted to the group, 1st against 2nd...; or with ``round_`` that
    round of each group's all'italiana calendar (Art. 2), the group as
    formed. Tables numbered on, group A's first."""
    rank = {pair: i for i, pair in enumerate(order)}
    out: list[Position] = []
    for members in groups:
        if round_ is None:
            ranked = tuple(sorted(members, key=rank.__getitem__))
            turn = danese_with_rest(ranked, may_rest, pairing)
        else:
            turn = calendar_with_rest(members, round_)
        offset = len(out)
        out.extend(replace(p, table=p.table + offset) for p in turn)
    return tuple(out)
