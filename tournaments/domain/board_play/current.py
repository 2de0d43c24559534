"""The board's auction, play or claim, or the typed error when it has none yet."""

from __future__ import annotations

from rules.bridge.auction import Auction
from rules.bridge.claims import Claim
from rules.bridge.errors import NoClaimPending, PlayEnded, PlaySuspended
from rules.bridge.play_state import PlayState
from tournaments.domain.board_play.errors import (
    AuctionInProgress,
    BoardCompleted,
    BoardNotDealt,
)
from tournaments.domain.board_play.state import BoardPhase, BoardPlayState

__all__ = ["auction_of", "claim_of", "play_of", "playable"]


def auction_of(state: BoardPlayState) -> Auction:
    if state.auction is None:
        raise BoardNotDealt()
    return state.auction


def play_of(state: BoardPlayState) -> PlayState:
    if state.play is None:
        raise AuctionInProgress()
    return state.play


def claim_of(state: BoardPlayState) -> Claim:
    if state.claim is None:
        raise NoClaimPending()
    return state.claim


def playable(state: BoardPlayState) -> PlayState:
    """Return the play state if cards may be played now (Laws 41, 68D)."""
    phase = state.phase
    if phase is BoardPhase.CLAIM:
        raise PlaySuspended()
    if phase is BoardPhase.COMPLETED:
        if state.play is not None and state.play.is_complete:
            raise PlayEnded()
        raise BoardCompleted()
    return play_of(state)
