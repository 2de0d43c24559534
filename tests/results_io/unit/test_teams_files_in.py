"""Teams files read as other programs write them, and several sessions in one
USEBIO file (issue 15, decision 0179): a MATCH holding its two TEAMs and its
boards, NS_TEAM_NUMBER, TEAM_NAME; PBN TeamId columns, TeamName and TotalVP;
SESSION elements in order, each with its own deals; errors naming the
element and line."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from scoring.formats import (
    CompetitionForm,
    FormatError,
    MatchRecord,
    ScoringMethod,
    read_pbn,
    read_usebio,
    read_usebio_sessions,
    write_pbn,
    write_usebio,
    write_usebio_sessions,
)

FIXTURES = Path(__file__).parents[2] / "fixtures" / "results"


def test_a_match_holding_its_teams_and_boards_is_read() -> None:
    results = read_usebio((FIXTURES / "ebuscore_teams.xml").read_bytes())
    assert results.header.form is CompetitionForm.TEAMS
    assert results.header.scoring is ScoringMethod.IMPS
    assert results.header.program == "EBUScore Teams"
    assert results.matches == (
        MatchRecord(
            round_number=1,
            team_a="1",
            team_b="2",
            boards=2,
            imps_a=10,
            imps_b=0,
            vp_a=Decimal("16.46"),
            vp_b=Decimal("3.54"),
        ),
    )
    # The boards nested in the match take its round.
    assert [
        (r.board_number, r.round_number, r.table_number, r.ns_id, r.imp_ns)
        for r in results.results
    ] == [
        (1, 1, 1, "1", Decimal(10)),
        (1, 1, 2, "2", Decimal(-10)),
        (2, 1, 1, "1", Decimal(0)),
        (2, 1, 2, "2", Decimal(0)),
    ]
    first, second = results.participants
    assert (first.name, len(first.players), first.players[0].federation_id) == (
        "Squadra Azzurra",
        4,
        "T101",
    )
    assert (second.name, len(second.players)) == ("Squadra Rossa", 5)
    # What we write reads back equal: names, members, matches.
    assert read_usebio(write_usebio(results, version="1.3")) == results


def test_a_match_of_three_teams_names_its_element_and_line() -> None:
    text = (FIXTURES / "ebuscore_teams.xml").read_text()
    extra = "<TEAM><TEAM_NUMBER>3</TEAM_NUMBER><IMPS>0</IMPS></TEAM>\n      <BOARD>"
    broken = text.replace("<BOARD>", extra, 1)
    with pytest.raises(FormatError, match="a match of 3 TEAM elements") as caught:
        read_usebio(broken)
    assert caught.value.element == "MATCH"
    assert caught.value.line == text.splitlines().index("    <MATCH>") + 1


def test_several_sessions_read_and_written_in_order() -> None:
    one = read_usebio((FIXTURES / "ebuscore_teams.xml").read_bytes())
    two = replace(
        one,
        matches=(
            replace(one.matches[0], imps_a=0, vp_a=Decimal(10), vp_b=Decimal(10)),
        ),
    )
    text = write_usebio_sessions((one, two), one.ranking, version="1.3")
    assert text.count("<SESSION>") == 2
    sessions, ranking = read_usebio_sessions(text)
    # Each session without a ranking: the participants carry the event's.
    assert sessions == (replace(one, ranking=()), replace(two, ranking=()))
    assert ranking == one.ranking
    with pytest.raises(FormatError, match="holds 2 sessions"):
        read_usebio(text)
    swapped = text.replace(
        "<SESSION_NUMBER>1</SESSION_NUMBER>", "<SESSION_NUMBER>2</SESSION_NUMBER>", 1
    )
    with pytest.raises(FormatError, match="SESSION_NUMBER 2 where session 1") as err:
        read_usebio_sessions(swapped)
    assert err.value.element == "SESSION"
    assert err.value.line == text.splitlines().index("    <SESSION>") + 1


def test_sessions_of_one_file_name_the_same_teams() -> None:
    one = read_usebio((FIXTURES / "ebuscore_teams.xml").read_bytes())
    renamed = replace(
        one,
        participants=(
            replace(one.participants[0], name="Altra"),
            *one.participants[1:],
        ),
    )
    with pytest.raises(FormatError, match="the same participants"):
        write_usebio_sessions((one, renamed), one.ranking)


def test_a_ruter_team_imp_file_is_read_with_its_names_and_vps() -> None:
    results = read_pbn((FIXTURES / "ruter_teams.pbn").read_text())
    assert results.header.form is CompetitionForm.TEAMS
    assert results.header.scoring is ScoringMethod.IMPS
    first = results.participants[0]
    assert (first.participant_id, first.name, [pl.name for pl in first.players]) == (
        "1",
        "Squadra Azzurra",
        ["Anna Alfa", "Bruno Beta", "Carla Gamma", "Dario Delta"],
    )
    assert [(e.participant_id, e.rank, e.total) for e in results.ranking] == [
        ("1", 1, Decimal("16.46")),
        ("2", 2, Decimal("3.53")),
    ]
    assert [(r.round_number, r.table_number, r.ns_id) for r in results.results] == [
        (1, 1, "1"),
        (1, 2, "2"),
        (1, 1, "1"),
        (1, 2, "2"),
    ]
    # Written back: TeamId, TeamName, members and TotalVP read back equal.
    again = read_pbn(write_pbn(results))
    assert again.participants == results.participants
    assert again.ranking == results.ranking
    assert again.results == results.results
    assert "TeamName" in write_pbn(results)
    assert "TotalVP" in write_pbn(results)


def test_several_sessions_in_the_json_read_back_equal() -> None:
    from scoring.formats import read_json, read_json_sessions, write_json_sessions

    one = read_usebio((FIXTURES / "ebuscore_teams.xml").read_bytes())
    two = replace(one, results=one.results[:2], boards=one.boards[:1])
    text = write_json_sessions((one, two), one.ranking)
    sessions, ranking = read_json_sessions(text)
    assert sessions == (replace(one, ranking=()), replace(two, ranking=()))
    assert ranking == one.ranking
    with pytest.raises(FormatError, match="holds 2 sessions") as caught:
        read_json(text)
    assert caught.value.element == "sessions"
    misnumbered = text.replace('"number": 2', '"number": 3')
    with pytest.raises(FormatError, match="session 2 was expected") as wrong:
        read_json_sessions(misnumbered)
    assert wrong.value.element == "sessions[1].number"
    # One session is the plain document.
    assert read_json(write_json_sessions((one,), one.ranking)) == one


def test_team_columns_say_teams_where_no_competition_tag_does() -> None:
    text = (FIXTURES / "magic_contest_teams.pbn").read_text()
    results = read_pbn(text.replace('[Competition "Teams"]\n', ""))
    assert results.header.form is CompetitionForm.TEAMS
    assert len(results.results) == 8
