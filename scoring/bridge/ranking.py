"""Ranks with ties ("1224" standard competition ranking).

Law 78 leaves the ranking to the conditions of contest (Law 78D); equal exact
scores share a place and are flagged as tied (FIGB N-L78 §4: by default tied
contestants share the prizes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple, TypeVar

__all__ = ["Placing", "rank"]

T = TypeVar("T")


class Placing(NamedTuple):
    """A place in a ranking: ``rank`` is shared by ``tied`` contestants."""

    rank: int
    tied: bool


def rank(
    values: Sequence[T], *, key: Callable[[T], Any] | None = None
) -> list[Placing]:
    """Return each value's placing, higher keys first, aligned with the input.

    Equal keys share the better rank and the next rank skips ("1, 2, 2, 4").
    Keys are compared exactly: no rounding happens before ranking (decision 0020).
    """
    keys: list[Any] = [v if key is None else key(v) for v in values]
    order = sorted(range(len(keys)), key=keys.__getitem__, reverse=True)
    out: list[Placing | None] = [None] * len(keys)
    i = 0
    while i < len(order):
        j = i + 1
        while j < len(order) and keys[order[j]] == keys[order[i]]:
            j += 1
        placing = Placing(rank=i + 1, tied=j - i > 1)
        for k in order[i:j]:
            out[k] = placing
        i = j
    return [p for p in out if p is not None]
