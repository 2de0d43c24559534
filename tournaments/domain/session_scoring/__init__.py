"""One scoring pipeline: a session's result lines to its figures (decision 0075).

Laws of Duplicate Bridge 2017 (FIGB edition): Law 78A (matchpoints), Law 78B
and 78D (IMPs, Butler and cross-IMPs), Law 12C (adjusted scores), Law 86
(team matches), Law 87 (fouled boards), Law 90 (procedural penalties);
FIGB N-L78 §4-§5 (ties and tie-breaks).

``score_session`` is the only place where result lines become figures. The
results projection writes what it returns (rounded once, for publication);
the export and the comparison with an imported file read its exact figures;
the write side runs it before it accepts a schedule (``check_schedule``) or
a whole imported file, so an event the projection cannot score is refused
at the door. Pure: no clock, no database.
"""

from tournaments.domain.session_scoring.conditions import (
    CROSS_IMPS,
    FIGB_AVERAGES,
    FIGB_FOULED,
    IMP_PAIRS,
    INDIVIDUAL,
    MP_UNITS,
    TEAMS,
    Conditions,
    Line,
    Penalty,
    Seating,
    Table,
    methods_of,
)
from tournaments.domain.session_scoring.figures import (
    EMPTY,
    LineFigures,
    Match,
    SessionFigures,
    Standing,
    entry_of,
)
from tournaments.domain.session_scoring.scorer import (
    SessionScorer,
    check_schedule,
    score_session,
)
from tournaments.domain.session_scoring.teams import rank_teams, room_imps

__all__ = [
    "CROSS_IMPS",
    "EMPTY",
    "FIGB_AVERAGES",
    "FIGB_FOULED",
    "IMP_PAIRS",
    "INDIVIDUAL",
    "MP_UNITS",
    "TEAMS",
    "Conditions",
    "Line",
    "LineFigures",
    "Match",
    "Penalty",
    "Seating",
    "SessionFigures",
    "SessionScorer",
    "Standing",
    "Table",
    "check_schedule",
    "entry_of",
    "methods_of",
    "rank_teams",
    "room_imps",
    "score_session",
]
