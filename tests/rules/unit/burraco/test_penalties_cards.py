"""Wrong melds the partner points out, exposed, excess and phantom cards.

Codice di Gara Arts. 21, 24, 25, 26, 27.
"""

import pytest

from rules.burraco import InconsistentFacts, art, parse_cards
from rules.burraco.penalties import (
    AttachedToFrozen,
    Caller,
    Disposal,
    ExcessCards,
    ExposedCards,
    FreezeKind,
    Instruction,
    Noticed,
    PartnerPointsOutError,
    PhantomCard,
    PhantomCase,
    WarningTo,
    penalty_for,
)

P = parse_cards


def test_partner_points_out_a_wrong_meld_whose_rest_is_valid() -> None:
    """Only the excess is penalized when the rest is a meld (Art. 21)."""
    penalty = penalty_for(PartnerPointsOutError(cards=P("S7 S8 S9 HK"), excess=P("HK")))
    assert penalty.law == art(21)
    assert penalty.penalized == P("HK")
    assert penalty.penalized_points == 10
    assert penalty.warning is WarningTo.OFFENDING_SIDE
    assert penalty.interrupt is True
    assert penalty.can_fix is False
    assert penalty.disposal is Disposal.BY_RULE


def test_partner_points_out_an_incomplete_meld() -> None:
    """Nothing valid is left: every card of it is penalized (Art. 21)."""
    penalty = penalty_for(PartnerPointsOutError(cards=P("S7 S8 HK"), excess=P("HK")))
    assert penalty.penalized == P("S7 S8 HK")
    assert penalty.penalized_points == 25


def test_partner_points_out_a_wrong_attachment() -> None:
    """Wrongly attached cards are penalized, the pair warned (Art. 21)."""
    penalty = penalty_for(
        PartnerPointsOutError(cards=P("D4 D5"), excess=P("D4 D5"), attachment=True)
    )
    assert penalty.penalized == P("D4 D5")
    assert penalty.warning is WarningTo.OFFENDING_SIDE


def test_excess_not_among_the_cards_is_refused() -> None:
    """Facts must agree with each other."""
    with pytest.raises(InconsistentFacts, match="excess cards are not among"):
        penalty_for(PartnerPointsOutError(cards=P("S7 S8 S9"), excess=P("HK")))


def test_exposed_cards_must_be_played_in_the_go() -> None:
    """Play them now, or they are penalized at the end of the plays (Art. 24)."""
    penalty = penalty_for(ExposedCards(cards=P("HA H7")))
    assert penalty.law == art(24)
    assert penalty.now is Instruction.PLAY_EXPOSED
    assert penalty.exposed == P("HA H7")
    assert penalty.penalized == ()
    assert penalty.warning is None


def test_exposed_cards_not_played_or_put_on_partners_melds_are_penalized() -> None:
    """Unplayed, or on a meld the partner opened: penalized (Art. 24)."""
    penalty = penalty_for(
        ExposedCards(cards=P("HA H7 CQ"), not_played=P("HA"), on_partners_melds=P("CQ"))
    )
    assert penalty.penalized == P("HA CQ")
    assert penalty.penalized_points == 25
    assert penalty.also == (art(25),)
    assert penalty.disposal is Disposal.END_OF_GO


def test_drawing_attention_to_exposed_cards() -> None:
    """Play stops and the exposed cards are discarded (Art. 24)."""
    penalty = penalty_for(ExposedCards(cards=P("S9"), attention_drawn=True))
    assert penalty.interrupt is True
    assert penalty.penalized == P("S9")


@pytest.mark.parametrize(
    ("noticed", "disposal", "interrupt"),
    [
        (Noticed.DURING_GO, Disposal.BY_RULE, True),
        (Noticed.AFTER_DISCARD, Disposal.LATER_DISCARDS, False),
    ],
)
def test_excess_cards_found_early_are_penalized(
    noticed: Noticed, disposal: Disposal, interrupt: bool
) -> None:
    """At once: discarded by rule; after the discard: later discards (Art. 25)."""
    penalty = penalty_for(ExcessCards(cards=P("SK"), noticed=noticed))
    assert penalty.law == art(25)
    assert penalty.penalized == P("SK")
    assert penalty.disposal is disposal
    assert penalty.interrupt is interrupt
    assert penalty.negative == ()


@pytest.mark.parametrize(
    "noticed", [Noticed.AFTER_NEXT_DRAW, Noticed.OFFENDERS_NEXT_GO]
)
def test_excess_cards_found_later_count_negative_and_never_lapse(
    noticed: Noticed,
) -> None:
    """Later: the meld freezes for good, only the excess counts negative (Art. 25)."""
    penalty = penalty_for(ExcessCards(cards=P("SK"), noticed=noticed))
    assert penalty.lapsed is False
    assert getattr(penalty.freeze, "kind", None) is FreezeKind.DEFINITIVE
    assert penalty.negative == P("SK")
    assert penalty.negative_points == 10


def test_phantom_found_in_ones_own_go() -> None:
    """Cases 1 and 2: a card not fitting its meld is penalized (Art. 26)."""
    before = penalty_for(PhantomCard(PhantomCase.OWN_GO_BEFORE_DISCARD, P("D5")[0]))
    after = penalty_for(PhantomCard(PhantomCase.OWN_GO_AFTER_DISCARD, P("D5")[0]))
    assert before.penalized == after.penalized == P("D5")
    assert before.disposal is Disposal.BY_RULE
    assert after.disposal is Disposal.LATER_DISCARDS


def test_a_phantom_that_fits_stays() -> None:
    """Compatible with its meld, it is no irregularity (Art. 26)."""
    penalty = penalty_for(
        PhantomCard(PhantomCase.OWN_GO_BEFORE_DISCARD, P("D5")[0], fits=True)
    )
    assert penalty.penalized == ()


def test_phantom_in_a_pre_existing_meld() -> None:
    """Case 3: penalized, meld frozen for good, points and burraco stay (Art. 26)."""
    penalty = penalty_for(PhantomCard(PhantomCase.PRE_EXISTING_MELD, P("CJ")[0]))
    assert penalty.penalized == P("CJ")
    assert penalty.negative == ()
    assert getattr(penalty.freeze, "kind", None) is FreezeKind.DEFINITIVE
    assert penalty.disposal is Disposal.END_OF_GO


def test_phantom_revealed_by_added_cards() -> None:
    """Case 4: the added cards stay and count negative (Art. 26)."""
    penalty = penalty_for(
        PhantomCard(PhantomCase.REVEALED_BY_ADDITION, P("CJ")[0], added=P("H9 HT"))
    )
    assert penalty.negative == P("H9 HT")
    assert penalty.negative_points == 20
    assert penalty.penalized == P("CJ")


def test_phantom_under_the_discard_is_exposed() -> None:
    """Case 5: the card under the discard is exposed (Art. 26)."""
    penalty = penalty_for(PhantomCard(PhantomCase.WITH_DISCARD, P("ST")[0]))
    assert penalty.exposed == P("ST")
    assert penalty.also == (art(24),)


def test_case_four_needs_the_added_cards() -> None:
    """Facts for case 4 name the cards added; other cases name none."""
    with pytest.raises(InconsistentFacts, match="case 4 needs"):
        penalty_for(PhantomCard(PhantomCase.REVEALED_BY_ADDITION, P("CJ")[0]))
    with pytest.raises(InconsistentFacts, match="belong to case 4 only"):
        penalty_for(PhantomCard(PhantomCase.WITH_DISCARD, P("CJ")[0], added=P("H9")))


def test_cards_attached_to_a_frozen_meld_are_penalized() -> None:
    """Attached to a frozen or wrong meld: penalized (Art. 27)."""
    penalty = penalty_for(AttachedToFrozen(cards=P("HJ HQ")))
    assert penalty.law == art(27)
    assert penalty.penalized == P("HJ HQ")


def test_attached_to_frozen_pointed_out_by_partner_too_early() -> None:
    """Standard timing applies (Proc.; Art. 21)."""
    penalty = penalty_for(AttachedToFrozen(cards=P("HJ"), called_by=Caller.PARTNER))
    assert penalty.also == (art(25), art(21))
    assert penalty.warning is WarningTo.OFFENDING_SIDE
