"""Swiss and Danish pairing from the current standings (Law 8A; decision 0032)."""

import random
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import LawRef
from tournaments.domain.movements import (
    InvalidStandings,
    NoPairingWithoutRepeat,
    SwissRound,
    check_swiss_round,
    pair_danish,
    pair_swiss,
    swiss_round_problems,
)


def _standings(*participants: int) -> list[tuple[int, int]]:
    """Standings best first, scores falling by one."""
    return [(p, 100 - i) for i, p in enumerate(participants)]


def _pairs(pairing: SwissRound) -> list[tuple[int, int]]:
    return [(m.home, m.away) for m in pairing.matches]


def test_first_round_pairs_neighbours_top_down() -> None:
    """1 v 2, 3 v 4, ...; the higher-ranked is home; tables in rank order."""
    pairing = pair_swiss(_standings(1, 2, 3, 4, 5, 6))

    assert _pairs(pairing) == [(1, 2), (3, 4), (5, 6)]
    assert [m.table for m in pairing.matches] == [1, 2, 3]
    assert pairing.bye is None
    assert pairing.matches[0].ns == 1


def test_no_repeat_meeting() -> None:
    """The leader meets the best participant it has not met yet."""
    pairing = pair_swiss(_standings(1, 2, 3, 4), played=[(1, 2)])

    assert _pairs(pairing) == [(1, 3), (2, 4)]


def test_backtracks_when_the_greedy_choice_forces_a_repeat() -> None:
    """1 v 2 would leave 3 v 4, who met: the search takes 1 v 3, 2 v 4 instead."""
    pairing = pair_swiss(_standings(1, 2, 3, 4), played=[(3, 4)])

    assert _pairs(pairing) == [(1, 3), (2, 4)]


def test_backtracks_deep_in_the_field() -> None:
    """Late constraints reach back to the top of the standings."""
    played = [(5, 6), (4, 6), (3, 6)]
    pairing = pair_swiss(_standings(1, 2, 3, 4, 5, 6), played=played)

    assert _pairs(pairing) == [(1, 3), (2, 6), (4, 5)]


def test_bye_goes_to_the_lowest_ranked_without_one() -> None:
    """Odd field: the last participant who has not had a bye takes it."""
    assert pair_swiss(_standings(1, 2, 3, 4, 5)).bye == 5
    assert pair_swiss(_standings(1, 2, 3, 4, 5), had_bye={5}).bye == 4


def test_bye_moves_up_when_the_rest_cannot_be_paired() -> None:
    """With 1 and 2 already met, 3 cannot take the bye: 2 does, 1 meets 3."""
    pairing = pair_swiss(_standings(1, 2, 3), played=[(1, 2)])

    assert pairing.bye == 2
    assert _pairs(pairing) == [(1, 3)]


def test_bye_again_once_everyone_has_had_one() -> None:
    """When every participant has had a bye, the lowest-ranked takes another."""
    assert pair_swiss(_standings(1, 2, 3), had_bye={1, 2, 3}).bye == 3


def test_no_pairing_without_a_repeat_is_refused() -> None:
    """Four participants who have all met cannot be paired again."""
    played = [(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]

    with pytest.raises(NoPairingWithoutRepeat) as caught:
        pair_swiss(_standings(1, 2, 3, 4), played=played)

    assert caught.value.code == "swiss_pairing_impossible"
    assert caught.value.law == LawRef("8A")
    assert (
        caught.value.message == "every pairing of this field repeats an earlier meeting"
    )


def test_danish_pairs_first_and_second_even_if_they_met() -> None:
    """Danish: 1 v 2, 3 v 4 regardless of earlier meetings."""
    pairing = pair_danish(_standings(1, 2, 3, 4, 5), had_bye={5})

    assert _pairs(pairing) == [(1, 2), (3, 5)]
    assert pairing.bye == 4


def test_home_goes_to_the_side_with_fewer_home_matches() -> None:
    """Home and away roles about equally often (N-L4 §1)."""
    pairing = pair_swiss(_standings(1, 2, 3, 4), home_counts={1: 2, 2: 1, 3: 1})

    assert _pairs(pairing) == [(2, 1), (4, 3)]


def test_fraction_scores_are_accepted() -> None:
    """VP scores may be fractions."""
    standings: list[tuple[int, int | Fraction]] = [
        (7, Fraction(31, 2)),
        (3, Fraction(15)),
        (9, 15),
    ]

    assert pair_swiss(standings).bye == 9


@pytest.mark.parametrize(
    ("standings", "message"),
    [
        ([(1, 10)], "a round needs at least two participants"),
        ([(1, 10), (1, 9)], "a participant appears twice in the standings"),
        (
            [(1, 10), (2, 9), (3, 12)],
            "standings are not best first: 3 scores more than 2",
        ),
    ],
)
def test_malformed_standings_are_refused(
    standings: list[tuple[int, int]], message: str
) -> None:
    """Standings must list each participant once, best first."""
    with pytest.raises(InvalidStandings) as caught:
        pair_swiss(standings)

    assert caught.value.code == "invalid_standings"
    assert caught.value.law == LawRef("8A")
    assert caught.value.message == message


def _pairable(field: frozenset[int], met: frozenset[frozenset[int]]) -> bool:
    """Return whether some pairing of ``field`` avoids ``met`` (brute force)."""

    @cache
    def solve(rest: frozenset[int]) -> bool:
        if not rest:
            return True
        first = min(rest)
        return any(
            frozenset((first, other)) not in met and solve(rest - {first, other})
            for other in rest - {first}
        )

    return solve(field)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 16), st.integers(0, 2**32 - 1))
def test_swiss_rounds_over_random_results_never_repeat(size: int, seed: int) -> None:
    """Round after round of random results: no repeats, byes spread, and a refusal
    only when no repeat-free pairing exists at all (decision 0032).
    """
    rng = random.Random(seed)
    scores = dict.fromkeys(range(1, size + 1), 0)
    played: list[tuple[int, int]] = []
    byes: set[int] = set()
    for _round in range(size - 1 + size % 2):
        standings = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        try:
            pairing = pair_swiss(standings, played=played, had_bye=byes)
        except NoPairingWithoutRepeat:
            met = frozenset(frozenset(pair) for pair in played)
            fresh = [p for p in scores if p not in byes] or list(scores)
            candidates = fresh if size % 2 else [None]
            assert not any(
                _pairable(frozenset(scores) - {bye}, met) for bye in candidates
            )
            return
        check_swiss_round(pairing, scores, played=played, had_bye=byes)
        for m in pairing.matches:
            played.append((m.home, m.away))
            won = rng.randint(0, 20)
            scores[m.home] += won
            scores[m.away] += 20 - won
        if pairing.bye is not None:
            byes.add(pairing.bye)
            scores[pairing.bye] += 12


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 20), st.integers(0, 2**32 - 1))
def test_danish_rounds_pair_everyone_each_round(size: int, seed: int) -> None:
    """Danish rounds always pair the whole field, repeats allowed."""
    rng = random.Random(seed)
    scores = dict.fromkeys(range(1, size + 1), 0)
    byes: set[int] = set()
    for _round in range(6):
        standings = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
        pairing = pair_danish(standings, had_bye=byes)
        assert (
            swiss_round_problems(pairing, scores, had_bye=byes, repeats_allowed=True)
            == ()
        )
        for m in pairing.matches:
            scores[m.home] += rng.randint(0, 20)
        if pairing.bye is not None:
            byes.add(pairing.bye)
