"""Burraco scoring: the hand score, the turn, the VP tables, awarded results.

F.I.Bur. Codice di Gara, April 2024 edition. Pure standard library plus
``rules.burraco``.
"""

from scoring.burraco.awards import (
    MONITORING_THRESHOLD,
    MonitoringReading,
    QuarrelAward,
    TurnAward,
    absence_score,
    annulled_correction,
    both_abandoned,
    capped_at_seven,
    lost_score_sheet,
    misconduct_suspension,
    monitoring_threshold_reached,
    quarrel_abandonment,
    unreported_threshold,
)
from scoring.burraco.errors import InvalidHandScore, InvalidTurn, NotAMultipleOfFive
from scoring.burraco.hand_score import (
    HandCount,
    HandScore,
    Pozzo,
    PozzoPenaltyColumn,
    SideHand,
    SideScore,
    score_hand,
    side_hand_from_table,
)
from scoring.burraco.standings import WarningPolicy, warnings_vp_deduction
from scoring.burraco.turn import TurnResult, score_turn, team_match_difference
from scoring.burraco.vp import VP_TABLES, VpBand, equivalent_mp, vp_for_difference

__all__ = [
    "MONITORING_THRESHOLD",
    "VP_TABLES",
    "HandCount",
    "HandScore",
    "InvalidHandScore",
    "InvalidTurn",
    "MonitoringReading",
    "NotAMultipleOfFive",
    "Pozzo",
    "PozzoPenaltyColumn",
    "QuarrelAward",
    "SideHand",
    "SideScore",
    "TurnAward",
    "TurnResult",
    "VpBand",
    "WarningPolicy",
    "absence_score",
    "annulled_correction",
    "both_abandoned",
    "capped_at_seven",
    "equivalent_mp",
    "lost_score_sheet",
    "misconduct_suspension",
    "monitoring_threshold_reached",
    "quarrel_abandonment",
    "score_hand",
    "score_turn",
    "side_hand_from_table",
    "team_match_difference",
    "unreported_threshold",
    "vp_for_difference",
    "warnings_vp_deduction",
]
