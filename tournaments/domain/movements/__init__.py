"""Movements: Mitchell, Howell, round robin, Swiss/Danish and knockout.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 8 (the Director directs the
movement of pairs and boards); FIGB supplementary norms (2004) for team
events (N-L4 §1 home and away, N-L78 §2c and §5b knockout ties). Pure: the
standard library plus ``rules``.
"""

from tournaments.domain.movements.check import (
    Problem,
    Rule,
    check_movement,
    find_problems,
)
from tournaments.domain.movements.check_schedules import (
    check_round_robin,
    check_swiss_round,
    round_robin_problems,
    swiss_round_problems,
)
from tournaments.domain.movements.errors import (
    InconsistentMovement,
    InvalidMovement,
    InvalidStandings,
    KnockoutError,
    MatchTied,
    NoPairingWithoutRepeat,
)
from tournaments.domain.movements.howell import howell
from tournaments.domain.movements.knockout import (
    Bracket,
    KnockoutMatch,
    carry_over_from_margin,
    extra_boards_for_tie,
    seed_bracket,
)
from tournaments.domain.movements.mitchell import EvenTables, mitchell
from tournaments.domain.movements.model import (
    ArrowSwitch,
    Assignment,
    GuideLine,
    Meetings,
    Movement,
    MovementKind,
    TableLine,
    consecutive_board_sets,
)
from tournaments.domain.movements.round_robin import Match, RoundRobin, round_robin
from tournaments.domain.movements.swiss import (
    Standings,
    SwissMatch,
    SwissRound,
    pair_danish,
    pair_swiss,
)

__all__ = [
    "ArrowSwitch",
    "Assignment",
    "Bracket",
    "EvenTables",
    "GuideLine",
    "InconsistentMovement",
    "InvalidMovement",
    "InvalidStandings",
    "KnockoutError",
    "KnockoutMatch",
    "Match",
    "MatchTied",
    "Meetings",
    "Movement",
    "MovementKind",
    "NoPairingWithoutRepeat",
    "Problem",
    "RoundRobin",
    "Rule",
    "Standings",
    "SwissMatch",
    "SwissRound",
    "TableLine",
    "carry_over_from_margin",
    "check_movement",
    "check_round_robin",
    "check_swiss_round",
    "consecutive_board_sets",
    "extra_boards_for_tie",
    "find_problems",
    "howell",
    "mitchell",
    "pair_danish",
    "pair_swiss",
    "round_robin",
    "round_robin_problems",
    "seed_bracket",
    "swiss_round_problems",
]
