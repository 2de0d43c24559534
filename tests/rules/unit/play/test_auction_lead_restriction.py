"""Lead restrictions and penalty cards carried from the auction (Laws 24E, 26B)."""

import pytest

from rules.bridge import Card, Contract, Seat
from rules.bridge.errors import IllegalPlayRefused
from rules.bridge.penalty_cards import PenaltyCardKind
from rules.bridge.play.leads_and_plays import play_card, start_play
from rules.bridge.play.rectification import choose_rectification
from rules.bridge.play_rectification import PlayOption, PlayOptionCode
from rules.bridge.play_state import legal_cards
from rules.bridge.restrictions import LeadRestriction, PenaltyCardFromAuction
from rules.bridge.revoke import RevokeKind
from rules.errors import LawRef
from tests.support.play import DEAL, FOUR_SPADES_SOUTH, card

H, C = Card.parse("H2").suit, Card.parse("C2").suit


def restriction(offender: Seat = Seat.E) -> LeadRestriction:
    return LeadRestriction(
        offender=offender,
        leader=offender.partner,
        declarer=Seat.S,
        prohibitable_suits=frozenset({H, C}),
        cause=LawRef("27B2"),
    )


def test_declarer_may_prohibit_one_suit_at_the_restricted_players_first_lead() -> None:
    """Law 26B: one suit not specified by the offender, or no prohibition."""
    state = start_play(DEAL, FOUR_SPADES_SOUTH, lead_restrictions=[restriction()])
    pending = state.pending
    assert pending.law == LawRef("26B")
    assert pending.choosers == (Seat.S,)
    assert [str(o) for o in pending.options] == [
        "prohibit_lead_suits:C",
        "prohibit_lead_suits:H",
        "no_lead_restriction",
    ]


def test_the_prohibited_suit_is_not_a_legal_lead() -> None:
    """Law 26B: leading the prohibited suit is a revoke (Law 61A); strict refuses it."""
    state = start_play(DEAL, FOUR_SPADES_SOUTH, lead_restrictions=[restriction()])
    state = choose_rectification(
        state, Seat.S, PlayOption(PlayOptionCode.PROHIBIT_LEAD_SUITS, (C,))
    )
    assert C not in {c.suit for c in legal_cards(state, Seat.W)}
    outcome = play_card(state, Seat.W, card("CA"))
    assert outcome.irregularity == LawRef("61A")
    assert outcome.state.revokes[0].kind is RevokeKind.REQUIREMENT
    strict = start_play(
        DEAL, FOUR_SPADES_SOUTH, strict=True, lead_restrictions=[restriction()]
    )
    strict = choose_rectification(
        strict, Seat.S, PlayOption(PlayOptionCode.PROHIBIT_LEAD_SUITS, (C,))
    )
    with pytest.raises(IllegalPlayRefused):
        play_card(strict, Seat.W, card("CA"))


def test_an_offender_who_becomes_declarer_brings_no_lead_restriction() -> None:
    """Law 26B applies only when the offender becomes a defender."""
    state = start_play(DEAL, FOUR_SPADES_SOUTH, lead_restrictions=[restriction(Seat.N)])
    assert state.pending is None


def test_the_restriction_waits_for_the_restricted_players_first_lead() -> None:
    """Law 26B: at the offender's partner's first turn to lead, not before."""
    state = start_play(
        DEAL, Contract.parse("4SS"), lead_restrictions=[restriction(Seat.W)]
    )
    assert state.pending is None
    state = play_card(state, Seat.W, card("D8")).state
    for token in ("N:D5", "E:D2", "S:DA", "S:S3", "W:H2", "N:SA", "E:S7"):
        seat, _, text = token.partition(":")
        state = play_card(state, Seat(seat), card(text)).state
    assert state.pending is None
    state = play_card(state, Seat.N, card("SK")).state
    for token in ("E:S8", "S:S4", "W:H3"):
        seat, _, text = token.partition(":")
        state = play_card(state, Seat(seat), card(text)).state
    state = play_card(state, Seat.N, card("H8")).state
    state = play_card(state, Seat.E, card("HA")).state
    state = play_card(state, Seat.S, card("H7")).state
    state = play_card(state, Seat.W, card("H4")).state
    assert state.current.leader is Seat.E
    assert state.pending is not None
    assert state.pending.law == LawRef("26B")


def test_a_future_defenders_card_exposed_in_the_auction_is_a_penalty_card() -> None:
    """Law 24E: it becomes a penalty card; declarer's side takes its cards back."""
    exposed = [
        PenaltyCardFromAuction(Seat.E, card("HQ"), major=True),
        PenaltyCardFromAuction(Seat.N, card("SA"), major=True),
    ]
    state = start_play(DEAL, FOUR_SPADES_SOUTH, penalty_cards=exposed)
    [penalty] = state.penalty_cards
    assert (penalty.seat, penalty.card, penalty.kind) == (
        Seat.E,
        card("HQ"),
        PenaltyCardKind.MAJOR,
    )
    assert state.pending is not None
    assert state.pending.law == LawRef("50D2")
