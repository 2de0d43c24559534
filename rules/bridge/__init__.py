"""Bridge rules engine: value types, auction and irregularities.

Laws of Duplicate Bridge 2017 (FIGB edition). Pure standard library.
"""

from rules.bridge.alerts import Alert, Explanation
from rules.bridge.attempted_call import (
    AttemptedCall,
    BidAboveSeven,
    parse_attempted_call,
)
from rules.bridge.auction import (
    Auction,
    AuctionCall,
    AuctionStatus,
    WithdrawnCall,
    lowest_sufficient_bid,
)
from rules.bridge.auction_procedure import (
    CallRuling,
    HeldCall,
    IrregularCall,
    LegalCall,
    Rectified,
    RefusedCall,
    SettlesRectification,
    apply_option,
    build_auction,
    classify_call,
    record_call,
    record_change_of_call,
)
from rules.bridge.board import Board
from rules.bridge.call import (
    DOUBLE,
    PASS,
    REDOUBLE,
    Bid,
    Call,
    Double,
    Pass,
    Redouble,
    format_call,
    parse_call,
)
from rules.bridge.card import FULL_DECK, Card, Rank, Suit
from rules.bridge.contract import Contract, Doubling
from rules.bridge.deal import Deal, Hand, format_hand, parse_hand, random_deal
from rules.bridge.denomination import Denomination
from rules.bridge.irregularity import (
    DIRECTOR,
    Chooser,
    Director,
    Irregularity,
    IrregularityKind,
    OptionCode,
    RectificationChoice,
    RectificationOption,
)
from rules.bridge.pbn_auction import auction_from_pbn, auction_to_pbn
from rules.bridge.restrictions import (
    LeadProhibition,
    LeadRestriction,
    PassRestriction,
    PassScope,
    PenaltyCardFromAuction,
    ReviewFlag,
)
from rules.bridge.seat import Seat, Side
from rules.bridge.vulnerability import Vulnerability, dealer_for, vulnerability_for

__all__ = [
    "DIRECTOR",
    "DOUBLE",
    "FULL_DECK",
    "PASS",
    "REDOUBLE",
    "Alert",
    "AttemptedCall",
    "Auction",
    "AuctionCall",
    "AuctionStatus",
    "Bid",
    "BidAboveSeven",
    "Board",
    "Call",
    "CallRuling",
    "Card",
    "Chooser",
    "Contract",
    "Deal",
    "Denomination",
    "Director",
    "Double",
    "Doubling",
    "Explanation",
    "Hand",
    "HeldCall",
    "IrregularCall",
    "Irregularity",
    "IrregularityKind",
    "LeadProhibition",
    "LeadRestriction",
    "LegalCall",
    "OptionCode",
    "Pass",
    "PassRestriction",
    "PassScope",
    "PenaltyCardFromAuction",
    "Rank",
    "RectificationChoice",
    "RectificationOption",
    "Rectified",
    "Redouble",
    "RefusedCall",
    "ReviewFlag",
    "Seat",
    "SettlesRectification",
    "Side",
    "Suit",
    "Vulnerability",
    "WithdrawnCall",
    "apply_option",
    "auction_from_pbn",
    "auction_to_pbn",
    "build_auction",
    "classify_call",
    "dealer_for",
    "format_call",
    "format_hand",
    "lowest_sufficient_bid",
    "parse_attempted_call",
    "parse_call",
    "parse_hand",
    "random_deal",
    "record_call",
    "record_change_of_call",
    "vulnerability_for",
]
