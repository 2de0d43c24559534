"""Art. 2's alphabetical and category orders of the first turn (decision 0186)."""

from __future__ import annotations

import pytest

from burraco import domain as b
from burraco.domain.errors import InvalidLines
from burraco.domain.formation import alphabetical, by_category
from tests.burraco.unit.test_individual_giallo_and_categories import T0, opened


def test_alphabetical_wraps_round_from_the_letter_and_puts_the_unnamed_last() -> None:
    names = {1: "Verdi Ada", 2: "bianchi Ugo", 3: "Rossi Ada", 4: "Conti Ada"}
    assert alphabetical((1, 2, 3, 4, 5), names) == (2, 4, 3, 1, 5)
    assert alphabetical((1, 2, 3, 4, 5), names, "c") == (4, 3, 1, 2, 5)
    # No name from Z on: the list starts from the top again.
    assert alphabetical((1, 2, 3, 4), names, "Z") == (2, 4, 3, 1)
    with pytest.raises(InvalidLines):
        alphabetical((1, 2), names, "CL")


def test_by_category_the_directors_order_then_the_number() -> None:
    origins = {
        n: b.Origin(entry=n, category=c)
        for n, c in ((1, "2a"), (2, "1A"), (3, ""), (4, "1a"), (5, "NC"))
    }
    assert by_category((1, 2, 3, 4, 5), origins, ("1a", "2a")) == (2, 4, 1, 3, 5)


def test_a_giallo_by_category_spreads_the_first_four_over_one_table() -> None:
    state = opened(form=b.EntryForm.GIALLO, turns=2)
    origins = tuple(
        b.Origin(entry=n, category="A" if n > 4 else "B") for n in range(1, 9)
    )
    events = b.decide(
        state,
        b.RecordOrigins(origins=origins),
        T0,
        entries=range(1, 9),
    )
    for event in events:
        state = b.evolve(state, event)
    [formed] = b.decide(
        state,
        b.FormLines(by_category=("A", "B")),
        T0,
        entries=range(1, 9),
    )
    assert isinstance(formed, b.LinesFormed)
    # The order 5 6 7 8 | 1 2 3 4: 5 with 8 against 6 with 7, then 1-4, 2-3.
    assert (formed.fixed, formed.mobile) == ((5, 8, 1, 4), (6, 7, 2, 3))
