"""Lead restrictions after a withdrawn call, as plain values (Law 26B, 59)."""

from rules.bridge import Card, Seat, Suit
from rules.bridge.auction import Auction
from rules.bridge.auction_procedure import apply_option
from rules.bridge.irregularity import OptionCode
from rules.bridge.restrictions import LeadProhibition
from rules.errors import LawRef
from tests.rules.unit.bridge.support import auction, call, choose


def _defender_offended() -> Auction:
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.S)).auction
    state = call(state, Seat.E, "3H")
    state = apply_option(
        state, choose(OptionCode.RULE_COMPARABLE, comparable=False)
    ).auction
    for seat, text in ((Seat.S, "4S"), (Seat.W, "P"), (Seat.N, "P"), (Seat.E, "P")):
        state = call(state, seat, text)
    return state


def test_restriction_takes_effect_when_the_offender_defends() -> None:
    """Law 26B: declarer may prohibit one suit the offender did not specify."""
    state = _defender_offended()
    [restriction] = state.lead_restrictions()
    assert restriction.offender is Seat.E
    assert restriction.leader is Seat.W
    assert restriction.declarer is Seat.N
    assert restriction.prohibitable_suits == frozenset({Suit.S, Suit.D, Suit.C})
    assert restriction.cause == LawRef("27B2")
    assert restriction.law == LawRef("26B")


def test_no_restriction_when_the_offender_declares() -> None:
    """Law 26B applies only if the offender becomes a defender."""
    state = call(auction(Seat.N, "1S"), Seat.E, "1H")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.S)).auction
    state = call(state, Seat.E, "3H")
    state = apply_option(
        state, choose(OptionCode.RULE_COMPARABLE, comparable=False)
    ).auction
    for seat, text in ((Seat.S, "P"), (Seat.W, "P"), (Seat.N, "P")):
        state = call(state, seat, text)
    assert state.final_contract is not None
    assert state.final_contract.declarer is Seat.E
    assert state.lead_restrictions() == ()


def test_prohibition_lets_a_player_with_only_that_suit_lead_it() -> None:
    """The prohibited suit may not be led, unless nothing else is held (Law 59)."""
    prohibition = LeadProhibition(Seat.W, Suit.S)
    hand = frozenset(Card.parse(c) for c in ("SA", "S2", "H3"))
    assert prohibition.permits(Card.parse("H3"), hand) is True
    assert prohibition.permits(Card.parse("SA"), hand) is False
    only_spades = frozenset(Card.parse(c) for c in ("SA", "S2"))
    assert prohibition.permits(Card.parse("SA"), only_spades) is True
