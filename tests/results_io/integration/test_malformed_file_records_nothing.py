"""A malformed or unrecordable file is refused whole: the error names the line
or element, the command fails, and not one event is recorded (issue 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management.base import CommandError

from tests.support.results_io import CLUB_PBN, MITCHELL_XML, event_count, run
from tournaments.models import TournamentRow

pytestmark = pytest.mark.django_db


def refused(path: Path) -> str:
    """Run the import, expect a refusal, and check that nothing was recorded."""
    events, tournaments = event_count(), TournamentRow.objects.count()
    with pytest.raises(CommandError) as caught:
        run("import_results", str(path))
    assert event_count() == events
    assert TournamentRow.objects.count() == tournaments
    return str(caught.value)


def copy_with(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text(encoding="latin-1")
    assert old in text
    target = tmp_path / source.name
    target.write_text(text.replace(old, new, 1), encoding="latin-1")
    return target


def test_pbn_row_with_a_missing_value_names_its_line(tmp_path: Path) -> None:
    """A ScoreTable row with too few values is refused with its line number."""
    path = copy_with(
        tmp_path,
        CLUB_PBN,
        ' 2  1  3  4 4S   N 11 D9    "450"      -',
        ' 2  1  3  4 4S   N 11 "450" -',
    )
    message = refused(path)
    assert "malformed pbn file" in message
    assert "line 33" in message


def test_usebio_bad_tricks_names_its_element_and_line(tmp_path: Path) -> None:
    """A traveller line with non-numeric tricks names TRAVELLER_LINE and its line."""
    path = copy_with(
        tmp_path, MITCHELL_XML, "<TRICKS>10</TRICKS>", "<TRICKS>ten</TRICKS>"
    )
    message = refused(path)
    assert "element TRAVELLER_LINE, line 134: TRICKS: 'ten'" in message


def test_a_rule_broken_late_in_the_file_records_nothing(tmp_path: Path) -> None:
    """The same player in two pairs is refused at the second entry, after the
    tournament and first entry were built: nothing at all is recorded."""
    path = copy_with(tmp_path, CLUB_PBN, '"131002;131003"', '"120045;131003"')
    message = refused(path)
    assert "not imported" in message
    assert "pair 2 (entry 2): a player is already entered" in message


def test_a_fractional_artificial_score_is_refused_as_unsupported(
    tmp_path: Path,
) -> None:
    """Law 12C2(c) session percentages like 63.5% cannot be recorded as such."""
    path = copy_with(
        tmp_path,
        CLUB_PBN,
        '"^60%" "^40%"  2.4  1.6   60   40',
        '"^63.5%" "^40%"  2.4  1.6   60   40',
    )
    message = refused(path)
    assert "fractional percentage is not supported" in message
    assert "Law 12C2" in message


def test_an_imp_file_is_refused(tmp_path: Path) -> None:
    """Plain "IMP" (teams IMPs) is refused for a pairs file: only
    matchpointed, Butler and cross-IMP pairs are recorded (Law 78)."""
    path = copy_with(
        tmp_path, CLUB_PBN, '[Scoring "MatchPoints;MP1"]', '[Scoring "IMP"]'
    )
    assert refused(path).endswith(
        "not imported: only matchpointed, Butler and cross-IMP pairs events can "
        "be imported, not IMP: give imp_pairs (cross_imps or butler) to say how "
        "its IMPs were scored (Law 78)"
    )


def test_the_same_file_twice_is_refused_the_second_time() -> None:
    """A re-import is recognised by the file's digest and records nothing."""
    run("import_results", str(CLUB_PBN))
    assert "already imported" in refused(CLUB_PBN)


def test_a_board_number_of_23_digits_is_refused_naming_the_line_and_limit(
    tmp_path: Path,
) -> None:
    """Issue 28: a board number beyond what an event holds and the results
    read model stores is refused by the reader, before anything is appended."""
    path = copy_with(tmp_path, CLUB_PBN, '[Board "2"]', f'[Board "{"1" * 23}"]')
    assert refused(path).endswith(
        f"line 42: Board: board number {'1' * 23} is not between 1 and 9999 "
        "(a board's number, Law 2: beyond any event's, within what the results "
        "store)"
    )


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (
            b"[" * 100_000 + b"]" * 100_000,
            "line 2: not valid JSON: arrays and objects nested deeper than 64 levels",
        ),
        (
            b"9" * 5000,
            "line 2: not valid JSON: the number 999999999999999999999999... "
            "(5000 characters) is longer than 40 characters",
        ),
    ],
)
def test_a_hostile_json_file_is_refused_naming_the_limit(
    tmp_path: Path, body: bytes, problem: str
) -> None:
    """The JSON results reader parses within the bounds of every JSON body
    (decision 0212): too deep or too long a number is a refused import, not
    a RecursionError or a ValueError of Python's parser."""
    path = tmp_path / "results.json"
    path.write_bytes(b'{"format": "arbitro-results",\n"x": ' + body + b"}")
    assert refused(path).endswith(f"malformed json file: {problem}")
