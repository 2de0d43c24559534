"""Properties of the play engine over random deals and random play (Laws 44, 53-61)."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge import FULL_DECK, Contract, Denomination, Doubling, Seat, random_deal
from rules.bridge.play.leads_and_plays import play_card, start_play
from rules.bridge.play.rectification import choose_rectification
from rules.bridge.play_state import PlayState, legal_cards
from rules.bridge.result import result_of_play
from rules.bridge.revoke import RevokeKind
from rules.errors import LawRef, RuleViolation, StateConflict

SETTINGS = settings(max_examples=40, deadline=None)


def random_start(rng: random.Random) -> PlayState:
    contract = Contract(
        level=rng.randint(1, 7),
        denomination=rng.choice(list(Denomination)),
        doubling=rng.choice(list(Doubling)),
        declarer=rng.choice(list(Seat)),
    )
    return start_play(random_deal(rng), contract)


def play_randomly(
    state: PlayState, rng: random.Random, *, until: int = 13
) -> PlayState:
    while len(state.completed) < until:
        seat = state.turn
        assert seat is not None
        state = play_card(
            state, seat, rng.choice(sorted(legal_cards(state, seat)))
        ).state
    return state


@SETTINGS
@given(st.randoms(use_true_random=False))
def test_random_legal_play_reaches_thirteen_tricks_with_a_valid_result(
    rng: random.Random,
) -> None:
    """Legal play never raises, every card is played once, tricks sum to 13 (Law 44)."""
    state = play_randomly(random_start(rng), rng)
    assert state.is_complete is True
    assert state.irregularities == ()
    played = [pc.card for trick in state.completed for pc in trick.cards]
    assert sorted(played) == sorted(FULL_DECK)
    declaring = state.declaring_side
    assert state.tricks_won(declaring) + state.tricks_won(declaring.opponents) == 13
    result = result_of_play(state)
    assert result.tricks_made == state.tricks_won(declaring)
    assert result.transfers == ()


@SETTINGS
@given(st.randoms(use_true_random=False), st.integers(min_value=0, max_value=13))
def test_an_impossible_play_is_refused_with_a_typed_error(
    rng: random.Random, stop: int
) -> None:
    """A card not held, a card already played, or a play after the last trick is refused."""
    state = play_randomly(random_start(rng), rng, until=stop)
    if state.is_complete:
        seat, card = Seat.N, FULL_DECK[0]
    else:
        seat = state.turn
        assert seat is not None
        already = state.deal.hand(seat) - state.remaining(seat)
        foreign = [c for c in FULL_DECK if c not in state.deal.hand(seat)]
        card = (
            rng.choice(sorted(already))
            if already and rng.random() < 0.5
            else rng.choice(foreign)
        )
    snapshot = state
    with pytest.raises((RuleViolation, StateConflict)) as caught:
        play_card(state, seat, card)
    assert (
        caught.value.law
        == {
            "card_not_held": LawRef("45A"),
            "card_already_played": LawRef("47F"),
            "play_ended": LawRef("44B"),
        }[caught.value.code]
    )
    assert state == snapshot
    if not state.is_complete:
        play_randomly(state, rng)


@SETTINGS
@given(st.randoms(use_true_random=False), st.integers(min_value=0, max_value=12))
def test_a_lead_out_of_turn_is_flagged_with_its_law_and_options(
    rng: random.Random, stop: int
) -> None:
    """Every lead out of turn names Law 53A, 54, 54E, 55 or 56, with the options and chooser."""
    state = play_randomly(random_start(rng), rng, until=stop)
    leader = state.current.leader
    offender = leader.next(rng.randint(1, 3))
    card = rng.choice(sorted(state.remaining(offender)))
    outcome = play_card(state, offender, card)
    law = outcome.irregularity
    assert law is not None
    assert law.law in {"53A", "54", "54E", "55", "56"}
    pending = outcome.state.pending
    if law.law in {"53A", "54E"}:
        assert pending is None
        assert card in outcome.state.remaining(offender)
        return
    assert pending.law == law
    assert pending.offender is offender
    assert pending.choosers
    option = rng.choice(pending.options)
    chosen = choose_rectification(outcome.state, rng.choice(pending.choosers), option)
    while chosen.pending is not None:
        chosen = choose_rectification(
            chosen, chosen.pending.choosers[0], chosen.pending.options[-1]
        )
    if not chosen.is_complete:
        assert chosen.turn is not None


@SETTINGS
@given(st.randoms(use_true_random=False), st.integers(min_value=0, max_value=10))
def test_failing_to_follow_suit_is_flagged_as_a_revoke(
    rng: random.Random, stop: int
) -> None:
    """A card of another suit while holding the suit led is a revoke (Laws 44C, 61A)."""
    state = play_randomly(random_start(rng), rng, until=stop)
    for _ in range(3):
        if state.current.cards:
            break
        seat = state.turn
        assert seat is not None
        state = play_card(
            state, seat, rng.choice(sorted(legal_cards(state, seat)))
        ).state
    seat = state.turn
    assert seat is not None
    led = state.current.led_suit
    hand = state.remaining(seat)
    others = sorted(c for c in hand if c.suit is not led)
    if not others or all(c.suit is not led for c in hand):
        return
    outcome = play_card(state, seat, rng.choice(others))
    assert outcome.irregularity is not None
    assert outcome.irregularity.law == "44C"
    revoke = outcome.state.revokes[-1]
    assert revoke.seat is seat
    assert revoke.kind in (RevokeKind.FOLLOW_SUIT, RevokeKind.DUMMY)
    assert revoke.established is False
