"""An individual event's travellers name four players a line (Law 4): PBN
2.1 writes them as PlayerId_North to PlayerId_West (Competition
"Individuals") and its ranking by PlayerId; JSON as ``players``; USEBIO as
``EVENT_TYPE="INDIVIDUAL"`` with one PLAYER per contestant and the four
players' numbers on each line (decision 0182)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from decimal import Decimal

import pytest

from scoring.formats.errors import FormatError
from scoring.formats.json_export import read_json, write_json
from scoring.formats.model import (
    BoardRecord,
    CompetitionForm,
    Participant,
    Player,
    RankingEntry,
    TableResult,
    TournamentHeader,
    TournamentResults,
)
from scoring.formats.pbn import read_pbn, write_pbn
from scoring.formats.usebio import read_usebio, write_usebio


def individual() -> TournamentResults:
    people = tuple(
        # PBN names a contestant in its Names column: here, the player.
        Participant(participant_id=str(n), number=n, name=f"Giocatore {n}")
        for n in range(1, 9)
    )
    lines = (
        TableResult(
            board_number=1,
            ns_id="1",
            ew_id="2",
            players=("1", "2", "3", "4"),
            contract="4S",
            declarer="N",
            tricks=10,
            score_ns=420,
            table_number=1,
            round_number=1,
            mp_ns=Decimal(0),
            mp_ew=Decimal(2),
        ),
        TableResult(
            board_number=1,
            ns_id="5",
            ew_id="6",
            players=("5", "6", "7", "8"),
            contract="4S",
            declarer="S",
            tricks=11,
            score_ns=450,
            table_number=2,
            round_number=1,
            mp_ns=Decimal(2),
            mp_ew=Decimal(0),
        ),
    )
    ranking = tuple(
        RankingEntry(participant_id=pid, rank=rank, total=total)
        for pid, rank, total in (
            ("5", 1, Decimal(4)),
            ("7", 2, Decimal(3)),
            ("2", 3, Decimal(2)),
            ("4", 4, Decimal(1)),
        )
    )
    return TournamentResults(
        header=TournamentHeader(
            name="Individuale", date=date(2026, 11, 25), form=CompetitionForm.INDIVIDUAL
        ),
        participants=people,
        boards=(BoardRecord(board_number=1, dealer="N", vulnerability="None"),),
        results=lines,
        ranking=ranking,
    )


def test_pbn_names_the_four_players_and_reads_them_back() -> None:
    results = individual()
    text = write_pbn(results)
    assert '[Competition "Individuals"]' in text
    assert "PlayerId_North" in text
    assert "PlayerId_West" in text
    assert "PairId_NS" not in text
    assert "[TotalScoreTable" in text
    assert "PlayerId\\" in text
    assert read_pbn(text) == read_pbn(write_pbn(read_pbn(text)))
    back = read_pbn(text)
    assert [r.players for r in back.results] == [r.players for r in results.results]
    assert back.canonical() == results.canonical()


def test_json_carries_the_four_players() -> None:
    results = individual()
    assert read_json(write_json(results)) == results


def test_a_line_names_four_different_players_north_and_east_first() -> None:
    with pytest.raises(ValueError, match="four contestants"):
        TableResult(
            board_number=1,
            ns_id="1",
            ew_id="2",
            players=("1", "2", "2", "4"),
            contract="PASS",
        )
    with pytest.raises(ValueError, match="North and East"):
        TableResult(
            board_number=1,
            ns_id="1",
            ew_id="3",
            players=("1", "2", "3", "4"),
            contract="PASS",
        )


def test_a_player_seated_twice_on_a_board_is_refused() -> None:
    results = individual()
    twice = replace(results.results[1], players=("5", "6", "7", "1"))
    with pytest.raises(ValueError, match="plays board 1 twice"):
        TournamentResults(
            header=results.header,
            participants=results.participants,
            boards=results.boards,
            results=(results.results[0], twice),
        )


def named(results: TournamentResults) -> TournamentResults:
    """The same event with each player named by his one player (as the
    export writes a registered player) and a federation number."""
    return replace(
        results,
        participants=tuple(
            replace(
                p,
                name=None,
                players=(
                    Player(name=f"Giocatore {p.number}", federation_id=f"I{p.number}"),
                ),
            )
            for p in results.participants
        ),
    )


@pytest.mark.parametrize("version", ["1.2", "1.3"])
def test_usebio_writes_an_individual_event_and_reads_it_back(version: str) -> None:
    results = named(individual())
    text = write_usebio(results, version=version)
    assert '<EVENT EVENT_TYPE="INDIVIDUAL">' in text
    assert "<WINNER_TYPE>1</WINNER_TYPE>" in text
    assert "<PAIR>" not in text
    assert "NS_PAIR_NUMBER" not in text
    assert "<NORTH_PLAYER_NUMBER>5</NORTH_PLAYER_NUMBER>" in text
    assert "<WEST_PLAYER_NUMBER>8</WEST_PLAYER_NUMBER>" in text
    back = read_usebio(text)
    # USEBIO carries no dealer or vulnerability (decision 0028).
    expected = replace(
        results,
        boards=tuple(
            replace(b, dealer=None, vulnerability=None) for b in results.boards
        ),
    )
    assert back.canonical() == expected.canonical()
    assert [r.players for r in back.results] == [r.players for r in results.results]
    assert back.participants[0].players == (
        Player(name="Giocatore 1", federation_id="I1"),
    )


def test_usebio_individual_player_name_is_optional() -> None:
    results = individual()
    unnamed = replace(
        results,
        participants=tuple(replace(p, name=None) for p in results.participants),
    )
    back = read_usebio(write_usebio(unnamed))
    assert all(p.players == () and p.name is None for p in back.participants)


INDIVIDUAL_HEAD = """<?xml version="1.0"?>
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="INDIVIDUAL">
  <PARTICIPANTS>
    <PLAYER><PLAYER_NUMBER>1</PLAYER_NUMBER></PLAYER>
    <PLAYER><PLAYER_NUMBER>2</PLAYER_NUMBER></PLAYER>
    <PLAYER><PLAYER_NUMBER>3</PLAYER_NUMBER></PLAYER>
    <PLAYER><PLAYER_NUMBER>4</PLAYER_NUMBER></PLAYER>
  </PARTICIPANTS>
  <BOARD>
    <BOARD_NUMBER>1</BOARD_NUMBER>
"""


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "<NORTH_PLAYER_NUMBER>1</NORTH_PLAYER_NUMBER>"
            "<EAST_PLAYER_NUMBER>2</EAST_PLAYER_NUMBER>"
            "<SOUTH_PLAYER_NUMBER>3</SOUTH_PLAYER_NUMBER>",
            "WEST_PLAYER_NUMBER is missing",
        ),
        (
            "<NORTH_PLAYER_NUMBER>1</NORTH_PLAYER_NUMBER>"
            "<EAST_PLAYER_NUMBER>2</EAST_PLAYER_NUMBER>"
            "<SOUTH_PLAYER_NUMBER>3</SOUTH_PLAYER_NUMBER>"
            "<WEST_PLAYER_NUMBER>9</WEST_PLAYER_NUMBER>",
            "player 9 is not among the PARTICIPANTS",
        ),
        (
            "<NORTH_PLAYER_NUMBER>1</NORTH_PLAYER_NUMBER>"
            "<EAST_PLAYER_NUMBER>2</EAST_PLAYER_NUMBER>"
            "<SOUTH_PLAYER_NUMBER>1</SOUTH_PLAYER_NUMBER>"
            "<WEST_PLAYER_NUMBER>4</WEST_PLAYER_NUMBER>",
            "four contestants",
        ),
    ],
)
def test_a_bad_individual_line_is_refused_naming_its_line(
    line: str, message: str
) -> None:
    text = (
        INDIVIDUAL_HEAD
        + f"    <TRAVELLER_LINE>{line}<CONTRACT>PASS</CONTRACT></TRAVELLER_LINE>\n"
        + "  </BOARD>\n</EVENT>\n</USEBIO>\n"
    )
    with pytest.raises(FormatError, match=message) as error:
        read_usebio(text)
    assert error.value.line == 12  # the TRAVELLER_LINE


def per_seat(text: str, south_mp: str = "0") -> str:
    """The PBN with its side columns written per seat (MP_North .. MP_West),
    as some programs write an individual's figures."""
    header = "MP_NS\\5R;MP_EW\\5R"
    assert header in text
    text = text.replace(header, "MP_North\\5R;MP_East\\5R;MP_South\\5R;MP_West\\5R")
    rows = text.replace(
        " 420     -     0     2", f" 420     -     0     2 {south_mp} 2"
    ).replace(" 450     -     2     0", " 450     -     2     0 2 0")
    return rows


def test_pbn_figures_written_per_seat_are_the_sides() -> None:
    results = individual()
    back = read_pbn(per_seat(write_pbn(results)))
    assert [(r.mp_ns, r.mp_ew) for r in back.results] == [
        (r.mp_ns, r.mp_ew) for r in results.results
    ]


def test_partners_with_different_figures_are_refused_naming_the_line() -> None:
    text = per_seat(write_pbn(individual()), south_mp="1")
    with pytest.raises(FormatError, match="MP_North and MP_South differ") as error:
        read_pbn(text)
    assert error.value.line is not None
