"""Lateness at the start signal and the forfeit (Art. 39; decision 0067)."""

import pytest

from rules.burraco import (
    FORFEIT,
    AwardedScore,
    InconsistentFacts,
    InvalidSetting,
    Lateness,
    LatenessBand,
    MatchFormat,
    art,
    both_late_forfeit,
    lateness_penalty,
)

F = MatchFormat


@pytest.mark.parametrize(
    ("seconds", "band", "bonus"),
    [
        (1, LatenessBand.WARNING, 0),
        (120, LatenessBand.WARNING, 0),
        (121, LatenessBand.BONUS_150, 150),
        (300, LatenessBand.BONUS_150, 150),
        (301, LatenessBand.BONUS_200, 200),
        (600, LatenessBand.BONUS_200, 200),
    ],
)
def test_the_ladder_of_warning_and_bonuses(
    seconds: int, band: LatenessBand, bonus: int
) -> None:
    """Up to 2' a warning, to 5' +150 MP, to 10' +200 MP (Art. 39; Q5)."""
    lateness = lateness_penalty(seconds, F.FOUR_HANDS)
    assert lateness == Lateness(
        band=band,
        warning=band is LatenessBand.WARNING,
        mp_bonus=bonus,
        forfeit=None,
    )
    assert lateness.band is band
    assert lateness.warning is (band is LatenessBand.WARNING)
    assert lateness.mp_bonus == bonus
    assert lateness.forfeit is None
    assert lateness.law == art(39)


@pytest.mark.parametrize(
    ("fmt", "vp", "mp"),
    [
        (F.FOUR_HANDS, 13, 505),
        (F.THREE_HANDS, 14, 355),
        (F.TWO_HANDS, 14, 305),
        (F.TEAMS, 13, 555),
    ],
)
def test_beyond_ten_minutes_the_side_present_wins(
    fmt: MatchFormat, vp: int, mp: int
) -> None:
    """Over 10': 13-7 +505, 14-6 +355, 14-6 +305, teams 13-7 +555 (Art. 39)."""
    lateness = lateness_penalty(601, fmt)
    assert lateness == Lateness(
        band=LatenessBand.FORFEIT,
        warning=False,
        mp_bonus=0,
        forfeit=AwardedScore(vp=vp, mp=mp),
    )
    assert lateness.band is LatenessBand.FORFEIT
    assert lateness.forfeit == AwardedScore(vp=vp, mp=mp)
    assert lateness.forfeit.mirror == AwardedScore(vp=20 - vp, mp=-mp)
    assert lateness.mp_bonus == 0


def test_on_time_is_no_lateness() -> None:
    """Present at the signal: nothing to apply."""
    assert lateness_penalty(0, F.TWO_HANDS) is None


def test_the_same_bonus_for_every_format() -> None:
    """Art. 39 gives one value for the bonuses (Q21)."""
    bonuses = {fmt: lateness_penalty(400, fmt) for fmt in F}
    assert {b.mp_bonus for b in bonuses.values() if b is not None} == {200}
    assert None not in bonuses.values()


def test_both_sides_beyond_ten_minutes_both_lose() -> None:
    """Each takes 6 or 7 VP and the equivalent MP (Art. 39)."""
    assert both_late_forfeit(F.FOUR_HANDS) == AwardedScore(vp=7, mp=-505)
    assert both_late_forfeit(F.TWO_HANDS) == AwardedScore(vp=6, mp=-305)
    assert both_late_forfeit(F.THREE_HANDS) == AwardedScore(vp=6, mp=-355)
    assert both_late_forfeit(F.TEAMS) == AwardedScore(vp=7, mp=-555)


def test_forfeits_cover_every_format() -> None:
    """Art. 39 lists the four formats."""
    assert set(FORFEIT) == set(F)


def test_lateness_is_whole_seconds() -> None:
    """Lateness is a whole number of seconds, not a flag."""
    with pytest.raises(InconsistentFacts, match="is not a number of seconds"):
        lateness_penalty(True, F.TWO_HANDS)


def test_a_turn_has_two_three_or_four_hands() -> None:
    """The tables exist for 2, 3 and 4 hands (Le tabelle)."""
    assert MatchFormat.for_hands(3) is F.THREE_HANDS
    with pytest.raises(InvalidSetting, match="a turn has 2, 3 or 4 hands, not 5"):
        MatchFormat.for_hands(5)
