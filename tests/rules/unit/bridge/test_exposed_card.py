"""Cards exposed or led during the auction (Law 24)."""

import pytest

from rules.bridge import Card, Seat
from rules.bridge.auction import Auction
from rules.bridge.exposed_card import apply_exposed_cards, classify_exposed_cards
from rules.bridge.restrictions import PassScope, PenaltyCardFromAuction
from rules.errors import LawRef
from tests.rules.unit.bridge.support import auction, call


def _expose(state: Auction, seat: Seat, *cards: str, led: bool = False) -> Auction:
    parsed = [Card.parse(c) for c in cards]
    irregularity = classify_exposed_cards(state, seat, parsed, premature_lead=led)
    return apply_exposed_cards(state, irregularity, parsed, premature_lead=led)


@pytest.mark.parametrize(
    ("cards", "led", "law"),
    [
        (("S5",), False, "24A"),
        (("S5",), True, "24B"),
        (("ST",), False, "24B"),
        (("HA",), False, "24B"),
        (("S5", "H2"), False, "24C"),
    ],
)
def test_exposure_is_classified_a_b_or_c(
    cards: tuple[str, ...], led: bool, law: str
) -> None:
    """Low card 24A; honour or premature lead 24B; two or more 24C."""
    irregularity = classify_exposed_cards(
        auction(Seat.N), Seat.N, [Card.parse(c) for c in cards], premature_lead=led
    )
    assert irregularity.law == LawRef(law)
    assert irregularity.options == ()


def test_low_card_needs_no_further_rectification() -> None:
    """Law 24A: no silencing (but see 24E)."""
    state = _expose(auction(Seat.N), Seat.N, "S5")
    assert state.pass_restrictions == ()
    assert len(state.exposed_cards) == 1


def test_honour_silences_partner_at_next_turn() -> None:
    """Law 24B: partner must pass at his next turn; 72C may apply."""
    state = _expose(auction(Seat.N), Seat.N, "SK")
    [restriction] = state.pass_restrictions
    assert (restriction.seat, restriction.scope) == (Seat.S, PassScope.NEXT_TURN)
    assert [f.law.law for f in state.review_flags] == ["72C"]


def test_exposed_cards_return_to_declarer_side() -> None:
    """Law 24D: the future declarer or dummy takes the cards back."""
    state = _expose(auction(Seat.N), Seat.N, "SK", "S5")
    state = call(
        call(call(call(state, Seat.N, "1NT"), Seat.E, "P"), Seat.S, "P"), Seat.W, "P"
    )
    assert state.penalty_cards() == ()


def test_defenders_exposed_cards_become_penalty_cards() -> None:
    """Law 24E with 50B: two or more are all major; a single low card is minor."""
    state = _expose(auction(Seat.N), Seat.E, "S5", "H2")
    state = _expose(state, Seat.W, "C3")
    state = call(
        call(call(call(state, Seat.N, "1NT"), Seat.E, "P"), Seat.S, "P"), Seat.W, "P"
    )
    assert set(state.penalty_cards()) == {
        PenaltyCardFromAuction(Seat.E, Card.parse("S5"), major=True),
        PenaltyCardFromAuction(Seat.E, Card.parse("H2"), major=True),
        PenaltyCardFromAuction(Seat.W, Card.parse("C3"), major=False),
    }


def test_premature_lead_is_a_major_penalty_card() -> None:
    """Law 24E with 50B: a card led prematurely is major."""
    state = _expose(auction(Seat.N), Seat.W, "C3", led=True)
    state = call(
        call(call(call(state, Seat.N, "1NT"), Seat.E, "P"), Seat.S, "P"), Seat.W, "P"
    )
    assert state.penalty_cards() == (
        PenaltyCardFromAuction(Seat.W, Card.parse("C3"), True),
    )
