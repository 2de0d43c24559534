"""Burraco rules engine: cards, melds, the burraco, how a hand ends, penalties.

F.I.Bur. Codice di Gara, April 2024 edition. Pure standard library; errors
and penalties name their article (``rules.burraco.articles``).
"""

from rules.burraco.articles import CodeSection, art
from rules.burraco.card import (
    DECK,
    DECK_POINTS,
    JOKER,
    Card,
    Rank,
    Suit,
    cards_value,
    draw_key,
    parse_cards,
)
from rules.burraco.classification import BurracoKind, WildInsideRun, classify
from rules.burraco.discard_order import discard_by_rule
from rules.burraco.errors import InconsistentFacts, InvalidMeld, InvalidSetting
from rules.burraco.hand_end import (
    FinalRound,
    Go,
    HandEnding,
    TimeOutMoment,
    closing_bonus_due,
    final_round,
    is_stall,
    stock_exhausted,
)
from rules.burraco.lateness import (
    FORFEIT,
    AwardedScore,
    Lateness,
    LatenessBand,
    both_late_forfeit,
    lateness_penalty,
)
from rules.burraco.match_format import MatchFormat
from rules.burraco.melds import Combination, Meld, Sequence, meld_from_cards
from rules.burraco.seat import Seat, Side

__all__ = [
    "DECK",
    "DECK_POINTS",
    "FORFEIT",
    "JOKER",
    "AwardedScore",
    "BurracoKind",
    "Card",
    "CodeSection",
    "Combination",
    "FinalRound",
    "Go",
    "HandEnding",
    "InconsistentFacts",
    "InvalidMeld",
    "InvalidSetting",
    "Lateness",
    "LatenessBand",
    "MatchFormat",
    "Meld",
    "Rank",
    "Seat",
    "Sequence",
    "Side",
    "Suit",
    "TimeOutMoment",
    "WildInsideRun",
    "art",
    "both_late_forfeit",
    "cards_value",
    "classify",
    "closing_bonus_due",
    "discard_by_rule",
    "draw_key",
    "final_round",
    "is_stall",
    "lateness_penalty",
    "meld_from_cards",
    "parse_cards",
    "stock_exhausted",
]
