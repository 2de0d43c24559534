"""Every generated movement passes the consistency checks, for many sizes.

Law 8A (the Director directs the movement) and Law 15B (no board twice).
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge import Side
from tournaments.domain.movements import (
    ArrowSwitch,
    EvenTables,
    Movement,
    find_problems,
    howell,
    mitchell,
)


@st.composite
def mitchells(draw: st.DrawFn) -> Movement:
    tables = draw(st.integers(3, 30))
    pairs = 2 * tables - draw(st.integers(0, 1))
    boards = draw(st.integers(1, 4))
    variant = None
    if tables % 2 == 0:
        choices = [None, EvenTables.SKIP] + ([EvenTables.RELAY] if boards >= 2 else [])
        variant = draw(st.sampled_from(choices))
    if variant is None and tables % 2 == 0:
        variant = EvenTables.RELAY if boards >= 2 else EvenTables.SKIP
    full = tables - 1 if variant is EvenTables.SKIP else tables
    rounds = draw(st.one_of(st.none(), st.integers(1, full)))
    skip_after = None
    if variant is EvenTables.SKIP:
        played = full if rounds is None else rounds
        skip_after = draw(st.integers(max(0, played - tables // 2), tables // 2))
    switch = draw(
        st.sampled_from(
            [None, ArrowSwitch(last=1), ArrowSwitch(every=2), ArrowSwitch(last=3)]
        )
    )
    return mitchell(
        pairs,
        boards_per_round=boards,
        rounds=rounds,
        even_tables=variant,
        skip_after=skip_after,
        phantom_line=draw(st.sampled_from([Side.NS, Side.EW])),
        arrow_switch=switch,
    )


@st.composite
def howells(draw: st.DrawFn) -> Movement:
    pairs = draw(st.integers(4, 20))
    full = 2 * ((pairs + 1) // 2) - 1
    return howell(
        pairs,
        boards_per_round=draw(st.integers(3, 4)),
        rounds=draw(st.one_of(st.none(), st.integers(1, full))),
    )


def _cards_agree(movement: Movement) -> None:
    """Guide cards and table cards tell every player the same story (Law 5B)."""
    table_cards = {t: movement.table_card(t) for t in range(1, movement.tables + 1)}
    for pair in movement.real_pairs:
        card = movement.guide_card(pair)
        assert [line.round for line in card] == list(range(1, movement.rounds + 1))
        for line in card:
            table_line = table_cards[line.table][line.round - 1]
            seated = table_line.ns if line.direction is Side.NS else table_line.ew
            assert seated == pair
            assert line.boards == table_line.boards
            assert len(line.boards) == (
                0 if line.sits_out else movement.boards_per_round
            )


@settings(max_examples=80, deadline=None)
@given(mitchells())
def test_mitchell_of_3_to_30_tables_is_consistent(movement: Movement) -> None:
    """Any Mitchell the generator makes passes every rule of the checker."""
    assert find_problems(movement) == ()


@settings(max_examples=25, deadline=None)
@given(mitchells())
def test_mitchell_cards_agree(movement: Movement) -> None:
    """A Mitchell's guide cards match its table cards."""
    _cards_agree(movement)


@settings(max_examples=60, deadline=None)
@given(howells())
def test_howell_of_4_to_20_pairs_is_consistent(movement: Movement) -> None:
    """Any Howell the generator makes passes every rule of the checker."""
    assert find_problems(movement) == ()
    _cards_agree(movement)


def test_every_howell_size_up_to_the_limit_is_consistent() -> None:
    """All 3 to 40 pair Howells, complete, pass the checker."""
    for pairs in range(3, 41):
        movement = howell(pairs, boards_per_round=3)
        assert find_problems(movement) == (), pairs


def test_every_complete_mitchell_variant_up_to_thirty_tables_is_consistent() -> None:
    """Odd, relay and skip Mitchells of 3 to 30 tables, with and without a phantom."""
    for tables in range(3, 31):
        for pairs in (2 * tables - 1, 2 * tables):
            variants = [None] if tables % 2 else [EvenTables.RELAY, EvenTables.SKIP]
            for variant in variants:
                movement = mitchell(pairs, boards_per_round=2, even_tables=variant)
                assert find_problems(movement) == (), (pairs, variant)
