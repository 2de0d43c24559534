"""Alerts, explanations and reviews of the auction (Law 20)."""

from rules.bridge import Seat
from rules.bridge.alerts import (
    annotate_call,
    explainer_of,
    may_ask_for_explanation,
    may_request_review,
)
from rules.bridge.auction_procedure import apply_option
from rules.bridge.irregularity import OptionCode
from tests.rules.unit.bridge.support import auction, call, choose


def test_review_and_questions_only_at_own_turn() -> None:
    """Law 20B, 20F1: at his own turn during the auction."""
    state = auction(Seat.N, "1NT")
    assert may_request_review(state, Seat.E) is True
    assert may_request_review(state, Seat.S) is False
    assert may_ask_for_explanation(state, Seat.E) is True


def test_no_review_for_a_player_required_to_pass() -> None:
    """Law 20B and footnote to 20F1: not if required to pass."""
    state = call(auction(Seat.N, "1C"), Seat.S, "P")
    state = apply_option(state, choose(OptionCode.DECLINE, Seat.W)).auction  # 30A
    state = call(state, Seat.E, "P")
    assert state.turn is Seat.S
    assert may_request_review(state, Seat.S) is False
    assert may_ask_for_explanation(state, Seat.S) is False


def test_callers_partner_explains() -> None:
    """Law 20F1: the partner of the player who made the call explains."""
    state = auction(Seat.N, "1NT P 2C")
    assert explainer_of(state, 2) is Seat.N


def test_alert_and_explanation_are_recorded_on_the_call() -> None:
    """The alert and the explanation given are kept with the standing call."""
    state = annotate_call(
        auction(Seat.N, "1NT P 2C"), 2, alerted=True, explanation="Stayman"
    )
    assert state.calls[2].alerted is True
    assert state.calls[2].explanation == "Stayman"
    assert state.calls[0].alerted is False
