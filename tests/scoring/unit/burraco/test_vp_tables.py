"""The VP tables (Codice di Gara, Le tabelle; Art. 39's equivalents).

The rows below are copied from the Italian text as printed (low, high,
winner - loser); the engine builds its tables from the upper bounds, so
this is a check of both.
"""

from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.burraco import FORFEIT, MatchFormat
from rules.burraco.articles import TABLES
from scoring.burraco import (
    VP_TABLES,
    InvalidTurn,
    NotAMultipleOfFive,
    equivalent_mp,
    vp_for_difference,
)

F = MatchFormat

TEXT: dict[MatchFormat, list[tuple[int, int | None, int, int]]] = {
    F.TWO_HANDS: [
        (0, 40, 10, 10), (45, 120, 11, 9), (125, 200, 12, 8), (205, 300, 13, 7),
        (305, 400, 14, 6), (405, 500, 15, 5), (505, 620, 16, 4), (625, 740, 17, 3),
        (745, 870, 18, 2), (875, 1000, 19, 1), (1005, None, 20, 0),
    ],
    F.THREE_HANDS: [
        (0, 50, 10, 10), (55, 150, 11, 9), (155, 250, 12, 8), (255, 350, 13, 7),
        (355, 500, 14, 6), (505, 650, 15, 5), (655, 800, 16, 4), (805, 1000, 17, 3),
        (1005, 1250, 18, 2), (1255, 1500, 19, 1), (1505, None, 20, 0),
    ],
    F.FOUR_HANDS: [
        (0, 100, 10, 10), (105, 300, 11, 9), (305, 500, 12, 8), (505, 700, 13, 7),
        (705, 900, 14, 6), (905, 1100, 15, 5), (1105, 1300, 16, 4),
        (1305, 1500, 17, 3), (1505, 1700, 18, 2), (1705, 2000, 19, 1),
        (2005, None, 20, 0),
    ],
    F.TEAMS: [
        (0, 150, 10, 10), (155, 350, 11, 9), (355, 550, 12, 8), (555, 800, 13, 7),
        (805, 1050, 14, 6), (1055, 1300, 15, 5), (1305, 1600, 16, 4),
        (1605, 1900, 17, 3), (1905, 2200, 18, 2), (2205, 2500, 19, 1),
        (2505, None, 20, 0),
    ],
}  # fmt: skip


@pytest.mark.parametrize("fmt", list(F))
def test_the_tables_are_the_texts(fmt: MatchFormat) -> None:
    """Each row as printed on the score sheet (Le tabelle)."""
    rows = [(b.low, b.high, b.winner, b.loser) for b in VP_TABLES[fmt]]
    assert rows == TEXT[fmt]


@pytest.mark.parametrize("fmt", list(F))
def test_every_row_sums_to_twenty(fmt: MatchFormat) -> None:
    """The two sides' VP always sum to 20 in the text's rows."""
    assert {winner + loser for _, _, winner, loser in TEXT[fmt]} == {20}


@pytest.mark.parametrize("fmt", list(F))
def test_rows_are_contiguous_in_steps_of_five(fmt: MatchFormat) -> None:
    """Each row starts 5 above the last one's end: every multiple of 5 has a row."""
    for before, after in pairwise(VP_TABLES[fmt]):
        assert before.high is not None
        assert after.low == before.high + 5
        assert after.winner == before.winner + 1


@pytest.mark.parametrize(
    ("fmt", "difference", "vp"),
    [
        (F.FOUR_HANDS, 0, (10, 10)),
        (F.FOUR_HANDS, 100, (10, 10)),
        (F.FOUR_HANDS, 105, (11, 9)),
        (F.FOUR_HANDS, 350, (12, 8)),
        (F.FOUR_HANDS, -350, (8, 12)),
        (F.FOUR_HANDS, 2000, (19, 1)),
        (F.FOUR_HANDS, 2005, (20, 0)),
        (F.FOUR_HANDS, -9000, (0, 20)),
        (F.TWO_HANDS, 40, (10, 10)),
        (F.TWO_HANDS, 45, (11, 9)),
        (F.TWO_HANDS, 1005, (20, 0)),
        (F.THREE_HANDS, 500, (14, 6)),
        (F.THREE_HANDS, 505, (15, 5)),
        (F.TEAMS, -555, (7, 13)),
        (F.TEAMS, 2505, (20, 0)),
    ],
)
def test_lookups(fmt: MatchFormat, difference: int, vp: tuple[int, int]) -> None:
    """The first row whose upper bound reaches the margin; beyond the last, 20-0."""
    assert vp_for_difference(difference, fmt) == vp


@pytest.mark.parametrize("difference", [42, -3, 1001])
def test_a_difference_not_a_multiple_of_five_is_refused(difference: int) -> None:
    """It falls between two rows of the tables (Le tabelle)."""
    with pytest.raises(NotAMultipleOfFive, match="is not a multiple of 5") as refused:
        vp_for_difference(difference, F.FOUR_HANDS)
    assert refused.value.code == "not_a_multiple_of_five"
    assert refused.value.law == TABLES
    assert refused.value.as_dict()["law"] == "Codice di Gara, Le tabelle"


@pytest.mark.parametrize("fmt", list(F))
def test_the_forfeit_equivalents_are_the_rows_lower_bounds(fmt: MatchFormat) -> None:
    """Art. 39's 14/305, 14/355, 13/505, 13/555 are the rows' lower bounds."""
    forfeit = FORFEIT[fmt]
    assert vp_for_difference(forfeit.mp, fmt) == (forfeit.vp, 20 - forfeit.vp)
    assert vp_for_difference(forfeit.mp - 5, fmt)[0] == forfeit.vp - 1
    assert equivalent_mp(forfeit.vp, fmt) == forfeit.mp
    assert equivalent_mp(20 - forfeit.vp, fmt) == -forfeit.mp


def test_equivalent_mp_of_a_draw_and_of_the_extremes() -> None:
    """10 VP is 0 MP; 20 and 0 VP are the top row's bound (decision 0069)."""
    assert equivalent_mp(10, F.FOUR_HANDS) == 0
    assert equivalent_mp(20, F.FOUR_HANDS) == 2005
    assert equivalent_mp(0, F.FOUR_HANDS) == -2005
    assert equivalent_mp(7, F.FOUR_HANDS) == -505
    with pytest.raises(InvalidTurn, match="21 is not a VP score"):
        equivalent_mp(21, F.FOUR_HANDS)


@given(
    fmt=st.sampled_from(list(F)),
    difference=st.integers(min_value=-1000, max_value=1000).map(lambda n: 5 * n),
)
def test_vp_always_sum_to_twenty(fmt: MatchFormat, difference: int) -> None:
    """Every multiple of 5 has a row, and the VP sum to 20 (Le tabelle)."""
    mine, theirs = vp_for_difference(difference, fmt)
    assert mine + theirs == 20
    assert (mine, theirs) == vp_for_difference(-difference, fmt)[::-1]
    assert (mine > theirs) is (mine > 10)


@given(
    fmt=st.sampled_from(list(F)),
    a=st.integers(min_value=-700, max_value=700).map(lambda n: 5 * n),
    b=st.integers(min_value=-700, max_value=700).map(lambda n: 5 * n),
)
def test_the_tables_are_monotone(fmt: MatchFormat, a: int, b: int) -> None:
    """A larger difference never earns fewer VP."""
    low, high = sorted((a, b))
    assert vp_for_difference(low, fmt)[0] <= vp_for_difference(high, fmt)[0]


@given(fmt=st.sampled_from(list(F)), vp=st.integers(min_value=0, max_value=20))
def test_equivalent_mp_gives_back_its_vp(fmt: MatchFormat, vp: int) -> None:
    """The MP equivalent of a VP award looks up to that award (decision 0069)."""
    mp = equivalent_mp(vp, fmt)
    assert mp % 5 == 0
    assert vp_for_difference(mp, fmt)[0] == vp
