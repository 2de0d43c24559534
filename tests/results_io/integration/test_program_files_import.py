"""Magic Contest and Ruter PBN files import as they are, through the same
pipeline as a live session (decision 0127): the projection scores them, and
re-scored with the file's conventions they show no difference."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management.base import CommandError

from tests.support.results_io import (
    MAGIC_CONTEST_PBN,
    NEUBERG,
    RUTER_PBN,
    event_count,
    run,
    standing_ranks,
)
from tournaments.models import TournamentRow
from tournaments.results_io import import_file

pytestmark = pytest.mark.django_db


def test_magic_contest_file_imports_with_no_difference() -> None:
    output = run("import_results", str(MAGIC_CONTEST_PBN), *NEUBERG)
    assert output.splitlines()[1:] == [
        "conventions: magic_contest, rounding half_up, totals exact, fewer played "
        "neuberg (totals exact), scale missed no, A+ 60% A- 40%, datum drops 1, to 10",
        "note: 1, 2, 3, 4, 5, 6 sat in both directions (an arrow switch): one "
        "ranking, the file's directions are taken as home directions",
        "no differences",
    ]


def test_ruter_butler_file_imports_as_butler_pairs() -> None:
    report = import_file(RUTER_PBN.read_bytes(), "pbn", source="ruter")
    assert report.differences == ()
    row = TournamentRow.objects.get(tournament_id=report.tournament_id)
    assert row.scoring == "imps_butler"
    # Two winners: the pairs kept their direction (Law 78D, by direction).
    assert standing_ranks(report.tournament_id) == {
        "1": (2, "NS"),
        "2": (4, "NS"),
        "3": (1, "NS"),
        "4": (2, "NS"),
        "5": (2, "EW"),
        "6": (4, "EW"),
        "7": (3, "EW"),
        "8": (1, "EW"),
    }


def test_an_unreadable_line_records_nothing(tmp_path: Path) -> None:
    text = MAGIC_CONTEST_PBN.read_bytes().replace(b'"E-W"', b'"W-E"', 1)
    path = tmp_path / "broken.pbn"
    path.write_bytes(text)
    events = event_count()
    with pytest.raises(CommandError) as caught:
        run("import_results", str(path), *NEUBERG)
    assert str(caught.value) == (
        f"{path}: malformed pbn file: line 11: Direction: 'W-E' is not NS, EW, "
        "N-S or E-W"
    )
    assert event_count() == events


def test_conventions_are_chosen_on_the_command_line() -> None:
    """--program and each setting override what the file says (decision 0129);
    the Magic Contest fixture read on its own top differs where board 3 (one
    artificial score) and board 4 (played twice) were factored by Neuberg."""
    output = run(
        "import_results",
        str(MAGIC_CONTEST_PBN),
        "--program",
        "compscore",
        "--fewer-played",
        "own_top",
        "--average-plus",
        "60",
        *NEUBERG,
    )
    lines = output.splitlines()
    assert lines[1] == (
        "conventions: compscore, rounding half_even, totals exact, fewer played "
        "own_top (totals percent), scale missed yes, A+ 60% A- 40%, datum drops 1, to 10"
    )
    assert lines[3] == (
        "board 3 (4 v 1) at table 1: MP NS: file 0.50, ours 0.00 (the board was "
        "played fewer times: the file prints it by Neuberg (fewer_played=neuberg)) "
        "[convention not set]"
    )


def test_a_bad_setting_is_refused_and_records_nothing() -> None:
    events = event_count()
    with pytest.raises(CommandError) as caught:
        run("import_results", str(MAGIC_CONTEST_PBN), "--average-plus", "120")
    assert str(caught.value) == (
        f"{MAGIC_CONTEST_PBN}: not imported: import settings: average plus 120% "
        "is not between 0 and 100"
    )
    assert event_count() == events
