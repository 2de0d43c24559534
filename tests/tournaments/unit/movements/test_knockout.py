"""Knockout brackets: seeding, byes, carry-over, ties (FIGB N-L78 §2c, §5b)."""

from collections.abc import Callable
from fractions import Fraction

import pytest

from rules.errors import ArticleRef
from tournaments.domain.movements import (
    Bracket,
    KnockoutError,
    MatchTied,
    carry_over_from_margin,
    extra_boards_for_tie,
    seed_bracket,
)


def _first_stage(bracket: Bracket) -> list[tuple[int | None, int | None]]:
    return [(m.home, m.away) for m in bracket.stage_matches(1)]


def test_eight_seeds_meet_one_eight_four_five_two_seven_three_six() -> None:
    """Seed s meets 9 - s; seeds 1 and 2 are in opposite halves."""
    bracket = seed_bracket([1, 2, 3, 4, 5, 6, 7, 8])

    assert bracket.stages == 3
    assert _first_stage(bracket) == [(1, 8), (4, 5), (2, 7), (3, 6)]


def test_byes_fall_to_the_top_seeds() -> None:
    """Six teams in an eight bracket: seeds 1 and 2 go straight to stage 2."""
    bracket = seed_bracket([11, 12, 13, 14, 15, 16])

    first = bracket.stage_matches(1)
    assert [(m.home, m.away, m.bye) for m in first] == [
        (11, None, True),
        (14, 15, False),
        (12, None, True),
        (13, 16, False),
    ]
    assert [(m.home, m.away) for m in bracket.stage_matches(2)] == [
        (11, None),
        (12, None),
    ]


def test_winner_moves_on_and_the_final_crowns_a_champion() -> None:
    """One IMP is enough to win (N-L78 §2c)."""
    bracket = seed_bracket([1, 2, 3, 4])
    bracket = bracket.with_result(1, 1, home_score=40, away_score=39, valid_boards=32)
    bracket = bracket.with_result(1, 2, home_score=10, away_score=55, valid_boards=32)

    final = bracket.match(2, 1)
    assert (final.home, final.away) == (1, 3)
    assert bracket.champion is None

    bracket = bracket.with_result(2, 1, home_score=60, away_score=70, valid_boards=48)
    assert bracket.champion == 3


def test_carry_over_counts_for_the_home_side() -> None:
    """A carry-over of 4 IMPs turns a 3-IMP defeat into a win."""
    bracket = seed_bracket([1, 2]).with_carry_over(1, 1, 4)

    decided = bracket.with_result(1, 1, home_score=50, away_score=53, valid_boards=32)

    assert decided.champion == 1


def test_negative_carry_over_counts_for_the_away_side() -> None:
    """A negative carry-over is credited to the away side."""
    bracket = seed_bracket([1, 2]).with_carry_over(1, 1, Fraction(-5, 2))

    decided = bracket.with_result(1, 1, home_score=52, away_score=50, valid_boards=32)

    assert decided.champion == 2


def test_tied_match_asks_for_extra_boards() -> None:
    """A tie after 22 valid boards is broken over 2 more (N-L78 §5b)."""
    bracket = seed_bracket([1, 2]).with_carry_over(1, 1, 3)

    with pytest.raises(MatchTied) as caught:
        bracket.with_result(1, 1, home_score=40, away_score=43, valid_boards=22)

    assert caught.value.code == "knockout_match_tied"
    assert caught.value.extra_boards == 2
    assert caught.value.message == "the match is tied: play 2 more boards"
    assert str(caught.value.law) == "Norme integrative FIGB Art. 78 §5b"


def test_tie_break_winner_is_recorded_directly() -> None:
    """After the extra boards the Director records the winner."""
    bracket = seed_bracket([1, 2]).with_winner(1, 1, 2)

    assert bracket.champion == 2


@pytest.mark.parametrize(("valid", "extra"), [(22, 2), (32, 4), (8, 1), (5, 1), (0, 1)])
def test_extra_boards_one_per_eight_valid(valid: int, extra: int) -> None:
    """floor(valid / 8) extra boards; at least one (digest gap, proposal kept)."""
    assert extra_boards_for_tie(valid) == extra


def test_carry_over_from_a_fraction_of_the_margin() -> None:
    """One third of a 17-IMP head-to-head margin, capped at 5 if asked."""
    assert carry_over_from_margin(17, fraction=Fraction(1, 3)) == Fraction(17, 3)
    assert carry_over_from_margin(17, fraction=Fraction(1, 3), cap=5) == 5
    assert carry_over_from_margin(-17, fraction=Fraction(1, 3), cap=5) == -5


def test_bracket_refusals_name_the_problem() -> None:
    """Unready or decided matches, strangers and bad seeding are refused."""
    bracket = seed_bracket([1, 2, 3, 4])
    cases: list[tuple[Callable[[], object], str]] = [
        (
            lambda: bracket.with_result(
                2, 1, home_score=1, away_score=0, valid_boards=8
            ),
            "the match is not ready to be played",
        ),
        (lambda: bracket.with_winner(1, 1, 2), "2 does not play in this match"),
        (lambda: bracket.match(3, 1), "stage 3 has no match 1"),
        (lambda: seed_bracket([1]), "a knockout needs at least two entrants"),
        (lambda: seed_bracket([1, 1]), "an entrant is seeded twice"),
        (
            lambda: bracket.with_winner(1, 1, 1).with_winner(1, 1, 1),
            "the match is already decided",
        ),
        (
            lambda: carry_over_from_margin(3, fraction=Fraction(3, 2)),
            "the carry-over fraction lies between 0 and 1",
        ),
    ]
    for action, message in cases:
        with pytest.raises(KnockoutError) as caught:
            action()
        assert caught.value.code == "knockout_invalid"
        assert caught.value.law == ArticleRef(
            article="78 §2c", source="Norme integrative FIGB"
        )
        assert caught.value.message == message


def test_large_field_bracket_has_power_of_two_slots() -> None:
    """Twenty-one teams: a 32 bracket, eleven byes to seeds 1-11."""
    bracket = seed_bracket(list(range(1, 22)))

    byes = sorted(m.home for m in bracket.stage_matches(1) if m.bye and m.home)

    assert bracket.stages == 5
    assert byes == list(range(1, 12))
