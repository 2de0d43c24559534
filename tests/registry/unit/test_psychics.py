"""FIGB Appendice 2 on psychic calls: worked examples computed by hand from
the text of the norm (App2 §2a, §2b, §3)."""

from __future__ import annotations

import pytest

from registry.domain.psychics import (
    CallKind,
    PsychicFacts,
    PsychicInputError,
    assess,
    hand_shape,
    high_card_points,
    strong_hand_test,
)
from rules.bridge.card import Suit
from rules.bridge.deal import parse_hand


def facts(cards: str, **given: object) -> PsychicFacts:
    values: dict[str, object] = {
        "kind": CallKind.OPENING,
        "call": "1H",
        "level": 1,
        "conventional": False,
        "hand": cards,
    }
    values.update(given)
    return PsychicFacts(**values)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hand", "y"),
    [
        ("AKQJ987.32.32.32", 11),  # App2 §3's own example: 7-2-2-2 counts 7 + 4
        ("AKQ87.KQJ87.2.32", 10),  # 5-5: the two longest, 5 + 5
        ("AKQ876.KQ8.32.32", 9),  # 6-3: 6 + 3 (half of 6 is 3, not more)
        ("AKQ8.KQ87.J32.32", 8),  # 4-4-3-2: 4 + 4
        ("AKQ8765.K8.32.32", 11),  # 7-2-2-2 again: 7 + 4 (3.5 rounds up)
        ("AKQ8765.K843.2.3", 11),  # 7-4: 7 + 4, the second suit equals the half
        ("AKQ8765.K8432.2.", 12),  # 7-5: 7 + 5
    ],
)
def test_y_is_the_two_longest_or_the_longest_and_its_half(hand: str, y: int) -> None:
    assert strong_hand_test(parse_hand(hand), strong_minimum=16, discretion=0).y == y


def test_the_count_and_the_shape() -> None:
    hand = parse_hand("AKQJ987.32.32.32")
    assert (high_card_points(hand), hand_shape(hand)) == (10, (7, 2, 2, 2))


def test_a_strong_opening_on_seven_two_two_two_and_ten_points() -> None:
    """App2 §3: X=10, Y=11. Against a 16 minimum, 21 < 24: psychic; the
    director's point does not save it (22 < 24). Against 13, 21 >= 21."""
    strong = facts(
        "AKQJ987.32.32.32",
        call="1C",
        conventional=True,
        strong_artificial=True,
        strong_minimum=16,
        promised_hcp=(16, 37),
    )
    verdict = assess(strong)
    [deviation, test] = verdict.findings
    assert (test.rule, test.psychic, test.prohibited) == (
        "strong_hand_test",
        True,
        True,
    )
    assert test.reason == "X+Y+D = 10+11+0 = 21 < Z+8 = 24"
    assert str(test.reference) == "Norme integrative FIGB, Appendice 2 Art. 3"
    # §2a agrees: 10 HCP is more than 3 below 16.
    assert (deviation.rule, deviation.psychic) == ("conventional_deviation", True)
    assert verdict.verdicts_disagree is False
    with_point = assess(
        facts(
            "AKQJ987.32.32.32",
            call="1C",
            conventional=True,
            strong_artificial=True,
            strong_minimum=16,
            discretion=1,
        )
    )
    assert with_point.findings[-1].reason == "X+Y+D = 10+11+1 = 22 < Z+8 = 24"
    lower = assess(
        facts(
            "AKQJ987.32.32.32",
            call="2C",
            level=2,
            conventional=True,
            strong_artificial=True,
            strong_minimum=13,
        )
    )
    assert lower.findings[-1].psychic is False
    assert lower.findings[-1].reason == "X+Y+D = 10+11+0 = 21 >= Z+8 = 21"


def test_the_two_tests_can_disagree_and_both_are_shown() -> None:
    """12 HCP, 7-5-1-0, a 16+ strong club: §2a finds 12 more than 3 below 16
    (psychic), §3 finds 12 + 12 = 24 >= 24 (not psychic)."""
    verdict = assess(
        facts(
            "AKQ8765.K8432.2.",
            call="1C",
            conventional=True,
            strong_artificial=True,
            strong_minimum=16,
            promised_hcp=(16, 37),
        )
    )
    assert [(f.rule, f.psychic) for f in verdict.findings] == [
        ("conventional_deviation", True),
        ("strong_hand_test", False),
    ]
    assert verdict.verdicts_disagree is True


@pytest.mark.parametrize(
    ("hand", "hcp", "prohibited"),
    [
        ("Q9842.K843.J2.32", 6, True),
        ("Q9842.K843.Q2.32", 7, True),  # "7 p.o. o meno": seven is prohibited
        ("Q9842.K843.K2.32", 8, False),
    ],
)
def test_a_natural_one_level_opening_on_seven_points_or_fewer_is_prohibited(
    hand: str, hcp: int, prohibited: bool
) -> None:
    [finding] = assess(facts(hand)).findings
    assert (finding.rule, finding.psychic, finding.prohibited) == (
        "natural_strength",
        prohibited,
        prohibited,
    )
    assert str(finding.reference) == "Norme integrative FIGB, Appendice 2 Art. 2b"
    assert finding.reason.startswith(f"{hcp} HCP in a natural opening at the one level")


def test_a_natural_two_level_opening_and_a_natural_overcall_are_not_judged() -> None:
    """Psychics are permitted in natural openings (beyond §2b) and natural
    overcalls; a weak two is alerted, not conventional."""
    assert assess(facts("Q98642.843.J2.32", call="2S", level=2)).findings == ()
    overcall = facts("Q98642.843.J2.32", kind=CallKind.DIRECT_OVERCALL, call="1S")
    assert assess(overcall).findings == ()


@pytest.mark.parametrize(
    ("hand", "reason"),
    [
        # a conventional 2C promising 5+ clubs and 11-15 HCP
        ("AK4.Q32.9432.K32", "3 cards in C where 5 are promised"),
        ("Q54.J32.K4.J9432", "7 HCP, more than 3 outside the limits 11-15"),
        (
            "54.J32.K54.Q9432",
            "6 HCP, more than 3 outside the limits 11-15",
        ),
        (
            "Q54.J32.J654.Q93",
            "3 cards in C where 5 are promised; "
            "6 HCP, more than 3 outside the limits 11-15",
        ),
    ],
)
def test_a_conventional_opening_short_of_its_length_or_beyond_three_points(
    hand: str, reason: str
) -> None:
    [finding] = assess(
        facts(
            hand,
            call="2C",
            level=2,
            conventional=True,
            promised_hcp=(11, 15),
            promised_suit=Suit.C,
            promised_length=5,
        )
    ).findings
    assert (finding.rule, finding.psychic, finding.prohibited, finding.reason) == (
        "conventional_deviation",
        True,
        True,
        reason,
    )


def test_three_points_outside_the_limits_is_not_yet_a_psychic() -> None:
    [finding] = assess(
        facts(
            "Q54.J32.K4.Q9432",  # 8 HCP: 11 - 3
            call="2C",
            level=2,
            conventional=True,
            promised_hcp=(11, 15),
            promised_suit=Suit.C,
            promised_length=5,
        )
    ).findings
    assert (finding.psychic, finding.reason) == (
        False,
        "within the promised length and 3 HCP of the limits",
    )


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"hand": "AKQ.KQJ.AKQ"}, "is not a hand"),
        ({"hand": "AKQ.KQJ.AKQ.2"}, "a hand holds 13 cards, not 10"),
        ({"promised_hcp": (15, 11)}, "the promised HCP range runs from 0 to 37"),
        ({"promised_suit": Suit.C}, "a promised length names its suit"),
        (
            {"strong_artificial": True, "strong_minimum": 16},
            "is a conventional opening",
        ),
        ({"discretion": 2}, "discretionary point is 0 or 1"),
    ],
)
def test_facts_that_cannot_be_assessed_are_refused_naming_why(
    given: dict[str, object], message: str
) -> None:
    with pytest.raises(PsychicInputError, match=message):
        assess(facts("AKQJ987.32.32.32", **given))
