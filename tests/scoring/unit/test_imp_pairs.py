"""IMP pairs, one board (Law 78D, Law 12C2(b)): figures worked by hand."""

from fractions import Fraction

from scoring.bridge.adjusted import Artificial
from scoring.bridge.imp_pairs import imp_board


def test_butler_scores_each_line_against_the_datum_without_the_extremes() -> None:
    # Datum: drop 450 and -50, mean of 420 and 400 = 410. Against it:
    # +10 = 0 IMPs, +40 = 1 IMP, -10 = 0 IMPs, -460 = -10 IMPs (430-490).
    lines = imp_board([420, 450, 400, -50], cross=False)
    assert lines == [
        (Fraction(0), Fraction(0)),
        (Fraction(1), Fraction(-1)),
        (Fraction(0), Fraction(0)),
        (Fraction(-10), Fraction(10)),
    ]


def test_cross_imps_average_every_comparison() -> None:
    # 420 against 450 (-30: -1 IMP) and 100 (+320: +8): 7/2.
    # 450 against 420 (+1) and 100 (+350: +8): 9/2. 100: (-8 - 8)/2 = -8.
    lines = imp_board([420, 450, 100], cross=True)
    assert [ns for ns, _ in lines] == [Fraction(7, 2), Fraction(9, 2), Fraction(-8)]


def test_an_artificial_score_is_three_imps_and_stays_out_of_the_field() -> None:
    # Law 12C2(b): average plus +3, average minus -3; the datum is 420's alone.
    lines = imp_board([420, Artificial.of(60, 40)], cross=False)
    assert lines == [(Fraction(0), Fraction(0)), (Fraction(3), Fraction(-3))]
