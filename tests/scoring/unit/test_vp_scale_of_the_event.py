"""The VP scale the event adopts, for every conversion (Law 78D; FIGB N-L78
§1; N-L8 §3, decision 0218).

``SCALE_25`` is a 25-0 table for 16-board matches as an organizer loads it
(the published WBF tables are not in our sources): 15-15 for a draw (N-L78
§1 with N-L5: 20% of the draw is 3 VP), the winner's VPs rising to 25-5 and
then the loser's alone falling to 25-0.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.bridge.errors import InvalidVictoryPointScale
from scoring.bridge.vp import min_margin_for_vp, wbf_vp_with_imp_penalties
from scoring.bridge.vp_scales import WBF_20, VpBand, VpScale, VpScaleKind, VpTable
from tournaments.domain.conduct import knockout_imps

ROWS_16 = (
    (0, 15, 15),
    (3, 16, 14),
    (8, 17, 13),
    (12, 18, 12),
    (17, 19, 11),
    (22, 20, 10),
    (27, 21, 9),
    (32, 22, 8),
    (37, 23, 7),
    (43, 24, 6),
    (50, 25, 5),
    (59, 25, 4),
    (69, 25, 3),
    (80, 25, 2),
    (94, 25, 1),
    (110, 25, 0),
)


def table(boards: int, rows: tuple[tuple[int, int, int], ...]) -> VpTable:
    return VpTable(
        boards=boards,
        bands=tuple(VpBand(margin=m, winner=w, loser=lo) for m, w, lo in rows),
    )


SCALE_25 = VpScale(
    kind=VpScaleKind.TABLES, name="25-0", tables=(table(16, ROWS_16),)
).check()


def test_a_drawn_match_is_15_all_on_the_25_scale_and_10_all_on_the_wbf() -> None:
    """N-L78 §1 with N-L5: 20% of a 25-0 draw is 3 VP, so the draw is 15."""
    assert (SCALE_25.draw, WBF_20.draw) == (15, 10)
    assert SCALE_25.with_imp_penalties(20, 18, 16) == (15, 15)  # 2 IMPs: a draw


def test_a_match_is_converted_on_the_events_table() -> None:
    """Law 78D: the event's table, winner and loser each by the band."""
    assert SCALE_25.with_imp_penalties(45, 15, 16) == (21, 9)  # 30 IMPs
    assert SCALE_25.with_imp_penalties(75, 15, 16) == (25, 4)  # 60 IMPs
    assert SCALE_25.with_imp_penalties(Fraction(5, 2), 0, 16) == (16, 14)  # 2.5 -> 3


def test_an_imp_penalty_moves_only_the_penalised_teams_vps() -> None:
    """FIGB §2.1 rule 2 (N-L87 §6b): a 3-IMP penalty on the team 60 up is
    scored from its own 57 (25-5); its opponent keeps 4 from the 60."""
    assert SCALE_25.with_imp_penalties(75, 15, 16, penalty_a=3) == (25, 4)
    assert SCALE_25.with_imp_penalties(65, 15, 16, penalty_a=3) == (24, 5)


@pytest.mark.parametrize(
    ("vp", "imps"), [(0, 0), (1, 3), (2, 8), (3, 12), (4, 17), (5, 22)]
)
def test_knockout_lateness_is_the_fewest_imps_worth_its_vps_over_a_draw(
    vp: int, imps: int
) -> None:
    """N-L8 §3: "5,01 a 10 minuti = 1 V.P. (o numero di M.P. minimi necessari
    per ottenere i suddetti V.P. secondo la scala 25-0 adottata per quella
    determinata gara)": 16, 17, ... 20 VP on the event's 25-0 table."""
    assert knockout_imps(vp, 16, SCALE_25) == imps
    assert SCALE_25.least_margin_over_draw(vp, 16) == imps


def test_on_the_wbf_scale_the_conversions_are_as_before() -> None:
    """Decision 0024: the WBF 20-VP continuous scale stays the default."""
    assert WBF_20.with_imp_penalties(40, 12, 16, penalty_b=2) == (
        wbf_vp_with_imp_penalties(40, 12, 16, penalty_b=2)
    )
    assert knockout_imps(2, 16) == min_margin_for_vp(12, 16)


@pytest.mark.parametrize(
    ("rows", "message"),
    [
        (((1, 15, 15), (3, 16, 14)), "the 16-board table starts with a draw at 0 IMPs"),
        (((0, 15, 14), (3, 16, 14)), "the 16-board table starts with a draw at 0 IMPs"),
        (
            ((0, 15, 15), (3, 16, 14), (2, 17, 13)),
            "the 16-board table's bands rise in margin and in the winner's VPs "
            "(the loser's fall)",
        ),
        (((0, 15, 15),), "a table names a match length and 2 to 80 bands"),
    ],
)
def test_a_table_that_is_not_a_vp_table_is_refused(
    rows: tuple[tuple[int, int, int], ...], message: str
) -> None:
    """Law 78D: a scale is checked when the event names it."""
    with pytest.raises(InvalidVictoryPointScale) as refused:
        VpScale(kind=VpScaleKind.TABLES, tables=(table(16, rows),)).check()
    assert (refused.value.code, refused.value.message) == (
        "invalid_victory_point_scale",
        message,
    )


def test_a_match_length_without_a_table_is_refused_naming_law_78d() -> None:
    with pytest.raises(InvalidVictoryPointScale) as refused:
        SCALE_25.vp(10, 12)
    assert refused.value.message == (
        "the event's 25-0 scale has no table for a match of 12 boards"
    )
    assert str(refused.value.law) == "Law 78D"


def test_the_scale_reads_back_from_its_json() -> None:
    data = {
        "kind": "tables",
        "name": "25-0",
        "tables": [
            {
                "boards": 16,
                "bands": [
                    {"margin": m, "winner": w, "loser": lo} for m, w, lo in ROWS_16
                ],
            }
        ],
    }
    assert VpScale.from_json(data) == SCALE_25
