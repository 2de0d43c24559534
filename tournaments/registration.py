"""Register the tournament domain's events and value types with the store.

Domain value types are stored by their canonical text (a card "SA", a call
"1NT", a deal in PBN notation, a Law reference "64A1"), so payloads stay
readable and stable across refactors.
"""

from __future__ import annotations

from eventstore.registry import registry
from rules.bridge import Call, Card, Deal, format_call, parse_call
from rules.errors import LawRef
from tournaments.domain import board_play, board_result, tournament, withdrawals


def register_values() -> None:
    registry.register_value(Card, str, Card.parse)
    registry.register_value(Call, format_call, parse_call)
    registry.register_value(Deal, lambda deal: deal.to_pbn(), Deal.from_pbn)
    registry.register_value(LawRef, lambda ref: ref.law, LawRef)


def register_all() -> None:
    """Called once from ``TournamentsConfig.ready``."""
    register_values()
    registry.register(tournament.EVENT_TYPES)
    registry.register(board_result.EVENT_TYPES)
    registry.register(board_play.EVENT_TYPES)
    registry.register((withdrawals.WithdrawalCounted,))
