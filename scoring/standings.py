"""Final standings for pairs, individuals and teams, with the FIGB tie-breaks.

Laws of Duplicate Bridge 2017 (FIGB edition), Law 78D (the conditions of
contest say how ties are broken); FIGB supplementary norms (2004) N-L78 §1
(at equal points the team without a residual warning ranks first), §4 (pairs:
prizes are shared unless a tie must be broken; session placings; board-by-
board comparison; tops and bottoms) and §5 (teams: head-to-head IMPs, IMP
quotient, head-to-head total points, total-points quotient, play-off; a
mini-league for three or more teams, dropping the losers as it goes), N-L8
§2/§4 (two warnings cost 1 VP; VP penalties come off the overall standings).

Scores stay exact; equal exact scores tie (decision 0020).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from itertools import combinations
from typing import Any

from rules.errors import ArticleRef
from scoring.bridge.errors import ScoringError
from scoring.bridge.rounding import Exact

__all__ = [
    "BoardMark",
    "PairEntry",
    "PairTieBreak",
    "Standing",
    "TeamEntry",
    "TeamMatch",
    "TeamStanding",
    "TeamsFormat",
    "board_marks",
    "individual_standings",
    "pair_standings",
    "team_standings",
]

FIGB = "FIGB norme integrative 2004"
ParticipantId = Hashable
_INFINITY = Fraction(10**18)


# --------------------------------------------------------------------------
# Pairs and individuals (FIGB N-L78 §4)


class PairTieBreak(StrEnum):
    """How tied pairs (or players) are separated (FIGB N-L78 §4).

    - ``SHARE``: by default tied contestants share the place and the prizes.
    - ``SESSION_PLACES``: multi-session event ranked by total points or
      percentage: the lower sum of session placings ranks first (decision 0021;
      the norm names the criterion, not the arithmetic).
    - ``SESSION_POINTS``: multi-session event ranked by placings: compare the
      points scored.
    - ``BOARDS``: single session: board-by-board comparison among the tied
      contestants, then most tops, fewest bottoms, fewest semi-bottoms, most
      semi-tops.
    """

    SHARE = "share"
    SESSION_PLACES = "session_places"
    SESSION_POINTS = "session_points"
    BOARDS = "boards"


@dataclass(frozen=True, slots=True)
class BoardMark:
    """A contestant's matchpoints on one board and that board's top."""

    matchpoints: Exact
    top: int


@dataclass(frozen=True, slots=True)
class PairEntry:
    """A pair (or player) to rank: ``score`` is the ranking figure, higher first.

    ``session_places`` and ``session_points`` feed the multi-session
    tie-breaks; ``boards`` (board number -> ``BoardMark``) the single-session one.
    """

    participant: ParticipantId
    score: Exact
    session_places: tuple[int, ...] = ()
    session_points: Exact = 0
    boards: Mapping[int, BoardMark] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Standing:
    """A place in the final standings; ``tied`` contestants share ``rank``.

    ``criterion`` names the tie-break that placed the contestant, if any.
    """

    participant: ParticipantId
    score: Exact
    rank: int
    tied: bool
    criterion: str = ""


def board_marks(
    boards: Mapping[int, Sequence[tuple[ParticipantId, ParticipantId]]],
    ns: Mapping[int, Sequence[Exact]],
    ew: Mapping[int, Sequence[Exact]],
    tops: Mapping[int, int],
) -> dict[ParticipantId, dict[int, BoardMark]]:
    """Return each contestant's marks per board from scored travellers.

    ``boards`` gives each board's (NS, EW) ids in traveller order, ``ns`` and
    ``ew`` the matching matchpoints, ``tops`` each board's top.
    """
    out: dict[ParticipantId, dict[int, BoardMark]] = {}
    for number, lines in boards.items():
        top = tops[number]
        for i, (ns_id, ew_id) in enumerate(lines):
            out.setdefault(ns_id, {})[number] = BoardMark(ns[number][i], top)
            out.setdefault(ew_id, {})[number] = BoardMark(ew[number][i], top)
    return out


def pair_standings(
    entries: Sequence[PairEntry], tie_break: PairTieBreak = PairTieBreak.SHARE
) -> tuple[Standing, ...]:
    """Return the standings of pairs, ties broken as ``tie_break`` says.

    FIGB N-L78 §4: equal scores share the place unless the event requires a
    tie-break; a tie the criteria cannot break stays shared.
    """
    ordered = sorted(entries, key=lambda e: e.score, reverse=True)
    out: list[Standing] = []
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j].score == ordered[i].score:
            j += 1
        tied = ordered[i:j]
        if len(tied) == 1 or tie_break is PairTieBreak.SHARE:
            for entry in tied:
                out.append(
                    Standing(entry.participant, entry.score, i + 1, len(tied) > 1)
                )
        else:
            out.extend(_break_pairs(tied, tie_break, i + 1))
        i = j
    return tuple(out)


def individual_standings(
    entries: Sequence[PairEntry], tie_break: PairTieBreak = PairTieBreak.SHARE
) -> tuple[Standing, ...]:
    """Return the standings of an individual event.

    FIGB N-L78 §4(a)(3) speaks of "la coppia o il concorrente": the pairs
    criteria apply to individual contestants too.
    """
    return pair_standings(entries, tie_break)


def _break_pairs(
    tied: Sequence[PairEntry], tie_break: PairTieBreak, first: int
) -> list[Standing]:
    criteria: list[tuple[str, Callable[[PairEntry], Any]]]
    if tie_break is PairTieBreak.SESSION_PLACES:
        criteria = [("session places", lambda e: -sum(e.session_places))]
    elif tie_break is PairTieBreak.SESSION_POINTS:
        criteria = [("session points", lambda e: e.session_points)]
    else:
        comparison = _board_comparison(tied)
        criteria = [
            ("board comparison", lambda e: comparison[e.participant]),
            ("tops", lambda e: _count(e, lambda m: m.matchpoints == m.top)),
            ("bottoms", lambda e: -_count(e, lambda m: m.matchpoints == 0)),
            ("semi-bottoms", lambda e: -_count(e, lambda m: m.matchpoints == 1)),
            ("semi-tops", lambda e: _count(e, lambda m: m.matchpoints == m.top - 1)),
        ]
    return _order_by(list(tied), criteria, first, lambda e: (e.participant, e.score))


def _count(entry: PairEntry, test: Callable[[BoardMark], bool]) -> int:
    return sum(1 for mark in entry.boards.values() if test(mark))


def _board_comparison(tied: Sequence[PairEntry]) -> dict[ParticipantId, int]:
    """Return each tied pair's points from the board-by-board comparison.

    FIGB N-L78 §4(a)(3): on a board played by two or more tied pairs, 2 points
    for each tied pair whose matchpoints it beats (1 each when equal, decision
    0021); on a board only one of them played, 2 above average, 1 at average,
    0 below.
    """
    points = dict.fromkeys((e.participant for e in tied), 0)
    numbers = {number for e in tied for number in e.boards}
    for number in numbers:
        players = [e for e in tied if number in e.boards]
        if len(players) == 1:
            mark = players[0].boards[number]
            twice = 2 * mark.matchpoints
            points[players[0].participant] += (
                2 if twice > mark.top else 1 if twice == mark.top else 0
            )
            continue
        for a, b in combinations(players, 2):
            mine, theirs = a.boards[number].matchpoints, b.boards[number].matchpoints
            if mine > theirs:
                points[a.participant] += 2
            elif theirs > mine:
                points[b.participant] += 2
            else:
                points[a.participant] += 1
                points[b.participant] += 1
    return points


def _order_by(
    tied: list[Any],
    criteria: Sequence[tuple[str, Callable[[Any], Any]]],
    first: int,
    describe: Callable[[Any], tuple[ParticipantId, Exact]],
    used: str = "",
) -> list[Standing]:
    """Order ``tied`` by the first criterion that separates it, recursively."""
    if len(tied) == 1:
        pid, score = describe(tied[0])
        return [Standing(pid, score, first, False, used)]
    for k, (name, key) in enumerate(criteria):
        values = {id(e): key(e) for e in tied}
        if len(set(values.values())) == 1:
            continue
        ordered = sorted(tied, key=lambda e: values[id(e)], reverse=True)
        out: list[Standing] = []
        i = 0
        while i < len(ordered):
            j = i
            while j < len(ordered) and values[id(ordered[j])] == values[id(ordered[i])]:
                j += 1
            out.extend(
                _order_by(ordered[i:j], criteria[k + 1 :], first + i, describe, name)
            )
            i = j
        return out
    return [Standing(*describe(e), first, True, used) for e in tied]


# --------------------------------------------------------------------------
# Teams (FIGB N-L78 §1, §5; N-L8 §2, §4)


class TeamsFormat(StrEnum):
    """The team event formats FIGB N-L78 §5 gives tie-breaks for."""

    ROUND_ROBIN = "round_robin"
    DANISH = "danish"


@dataclass(frozen=True, slots=True)
class TeamMatch:
    """One played match: each team's VPs, IMPs won and total points won."""

    home: ParticipantId
    away: ParticipantId
    home_vp: Exact
    away_vp: Exact
    home_imps: Exact
    away_imps: Exact
    home_points: int = 0
    away_points: int = 0


@dataclass(frozen=True, slots=True)
class TeamEntry:
    """A team with its VP penalties and warnings (FIGB N-L8 §2, §4).

    ``carried_vp`` is any carry-over or adjustment added to the match VPs.
    """

    participant: ParticipantId
    vp_penalty: Exact = 0
    warnings: int = 0
    carried_vp: Exact = 0


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A team's final line: net VPs after penalties, place, and the criterion used.

    ``playoff`` marks teams still level after every criterion: FIGB N-L78
    §5(a)(5) then plays one board per 8 validly played.
    """

    participant: ParticipantId
    vp: Exact
    match_vp: Exact
    vp_penalty: Exact
    warnings: int
    residual_warning: bool
    rank: int
    tied: bool
    criterion: str = ""
    playoff: bool = False


def team_standings(
    teams: Sequence[TeamEntry],
    matches: Iterable[TeamMatch],
    team_format: TeamsFormat = TeamsFormat.ROUND_ROBIN,
) -> tuple[TeamStanding, ...]:
    """Return team standings with the FIGB tie-breaks.

    FIGB N-L78 §1/§5 and N-L8 §4: rank by VPs less VP penalties and one VP per
    two warnings; at equal points the team without a residual warning first;
    then for a round robin (two teams) head-to-head IMPs when every match of
    the group has a result, IMP quotient, head-to-head total points,
    total-points quotient; for three or more a mini-league in VPs among the
    tied teams, then the same criteria on their matches only, restarting for
    each subset still level (decision 0021). Danish: IMP difference, then IMP
    quotient.
    """
    played = list(matches)
    ids = [t.participant for t in teams]
    known = set(ids)
    for match in played:
        if match.home not in known or match.away not in known:
            raise ScoringError(
                "a match names a team not in the event",
                law=ArticleRef("N-L78 §5", source=FIGB),
            )
    match_vp: dict[ParticipantId, Fraction] = {pid: Fraction(0) for pid in ids}
    for match in played:
        match_vp[match.home] += match.home_vp
        match_vp[match.away] += match.away_vp
    lines: dict[ParticipantId, TeamStanding] = {}
    nets: dict[ParticipantId, Fraction] = {}
    for team in teams:
        lost, residual = divmod(team.warnings, 2)
        net = match_vp[team.participant] + team.carried_vp - team.vp_penalty - lost
        nets[team.participant] = Fraction(net)
        lines[team.participant] = TeamStanding(
            participant=team.participant,
            vp=_tidy(Fraction(net)),
            match_vp=_tidy(match_vp[team.participant] + team.carried_vp),
            vp_penalty=_tidy(Fraction(team.vp_penalty) + lost),
            warnings=team.warnings,
            residual_warning=residual == 1,
            rank=0,
            tied=False,
        )
    complete = _round_robin_complete(ids, played)
    ordered = sorted(
        ids, key=lambda pid: (nets[pid], not lines[pid].residual_warning), reverse=True
    )
    out: list[TeamStanding] = []
    i = 0
    while i < len(ordered):
        j = i
        level = (nets[ordered[i]], lines[ordered[i]].residual_warning)
        while (
            j < len(ordered)
            and (nets[ordered[j]], lines[ordered[j]].residual_warning) == level
        ):
            j += 1
        group = ordered[i:j]
        if len(group) == 1:
            placed = [(group[0], i + 1, False, "", False)]
        elif team_format is TeamsFormat.DANISH:
            placed = _danish(group, played, i + 1)
        else:
            placed = _round_robin(group, played, complete, i + 1, "")
        for pid, rank_, tied, criterion, playoff in placed:
            line = lines[pid]
            out.append(
                TeamStanding(
                    participant=pid,
                    vp=line.vp,
                    match_vp=line.match_vp,
                    vp_penalty=line.vp_penalty,
                    warnings=line.warnings,
                    residual_warning=line.residual_warning,
                    rank=rank_,
                    tied=tied,
                    criterion=criterion
                    or (
                        "residual warning"
                        if _warning_split(ordered, i, j, nets, lines)
                        else ""
                    ),
                    playoff=playoff,
                )
            )
        i = j
    return tuple(out)


def _warning_split(
    ordered: list[ParticipantId],
    i: int,
    j: int,
    nets: dict[ParticipantId, Fraction],
    lines: dict[ParticipantId, TeamStanding],
) -> bool:
    """Return whether the group [i, j) was separated from a neighbour by warnings."""
    net = nets[ordered[i]]
    neighbours = [ordered[k] for k in (i - 1, j) if 0 <= k < len(ordered)]
    return any(nets[n] == net for n in neighbours)


_Placed = tuple[ParticipantId, int, bool, str, bool]


def _round_robin_complete(
    ids: Sequence[ParticipantId], played: Sequence[TeamMatch]
) -> bool:
    """Return whether every pair of teams has met (FIGB N-L78 §5(a)(1))."""
    met = {frozenset((m.home, m.away)) for m in played}
    return all(frozenset(pair) in met for pair in combinations(ids, 2))


def _among(
    group: Sequence[ParticipantId], played: Sequence[TeamMatch]
) -> list[TeamMatch]:
    members = set(group)
    return [m for m in played if m.home in members and m.away in members]


def _sums(
    group: Sequence[ParticipantId], matches: Sequence[TeamMatch]
) -> dict[ParticipantId, tuple[Fraction, Fraction, Fraction, int, int]]:
    """Return per team: VPs, IMPs won, IMPs lost, points won, points lost."""
    out = {pid: (Fraction(0), Fraction(0), Fraction(0), 0, 0) for pid in group}
    for m in matches:
        for me, vp, won, lost, p_won, p_lost in (
            (m.home, m.home_vp, m.home_imps, m.away_imps, m.home_points, m.away_points),
            (m.away, m.away_vp, m.away_imps, m.home_imps, m.away_points, m.home_points),
        ):
            if me in out:
                a, b, c, d, e = out[me]
                out[me] = (a + vp, b + won, c + lost, d + p_won, e + p_lost)
    return out


def _quotient(won: Exact, lost: Exact) -> Fraction:
    """Return won / lost, +infinity when nothing was lost (FIGB §3.13 [interp])."""
    if lost == 0:
        return _INFINITY if won > 0 else Fraction(1)
    return Fraction(won) / Fraction(lost)


def _round_robin(
    group: list[ParticipantId],
    played: Sequence[TeamMatch],
    complete: bool,
    first: int,
    used: str,
) -> list[_Placed]:
    """Order teams level on VPs in a round robin (FIGB N-L78 §5(a))."""
    if len(group) == 1:
        return [(group[0], first, False, used, False)]
    among = _among(group, played)
    everything = _sums(group, played)
    local = _sums(group, among)
    criteria: list[tuple[str, Callable[[ParticipantId], Any]]] = []
    if len(group) >= 3:
        criteria.append(("mini-league VPs", lambda pid: local[pid][0]))
        criteria.append(("mini-league IMPs", lambda pid: local[pid][1] - local[pid][2]))
        criteria.append(
            (
                "mini-league IMP quotient",
                lambda pid: _quotient(local[pid][1], local[pid][2]),
            )
        )
        criteria.append(
            ("mini-league total points", lambda pid: local[pid][3] - local[pid][4])
        )
        criteria.append(
            (
                "mini-league total-points quotient",
                lambda pid: _quotient(local[pid][3], local[pid][4]),
            )
        )
    else:
        if complete:
            criteria.append(
                ("head-to-head IMPs", lambda pid: local[pid][1] - local[pid][2])
            )
        criteria.append(
            (
                "IMP quotient",
                lambda pid: _quotient(everything[pid][1], everything[pid][2]),
            )
        )
        criteria.append(
            ("head-to-head total points", lambda pid: local[pid][3] - local[pid][4])
        )
        criteria.append(
            (
                "total-points quotient",
                lambda pid: _quotient(everything[pid][3], everything[pid][4]),
            )
        )
    for name, key in criteria:
        values = {pid: key(pid) for pid in group}
        if len(set(values.values())) == 1:
            continue
        ordered = sorted(group, key=lambda pid: values[pid], reverse=True)
        out: list[_Placed] = []
        i = 0
        while i < len(ordered):
            j = i
            while j < len(ordered) and values[ordered[j]] == values[ordered[i]]:
                j += 1
            # Each subset still level restarts the procedure (FIGB N-L78 §5:
            # "eliminando via via le squadre perdenti lo spareggio").
            out.extend(_round_robin(ordered[i:j], played, complete, first + i, name))
            i = j
        return out
    # Still level after every criterion: a play-off decides (N-L78 §5(a)(5)).
    return [(pid, first, True, used, True) for pid in group]


def _danish(
    group: list[ParticipantId], played: Sequence[TeamMatch], first: int
) -> list[_Placed]:
    """Order teams level on VPs in a Danish event (FIGB N-L78 §5(c))."""
    sums = _sums(group, played)
    criteria: list[tuple[str, Callable[[ParticipantId], Any]]] = [
        ("IMP difference", lambda pid: sums[pid][1] - sums[pid][2]),
        ("IMP quotient", lambda pid: _quotient(sums[pid][1], sums[pid][2])),
    ]
    standings = _order_by(group, criteria, first, lambda pid: (pid, 0))
    return [(s.participant, s.rank, s.tied, s.criterion, s.tied) for s in standings]


def _tidy(value: Fraction) -> Exact:
    return value.numerator if value.denominator == 1 else value
