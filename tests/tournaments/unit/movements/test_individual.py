"""Individual movements: partners change every round (Law 4, Law 8A, Law 15B)."""

from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge.seat import Seat
from tests.support.individual_check import (
    check_individual,
    individual_problems,
)
from tournaments.domain.movements import InconsistentMovement, InvalidMovement, Rule
from tournaments.domain.movements.individual import (
    MAX_INDIVIDUAL_PLAYERS,
    IndividualKind,
    IndividualMovement,
    IndividualSeat,
    complete_rounds,
    individual,
)
from tournaments.domain.movements.whist import (
    INFINITY,
    WHIST,
    WHIST_SEATING,
    find_whist_design,
    find_whist_seating,
)

WHIST_SIZES = sorted(WHIST)
PHANTOM_SIZES = [6, 7, 10, 11, 14]


def _key(a: int, b: int) -> tuple[int, int]:
    return (min(a, b), max(a, b))


def _meetings(
    movement: IndividualMovement,
) -> tuple[Counter[tuple[int, int]], Counter[tuple[int, int]]]:
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    for seat in movement.seats:
        n, e, s, w = seat.players
        partners.update((_key(n, s), _key(e, w)))
        opponents.update(_key(a, b) for a, b in ((n, e), (n, w), (s, e), (s, w)))
    return partners, opponents


def _assert_sound(movement: IndividualMovement) -> None:
    """Check the promises directly, without trusting check_individual."""
    partners, opponents = _meetings(movement)
    assert max(partners.values(), default=0) <= 1
    assert max(opponents.values(), default=0) <= 2
    for r in range(1, movement.rounds + 1):
        row = movement.round_seats(r)
        seated = [p for seat in row for p in seat.players]
        assert len(seated) == len(set(seated))
        assert all(1 <= p <= movement.players for p in seated)
        sets = [seat.board_set for seat in row]
        assert len(sets) == len(set(sets))
        assert set(movement.sitting_out(r)) == set(
            range(1, movement.players + 1)
        ) - set(seated)
    played = Counter((p, s.board_set) for s in movement.seats for p in s.players)
    assert max(played.values()) == 1
    assert all(1 <= s.board_set <= movement.board_sets for s in movement.seats)
    check_individual(movement)


# -- the frozen whist designs ------------------------------------------------


def _assert_whist_base(
    players: int, base: tuple[tuple[int, int, int, int], ...], offsets: tuple[int, ...]
) -> None:
    """Partner differences cover Z_m* once, opponent differences twice."""
    m = players - 1 if players % 4 == 0 else players
    finite = [x for table in base for x in table if x != INFINITY]
    expected = set(range(m)) if players % 4 == 0 else set(range(1, m))
    assert sorted(finite) == sorted(expected)
    assert len(base) == players // 4 == len(offsets)

    def diffs(pairs: list[tuple[int, int]]) -> Counter[int]:
        return Counter(
            d
            for a, b in pairs
            if INFINITY not in (a, b)
            for d in ((a - b) % m, (b - a) % m)
        )

    partner = diffs([p for n, e, s, w in base for p in ((n, s), (e, w))])
    opponent = diffs(
        [p for n, e, s, w in base for p in ((n, e), (n, w), (s, e), (s, w))]
    )
    assert partner == Counter(range(1, m))
    assert opponent == Counter({d: 2 for d in range(1, m)})
    values = [
        (offset - x) % m
        for table, offset in zip(base, offsets, strict=True)
        for x in table
        if x != INFINITY
    ]
    assert len(values) == len(set(values))
    assert len(set(offsets)) == len(offsets)


@pytest.mark.parametrize("players", WHIST_SIZES)
def test_frozen_base_round_meets_the_whist_conditions(players: int) -> None:
    """A wrong frozen constant fails here, whatever the checker says."""
    base, offsets = WHIST[players]
    _assert_whist_base(players, base, offsets)


@pytest.mark.parametrize("players", WHIST_SIZES)
def test_complete_whist_partners_once_and_opposes_twice(players: int) -> None:
    """Over the complete design every two players partner once, oppose twice."""
    movement = individual(players, boards_per_round=2)

    assert movement.kind is IndividualKind.WHIST
    assert movement.complete is True
    assert movement.exact is True
    partners, opponents = _meetings(movement)
    everyone = list(combinations(range(1, players + 1), 2))
    assert all(partners[pair] == 1 for pair in everyone)
    assert all(opponents[pair] == 2 for pair in everyone)
    assert len(partners) == len(opponents) == len(everyone)
    _assert_sound(movement)


@pytest.mark.parametrize("players", WHIST_SIZES)
def test_complete_whist_shape_and_sit_outs(players: int) -> None:
    """4t players: 4t - 1 rounds, nobody rests; 4t + 1: each rests once."""
    movement = individual(players, boards_per_round=3)
    m = players - 1 if players % 4 == 0 else players
    t = players // 4

    assert (movement.tables, movement.rounds, movement.board_sets) == (t, m, m)
    assert len(movement.seats) == t * m
    rests = Counter(p for r in range(1, m + 1) for p in movement.sitting_out(r))
    if players % 4 == 0:
        assert not rests
        # 4t players play all m rounds, so every set exactly once.
        for p in range(1, players + 1):
            sets = sorted(s.board_set for s in movement.seats if s.has(p))
            assert sets == list(range(1, m + 1))
    else:
        assert rests == Counter(range(1, players + 1))
        assert [movement.sitting_out(r) for r in range(1, m + 1)] == [
            (r,) for r in range(1, m + 1)
        ]


def test_four_players_the_fixed_player_partners_each_other_once() -> None:
    """Four players, three rounds: player 4 stays North and partners 1, 2, 3."""
    card = individual(4, boards_per_round=4).guide_card(4)

    assert [line.table for line in card] == [1, 1, 1]
    assert {line.seat for line in card} == {Seat.N}
    assert sorted(line.partner or 0 for line in card) == [1, 2, 3]
    assert [line.boards for line in card] == [
        (1, 2, 3, 4),
        (5, 6, 7, 8),
        (9, 10, 11, 12),
    ]


# -- the search ----------------------------------------------------------------


@pytest.mark.parametrize("players", [8, 9])
def test_exhaustive_search_proves_no_cyclic_design(players: int) -> None:
    """Z_9 has no whist base round; for 8 the boards cannot be cyclic."""
    assert find_whist_design(players) is None


@pytest.mark.parametrize("players", [4, 5, 13])
def test_search_finds_a_sound_design(players: int) -> None:
    """What the search returns develops into a sound whist movement."""
    design = find_whist_design(players, seed=1)
    assert design is not None
    _assert_whist_base(players, *design)


def test_search_rejects_sizes_without_whist_shape() -> None:
    with pytest.raises(InvalidMovement):
        find_whist_design(10)


# -- truncation --------------------------------------------------------------


@pytest.mark.parametrize(("players", "rounds"), [(13, 6), (21, 1), (5, 4), (4, 2)])
def test_truncated_whist_keeps_the_at_most_promises(players: int, rounds: int) -> None:
    movement = individual(players, boards_per_round=2, rounds=rounds)

    assert movement.rounds == rounds
    assert not movement.complete
    assert not movement.exact
    assert {s.round for s in movement.seats} == set(range(1, rounds + 1))
    assert movement.seats == individual(players, 2).seats[: len(movement.seats)]
    _assert_sound(movement)


@settings(max_examples=25, deadline=None)
@given(data=st.data(), players=st.integers(min_value=4, max_value=24))
def test_every_size_and_length_is_sound(data: st.DataObject, players: int) -> None:
    full = complete_rounds(players)
    rounds = data.draw(st.integers(min_value=1, max_value=full))
    movement = individual(players, boards_per_round=2, rounds=rounds)

    assert movement.rounds == rounds
    assert movement.complete == (rounds == full)
    _assert_sound(movement)


# -- searched schedules and phantoms -----------------------------------------


@pytest.mark.parametrize("players", [8, 9, 12, 16, 17, 40])
def test_sizes_without_a_whist_design_are_searched(players: int) -> None:
    movement = individual(players, boards_per_round=2)

    assert movement.kind is IndividualKind.SEARCHED
    assert movement.complete is True
    assert not movement.exact
    assert movement.tables == players // 4
    assert 1 <= movement.rounds <= movement.board_sets
    _assert_sound(movement)


@pytest.mark.parametrize("players", PHANTOM_SIZES)
def test_phantoms_make_the_resting_players_sit_out(players: int) -> None:
    """Nobody plays with a phantom; players mod 4 rest each round, in turn."""
    movement = individual(players, boards_per_round=2)

    assert movement.tables == players // 4
    assert all(max(s.players) <= players for s in movement.seats)
    rests: Counter[int] = Counter()
    for r in range(1, movement.rounds + 1):
        out = movement.sitting_out(r)
        assert len(out) == players % 4
        assert len(movement.round_seats(r)) == players // 4
        rests.update(out)
    counts = [rests[p] for p in range(1, players + 1)]
    assert max(counts) - min(counts) <= 1
    _assert_sound(movement)


@pytest.mark.parametrize("players", [6, 10, 13])
def test_guide_card_agrees_with_the_seats(players: int) -> None:
    movement = individual(players, boards_per_round=3)

    for player in range(1, players + 1):
        card = movement.guide_card(player)
        assert [line.round for line in card] == list(range(1, movement.rounds + 1))
        for line in card:
            if line.sits_out:
                assert player in movement.sitting_out(line.round)
                assert (line.seat, line.partner, line.opponents, line.boards) == (
                    None,
                    None,
                    (),
                    (),
                )
                continue
            seat = movement.seat_of(player, line.round)
            assert seat is not None
            assert line.seat is not None
            assert line.table == seat.table
            assert seat.player_at(line.seat) == player
            assert seat.player_at(line.seat.partner) == line.partner
            assert line.opponents == (
                seat.player_at(line.seat.lho),
                seat.player_at(line.seat.rho),
            )
            assert line.boards == movement.boards_of(seat.board_set)
            assert line.partner is not None
            partner_line = movement.guide_card(line.partner)[line.round - 1]
            assert partner_line.partner == player


def test_thirteen_player_card_has_one_sit_out() -> None:
    card = individual(13, boards_per_round=2).guide_card(5)

    assert [line.round for line in card if line.sits_out] == [5]
    assert len({line.partner for line in card if not line.sits_out}) == 12


def test_seat_helpers() -> None:
    seat = IndividualSeat(1, 1, north=1, east=2, south=3, west=4, board_set=1)

    assert seat.seat_of(2) is Seat.E
    assert seat.partner_of(2) == 4
    assert seat.opponents_of(1) == (2, 4)
    assert seat.partnerships == ((1, 3), (2, 4))
    with pytest.raises(InvalidMovement):
        seat.seat_of(5)


def test_searched_schedules_never_change() -> None:
    """A movement must not change once used: the seeded search is frozen."""
    fingerprints = {
        players: hashlib.sha256(
            repr(individual(players, 1).seats).encode()
        ).hexdigest()[:16]
        for players in (8, 10, 16)
    }

    assert fingerprints == FROZEN_FINGERPRINTS


FROZEN_FINGERPRINTS: dict[int, str] = {
    8: "6935bc9de47a50d0",
    10: "6093862d4b81b6d0",
    16: "bab7d73fb659585d",
}


# -- boards ------------------------------------------------------------------


def test_boards_of_numbers_sets_consecutively() -> None:
    movement = individual(13, boards_per_round=3)

    assert movement.boards_of(1) == (1, 2, 3)
    assert movement.boards_of(3) == (7, 8, 9)
    assert movement.boards_of(13) == (37, 38, 39)
    assert movement.boards == tuple(range(1, 40))
    for bad in (0, 14):
        with pytest.raises(InvalidMovement):
            movement.boards_of(bad)


# -- bad input ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "boards", "rounds"),
    [
        (3, 2, None),
        (0, 2, None),
        (MAX_INDIVIDUAL_PLAYERS + 1, 2, None),
        (8, 0, None),
        (13, 2, 0),
        (13, 2, 14),
        (8, 2, 8),
    ],
)
def test_bad_parameters_are_refused(
    players: int, boards: int, rounds: int | None
) -> None:
    with pytest.raises(InvalidMovement):
        individual(players, boards_per_round=boards, rounds=rounds)


def test_bad_lookups_are_refused() -> None:
    movement = individual(5, boards_per_round=2)

    for call in (
        lambda: movement.guide_card(0),
        lambda: movement.guide_card(6),
        lambda: movement.sitting_out(0),
        lambda: movement.sitting_out(6),
        lambda: complete_rounds(2),
    ):
        with pytest.raises(InvalidMovement):
            call()


# -- the checker catches broken movements --------------------------------------


def _with_seat(
    movement: IndividualMovement, index: int, seat: IndividualSeat
) -> IndividualMovement:
    seats = list(movement.seats)
    seats[index] = seat
    return replace(movement, seats=tuple(seats))


def _rules(movement: IndividualMovement) -> set[Rule]:
    return {problem.rule for problem in individual_problems(movement)}


def test_swapping_east_and_south_repeats_a_partnership() -> None:
    movement = individual(13, boards_per_round=2)
    seat = movement.seats[0]
    broken = _with_seat(movement, 0, replace(seat, east=seat.south, south=seat.east))

    with pytest.raises(InconsistentMovement) as caught:
        check_individual(broken)

    rules = {p.rule for p in caught.value.problems}
    assert Rule.REPEATED_MEETING in rules
    assert Rule.MISSING_MEETING in rules
    low, high = _key(seat.north, seat.east)
    messages = [p.message for p in caught.value.problems]
    assert f"players {low} and {high} are partners 2 times" in messages


def test_truncated_movement_with_a_repeated_partner_is_refused() -> None:
    """Without the exact promise the 'at most once' rule still bites."""
    movement = individual(13, boards_per_round=2, rounds=5)
    first, later = movement.seats[0], movement.seats[3]
    # Seat round 2's first table with round 1's first foursome, as in round 1.
    broken = _with_seat(
        movement,
        3,
        replace(
            later,
            north=first.north,
            east=first.east,
            south=first.south,
            west=first.west,
        ),
    )

    rules = _rules(broken)
    assert Rule.REPEATED_MEETING in rules
    assert Rule.PAIR_SEATED in rules or Rule.BOARD_PLAYED_TWICE in rules


def test_duplicated_board_set_is_refused() -> None:
    movement = individual(13, boards_per_round=2)
    one, two = movement.round_seats(1)[:2]
    index = movement.seats.index(two)
    broken = _with_seat(movement, index, replace(two, board_set=one.board_set))

    rules = _rules(broken)
    assert Rule.BOARD_AT_TWO_TABLES in rules
    assert Rule.BOARD_PLAYED_TWICE in rules


def test_board_played_twice_across_rounds_is_refused() -> None:
    movement = individual(9, boards_per_round=2)
    player = movement.seats[0].north
    later = next(
        (i, s) for i, s in enumerate(movement.seats) if s.round > 1 and s.has(player)
    )
    broken = _with_seat(
        movement, later[0], replace(later[1], board_set=movement.seats[0].board_set)
    )

    assert Rule.BOARD_PLAYED_TWICE in _rules(broken)


@pytest.mark.parametrize(
    ("change", "rule"),
    [
        ({"board_set": 0}, Rule.SHAPE),
        ({"board_set": 99}, Rule.SHAPE),
        ({"east": 14}, Rule.SHAPE),
        ({"east": 0}, Rule.SHAPE),
        ({"round": 99}, Rule.SHAPE),
        ({"table": 9}, Rule.SHAPE),
    ],
)
def test_malformed_seats_are_refused(change: dict[str, int], rule: Rule) -> None:
    movement = individual(13, boards_per_round=2)
    broken = _with_seat(movement, 0, replace(movement.seats[0], **change))

    with pytest.raises(InconsistentMovement):
        check_individual(broken)
    assert rule in _rules(broken)


def test_three_players_at_a_table_is_refused() -> None:
    movement = individual(13, boards_per_round=2)
    seat = movement.seats[0]
    broken = _with_seat(movement, 0, replace(seat, west=seat.north))

    assert Rule.SHAPE in _rules(broken)


def test_player_at_two_tables_is_refused() -> None:
    movement = individual(16, boards_per_round=2)
    one, two = movement.round_seats(1)[:2]
    index = movement.seats.index(two)
    broken = _with_seat(movement, index, replace(two, north=one.north))

    assert Rule.PAIR_SEATED in _rules(broken)


def test_a_missing_table_breaks_the_exact_promise() -> None:
    movement = individual(5, boards_per_round=2)
    broken = replace(movement, seats=movement.seats[1:])

    rules = _rules(broken)
    assert Rule.MISSING_MEETING in rules
    assert Rule.BYE in rules


def test_a_sound_movement_passes_the_checker() -> None:
    for players in (4, 7, 13, 20):
        assert individual_problems(individual(players, 2)) == ()


# -- duplicated boards: every table plays the round's set ----------------------

SEATING_SIZES = sorted(set(WHIST_SEATING) | set(WHIST))


@pytest.mark.parametrize("players", SEATING_SIZES)
def test_duplicated_boards_give_a_complete_whist_for_each_frozen_seating(
    players: int,
) -> None:
    """With a copy of the boards per table only the seating must be a whist
    design: every two players partner once and oppose twice, and every table
    of round r plays set r, so each board is compared at every table."""
    movement = individual(players, boards_per_round=2, duplicated=True)
    assert movement.exact is True
    assert movement.rounds == (players - 1 if players % 4 == 0 else players)
    partners, opponents = _meetings(movement)
    assert set(partners.values()) == {1}
    assert len(partners) == players * (players - 1) // 2
    assert set(opponents.values()) == {2}
    for seat in movement.seats:
        assert seat.board_set == seat.round
    played = Counter((p, s.board_set) for s in movement.seats for p in s.players)
    assert max(played.values()) == 1
    check_individual(movement)


@pytest.mark.parametrize("players", [6, 7, 9, 10, 11, 25, 30])
def test_duplicated_boards_without_a_frozen_seating_are_searched_and_sound(
    players: int,
) -> None:
    movement = individual(players, boards_per_round=1, duplicated=True)
    assert movement.kind is IndividualKind.SEARCHED
    partners, opponents = _meetings(movement)
    assert max(partners.values()) <= 1
    assert max(opponents.values()) <= 2
    assert all(s.board_set == s.round for s in movement.seats)
    # Phantoms sit together: every table that could play does play.
    for r in range(1, movement.rounds + 1):
        assert len(movement.round_seats(r)) == players // 4
    check_individual(movement)


def test_duplicated_boards_still_refuse_a_set_played_twice() -> None:
    movement = individual(8, boards_per_round=2, duplicated=True)
    player = movement.seats[0].north
    index, later = next(
        (i, s) for i, s in enumerate(movement.seats) if s.round > 1 and s.has(player)
    )
    broken = _with_seat(movement, index, replace(later, board_set=1))
    assert Rule.BOARD_PLAYED_TWICE in _rules(broken)
    assert Rule.BOARD_AT_TWO_TABLES not in _rules(broken)


def test_the_seating_search_reproduces_a_frozen_seating() -> None:
    """The frozen seatings are what ``find_whist_seating`` finds with seed 0."""
    assert find_whist_seating(8, seed=0) == WHIST_SEATING[8]
    assert find_whist_seating(9) is None  # Z_9 has no whist base round
