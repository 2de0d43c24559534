"""Double-dummy tricks and par in the files (decision 0183): USEBIO 1.3
carries them in the HANDSET board beside the hands, PBN 2.1 as
OptimumResultTable and OptimumScore, the JSON as ``double_dummy`` and
``par_score``; information, never a ruling (decision 0052)."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest

from scoring.formats.errors import FormatError
from scoring.formats.json_export import read_json, write_json
from scoring.formats.model import (
    BoardRecord,
    Participant,
    TableResult,
    TournamentHeader,
    TournamentResults,
)
from scoring.formats.pbn import read_pbn, write_pbn
from scoring.formats.usebio import read_usebio, write_usebio

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
# Rows S, H, D, C, NT; columns N, E, S, W.
TRICKS = ((4, 9, 4, 9), (5, 8, 5, 8), (7, 6, 7, 6), (6, 7, 6, 7), (3, 10, 3, 10))


def analysed(par: int | None = -620) -> TournamentResults:
    return TournamentResults(
        header=TournamentHeader(name="Analisi", date=date(2026, 11, 25)),
        participants=(Participant(participant_id="1"), Participant(participant_id="2")),
        boards=(
            BoardRecord(board_number=1, deal=DEAL, double_dummy=TRICKS, par_score=par),
            BoardRecord(board_number=2, double_dummy=TRICKS),
        ),
        results=(
            TableResult(board_number=1, ns_id="1", ew_id="2", contract="PASS"),
            TableResult(board_number=2, ns_id="1", ew_id="2", contract="PASS"),
        ),
    )


def test_usebio_1_3_carries_the_tricks_and_par_and_reads_them_back() -> None:
    results = analysed()
    text = write_usebio(results, version="1.3")
    assert text.count("<DD_TRICKS>") == 10
    assert "<PAR_SCORE>-620</PAR_SCORE>" in text
    back = read_usebio(text)
    assert back.boards == results.boards


def test_usebio_1_2_writes_neither() -> None:
    text = write_usebio(analysed(), version="1.2")
    assert "DOUBLE_DUMMY" not in text
    assert "PAR_SCORE" not in text
    back = read_usebio(text)
    assert [b.double_dummy for b in back.boards] == [None, None]
    assert back.boards[0].deal == DEAL


@pytest.mark.parametrize(
    ("edit", "message", "element"),
    [
        (
            lambda t: t.replace(
                "<DENOMINATION>NT</DENOMINATION>", "<DENOMINATION>S</DENOMINATION>"
            ),
            "once each",
            "DD_TRICKS",
        ),
        (
            lambda t: t.replace("<NORTH>3</NORTH>", "<NORTH>14</NORTH>"),
            "between 0 and 13",
            "DD_TRICKS",
        ),
        (lambda t: t.replace("<WEST>10</WEST>", ""), "WEST is missing", "DD_TRICKS"),
        (
            lambda t: t.replace("<PAR_SCORE>-620", "<PAR_SCORE>lots"),
            "PAR_SCORE",
            "BOARD",
        ),
    ],
)
def test_a_bad_table_is_refused_naming_the_element_and_line(
    edit: object, message: str, element: str
) -> None:
    text = edit(write_usebio(analysed(), version="1.3"))  # type: ignore[operator]
    with pytest.raises(FormatError, match=message) as error:
        read_usebio(text)
    assert error.value.element == element
    assert error.value.line is not None


def test_pbn_and_json_carry_par_too() -> None:
    results = analysed()
    text = write_pbn(results)
    assert '[OptimumScore "NS -620"]' in text
    assert read_pbn(text).boards == results.boards
    assert read_pbn(text.replace('"NS -620"', '"EW 620"')).boards == results.boards
    with pytest.raises(FormatError, match="OptimumScore"):
        read_pbn(text.replace('"NS -620"', '"N -620"'))
    assert read_json(write_json(results)) == results
    second = replace(results, boards=results.boards[1:], results=results.results[1:])
    assert read_json(write_json(second)).boards[0].par_score is None
