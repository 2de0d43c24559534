"""Prizes from the final standings and the Art. 40 refund (decision 0189).

Codice di Gara Art. 40; the amounts are the tournament's settings.
"""

import pytest

from rules.burraco import art
from rules.burraco.errors import InconsistentFacts, InvalidSetting
from scoring.burraco.prizes import (
    InterruptionOutcome,
    Prize,
    PrizeSettings,
    PrizeTable,
    interruption_outcome,
    prizes,
    refund,
)

TWENTY_EUROS = PrizeSettings(entry_fee_cents=2000, pool_percent=50, shares=(50, 30, 20))


def ranks(*r: int) -> list[tuple[int, int]]:
    return [(i, rank) for i, rank in enumerate(r, 1)]


def test_no_ties_the_places_shares_of_the_pool() -> None:
    table = prizes(TWENTY_EUROS, ranks(1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
    assert table == PrizeTable(
        pool_cents=10000,
        prizes=(Prize(1, 1, 5000), Prize(2, 2, 3000), Prize(3, 3, 2000)),
        undistributed_cents=0,
    )


def test_two_tied_second_share_the_second_and_third_prizes() -> None:
    table = prizes(TWENTY_EUROS, ranks(1, 2, 2, 4, 5, 6, 7, 8, 9, 10))
    assert table.prizes == (Prize(1, 1, 5000), Prize(2, 2, 2500), Prize(3, 2, 2500))
    assert table.undistributed_cents == 0


def test_three_tied_third_share_one_prize_rounded_down() -> None:
    table = prizes(TWENTY_EUROS, ranks(1, 2, 3, 3, 3, 6, 7, 8, 9, 10))
    assert table.prizes == (
        Prize(1, 1, 5000),
        Prize(2, 2, 3000),
        Prize(3, 3, 666),
        Prize(4, 3, 666),
        Prize(5, 3, 666),
    )
    assert table.undistributed_cents == 2


def test_rounding_down_to_the_cent_at_every_step() -> None:
    odd = PrizeSettings(entry_fee_cents=1333, pool_percent=33, shares=(50, 30, 20))
    # 3 x 1333 x 33% = 1319.67 -> 1319; 659.5 -> 659, 395.7 -> 395, 263.8 -> 263
    assert prizes(odd, ranks(1, 2, 3)) == PrizeTable(
        pool_cents=1319,
        prizes=(Prize(1, 1, 659), Prize(2, 2, 395), Prize(3, 3, 263)),
        undistributed_cents=2,
    )
    # two tied first: (659 + 395) / 2 = 527 each
    assert prizes(odd, ranks(1, 1, 3)).prizes == (
        Prize(1, 1, 527),
        Prize(2, 1, 527),
        Prize(3, 3, 263),
    )


def test_entries_that_paid_but_are_not_ranked_count_in_the_pool() -> None:
    assert prizes(TWENTY_EUROS, ranks(1, 2), entries=4).pool_cents == 4000


def test_refund_is_the_fee_net_of_costs_never_below_the_pools_share() -> None:
    assert refund(TWENTY_EUROS, 500) == 1500
    assert refund(TWENTY_EUROS, 1200) == 1000  # 50% of 2000, not 800


def test_interrupted_after_exactly_half_refunds_and_no_prizes() -> None:
    outcome = interruption_outcome(
        TWENTY_EUROS,
        completed_turns=4,
        scheduled_turns=8,
        last_displayed=ranks(1, 2, 3, 4),
        costs_per_entry_cents=1200,
    )
    assert outcome == InterruptionOutcome(prizes=None, refund_cents=1000)


def test_interrupted_past_half_prizes_on_the_last_displayed_standings() -> None:
    outcome = interruption_outcome(
        TWENTY_EUROS,
        completed_turns=5,
        scheduled_turns=8,
        last_displayed=ranks(2, 1, 3, 4),
        costs_per_entry_cents=1200,
    )
    assert outcome == InterruptionOutcome(
        prizes=PrizeTable(
            pool_cents=4000,
            prizes=(Prize(2, 1, 2000), Prize(1, 2, 1200), Prize(3, 3, 800)),
            undistributed_cents=0,
        ),
        refund_cents=None,
    )


def test_shares_beyond_the_pool_are_refused_naming_art_40() -> None:
    with pytest.raises(InvalidSetting) as err:
        PrizeSettings(entry_fee_cents=2000, pool_percent=50, shares=(60, 50))
    assert err.value.law == art(40)
    assert "110%" in str(err.value)


def test_standings_not_in_competition_ranking_are_refused() -> None:
    with pytest.raises(InconsistentFacts):
        prizes(TWENTY_EUROS, ranks(1, 3))


GROUPS = PrizeSettings(
    entry_fee_cents=2000,
    pool_percent=50,
    shares=(50, 30, 20),
    group_shares=((40, 20), (25, 15)),
)
# Eight pairs after the split: group A (1-4) ranks above group B (5-8).
SPLIT = {1: "A", 2: "A", 3: "A", 4: "A", 5: "B", 6: "B", 7: "B", 8: "B"}


def test_each_merit_group_pays_its_own_places_of_the_one_pool() -> None:
    table = prizes(GROUPS, ranks(1, 2, 3, 4, 5, 6, 7, 8), groups=SPLIT)
    # Pool 8 x 20.00 x 50% = 80.00; A's 1st 40%, 2nd 20%; B's 1st 25%, 2nd 15%.
    assert table == PrizeTable(
        pool_cents=8000,
        prizes=(
            Prize(1, 1, 3200, "A"),
            Prize(2, 2, 1600, "A"),
            Prize(5, 1, 2000, "B"),
            Prize(6, 2, 1200, "B"),
        ),
        undistributed_cents=0,
    )


def test_a_tie_inside_a_group_shares_that_groups_places() -> None:
    # Pairs 5 and 6 tie first in group B (overall rank 5).
    table = prizes(GROUPS, ranks(1, 2, 3, 4, 5, 5, 7, 8), groups=SPLIT)
    assert table.prizes[2:] == (Prize(5, 1, 1600, "B"), Prize(6, 1, 1600, "B"))


def test_standings_without_groups_pay_the_overall_places() -> None:
    # An Art. 40 interruption before the split: no groups in the standings.
    table = prizes(GROUPS, ranks(1, 2, 3, 4, 5, 6, 7, 8), groups={})
    assert table.prizes == (
        Prize(1, 1, 4000),
        Prize(2, 2, 2400),
        Prize(3, 3, 1600),
    )


def test_interrupted_past_half_in_the_groups_pays_each_group() -> None:
    outcome = interruption_outcome(
        GROUPS,
        completed_turns=4,
        scheduled_turns=5,
        last_displayed=ranks(1, 2, 3, 4, 5, 6, 7, 8),
        costs_per_entry_cents=0,
        groups=SPLIT,
    )
    assert outcome.prizes is not None
    assert [(p.entry, p.group) for p in outcome.prizes.prizes] == [
        (1, "A"),
        (2, "A"),
        (5, "B"),
        (6, "B"),
    ]


def test_group_shares_beyond_the_pool_are_refused_naming_art_40() -> None:
    with pytest.raises(InvalidSetting) as refused:
        PrizeSettings(2000, 50, (), group_shares=((60, 20), (30,)))
    assert (refused.value.law, refused.value.field, refused.value.value) == (
        art(40),
        "group_shares",
        "110",
    )
    with pytest.raises(InvalidSetting) as refused:
        PrizeSettings(2000, 50, (), group_shares=((60,), (30, 101)))
    assert (refused.value.field, refused.value.message) == (
        "group_shares.1.1",
        "the share of group B's place 2 must be a whole percentage from 0 to 100, "
        "not 101",
    )
