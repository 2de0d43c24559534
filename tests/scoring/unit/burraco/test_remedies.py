"""The Code's figures for the director's remedies (pure).

Codice di Gara, April 2024: Art. 20 (an altered sheet annulled, "7 a 7"),
Art. 38 (a quarrel: the guilty pair 0, the innocent "13 V.P. e 505 M.P."
unless it had already scored more; the misconduct of both pairs "7 V.P. -
505 M.P."; both pairs abandon, "0"); decisions 0069, 0146, 0217.
"""

from __future__ import annotations

import pytest

from rules.burraco import AwardedScore, MatchFormat, art
from scoring.burraco import (
    annulled_correction,
    both_abandoned,
    misconduct_suspension,
    quarrel_abandonment,
)

F = MatchFormat


def test_art_20_an_altered_sheet_annulled_is_seven_all_with_four_hands() -> None:
    """Art. 20: "il punteggio di 7 a 7"; the MP the table makes equivalent
    (-505 with four hands, decision 0069)."""
    award = annulled_correction(F.FOUR_HANDS)
    assert (award.ns, award.ew) == (AwardedScore(7, -505), AwardedScore(7, -505))
    assert award.law == art(20)


def test_art_38_quarrel_the_guilty_pair_zero_the_innocent_13_and_505() -> None:
    """Art. 38: "perderanno la partita a 0"; "13 V.P. e 505 M.P." (4 hands)."""
    award = quarrel_abandonment(F.FOUR_HANDS)
    assert award.innocent == AwardedScore(vp=13, mp=505)
    assert award.guilty == AwardedScore(vp=0, mp=-505)
    assert award.kept_own is False
    assert award.law == art(38)


@pytest.mark.parametrize(
    ("fmt", "innocent"),
    [
        (F.TWO_HANDS, AwardedScore(14, 305)),
        (F.THREE_HANDS, AwardedScore(14, 355)),
        (F.TEAMS, AwardedScore(13, 555)),
    ],
)
def test_art_38_quarrel_in_other_formats_takes_art_39s_win(
    fmt: MatchFormat, innocent: AwardedScore
) -> None:
    """Art. 38 gives the four-hand figure only; the others are Art. 39's
    (digest Q4; decision 0146)."""
    award = quarrel_abandonment(fmt)
    assert award.innocent == innocent
    assert award.guilty == AwardedScore(vp=0, mp=-innocent.mp)


def test_art_38_quarrel_the_innocent_keeps_the_more_it_had_scored() -> None:
    """Art. 38: "escluso il caso in cui ... ha già acquisito un punteggio
    superiore": 16 VP and +900 MP so far stand, the guilty pair 0 and -900."""
    award = quarrel_abandonment(F.FOUR_HANDS, AwardedScore(vp=16, mp=900))
    assert award.innocent == AwardedScore(vp=16, mp=900)
    assert award.guilty == AwardedScore(vp=0, mp=-900)
    assert award.kept_own is True


@pytest.mark.parametrize(
    "so_far",
    [AwardedScore(vp=12, mp=460), AwardedScore(vp=13, mp=505), AwardedScore(4, -1200)],
)
def test_art_38_quarrel_less_or_equal_so_far_gives_the_codes_award(
    so_far: AwardedScore,
) -> None:
    """Art. 38: only a higher score so far displaces 13 VP and 505 MP."""
    award = quarrel_abandonment(F.FOUR_HANDS, so_far)
    assert (award.innocent, award.kept_own) == (AwardedScore(13, 505), False)


def test_art_38_quarrel_the_same_vp_with_more_mp_is_more() -> None:
    """Decision 0217: 13 VP with +600 MP is more than 13 VP with +505."""
    award = quarrel_abandonment(F.FOUR_HANDS, AwardedScore(vp=13, mp=600))
    assert (award.innocent, award.guilty) == (
        AwardedScore(13, 600),
        AwardedScore(0, -600),
    )


def test_art_38_misconduct_of_both_pairs_is_7_and_minus_505_each() -> None:
    """Art. 38: "7 V.P. - 505 M.P. (su turni da quattro smazzate)"."""
    award = misconduct_suspension(F.FOUR_HANDS)
    assert (award.ns, award.ew) == (AwardedScore(7, -505), AwardedScore(7, -505))
    assert award.law == art(38)


@pytest.mark.parametrize("fmt", list(F))
def test_art_38_both_pairs_abandon_score_zero_each(fmt: MatchFormat) -> None:
    """Art. 38: "il punteggio loro attribuito sarà 0", in every format."""
    award = both_abandoned(fmt)
    assert (award.ns, award.ew) == (AwardedScore(0, 0), AwardedScore(0, 0))
    assert award.law == art(38)
