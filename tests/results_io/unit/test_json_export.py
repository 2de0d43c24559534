"""The JSON results export (docs/results-json.md), version 1, and its reader."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from scoring.formats.errors import FormatError
from scoring.formats.json_export import read_json, write_json
from scoring.formats.pbn import read_pbn


def document(club_pbn: str) -> dict[str, object]:
    return json.loads(write_json(read_pbn(club_pbn)), parse_float=Decimal)  # type: ignore[no-any-return]


def test_format_and_version(club_pbn: str) -> None:
    """The export names its format and version."""
    data = document(club_pbn)
    assert data["format"] == "arbitro-results"
    assert data["version"] == 1
    assert list(data) == [
        "format",
        "version",
        "tournament",
        "participants",
        "boards",
        "ranking",
    ]


def test_result_lines_carry_points_per_side(club_pbn: str) -> None:
    """Each result: pairs, contract, declarer, tricks, score, points each side."""
    board = document(club_pbn)["boards"][0]  # type: ignore[index]
    line = board["results"][1]
    assert line["ns"] == "3"
    assert line["ew"] == "4"
    assert (line["contract"], line["declarer"], line["tricks"]) == ("4S", "N", 11)
    assert line["score_ns"] == 450
    assert line["adjustment"] is None
    assert line["points"]["ns"] == {
        "mp": Decimal("4.0"),
        "imp": None,
        "percentage": 100,
    }
    assert line["points"]["ew"]["mp"] == Decimal("0.0")


def test_decimals_are_written_exactly(club_pbn: str) -> None:
    """Points keep their decimal text; no binary floating point on the way."""
    text = write_json(read_pbn(club_pbn))
    assert '"mp": 2.4' in text
    assert '"percentage": 65.63' in text
    assert "2.3999" not in text


def test_artificial_and_assigned_adjustments(club_pbn: str) -> None:
    """Law 12C2 artificial score has percentages and no contract; 12C1 assigned."""
    boards = document(club_pbn)["boards"]
    artificial = boards[2]["results"][2]  # type: ignore[index]
    assert artificial["contract"] is None
    assert artificial["score_ns"] is None
    assert artificial["adjustment"] == {
        "kind": "artificial",
        "ns_percentage": 60,
        "ew_percentage": 40,
    }
    assigned = boards[0]["results"][2]  # type: ignore[index]
    assert assigned["adjustment"] == {"kind": "assigned"}
    assert assigned["contract"] == "3NT"


def test_passed_out_result(club_pbn: str) -> None:
    """A passed-out board is contract PASS with score 0 (Law 22A)."""
    line = document(club_pbn)["boards"][1]["results"][0]  # type: ignore[index]
    assert (line["contract"], line["declarer"], line["score_ns"]) == ("PASS", None, 0)


def test_ranking_entries(club_pbn: str) -> None:
    """Participant, total, percentage, rank and tie flag."""
    first = document(club_pbn)["ranking"][0]  # type: ignore[index]
    assert first == {
        "participant": "3",
        "total": Decimal("10.5"),
        "percentage": Decimal("65.63"),
        "rank": 1,
        "tie": False,
    }


def test_export_reads_back_identically(club_pbn: str) -> None:
    """write_json then read_json gives the same results."""
    results = read_pbn(club_pbn)
    assert read_json(write_json(results)) == results


def test_invalid_json_names_the_line() -> None:
    """A syntax error names its line."""
    with pytest.raises(FormatError) as caught:
        read_json('{\n  "format": "arbitro-results",\n  "version": 1,,\n}')
    assert caught.value.line == 3
    assert "not valid JSON" in str(caught.value)


def test_other_formats_and_versions_are_refused() -> None:
    """Only arbitro-results version 1 is read."""
    with pytest.raises(FormatError, match="'other' is not 'arbitro-results'"):
        read_json('{"format": "other", "version": 1}')
    with pytest.raises(FormatError, match="version 2 is not supported"):
        read_json('{"format": "arbitro-results", "version": 2}')


def test_bad_value_names_its_path(club_pbn: str) -> None:
    """A wrong value is reported with its path in the document."""
    data = json.loads(write_json(read_pbn(club_pbn)))
    data["boards"][1]["results"][2]["tricks"] = 14
    with pytest.raises(FormatError) as caught:
        read_json(json.dumps(data))
    assert caught.value.element == "boards[1].results[2]"
    assert "between 0 and 13" in str(caught.value)
    data["boards"][1]["results"][2]["tricks"] = "six"
    with pytest.raises(FormatError) as caught:
        read_json(json.dumps(data))
    assert caught.value.element == "boards[1].results[2].tricks"
