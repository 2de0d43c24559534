"""The element names USEBIO's reader and writer share (decisions 0027, 0028,
0153, 0181, 0182): the seats, the suits, the scoring methods and their
elements, the artificial-score spelling, an individual line's four players
and a penalty's units."""

from __future__ import annotations

import re

from scoring.formats.model import SEATS, ScoringMethod

SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
SUIT_ELEMENTS = (("SPADES", 0), ("HEARTS", 1), ("DIAMONDS", 2), ("CLUBS", 3))
SCORING_METHODS = {
    "MATCH_POINTS": ScoringMethod.MATCHPOINTS,
    "MATCHPOINTS": ScoringMethod.MATCHPOINTS,
    "IMPS": ScoringMethod.IMPS,
    "CROSS_IMPS": ScoringMethod.CROSS_IMPS,
    "BUTLER_IMPS": ScoringMethod.BUTLER,
    "AGGREGATE": ScoringMethod.TOTAL_POINTS,
    "BAM": ScoringMethod.BOARD_A_MATCH,
}
SCORING_ELEMENT = {
    ScoringMethod.MATCHPOINTS: "MATCH_POINTS",
    ScoringMethod.IMPS: "IMPS",
    ScoringMethod.CROSS_IMPS: "CROSS_IMPS",
    ScoringMethod.BUTLER: "BUTLER_IMPS",
    ScoringMethod.TOTAL_POINTS: "AGGREGATE",
    ScoringMethod.BOARD_A_MATCH: "BAM",
}
IMP_ELEMENTS = ("CROSS_IMP_POINTS", "BUTLER_POINTS", "IMPS", "IMP_POINTS")
IMP_ELEMENT = {
    ScoringMethod.CROSS_IMPS: "CROSS_IMP_POINTS",
    ScoringMethod.BUTLER: "BUTLER_POINTS",
}
ARTIFICIAL_SCORE = re.compile(r"A\d")
# An individual line's four players (Law 4), North, East, South, West.
SEAT_PLAYER = tuple(f"{SEAT_WORDS[s].upper()}_PLAYER_NUMBER" for s in SEATS)
# A penalty's units as a PENALTY element names them (decision 0181).
PENALTY_UNITS = {
    "MATCH_POINTS": "MP",
    "PERCENTAGE": "PERCENT",
    "PERCENTAGE_OF_TOP": "TOP_PERCENT",
    "IMPS": "IMP",
    "VICTORY_POINTS": "VP",
}
