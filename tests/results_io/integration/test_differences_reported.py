"""The import prints, one line each, every figure where the file's own scoring
differs from ours: raw score (Law 77), matchpoints and percentages (Law 78A),
totals and places; "no differences" when there are none."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.results_io import CLUB_PBN, MITCHELL_XML, NEUBERG, run, without_cause
from tournaments.models import TournamentRow
from tournaments.results_io import ImportRefused, import_file

pytestmark = pytest.mark.django_db

# Decision 0128: a difference no convention reproduces says so.
HAND = " (no convention explains it: edited by hand, or scored otherwise)"


def edited(tmp_path: Path, source: Path, *changes: tuple[str, str]) -> Path:
    text = source.read_text(encoding="latin-1")
    for old, new in changes:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    target = tmp_path / source.name
    target.write_text(text, encoding="latin-1")
    return target


def differences(output: str) -> list[str]:
    return [
        without_cause(line)
        for line in output.splitlines()
        if not line.startswith(("imported ", "conventions: ", "note: ", "entries: "))
    ]


def test_wrong_matchpoints_score_and_percentage_are_each_reported(
    tmp_path: Path,
) -> None:
    """A wrong raw score, wrong matchpoints on one line and a wrong final
    percentage give exactly one line each; the import still succeeds."""
    path = edited(
        tmp_path,
        MITCHELL_XML,
        (
            "<SCORE>430</SCORE>\n    <NS_MATCH_POINTS>4</NS_MATCH_POINTS>\n"
            "    <EW_MATCH_POINTS>0</EW_MATCH_POINTS>",
            "<SCORE>460</SCORE>\n    <NS_MATCH_POINTS>3</NS_MATCH_POINTS>\n"
            "    <EW_MATCH_POINTS>1</EW_MATCH_POINTS>",
        ),
        ("<PERCENTAGE>63.33</PERCENTAGE>", "<PERCENTAGE>63.00</PERCENTAGE>"),
    )
    assert differences(run("import_results", str(path), *NEUBERG)) == [
        "board 1 (1NS v 1EW) at table 1: score NS: file 460, ours 430 "
        "(3NT by S making 10 tricks scores this (Law 77))",
        "board 1 (1NS v 1EW) at table 1: MP NS: file 3, ours 4.00" + HAND,
        "board 1 (1NS v 1EW) at table 1: MP EW: file 1, ours 0.00" + HAND,
        "ranking 2EW (entry 5): percentage: file 63.00, ours 63.33" + HAND,
    ]


def test_places_are_compared_per_direction(tmp_path: Path) -> None:
    """Two winners: NS and EW places are each compared (Law 78A)."""
    path = edited(
        tmp_path,
        MITCHELL_XML,
        (
            "<PERCENTAGE>62.50</PERCENTAGE>\n     <PLACE>1</PLACE>",
            "<PERCENTAGE>62.50</PERCENTAGE>\n     <PLACE>3</PLACE>",
        ),
    )
    assert differences(run("import_results", str(path), *NEUBERG)) == [
        "ranking 3NS (entry 3): rank: file 3, ours 1 NS" + HAND,
    ]


def test_file_precision_decides_what_differs(tmp_path: Path) -> None:
    """A figure is compared at the decimals the file writes: 65.6 agrees with
    our 65.625, 65.5 does not (rounded once, decision 0042)."""
    path = edited(
        tmp_path,
        CLUB_PBN,
        (" 1  3  10.5  65.63", " 1  3  10.5  65.6 "),
        (" 2  1   9.5  59.38", " 2  1   9.5  59.5 "),
    )
    found = [
        d
        for d in differences(run("import_results", str(path), *NEUBERG))
        if ": rank: " not in d
    ]
    assert found == ["ranking 1 (entry 1): percentage: file 59.5, ours 59.38" + HAND]


def test_wrong_line_percentages_in_pbn_are_reported(tmp_path: Path) -> None:
    """Per-line percentages (PBN Percentage_NS/EW) are compared exactly."""
    path = edited(
        tmp_path,
        CLUB_PBN,
        (
            ' 1  2  1  4 3NT  E  9 SK         -  "600"  0.5  3.5 12.5 87.5',
            ' 1  2  1  4 3NT  E  9 SK         -  "600"  0.5  3.5 12.0 88.0',
        ),
    )
    found = [
        d
        for d in differences(run("import_results", str(path), *NEUBERG))
        if ": rank: " not in d
    ]
    assert found == [
        "board 3 (1 v 4) at table 1: percentage NS: file 12.0, ours 12.50" + HAND,
        "board 3 (1 v 4) at table 1: percentage EW: file 88.0, ours 87.50" + HAND,
    ]


def test_a_file_scored_by_neuberg_is_named_under_figb_averages() -> None:
    """Decision 0147: imported under FIGB's methods (the default), the club
    fixture's board 3 (three results, top 4, one 60/40) differs on its two
    real results: N-L12 counts the artificial score as a tie, 2 + 1 = 3 and
    0 + 1 = 1, where the file printed Neuberg's (M + 1) x 3/2 - 1 = 3.5 and
    0.5; each difference names the setting that reproduces the file."""
    found = [
        d
        for d in differences(run("import_results", str(CLUB_PBN)))
        if d.startswith("board ")
    ]
    why = (
        " (a board with an artificial score: the file scores it by Neuberg "
        "(averaged_boards=neuberg))"
    )
    assert found == [
        f"board 3 (1 v 4) at table 1: MP NS: file 0.5, ours 1.00{why}",
        f"board 3 (1 v 4) at table 1: MP EW: file 3.5, ours 3.00{why}",
        f"board 3 (1 v 4) at table 1: percentage NS: file 12.5, ours 25.00{why}",
        f"board 3 (1 v 4) at table 1: percentage EW: file 87.5, ours 75.00{why}",
        f"board 3 (3 v 6) at table 2: MP NS: file 3.5, ours 3.00{why}",
        f"board 3 (3 v 6) at table 2: MP EW: file 0.5, ours 1.00{why}",
        f"board 3 (3 v 6) at table 2: percentage NS: file 87.5, ours 75.00{why}",
        f"board 3 (3 v 6) at table 2: percentage EW: file 12.5, ours 25.00{why}",
    ]


def test_an_import_under_the_laws_takes_the_laws_methods() -> None:
    """Decision 0147: the regulation is an import setting; under the Laws the
    averaged board is scored by Neuberg (as the club fixture printed it), and
    a method that is none of the choices is refused before anything is read."""
    output = run("import_results", str(CLUB_PBN), "--regulation", "laws")
    assert differences(output) == ["no differences"]
    row = TournamentRow.objects.get()
    assert (row.regulation, row.scoring_rules, row.windows["appeal_minutes"]) == (
        "laws",
        {
            "averaged_boards": "neuberg",
            "fouled_boards": "law_87b",
            "fouled_split": "1/5",
            "average_revision": "law_12c2c",
        },
        30,
    )
    with pytest.raises(ImportRefused) as refused:
        import_file(CLUB_PBN.read_bytes(), "pbn", settings={"averaged_boards": "x"})
    assert refused.value.message == (
        "import settings: 'x' is not a valid AveragedBoards"
    )
