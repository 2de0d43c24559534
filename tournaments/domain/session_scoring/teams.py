"""Team matches (Law 86, WBF VPs, FIGB N-L78 §5): IMPs per board, VPs per
match, standings with the FIGB tie-breaks.

Laws of Duplicate Bridge 2017 (FIGB edition): Law 78B (IMPs), Law 12C2(b)
(artificial scores in IMPs), Law 86 (team matches), Law 90 (penalties);
FIGB N-L78 §1/§5 and N-L8 §2/§4 (tie-breaks, warnings).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from scoring.bridge import (
    ARTIFICIAL_IMPS,
    Adjustment,
    Artificial,
    Assigned,
    publish,
    team_board_imps,
)
from scoring.standings import (
    TeamEntry,
    TeamMatch,
    TeamsFormat,
    TeamStanding,
    team_standings,
)
from tournaments.domain.session_scoring.conditions import Conditions, Line, Penalty
from tournaments.domain.session_scoring.figures import (
    Match,
    SessionFigures,
    Standing,
    entry_of,
)


def _team_score(result: int | Adjustment) -> int | None:
    """A table's NS score for IMPs; an artificial score is its IMP equivalent."""
    if isinstance(result, Assigned):
        return result.ns_side[0].ns_score if result.is_single else None
    if isinstance(result, Artificial):
        return None
    return result


def _artificial_imps(result: int | Adjustment) -> int:
    """Law 12C2(b) in teams: average plus/minus is 3 IMPs (ARTIFICIAL_IMPS)."""
    if not isinstance(result, Artificial):
        return 0
    ns, ew = result.ns_percent, result.ew_percent
    return ARTIFICIAL_IMPS if ns > ew else -ARTIFICIAL_IMPS if ns < ew else 0


def room_imps(
    open_result: int | Adjustment | None, closed_result: int | Adjustment | None
) -> int:
    """A board's IMPs to the team North-South in the open room (Law 78B): the
    two rooms' scores compared, or an artificial score's IMP equivalent
    (Law 12C2(b))."""
    first = None if open_result is None else _team_score(open_result)
    second = None if closed_result is None else _team_score(closed_result)
    if first is not None and second is not None:
        return team_board_imps(first, second)
    return _artificial_imps(open_result or 0) - _artificial_imps(closed_result or 0)


def score_teams(conditions: Conditions, lines: Sequence[Line]) -> SessionFigures:
    """Two-table team matches: IMPs per board (Law 78B), WBF VPs per match,
    published to two decimals per match; standings by VPs with the FIGB
    tie-breaks of N-L78 §5 (``team_standings``).

    The two results of a board belong together when the teams of one table sit
    in the other direction at the other (open and closed room).
    """
    rounds: dict[tuple[frozenset[int], int], int] = {}
    for seating in conditions.assignments:
        for board in seating.boards:
            rounds[(frozenset((seating.ns, seating.ew)), board)] = seating.round
    rooms: dict[tuple[frozenset[int], int], list[Line]] = {}
    for line in sorted(lines, key=lambda x: x.table):
        rooms.setdefault((frozenset((line.ns, line.ew)), line.board_number), []).append(
            line
        )
    # (round, a, b) -> [imps_a, imps_b, boards, points_a, points_b]
    tally: dict[tuple[int, int, int], list[int]] = {}
    for (teams, board), pair in rooms.items():
        if len(pair) != 2 or pair[0].ns != pair[1].ew:
            continue  # the other room has not played it yet
        open_room, closed_room = pair
        open_result, closed_result = open_room.result(), closed_room.result()
        a, b = open_room.ns, open_room.ew
        round_number = rounds.get((teams, board), 0)
        first = None if open_result is None else _team_score(open_result)
        second = None if closed_result is None else _team_score(closed_result)
        net = room_imps(open_result, closed_result)
        low, high = sorted((a, b))
        key = (round_number, low, high)
        totals = tally.setdefault(key, [0, 0, 0, 0, 0])
        gain_a = net if key[1] == a else -net
        if gain_a > 0:
            totals[0] += gain_a
        else:
            totals[1] -= gain_a
        totals[2] += 1
        # Total points: what each team scored at either table (open: a NS).
        for score, ns_team in ((first, a), (second, b)):
            if score:
                winner = ns_team if score > 0 else (b if ns_team == a else a)
                totals[3 if winner == key[1] else 4] += abs(score)
    matches = []
    imps_of: dict[int, int] = {}
    played: dict[int, int] = {}
    # FIGB §2.1 rule 2 (N-L87 §6b; App1 §7): a team's IMP penalty comes off
    # its own result in that match only.
    imp_penalty: dict[tuple[int | None, int], int] = {}
    rounds_of: dict[int, set[int]] = {}
    for round_number, low, high in tally:
        for team in (low, high):
            rounds_of.setdefault(team, set()).add(round_number)
    for p in conditions.penalties:
        if p.unit == "imps":
            match_round = p.round
            if match_round is None and len(rounds_of.get(p.entry_number, ())) == 1:
                # Recorded before penalties named their match: the team's only one.
                [match_round] = rounds_of[p.entry_number]
            key_p = (match_round, p.entry_number)
            imp_penalty[key_p] = imp_penalty.get(key_p, 0) + p.amount
    for (round_number, a, b), (imps_a, imps_b, count, points_a, points_b) in sorted(
        tally.items()
    ):
        # Law 78D, N-L78 §1: on the scale the event adopts.
        vp_a, vp_b = conditions.vp_scale.with_imp_penalties(
            imps_a,
            imps_b,
            count,
            penalty_a=imp_penalty.get((round_number, a), 0),
            penalty_b=imp_penalty.get((round_number, b), 0),
        )
        matches.append(
            Match(
                round=round_number,
                team_a=a,
                team_b=b,
                boards=count,
                imps_a=imps_a,
                imps_b=imps_b,
                vp_a=Fraction(publish(vp_a)),
                vp_b=Fraction(publish(vp_b)),
                points_a=points_a,
                points_b=points_b,
            )
        )
        for team, gained, lost in ((a, imps_a, imps_b), (b, imps_b, imps_a)):
            imps_of[team] = imps_of.get(team, 0) + gained - lost
            played[team] = played.get(team, 0) + count
    standings = tuple(
        Standing(
            entry_number=entry_of(line.participant),
            direction="",
            boards=played[entry_of(line.participant)],
            matchpoints=Fraction(0),
            penalty=Fraction(line.vp_penalty),
            top=0,
            percent=Fraction(0),
            rank=line.rank,
            tied=line.tied,
            imps=Fraction(imps_of[entry_of(line.participant)]),
            vp=Fraction(line.vp),
        )
        for line in rank_teams(
            matches,
            conditions.penalties,
            TeamsFormat.DANISH
            if conditions.movement == "danish"
            else TeamsFormat.ROUND_ROBIN,
        )
    )
    return SessionFigures({}, standings, tuple(matches))


def rank_teams(
    matches: Sequence[Match], penalties: Sequence[Penalty], team_format: TeamsFormat
) -> tuple[TeamStanding, ...]:
    """Rank teams with the FIGB tie-breaks (N-L78 §1/§5, N-L8 §2/§4): VPs less
    VP penalties and one VP per two warnings, then the residual warning, then
    head-to-head IMPs, IMP quotient and the mini-league (round robin, Swiss)
    or IMP difference and quotient (Danish); decision 0054."""
    teams = sorted({t for m in matches for t in (m.team_a, m.team_b)})
    vp_penalty: dict[int, Fraction] = {}
    warnings: dict[int, int] = {}
    for p in penalties:
        if p.kind == "warning":
            warnings[p.entry_number] = warnings.get(p.entry_number, 0) + 1
        elif p.unit == "vp":
            vp_penalty[p.entry_number] = vp_penalty.get(
                p.entry_number, Fraction(0)
            ) + Fraction(p.amount)
    return team_standings(
        [
            TeamEntry(
                team,
                vp_penalty=vp_penalty.get(team, Fraction(0)),
                warnings=warnings.get(team, 0),
            )
            for team in teams
        ],
        [
            TeamMatch(
                home=m.team_a,
                away=m.team_b,
                home_vp=m.vp_a,
                away_vp=m.vp_b,
                home_imps=m.imps_a,
                away_imps=m.imps_b,
                home_points=m.points_a,
                away_points=m.points_b,
            )
            for m in matches
        ],
        team_format,
    )
