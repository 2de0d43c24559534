"""A program's conventions carried to every printed figure, and a session of
a multi-session final compared with its own columns (decision 0224).

The files are the Magic Contest and Mitchell fixtures (invented people)
rewritten the way each program prints: Magic Contest adds its one-decimal
board figures and takes its percentages of that sum; ScoreBridge adds its
printed matchpoints (a board played fewer times counting each missing result
as a tie) and divides by the boards a pair played times the top; Magic
Contest's session of a final prints the event's running total beside the
session's own figures.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import replace
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest

from scoring.formats import read_usebio, write_usebio
from tests.results_io.integration.test_fewer_played_ties import tied_file
from tests.support.results_io import MAGIC_CONTEST_PBN, NEUBERG, run

pytestmark = pytest.mark.django_db

SUMMARY = ("imported", "conventions", "note", "entries")
ROW = re.compile(r"^ *\d+ +\d+ +\d+ +\d+ .*$")


def _magic_contest() -> str:
    return MAGIC_CONTEST_PBN.read_bytes().decode("latin-1")


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("latin-1"))
    return path


def _differences(output: str) -> list[str]:
    return output.splitlines()[3:]


def one_decimal(tmp_path: Path) -> Path:
    """Every board figure printed to one decimal (half up), each total the
    sum of its pair's printed figures and its percentage that sum on the
    top the file's own total and percentage imply."""
    lines = _magic_contest().split("\r\n")
    added: dict[str, Decimal] = defaultdict(Decimal)
    out = []
    in_totals = False
    for line in lines:
        if line.startswith("[TotalScoreTable"):
            in_totals = True
        elif line.startswith("["):
            in_totals = False
        if ROW.match(line) and not in_totals:
            cells = line.split()
            for index, pid in ((-4, cells[2]), (-3, cells[3])):
                printed = Decimal(cells[index]).quantize(Decimal("0.1"), ROUND_HALF_UP)
                cells[index] = str(printed)
                added[pid] += printed
            line = " " + " ".join(cells)
        out.append(line)
    text = "\r\n".join(out)

    def total(match: re.Match[str]) -> str:
        pid, old_total, old_percent = match[2], Decimal(match[4]), Decimal(match[5])
        top = (old_total * 100 / old_percent).to_integral_value()
        percent = (added[pid] * 100 / top).quantize(Decimal("0.01"), ROUND_HALF_UP)
        return f"{match[1]} {pid} {match[3]} {added[pid]:.2f} {percent}"

    text = re.sub(
        r'(?m)^( *\d+) +(\d+) +("[NE]-[SW]") +([\d.]+) +([\d.]+)', total, text
    )
    return _write(tmp_path, "one_decimal.pbn", text)


def test_magic_contest_printed_figures_carry_to_totals_and_percentages(
    tmp_path: Path,
) -> None:
    source = one_decimal(tmp_path)
    assert '6 "E-W" 11.30 70.63' in source.read_bytes().decode("latin-1")
    output = run("import_results", str(source), "--totals", "printed", *NEUBERG)
    assert _differences(output) == ["no differences"]


def test_a_convention_not_set_is_named_with_its_cause(tmp_path: Path) -> None:
    output = run("import_results", str(one_decimal(tmp_path)), *NEUBERG)
    assert _differences(output) == [
        "ranking 6 (entry 6): total: file 11.30, ours 11.33 (the file adds its "
        "rounded board figures (totals=printed)) [convention not set]",
        "ranking 6 (entry 6): percentage: file 70.63, ours 70.83 (follows the "
        "total) [convention not set]",
    ]


def test_a_figure_nothing_reproduces_says_so(tmp_path: Path) -> None:
    text = _magic_contest().replace(
        " 4  1 3NT   W  9 S4     -   600 0.50 3.50",
        " 4  1 3NT   W  9 S4     -   600 0.75 3.50",
    )
    output = run("import_results", str(_write(tmp_path, "x.pbn", text)), *NEUBERG)
    assert _differences(output)[0] == (
        "board 3 (4 v 1) at table 1: MP NS: file 0.75, ours 0.50 (no convention "
        "explains it: edited by hand, or scored otherwise) [figure we cannot "
        "reproduce]"
    )


def scorebridge(tmp_path: Path) -> Path:
    """The tied Mitchell (a board played fewer times printed with its missing
    result counted as a tie) with ScoreBridge's totals: each pair's printed
    matchpoints added, over the boards it played times the top (4), and its
    place in its direction by that percentage."""
    data = read_usebio(tied_file(tmp_path).read_bytes())
    # Board 3's two played lines beside its artificial score, printed as
    # ScoreBridge prints a board short of results: on its own top, plus a
    # tie for the result it lacks (Law 78A's 2-1-0 scale).
    played = [r for r in data.results if r.board_number == 3 and r.score_ns is not None]
    first, second = played
    assert first.score_ns is not None
    assert second.score_ns is not None
    better = first if first.score_ns > second.score_ns else second
    data = replace(
        data,
        results=tuple(
            replace(
                r,
                mp_ns=Decimal(3 if r is better else 1),
                mp_ew=Decimal(1 if r is better else 3),
            )
            if r in played
            else r
            for r in data.results
        ),
    )
    added: dict[str, Decimal] = defaultdict(Decimal)
    boards: dict[str, int] = defaultdict(int)
    for r in data.results:
        for pid, mp in ((r.ns_id, r.mp_ns), (r.ew_id, r.mp_ew)):
            assert mp is not None
            added[pid] += mp
            boards[pid] += 1
    percent = {
        pid: (added[pid] * 100 / (boards[pid] * 4)).quantize(
            Decimal("0.01"), ROUND_HALF_UP
        )
        for pid in added
    }
    direction = {p.participant_id: p.direction for p in data.participants}
    ranking = tuple(
        replace(
            e,
            total=added[e.participant_id],
            percentage=percent[e.participant_id],
            rank=1
            + sum(
                1
                for other in percent
                if direction[other] == direction[e.participant_id]
                and percent[other] > percent[e.participant_id]
            ),
            tied=any(
                other != e.participant_id
                and direction[other] == direction[e.participant_id]
                and percent[other] == percent[e.participant_id]
                for other in percent
            ),
        )
        for e in data.ranking
    )
    path = tmp_path / "scorebridge.xml"
    path.write_text(write_usebio(replace(data, ranking=ranking)), encoding="utf-8")
    return path


def test_scorebridge_ties_carry_to_totals_percentages_and_ranks(tmp_path: Path) -> None:
    output = run(
        "import_results",
        str(scorebridge(tmp_path)),
        "--fewer-played",
        "ties",
        "--totals",
        "printed",
        *NEUBERG,
    )
    assert [
        line
        for line in output.splitlines()
        if not line.startswith(("imported", "conventions", "note", "entries"))
    ] == ["no differences"]


def test_a_session_of_a_final_is_compared_with_its_session_columns(
    tmp_path: Path,
) -> None:
    """TotalScoreMP, TotalPercentage and Rank are the event's running
    figures; SessionScoreMP, SessionPercentage and SessionRank the
    session's, which ours are compared with."""
    text = _magic_contest().replace(
        "Rank\\2R;PairId\\2R;Direction\\3R;TotalScoreMP\\5R;TotalPercentage\\5R;",
        "Rank\\2R;PairId\\2R;Direction\\3R;TotalScoreMP\\6R;TotalPercentage\\5R;"
        "SessionRank\\2R;SessionScoreMP\\5R;SessionPercentage\\5R;",
    )

    def running(match: re.Match[str]) -> str:
        rank, pid, where, total, percent = match.groups()
        event_total = Decimal(total) + 20 + int(pid)
        return (
            f"{7 - int(rank)} {pid} {where} {event_total:.2f} 55.55 "
            f"{rank} {total} {percent}"
        )

    text = re.sub(
        r'(?m)^ *(\d+) +(\d+) +("[NE]-[SW]") +([\d.]+) +([\d.]+)', running, text
    )
    assert '5 6 "E-W" 37.33 55.55 2 11.33 70.83' in text
    output = run("import_results", str(_write(tmp_path, "final.pbn", text)), *NEUBERG)
    assert _differences(output) == ["no differences"]
