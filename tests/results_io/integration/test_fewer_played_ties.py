"""A board played fewer times printed with each missing result counted as a
tie (decision 0184, issue 15's "missing results counted as ties"): the
comparison names the convention, and ``fewer_played=ties`` reads it."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from scoring.formats import read_usebio, write_usebio
from tests.support.results_io import MITCHELL_XML, NEUBERG, run, without_cause

pytestmark = pytest.mark.django_db


def tied_file(tmp_path: Path) -> Path:
    """The Mitchell fixture less one line of board 1 (played twice of three
    times), its two lines printed on the session's top (4) with the missing
    result counted as a tie: the board's own matchpoints plus one."""
    data = read_usebio(MITCHELL_XML.read_bytes())
    kept = [r for r in data.results if not (r.board_number == 1 and r.ns_id == "3NS")]
    first, second = [r for r in kept if r.board_number == 1]
    assert first.score_ns is not None
    assert second.score_ns is not None
    assert first.score_ns != second.score_ns
    better = first if first.score_ns > second.score_ns else second
    printed = {
        id(r): (Decimal(3), Decimal(1)) if r is better else (Decimal(1), Decimal(3))
        for r in (first, second)
    }
    lines = tuple(
        replace(r, mp_ns=printed[id(r)][0], mp_ew=printed[id(r)][1])
        if id(r) in printed
        else r
        for r in kept
    )
    path = tmp_path / "ties.xml"
    path.write_text(write_usebio(replace(data, results=lines)), encoding="utf-8")
    return path


def board_1(output: str) -> list[str]:
    return [
        without_cause(line)
        for line in output.splitlines()
        if line.startswith("board 1 ")
    ]


def test_the_comparison_names_the_ties(tmp_path: Path) -> None:
    """Neuberg gives each line's better side 3.5 and the other 0.5 (printed
    1, as the file's 1); the file's 3 is the board's own 2 plus a tie."""
    reason = (
        "(the board was played fewer times: the file prints it counting "
        "each missing result as a tie (fewer_played=ties))"
    )
    lines = board_1(run("import_results", str(tied_file(tmp_path)), *NEUBERG))
    assert sorted(line.split(": ", 1)[1] for line in lines) == [
        f"MP EW: file 3, ours 3.50 {reason}",
        f"MP NS: file 3, ours 3.50 {reason}",
    ]


def test_fewer_played_ties_reads_them(tmp_path: Path) -> None:
    output = run(
        "import_results",
        str(tied_file(tmp_path)),
        "--fewer-played",
        "ties",
        *NEUBERG,
    )
    assert "fewer played ties" in output
    assert board_1(output) == []
