"""Pure helpers to build play states for the play-engine tests."""

from __future__ import annotations

from collections.abc import Iterable

from rules.bridge import Card, Contract, Deal, Seat
from rules.bridge.play.leads_and_plays import play_card, start_play
from rules.bridge.play.record import PlayOutcome
from rules.bridge.play_state import PlayState

# N: S AKQJ  H T98    D 765   C 432
# E: S T987  H AKQ    D 432   C 765
# S: S 65432 H J7     D AKQ   C JT9
# W: S -     H 65432  D JT98  C AKQ8
DEAL = Deal.from_pbn(
    "N:AKQJ.T98.765.432 T987.AKQ.432.765 65432.J7.AKQ.JT9 .65432.JT98.AKQ8"
)
FOUR_SPADES_SOUTH = Contract.parse("4SS")


def card(text: str) -> Card:
    """Return the card written "SA", "HT", ..."""
    return Card.parse(text)


def started(
    contract: Contract = FOUR_SPADES_SOUTH, *, deal: Deal = DEAL, strict: bool = False
) -> PlayState:
    """Return the play state before the opening lead."""
    return start_play(deal, contract, strict=strict)


def played(state: PlayState, plays: str) -> PlayState:
    """Apply plays written "W:C8 N:C2 ..." in order and return the state."""
    for token in plays.split():
        seat, _, text = token.partition(":")
        state = play_card(state, Seat(seat), card(text)).state
    return state


def play(state: PlayState, token: str) -> PlayOutcome:
    """Apply one play written "W:C8" and return the outcome."""
    seat, _, text = token.partition(":")
    return play_card(state, Seat(seat), card(text))


def cards(texts: Iterable[str]) -> frozenset[Card]:
    """Return the set of cards written as strings."""
    return frozenset(card(text) for text in texts)


def finish(state: PlayState) -> PlayState:
    """Play the lowest legal card at each turn until the thirteenth trick."""
    from rules.bridge.play_state import legal_cards

    while not state.is_complete:
        assert state.pending is None, state.pending
        seat = state.turn
        assert seat is not None
        state = play_card(state, seat, min(legal_cards(state, seat))).state
    return state
