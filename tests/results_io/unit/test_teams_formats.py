"""Teams events in the formats (issue 15): each board played in both rooms,
once each way (Law 78B), and the matches with their IMPs and victory points
(FIGB N-L78 §5). USEBIO 1.3 and the JSON carry everything, the movement's
rounds and tables included; PBN 2.1 has no table for matches and carries the
boards and their results (decision 0153)."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from scoring.formats import (
    BoardRecord,
    CompetitionForm,
    FormatError,
    MatchRecord,
    Participant,
    Player,
    RankingEntry,
    ScoringMethod,
    TableResult,
    TournamentHeader,
    TournamentResults,
    read_json,
    read_pbn,
    read_usebio,
    write_json,
    write_pbn,
    write_usebio,
)

DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def _line(board: int, ns: str, ew: str, table: int, **played: object) -> TableResult:
    return TableResult(
        board_number=board,
        ns_id=ns,
        ew_id=ew,
        table_number=table,
        round_number=1,
        **played,  # type: ignore[arg-type]
    )


TEAMS = TournamentResults(
    header=TournamentHeader(
        name="Squadre libere",
        scoring=ScoringMethod.IMPS,
        form=CompetitionForm.TEAMS,
    ),
    participants=(
        Participant(
            participant_id="1",
            number=1,
            name="Alfa",
            players=(Player(name="Anna Rossi", federation_id="100001"),),
        ),
        Participant(participant_id="2", number=2, name="Beta"),
    ),
    boards=(BoardRecord(board_number=1, deal=DEAL), BoardRecord(board_number=2)),
    results=(
        # Board 1: 420 in the open room, 110 in the closed: 310, 7 IMPs.
        _line(
            1,
            "1",
            "2",
            1,
            contract="4S",
            declarer="S",
            tricks=10,
            score_ns=420,
            imp_ns=Decimal(7),
            imp_ew=Decimal(-7),
        ),
        _line(
            1,
            "2",
            "1",
            2,
            contract="2S",
            declarer="N",
            tricks=8,
            score_ns=110,
            imp_ns=Decimal(-7),
            imp_ew=Decimal(7),
        ),
        _line(
            2,
            "1",
            "2",
            1,
            contract="3NT",
            declarer="S",
            tricks=9,
            score_ns=400,
            imp_ns=Decimal(0),
            imp_ew=Decimal(0),
        ),
        _line(
            2,
            "2",
            "1",
            2,
            contract="3NT",
            declarer="S",
            tricks=9,
            score_ns=400,
            imp_ns=Decimal(0),
            imp_ew=Decimal(0),
        ),
    ),
    ranking=(
        RankingEntry(participant_id="1", rank=1, total=Decimal("13.59")),
        RankingEntry(participant_id="2", rank=2, total=Decimal("6.41")),
    ),
    matches=(
        MatchRecord(
            round_number=1,
            team_a="1",
            team_b="2",
            boards=2,
            imps_a=7,
            imps_b=0,
            vp_a=Decimal("13.59"),
            vp_b=Decimal("6.41"),
        ),
    ),
)


def test_usebio_13_carries_a_teams_event_whole() -> None:
    text = write_usebio(TEAMS, version="1.3")
    assert '<EVENT EVENT_TYPE="TEAMS">' in text
    assert "<ROUND_NUMBER>1</ROUND_NUMBER>" in text
    assert "<TEAM_A_VPS>13.59</TEAM_A_VPS>" in text
    assert read_usebio(text) == TEAMS


def test_the_json_carries_a_teams_event_whole() -> None:
    assert read_json(write_json(TEAMS)) == TEAMS


def test_pbn_carries_the_boards_and_results_of_both_rooms() -> None:
    back = read_pbn(write_pbn(TEAMS))
    assert back.matches == ()
    assert [(r.board_number, r.ns_id, r.ew_id, r.score_ns) for r in back.results] == [
        (1, "1", "2", 420),
        (1, "2", "1", 110),
        (2, "1", "2", 400),
        (2, "2", "1", 400),
    ]
    assert back.boards[0].deal == DEAL


def test_a_team_may_not_play_a_board_twice_the_same_way() -> None:
    again = _line(1, "1", "2", 3, contract="4S", declarer="S", tricks=10, score_ns=420)
    twice = (*TEAMS.results, again)
    with pytest.raises(ValueError, match="participant 1 plays board 1 twice"):
        replace(TEAMS, results=twice)


def test_a_match_naming_an_unknown_team_or_a_second_match_in_a_round_is_refused() -> (
    None
):
    match = TEAMS.matches[0]
    with pytest.raises(ValueError, match="match names unknown team 9"):
        replace(TEAMS, matches=(replace(match, team_b="9"),))
    with pytest.raises(ValueError, match="team 1 plays two matches in round 1"):
        replace(TEAMS, matches=(match, match))


def test_a_usebio_match_without_its_imps_names_its_element_and_line() -> None:
    text = write_usebio(TEAMS, version="1.3").replace(
        "<TEAM_A_IMPS>7</TEAM_A_IMPS>", ""
    )
    with pytest.raises(FormatError) as caught:
        read_usebio(text)
    assert str(caught.value) == "element MATCH, line 26: TEAM_A_IMPS is missing"


DD = ((5, 8, 5, 8), (6, 6, 6, 6), (5, 7, 5, 7), (7, 5, 7, 5), (6, 6, 6, 6))


def test_double_dummy_tricks_travel_in_pbn_and_json() -> None:
    """PBN 2.1 OptimumResultTable: tricks per declarer and strain."""
    analysed = replace(
        TEAMS,
        boards=(replace(TEAMS.boards[0], double_dummy=DD), TEAMS.boards[1]),
    )
    text = write_pbn(analysed)
    assert '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]' in text
    assert "\nN NT 6\n" in text
    assert "\nE S 8\n" in text
    assert read_pbn(text).boards == analysed.boards
    assert read_json(write_json(analysed)).boards == analysed.boards


def test_a_bad_double_dummy_row_names_its_line() -> None:
    analysed = replace(
        TEAMS,
        boards=(replace(TEAMS.boards[0], double_dummy=DD), TEAMS.boards[1]),
    )
    text = write_pbn(analysed).replace("\nE S 8\n", "\nE Z 8\n")
    line = text.splitlines().index("E Z 8") + 1
    with pytest.raises(FormatError) as caught:
        read_pbn(text)
    assert str(caught.value) == (
        f"line {line}: OptimumResultTable row E Z 8 is not a declarer, a strain "
        "and tricks"
    )
    with pytest.raises(ValueError, match="double-dummy tricks are not 5 rows"):
        BoardRecord(board_number=1, double_dummy=((14, 0, 0, 0),) * 5)
