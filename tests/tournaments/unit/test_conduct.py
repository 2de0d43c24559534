"""FIGB's norm to Law 8: playing time, lateness and slow play (N-L8 §1-§3)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.bridge.vp import wbf_vp
from tournaments.domain.conduct import (
    LatenessReading,
    Verdict,
    knockout_imps,
    lateness_verdict,
    playing_time,
    slow_play_verdict,
)

LITERAL = LatenessReading.WARNING_AND_LADDER


@pytest.mark.parametrize(
    ("boards", "minutes"),
    [
        (10, 90),
        (12, 105),
        (14, 120),
        (16, 135),
        (18, 150),
        (20, 165),
        (22, 180),
        (24, 195),
    ],
)
def test_the_norms_table_of_playing_times(boards: int, minutes: int) -> None:
    """N-L8 §1: "Per 10 board ... 1 ora e 30 minuti" up to "24 ... 3 ore e 15"."""
    time = playing_time(boards)
    assert (time.minutes, time.from_table) == (minutes, True)
    assert playing_time(boards, screens=True).minutes == minutes + 5


def test_counts_outside_the_table_take_its_formula_rounded_up() -> None:
    """15 minutes plus 7.5 a board fits the table exactly; 11 boards give
    15 + 82.5, rounded up to 98; 3 boards 15 + 22.5 -> 38; at 10 boards an
    hour 12 boards are 15 + 72 = 87 (the table is for 8 an hour)."""
    assert playing_time(11).minutes == 98
    assert playing_time(3).minutes == 38
    assert playing_time(3, screens=True).minutes == 43
    twelve = playing_time(12, boards_per_hour=10)
    assert (twelve.minutes, twelve.from_table) == (87, False)
    with pytest.raises(ValueError, match="at least one board"):
        playing_time(0)


@pytest.mark.parametrize(
    ("late", "warnings", "vp", "forfeit"),
    [
        ("0", 0, 0, False),
        ("0.5", 1, 0, False),
        ("5", 1, 0, False),
        ("5.01", 0, 1, False),
        ("10", 0, 1, False),
        ("10.01", 0, 2, False),
        ("15", 0, 2, False),
        ("15.01", 0, 3, False),
        ("20", 0, 3, False),
        ("20.01", 0, 4, False),
        ("25.01", 0, 5, False),
        ("30", 0, 5, False),
        ("30.01", 0, 0, True),
        ("95", 0, 0, True),
    ],
)
def test_the_lateness_ladder(late: str, warnings: int, vp: int, forfeit: bool) -> None:
    """N-L8 §3: a warning within 5 minutes; "da 5,01 a 10 minuti = 1 V.P."
    ... "da 25,01 a 30 minuti = 5 V.P."; over 30 minutes, forfeit."""
    verdict = lateness_verdict(Decimal(late))
    assert (verdict.warnings, verdict.vp, verdict.forfeit) == (warnings, vp, forfeit)
    assert str(verdict.norm) == "Norme integrative FIGB Art. N-L8 §3"


def test_the_literal_reading_warns_past_the_grace_and_takes_the_ladder() -> None:
    """N-L8 §3 read as "not ready within 5 minutes incurs the warning": the
    first 5 minutes pass, a later team is warned and loses the ladder's VPs."""
    assert lateness_verdict(Decimal(4), reading=LITERAL) == Verdict(
        explanation="within the 5 minutes of grace"
    )
    verdict = lateness_verdict(Decimal("12.5"), reading=LITERAL)
    assert (verdict.warnings, verdict.vp) == (1, 2)
    assert lateness_verdict(Decimal(31), reading=LITERAL).forfeit is True


def test_a_knockout_ladder_in_imps_is_the_least_margin_worth_the_vps() -> None:
    """N-L8 §3 "in M.P. ... necessari per ottenere i suddetti V.P.": on the
    WBF 20-VP scale a 16-board match's draw is 10; X = 15 * sqrt(16) = 60.
    1 VP: 3 IMPs give 10.91, 4 give 11.20, so 4 IMPs."""
    assert knockout_imps(1, 16) == 4
    assert wbf_vp(3, 16) < 11 <= wbf_vp(4, 16)
    for vp in range(1, 6):
        imps = knockout_imps(vp, 16)
        assert wbf_vp(imps - 1, 16) < 10 + vp <= wbf_vp(imps, 16)
    assert knockout_imps(0, 16) == 0


def test_slow_play_a_warning_then_a_vp_each_time() -> None:
    """N-L8 §2: "per la prima infrazione ... un'ammonizione"; a later one by
    the same team, even in a later match, 1 V.P."""
    assert (slow_play_verdict(0).warnings, slow_play_verdict(0).vp) == (1, 0)
    assert (slow_play_verdict(1).warnings, slow_play_verdict(1).vp) == (0, 1)
    assert (slow_play_verdict(4).warnings, slow_play_verdict(4).vp) == (0, 1)
    assert str(slow_play_verdict(0).norm) == "Norme integrative FIGB Art. N-L8 §2"
