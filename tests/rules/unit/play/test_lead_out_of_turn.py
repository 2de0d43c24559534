"""Leads out of turn and their options (Laws 53-56)."""

import pytest

from rules.bridge import Seat
from rules.bridge.errors import OptionNotOffered, RectificationPending, WrongChooser
from rules.bridge.irregularity import DIRECTOR
from rules.bridge.penalty_cards import PenaltyCardKind
from rules.bridge.play.leads_and_plays import play_card
from rules.bridge.play.rectification import choose_rectification
from rules.bridge.play_rectification import PlayOption, PlayOptionCode
from rules.bridge.play_state import PlayState
from rules.errors import LawRef
from tests.support.play import card, play, played, started

ACCEPT = PlayOption(PlayOptionCode.ACCEPT_LEAD)
SPREAD = PlayOption(PlayOptionCode.DECLARER_SPREADS_HAND)
WITHDRAW = PlayOption(PlayOptionCode.WITHDRAW_LEAD)
SOUTH_WINS_TRICK_ONE = "W:D8 N:D5 E:D2 S:DA"


def opening_lead_by_east() -> PlayState:
    outcome = play(started(), "E:HA")
    assert outcome.irregularity == LawRef("54")
    return outcome.state


def test_opening_lead_out_of_turn_offers_declarer_the_options_of_law_54() -> None:
    """Accept, spread his hand, or refuse: declarer chooses (Law 54A, B, D)."""
    state = opening_lead_by_east()
    pending = state.pending
    assert pending.law == LawRef("54")
    assert pending.choosers == (Seat.S,)
    assert pending.options == (ACCEPT, SPREAD, WITHDRAW)
    assert state.dummy_faced is False
    assert state.current.lead is not None
    assert state.current.lead.card == card("HA")


def test_accepted_opening_lead_is_followed_from_declarers_hand() -> None:
    """Law 54B1: after acceptance the second card comes from declarer's hand."""
    state = choose_rectification(opening_lead_by_east(), Seat.S, ACCEPT)
    assert state.pending is None
    assert state.dummy_faced is True
    assert state.turn is Seat.S


def test_declarer_who_spreads_his_hand_becomes_dummy() -> None:
    """Law 54A: declarer and dummy swap; the lead is then in turn."""
    state = choose_rectification(opening_lead_by_east(), Seat.S, SPREAD)
    assert state.declarer is Seat.N
    assert state.dummy is Seat.S
    assert state.turn is Seat.S
    state = played(state, "S:H7 W:H2 N:H8")
    assert state.completed[0].winner is Seat.E


def test_refused_opening_lead_becomes_a_major_penalty_card() -> None:
    """Law 54D: the card goes back as a major penalty card and Law 50D applies."""
    state = choose_rectification(opening_lead_by_east(), Seat.S, WITHDRAW)
    [penalty] = state.penalty_cards
    assert (penalty.seat, penalty.card, penalty.kind) == (
        Seat.E,
        card("HA"),
        PenaltyCardKind.MAJOR,
    )
    assert card("HA") in state.remaining(Seat.E)
    assert state.current.leader is Seat.W
    assert state.pending is not None
    assert state.pending.law == LawRef("50D2")
    assert state.pending.choosers == (Seat.S,)


def test_a_card_from_the_next_hand_accepts_the_lead() -> None:
    """Law 53A: a play by the next hand in rotation accepts the lead."""
    outcome = play(opening_lead_by_east(), "S:H7")
    assert outcome.irregularity is None
    assert outcome.state.pending is None
    assert outcome.state.turn is Seat.W


def test_only_the_entitled_player_chooses() -> None:
    """Only declarer chooses under Law 54; the Director may record the choice."""
    state = opening_lead_by_east()
    with pytest.raises(WrongChooser) as caught:
        choose_rectification(state, Seat.W, ACCEPT)
    assert caught.value.code == "wrong_chooser"
    assert caught.value.law == LawRef("54")
    assert choose_rectification(state, DIRECTOR, ACCEPT).pending is None


def test_an_option_the_law_does_not_offer_is_refused() -> None:
    """Law 10C1: only the options the Law gives."""
    with pytest.raises(OptionNotOffered):
        choose_rectification(
            opening_lead_by_east(), Seat.S, PlayOption(PlayOptionCode.PLAY_LOWEST)
        )


def test_no_other_play_while_the_choice_is_pending() -> None:
    """No player acts until the rectification is settled (Law 9B2)."""
    with pytest.raises(RectificationPending) as caught:
        play_card(opening_lead_by_east(), Seat.N, card("H8"))
    assert caught.value.code == "rectification_pending"
    assert caught.value.law == LawRef("9B2")


def test_the_declaring_sides_attempted_opening_lead_goes_back_to_the_hand() -> None:
    """Law 54E: treated as a card exposed during the auction (Law 24), no penalty."""
    outcome = play(started(), "S:S2")
    assert outcome.irregularity == LawRef("54E")
    assert card("S2") in outcome.state.remaining(Seat.S)
    assert outcome.state.turn is Seat.W
    assert outcome.state.penalty_cards == ()


def test_declarers_lead_from_the_wrong_hand_is_for_the_defenders_to_accept() -> None:
    """Law 55A: either defender chooses; the next in rotation prevails."""
    state = played(started(), SOUTH_WINS_TRICK_ONE)
    outcome = play(state, "N:SA")
    assert outcome.irregularity == LawRef("55")
    pending = outcome.state.pending
    assert set(pending.choosers) == {Seat.E, Seat.W}
    assert pending.prevailing is Seat.E
    withdrawn = choose_rectification(outcome.state, Seat.E, WITHDRAW)
    assert card("SA") in withdrawn.remaining(Seat.N)
    assert withdrawn.penalty_cards == ()
    assert withdrawn.turn is Seat.S
    accepted = choose_rectification(outcome.state, Seat.W, ACCEPT)
    assert accepted.turn is Seat.E


def test_after_declarers_lead_out_of_turn_the_defender_on_its_right_plays_prematurely() -> (
    None
):
    """Law 53C: the lead stands and Law 57 applies to that defender's play."""
    state = played(started(), SOUTH_WINS_TRICK_ONE)
    state = play(state, "N:SA").state
    outcome = play(state, "W:H2")
    assert outcome.irregularity == LawRef("57A")
    assert outcome.state.current.lead is not None
    assert outcome.state.current.lead.card == card("SA")


def test_defenders_lead_out_of_turn_is_for_declarer_to_accept_or_refuse() -> None:
    """Law 56: declarer accepts, or the card becomes a major penalty card."""
    state = played(started(), SOUTH_WINS_TRICK_ONE)
    outcome = play(state, "W:CA")
    assert outcome.irregularity == LawRef("56")
    assert outcome.state.pending is not None
    assert outcome.state.pending.choosers == (Seat.S,)
    refused = choose_rectification(outcome.state, Seat.S, WITHDRAW)
    assert refused.penalty_cards[0].kind is PenaltyCardKind.MAJOR
    assert refused.turn is Seat.S
    accepted = choose_rectification(outcome.state, Seat.S, ACCEPT)
    assert accepted.turn is Seat.N
    assert accepted.current.leader is Seat.W


def test_a_lead_out_of_turn_at_trick_thirteen_must_be_withdrawn() -> None:
    """Law 53A footnote: at the thirteenth trick it cannot be accepted."""
    state = started()
    while len(state.completed) < 12:
        seat = state.turn
        assert seat is not None
        from rules.bridge.play_state import legal_cards

        state = play_card(state, seat, min(legal_cards(state, seat))).state
    leader = state.current.leader
    other = leader.lho
    [last] = state.remaining(other)
    outcome = play_card(state, other, last)
    assert outcome.irregularity == LawRef("53A")
    assert outcome.state.pending is None
    assert last in outcome.state.remaining(other)
    assert outcome.state.turn is leader
