"""The comparison reports every figure a file carries, with its reason
(decision 0128): per-line matchpoints, percentages, Butler and cross-IMP
points (Law 78D), the board's Butler datum, totals, percentages and ranks.
A clean file re-scored with its program's conventions shows none."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from scoring.formats import read_pbn, write_usebio
from tests.support.results_io import (
    NEUBERG,
    NEUBERG_SETTINGS,
    RUTER_PBN,
    run,
    without_cause,
)
from tournaments.results_io import import_file

pytestmark = pytest.mark.django_db

HAND = "no convention explains it: edited by hand, or scored otherwise"
# Law 78D: each board's mean NS score without its highest and lowest, to 10.
DATA = {1: 410, 2: -50, 3: -350, 4: 110}


def differences(output: str) -> list[str]:
    return [
        without_cause(line)
        for line in output.splitlines()
        if not line.startswith(("imported ", "conventions: ", "note: ", "entries: "))
    ]


def ruter_usebio() -> str:
    """The Ruter fixture as USEBIO, with each board's datum as BOARD_AVERAGE."""
    results = read_pbn(RUTER_PBN.read_text(encoding="utf-8"))
    boards = tuple(replace(b, datum=DATA[b.board_number]) for b in results.boards)
    return write_usebio(replace(results, boards=boards))


def test_a_clean_butler_file_with_its_datum_shows_no_difference(
    tmp_path: Path,
) -> None:
    path = tmp_path / "butler.xml"
    path.write_text(ruter_usebio(), encoding="utf-8")
    assert differences(run("import_results", str(path), *NEUBERG)) == ["no differences"]


def test_a_tampered_butler_point_and_datum_are_reported(tmp_path: Path) -> None:
    text = ruter_usebio()
    for old, new in (
        ("<BOARD_AVERAGE>410</BOARD_AVERAGE>", "<BOARD_AVERAGE>400</BOARD_AVERAGE>"),
        (
            "<NS_BUTLER_POINTS>13.00</NS_BUTLER_POINTS>",
            "<NS_BUTLER_POINTS>12.00</NS_BUTLER_POINTS>",
        ),
    ):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "butler.xml"
    path.write_text(text, encoding="utf-8")
    assert differences(run("import_results", str(path), *NEUBERG)) == [
        f"board 1: datum: file 400, ours 410 ({HAND})",
        f"board 3 (3 v 6) at table 3: Butler NS: file 12.00, ours 13.00 ({HAND})",
    ]


def test_a_tampered_butler_point_and_total_in_pbn_are_reported(
    tmp_path: Path,
) -> None:
    text = RUTER_PBN.read_text(encoding="utf-8")
    for old, new in (
        (
            " 2 3 3 6 4H N 10 DK 420 - 13.00 -13.00",
            " 2 3 3 6 4H N 10 DK 420 - 12.00 -12.00",
        ),
        (' 1 3 "N-S" 22.00', ' 1 3 "N-S" 21.00'),
    ):
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "ruter.pbn"
    path.write_text(text, encoding="utf-8")
    assert differences(run("import_results", str(path), *NEUBERG)) == [
        f"board 3 (3 v 6) at table 3: Butler NS: file 12.00, ours 13.00 ({HAND})",
        f"board 3 (3 v 6) at table 3: Butler EW: file -12.00, ours -13.00 ({HAND})",
        f"ranking 3 (entry 3): total: file 21.00, ours 22.00 ({HAND})",
    ]


def test_a_convention_that_differs_is_named_and_can_be_chosen() -> None:
    """The Magic Contest fixture prints Neuberg figures for board 3 (one
    artificial score, so two results compared) and board 4 (played twice),
    Law 78A; read with the own-top convention, those lines differ and the
    reason names the convention that reproduces them."""
    data = (RUTER_PBN.parent / "magic_contest_mp.pbn").read_bytes()
    report = import_file(
        data, "pbn", settings={"fewer_played": "own_top", **NEUBERG_SETTINGS}
    )
    shown = [str(d) for d in report.differences]
    assert shown[0] == (
        "board 3 (4 v 1) at table 1: MP NS: file 0.50, ours 0.00 (the board was "
        "played fewer times: the file prints it by Neuberg (fewer_played=neuberg))"
    )
    assert all("fewer_played=neuberg" in line for line in shown)


def test_a_datum_rounded_otherwise_is_named(tmp_path: Path) -> None:
    """Decision 0184: a program that does not round its Butler datum has it
    named (datum_rounding=1); the setting makes it agree. Board 3's trimmed
    mean is -345 (-600, -90 kept of -630 ... 420), ours -350 to 10."""
    results = read_pbn(RUTER_PBN.read_text(encoding="utf-8"))
    boards = tuple(
        replace(b, datum=-345 if b.board_number == 3 else DATA[b.board_number])
        for b in results.boards
    )
    path = tmp_path / "rounded.xml"
    path.write_text(write_usebio(replace(results, boards=boards)), encoding="utf-8")
    lines = differences(run("import_results", str(path), *NEUBERG))
    assert (
        "board 3: datum: file -345, ours -350 (the file's datum is not rounded "
        "(datum_rounding=1))"
    ) in lines
    # The same file once more (other bytes: a file is imported once).
    second = tmp_path / "rounded-again.xml"
    second.write_text(path.read_text(encoding="utf-8") + "<!-- again -->\n")
    again = differences(
        run("import_results", str(second), "--datum-rounding", "1", *NEUBERG)
    )
    assert not any(line.startswith("board 3: datum") for line in again)
