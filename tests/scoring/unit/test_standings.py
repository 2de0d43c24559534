"""Final standings with the FIGB tie-breaks (N-L78 §1, §4, §5; N-L8 §2, §4)."""

from __future__ import annotations

from fractions import Fraction

from scoring.standings import (
    BoardMark,
    PairEntry,
    PairTieBreak,
    TeamEntry,
    TeamMatch,
    TeamsFormat,
    board_marks,
    individual_standings,
    pair_standings,
    team_standings,
)


def _ranks(standings) -> list[tuple[object, int, bool]]:  # type: ignore[no-untyped-def]
    return [(s.participant, s.rank, s.tied) for s in standings]


def test_pairs_share_a_tie_by_default() -> None:
    """FIGB N-L78 §4: tied pairs share the place and the prizes by default."""
    entries = [
        PairEntry("A", Fraction(55)),
        PairEntry("B", Fraction(60)),
        PairEntry("C", Fraction(55)),
    ]
    assert _ranks(pair_standings(entries)) == [
        ("B", 1, False),
        ("A", 2, True),
        ("C", 2, True),
    ]


def test_single_session_board_comparison_three_pairs() -> None:
    """FIGB N-L78 §4(a)(3): a board played by three tied pairs gives 4-2-0."""
    boards_a = {1: BoardMark(8, 10), 2: BoardMark(3, 10)}
    boards_b = {1: BoardMark(6, 10), 2: BoardMark(7, 10)}
    boards_c = {1: BoardMark(2, 10), 3: BoardMark(6, 10)}
    entries = [
        PairEntry("A", 50, boards=boards_a),
        PairEntry("B", 50, boards=boards_b),
        PairEntry("C", 50, boards=boards_c),
    ]
    standings = pair_standings(entries, PairTieBreak.BOARDS)
    # Board 1: A 4, B 2, C 0. Board 2 (A and B): B 2. Board 3 (C alone, above average): C 2.
    # Totals: A 4, B 4, C 2; A and B then tied on tops (0 each), bottoms, ...
    assert _ranks(standings) == [("A", 1, True), ("B", 1, True), ("C", 3, False)]
    assert standings[2].criterion == "board comparison"


def test_tops_break_a_board_comparison_tie() -> None:
    """FIGB N-L78 §4: still tied, most tops wins."""
    a = PairEntry("A", 50, boards={1: BoardMark(10, 10), 2: BoardMark(0, 10)})
    b = PairEntry("B", 50, boards={3: BoardMark(6, 10), 4: BoardMark(4, 10)})
    standings = pair_standings([b, a], PairTieBreak.BOARDS)
    # Comparison: A 2 + 0, B 2 + 0 -> level; A has one top.
    assert _ranks(standings) == [("A", 1, False), ("B", 2, False)]
    assert standings[0].criterion == "tops"


def test_multi_session_placings() -> None:
    """FIGB N-L78 §4(a)(1): the better session placings break the tie."""
    entries = [
        PairEntry("A", 120, session_places=(3, 4)),
        PairEntry("B", 120, session_places=(1, 5)),
    ]
    assert _ranks(pair_standings(entries, PairTieBreak.SESSION_PLACES)) == [
        ("B", 1, False),
        ("A", 2, False),
    ]


def test_individuals_use_the_pairs_criteria() -> None:
    """FIGB N-L78 §4 speaks of "la coppia o il concorrente"."""
    entries = [
        PairEntry("p1", 10, session_points=5),
        PairEntry("p2", 10, session_points=7),
    ]
    assert _ranks(individual_standings(entries, PairTieBreak.SESSION_POINTS)) == [
        ("p2", 1, False),
        ("p1", 2, False),
    ]


def test_board_marks_from_travellers() -> None:
    """Each contestant's marks come from the scored travellers."""
    marks = board_marks(
        {1: [("N1", "E1"), ("N2", "E2")]}, {1: [2, 0]}, {1: [0, 2]}, {1: 2}
    )
    assert marks["E2"][1] == BoardMark(2, 2)


def _match(
    a: str,
    b: str,
    vp_a: float,
    imps_a: int,
    imps_b: int,
    pts_a: int = 0,
    pts_b: int = 0,
) -> TeamMatch:
    vp = Fraction(str(vp_a))
    return TeamMatch(a, b, vp, 20 - vp, imps_a, imps_b, pts_a, pts_b)


def test_warnings_and_vp_penalties_come_off_the_total() -> None:
    """FIGB N-L8 §4: two warnings cost 1 VP; penalties come off the overall standings."""
    teams = [TeamEntry("A", warnings=3), TeamEntry("B", vp_penalty=1), TeamEntry("C")]
    matches = [
        _match("A", "B", 12, 30, 20),
        _match("B", "C", 11, 25, 20),
        _match("A", "C", 9, 18, 20),
    ]
    standings = team_standings(teams, matches)
    by_team = {s.participant: s for s in standings}
    assert by_team["A"].vp == 20
    assert by_team["A"].residual_warning is True
    assert by_team["B"].vp == 18
    assert by_team["C"].vp == 20


def test_residual_warning_breaks_a_tie_first() -> None:
    """FIGB N-L78 §1: at equal points the team without a residual warning ranks first."""
    teams = [TeamEntry("A", warnings=1), TeamEntry("B")]
    matches = [_match("A", "B", 10, 20, 20)]
    standings = team_standings(teams, matches)
    assert _ranks(standings) == [("B", 1, False), ("A", 2, False)]
    assert standings[0].criterion == "residual warning"


def test_two_teams_head_to_head_imps() -> None:
    """FIGB N-L78 §5(a)(1): head-to-head IMPs when every match has a result."""
    teams = [TeamEntry(t) for t in "ABC"]
    matches = [
        _match("A", "B", 9, 30, 32),  # B beats A head to head
        _match("A", "C", 15, 40, 10),
        _match("B", "C", 13, 35, 20),
    ]
    standings = team_standings(teams, matches)
    assert standings[0].participant == "B"
    assert standings[0].criterion == "head-to-head IMPs"


def test_imp_quotient_when_the_group_is_incomplete() -> None:
    """FIGB N-L78 §5(a)(2): with a match missing, the IMP quotient decides."""
    teams = [TeamEntry(t) for t in "ABCD"]
    matches = [
        _match("A", "C", 15, 50, 20),
        _match("B", "D", 14, 40, 10),
        _match("A", "D", 5, 10, 20),
        _match("B", "C", 6, 10, 30),
    ]
    standings = team_standings(teams, matches)
    # A and B on 20 VPs, A-B not played. A: 60/40 = 1.5, B: 50/40 = 1.25.
    assert [s.participant for s in standings] == ["D", "A", "B", "C"]
    assert standings[1].vp == standings[2].vp == 20
    assert standings[1].criterion == "IMP quotient"


def test_two_level_teams_in_a_larger_round_robin() -> None:
    """FIGB N-L78 §5(a)(1): two teams level on VPs, the head-to-head winner first."""
    teams = [TeamEntry(t) for t in "ABCD"]
    matches = [
        _match("A", "B", 12, 30, 20),
        _match("B", "C", 12, 30, 20),
        _match("C", "A", 14, 30, 10),
        _match("A", "D", 14, 30, 10),
        _match("B", "D", 14, 30, 10),
        _match("C", "D", 10, 20, 20),
    ]
    standings = team_standings(teams, matches)
    totals = {s.participant: s.vp for s in standings}
    assert totals == {"A": 32, "B": 34, "C": 32, "D": 22}
    assert [s.participant for s in standings] == ["B", "C", "A", "D"]
    assert standings[1].criterion == "head-to-head IMPs"


def test_three_teams_mini_league_in_vps() -> None:
    """FIGB N-L78 §5: three teams level play a mini-league in VPs among themselves."""
    teams = [TeamEntry(t) for t in "ABCD"]
    matches = [
        _match("A", "B", 15, 40, 10),
        _match("B", "C", 12, 30, 22),
        _match("C", "A", 11, 25, 21),
        _match("A", "D", 10, 20, 20),
        _match("B", "D", 17, 40, 15),
        _match("C", "D", 15, 30, 15),
    ]
    standings = team_standings(teams, matches)
    assert {s.participant: s.vp for s in standings} == {
        "A": 34,
        "B": 34,
        "C": 34,
        "D": 18,
    }
    # Mini-league: A 15 + 9 = 24, C 8 + 11 = 19, B 5 + 12 = 17.
    assert [s.participant for s in standings] == ["A", "C", "B", "D"]
    assert {s.criterion for s in standings[:3]} == {"mini-league VPs"}
    assert [s.rank for s in standings] == [1, 2, 3, 4]


def test_three_way_tie_resolved_by_mini_league_then_restart() -> None:
    """The mini-league separates one team; the two left restart with head to head."""
    teams = [TeamEntry(t) for t in "ABC"]
    matches = [
        _match("A", "B", 10, 20, 20, 900, 800),
        _match("B", "C", 13, 35, 25),
        _match("C", "A", 13, 35, 25),
    ]
    # Totals: A 10 + 7 = 17, B 10 + 13 = 23, C 7 + 13 = 20 -> not level; use a level set.
    level = [
        _match("A", "B", 12, 30, 20),
        _match("B", "C", 12, 30, 20),
        _match("C", "A", 12, 30, 20),
    ]
    standings = team_standings(teams, level)
    assert all(s.vp == 20 for s in standings)
    # Mini-league VPs equal; mini-league IMPs equal (+10 - 10); quotients equal: play-off.
    assert all(s.playoff for s in standings)
    assert all(s.rank == 1 for s in standings)
    skewed = team_standings(teams, matches)
    assert [s.participant for s in skewed] == ["B", "C", "A"]


def test_danish_uses_imp_difference_then_quotient() -> None:
    """FIGB N-L78 §5(c): VPs, then IMP difference, then IMP quotient."""
    teams = [TeamEntry(t) for t in "AB"]
    matches = [_match("A", "X", 15, 40, 20), _match("B", "Y", 15, 50, 30)]
    teams += [TeamEntry("X"), TeamEntry("Y")]
    standings = team_standings(teams, matches, TeamsFormat.DANISH)
    # A: +20 (2.0), B: +20 (1.67): equal difference, A on quotient.
    assert [s.participant for s in standings[:2]] == ["A", "B"]
    assert standings[0].criterion == "IMP quotient"
