"""Awarded results: lost sheet, annulled correction, misconduct, the 800-MP rule.

Codice di Gara Arts. 19, 20, 38; I poteri dell'arbitro (g); decision 0069.
"""

import pytest

from rules.burraco import AwardedScore, HandEnding, MatchFormat, art
from rules.burraco.articles import powers
from scoring.burraco import (
    HandScore,
    MonitoringReading,
    SideScore,
    annulled_correction,
    lost_score_sheet,
    misconduct_suspension,
    monitoring_threshold_reached,
    score_turn,
    unreported_threshold,
)

F = MatchFormat


def _hand(ns: int, ew: int) -> HandScore:
    return HandScore(HandEnding.CLOSED, SideScore(0, ns), SideScore(0, ew))


def test_a_lost_score_sheet_is_seven_all() -> None:
    """7-7, with 7 VP's MP equivalent each (Art. 19; Q3)."""
    award = lost_score_sheet(F.FOUR_HANDS)
    assert award.ns == award.ew == AwardedScore(vp=7, mp=-505)
    assert award.law == art(19)
    assert lost_score_sheet(F.TWO_HANDS).ns == AwardedScore(vp=7, mp=-205)


def test_an_annulled_correction_is_seven_all() -> None:
    """The director may annul with 7-7 (Art. 20)."""
    award = annulled_correction(F.THREE_HANDS)
    assert award.ns == AwardedScore(vp=7, mp=-255)
    assert award.law == art(20)


@pytest.mark.parametrize(("fmt", "mp"), [(F.FOUR_HANDS, -505), (F.TEAMS, -555)])
def test_misconduct_of_both_sides(fmt: MatchFormat, mp: int) -> None:
    """7 VP and -505 MP each; -555 in a team match (Art. 38; Q28)."""
    award = misconduct_suspension(fmt)
    assert award.ns == award.ew == AwardedScore(vp=7, mp=mp)
    assert award.law == art(38)


@pytest.mark.parametrize(
    ("difference", "awarded"),
    [
        (2100, (7, 0)),
        (1800, (7, 1)),
        (1600, (7, 2)),
        (1400, (7, 3)),
        (1200, (7, 4)),
        (1000, (7, 5)),
        (800, (7, 6)),
        (600, (7, 7)),
        (400, (7, 7)),
        (200, (7, 7)),
        (0, (7, 7)),
        (-1600, (2, 7)),
    ],
)
def test_the_800_rule_caps_each_side_at_seven(
    difference: int, awarded: tuple[int, int]
) -> None:
    """20-0 becomes 7-0 ... 13-7 down to 10-10 become 7-7 (Poteri g)."""
    turn = score_turn([_hand(max(difference, 0), max(-difference, 0))], F.FOUR_HANDS)
    award = unreported_threshold(turn)
    assert (award.ns.vp, award.ew.vp) == awarded
    assert award.law == powers("g")


def test_800_reached_during_the_turn_counts_by_default() -> None:
    """Reached after the second hand, back to 600 at the end (Q15)."""
    turn = score_turn(
        [_hand(500, 100), _hand(500, 100), _hand(0, 200), _hand(100, 100)],
        F.FOUR_HANDS,
    )
    assert turn.running_differences == (400, 800, 600, 600)
    assert monitoring_threshold_reached(turn) is True
    assert monitoring_threshold_reached(turn, reading=MonitoringReading.FINAL) is False


def test_below_800_all_along() -> None:
    """A table never at 800 has nothing to report (Poteri g)."""
    turn = score_turn([_hand(400, 0), _hand(395, 0)], F.FOUR_HANDS)
    assert monitoring_threshold_reached(turn) is False
    assert monitoring_threshold_reached(turn, threshold=795) is True
