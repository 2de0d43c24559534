"""The first turn's order of entries, alphabetical or by category (Art. 2;
decision 0186).

F.I.Bur. Codice di Gara, April 2024 edition, Art. 2: the first turn's tables
may be formed "in ordine alfabetico (es. fissi dalla C - mobili dalla L)" or
"per categorie", among other methods. Both give an order of the entries; the
lines are then cut from it as registration order is (the first half fixed,
the rest mobile; a giallo's tables four by four).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from burraco.domain.errors import InvalidLines
from burraco.domain.values import Origin
from rules.burraco.articles import art

__all__ = ["alphabetical", "by_category"]


def alphabetical(
    numbers: Sequence[int], names: Mapping[int, str], from_letter: str = ""
) -> tuple[int, ...]:
    """The entries by their players' names (case and accents as written,
    compared without case), then by number; an entry without a name last.
    ``from_letter``: the list starts at the first name from that letter and
    wraps round, as "fissi dalla C" reads."""
    letter = from_letter.strip().upper()
    if letter and (len(letter) != 1 or not "A" <= letter <= "Z"):
        raise InvalidLines(
            f"the alphabetical order starts from a letter A-Z, not {from_letter!r}",
            field="from_letter",
            value=from_letter,
            law=art(2),
        )
    named = sorted(
        (n for n in numbers if names.get(n, "").strip()),
        key=lambda n: (names[n].strip().casefold(), n),
    )
    if letter:
        start = next(
            (i for i, n in enumerate(named) if names[n].strip().upper() >= letter),
            len(named),
        )
        named = named[start:] + named[:start]
    unnamed = sorted(n for n in numbers if not names.get(n, "").strip())
    return (*named, *unnamed)


def by_category(
    numbers: Sequence[int],
    origins: Mapping[int, Origin],
    categories: Sequence[str],
) -> tuple[int, ...]:
    """The entries by their category in the director's order (highest
    first), then by number; an entry of no listed category last."""
    order = [c.strip().casefold() for c in categories]
    if len(set(order)) != len(order) or not all(order):
        raise InvalidLines(
            "the categories are listed once each, highest first",
            field="by_category",
            law=art(2),
        )

    def rank(number: int) -> tuple[int, int]:
        origin = origins.get(number)
        category = "" if origin is None else origin.category.strip().casefold()
        return (order.index(category) if category in order else len(order), number)

    return tuple(sorted(numbers, key=rank))
