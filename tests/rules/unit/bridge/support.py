"""Helpers for auction tests: build auctions and choices tersely."""

from rules.bridge import Seat
from rules.bridge.attempted_call import parse_attempted_call
from rules.bridge.auction import Auction
from rules.bridge.auction_procedure import build_auction, record_call
from rules.bridge.irregularity import DIRECTOR, Chooser, OptionCode, RectificationChoice


def auction(dealer: Seat, text: str = "") -> Auction:
    """Build a lawful auction from calls in rotation."""
    return build_auction(dealer, text)


def call(state: Auction, seat: Seat, text: str) -> Auction:
    """Record ``text`` by ``seat`` (non-strict), whatever it is."""
    return record_call(state, seat, parse_attempted_call(text))


def calls_text(state: Auction) -> str:
    """Return the standing calls as "N:1S E:P ..."."""
    return " ".join(f"{c.seat.value}:{c.call}" for c in state.calls)


def choose(
    option: OptionCode,
    by: Chooser = DIRECTOR,
    *,
    comparable: bool | None = None,
    same_denominations: bool | None = None,
    artificial: bool = False,
) -> RectificationChoice:
    """Return a recorded choice."""
    return RectificationChoice(
        option,
        by,
        comparable=comparable,
        same_denominations=same_denominations,
        artificial=artificial,
    )
