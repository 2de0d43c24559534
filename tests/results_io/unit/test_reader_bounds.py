"""Every number a results file carries is read within its limit (issue 28,
decision 0212): PBN, USEBIO and the JSON export each refuse a number beyond
it where they read it, naming the line or element, the field and the limit;
the interchange model refuses it for any reader."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from rules.limits import OutOfBounds
from scoring.formats import BoardRecord, TableResult
from scoring.formats.errors import FormatError
from scoring.formats.json_export import read_json, write_json
from scoring.formats.pbn import read_pbn
from scoring.formats.usebio import read_usebio
from tests.results_io.unit.test_usebio_errors import GOOD, START, line_xml

BOARD = "(a board's number, Law 2: beyond any event's, within what the results store)"
SCORE = "(Law 77: the largest is 7600, seven no trump redoubled vulnerable down 13)"
ROW = "1 2 4S N 10 420\n"


def pbn_error(text: str) -> str:
    with pytest.raises(FormatError) as caught:
        read_pbn(text)
    return str(caught.value)


def pbn(board: str = "1", columns: str = "", row: str = ROW) -> str:
    names = "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS" + columns
    return f'[Board "{board}"]\n[ScoreTable "{names}"]\n{row}'


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            pbn(board="1" * 23),
            f"line 1: Board: board number {'1' * 23} is not between 1 and 9999 {BOARD}",
        ),
        (
            pbn(board="10000"),
            f"line 1: Board: board number 10000 is not between 1 and 9999 {BOARD}",
        ),
        (
            pbn(row="1 2 4S N 10 7610\n"),
            f"line 3: Score_NS: score 7610 is not between -7600 and 7600 {SCORE}",
        ),
        (
            pbn(row=f"1 2 4S N 10 {'4' * 5000}\n"),
            "line 3: Score_NS: the number 444444444444444444444444... "
            "(5000 characters) is longer than 40 characters",
        ),
        (
            pbn(columns=";MP_NS", row="1 2 4S N 10 420 2000\n"),
            "line 3: MP_NS: matchpoints 2000 is not between 0 and 1998 "
            "(Law 78A: two a result beaten, of at most 999 tables)",
        ),
        (
            pbn(columns=";Table", row="1 2 4S N 10 420 1000\n"),
            "line 3: Table: table 1000 is not between 1 and 999 (a session's tables)",
        ),
        (
            pbn(columns=";Percentage_NS", row="1 2 4S N 10 420 1e9\n"),
            "line 3: Percentage_NS: percentage 1E+9 is not between -100 and 100 "
            "(of the top; a penalty may take it below 0)",
        ),
    ],
)
def test_pbn_numbers_are_read_within_their_limits(text: str, message: str) -> None:
    assert pbn_error(text) == message


def test_a_pbn_board_at_the_limit_is_read() -> None:
    [board] = read_pbn(pbn(board="9999")).boards
    assert board.board_number == 9999


def usebio_error(xml: str) -> str:
    with pytest.raises(FormatError) as caught:
        read_usebio(xml)
    return str(caught.value)


def test_usebio_board_number_and_score_are_read_within_their_limits() -> None:
    huge = START.replace("<BOARD_NUMBER>1<", f"<BOARD_NUMBER>{'9' * 23}<")
    assert usebio_error(line_xml(GOOD).replace(START, huge)) == (
        f"element BOARD, line 9: BOARD_NUMBER: board number {'9' * 23} is not "
        f"between 1 and 9999 {BOARD}"
    )
    assert usebio_error(line_xml(GOOD + "      <SCORE>-9000</SCORE>\n")) == (
        "element TRAVELLER_LINE, line 13: SCORE: score -9000 is not between "
        f"-7600 and 7600 {SCORE}"
    )


def test_json_numbers_are_read_within_their_limits(club_pbn: str) -> None:
    document = json.loads(write_json(read_pbn(club_pbn)))
    document["boards"][0]["number"] = 10**22
    with pytest.raises(FormatError) as caught:
        read_json(json.dumps(document))
    assert str(caught.value) == (
        "element boards[0]: board number 10000000000000000000000 is not between "
        f"1 and 9999 {BOARD}"
    )


def test_the_model_holds_every_reader_to_the_limits() -> None:
    """A reader that forgot a bound is caught by the model it builds."""
    with pytest.raises(OutOfBounds) as caught:
        BoardRecord(board_number=2**31)
    assert caught.value.field == "board_number"
    with pytest.raises(OutOfBounds) as caught:
        TableResult(
            board_number=1,
            ns_id="1",
            ew_id="2",
            contract="4S",
            declarer="N",
            tricks=10,
            score_ns=420,
            imp_ns=Decimal("1e30"),
        )
    assert caught.value.field == "imp_ns"
