"""USEBIO export with the event and winner types readers require (issue 15):
MP_PAIRS, BUTLER_PAIRS or CROSS_IMP, WINNER_TYPE 1 or 2; Butler pairs are
exported with their points and datum (Law 78D), and the export imported
again shows no difference."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.core.management.base import CommandError

from tests.support.results_io import (
    MAGIC_CONTEST_PBN,
    MITCHELL_XML,
    NEUBERG,
    RUTER_PBN,
    run,
)
from tournaments import handlers
from tournaments.results_io import import_file, tournament_id_for

pytestmark = pytest.mark.django_db


def exported(source: Path) -> str:
    report = import_file(source.read_bytes(), "pbn", source=source.stem)
    return run("export_results", str(report.tournament_id), "--format", "usebio")


def test_butler_pairs_export_their_type_points_and_datum(tmp_path: Path) -> None:
    text = exported(RUTER_PBN)
    assert '<EVENT EVENT_TYPE="BUTLER_PAIRS">' in text
    assert "<WINNER_TYPE>2</WINNER_TYPE>" in text
    assert re.findall(r"<BOARD_AVERAGE>(-?\d+)</BOARD_AVERAGE>", text) == [
        "410",
        "-50",
        "-350",
        "110",
    ]
    assert "<NS_BUTLER_POINTS>13.00</NS_BUTLER_POINTS>" in text
    again = tmp_path / "again.xml"
    again.write_text(text, encoding="utf-8")
    report = import_file(again.read_bytes(), "usebio", source="again")
    assert report.differences == ()
    assert report.conventions.program == "arbitro"


def test_matchpointed_pairs_that_switched_export_one_winner() -> None:
    text = exported(MAGIC_CONTEST_PBN)
    assert '<EVENT EVENT_TYPE="MP_PAIRS">' in text
    assert "<WINNER_TYPE>1</WINNER_TYPE>" in text


def test_winner_type_1_ranks_one_field_whatever_the_directions(
    tmp_path: Path,
) -> None:
    """Decision 0184: the file's WINNER_TYPE 1 says one field (Law 78A), so the
    session ranks one field although every pair kept its direction; WINNER_TYPE
    2 (the fixture as it is) ranks each direction."""
    text = MITCHELL_XML.read_bytes()
    assert text.count(b"<WINNER_TYPE>2</WINNER_TYPE>") == 1
    one = text.replace(b"<WINNER_TYPE>2</WINNER_TYPE>", b"<WINNER_TYPE>1</WINNER_TYPE>")
    path = tmp_path / "one.xml"
    path.write_bytes(one)
    run("import_results", str(path), *NEUBERG)
    run("import_results", str(MITCHELL_XML), *NEUBERG)
    winners = {
        data: handlers.load_tournament(tournament_id_for(data)).sessions[1].winners
        for data in (one, text)
    }
    assert winners == {one: "one", text: "by_direction"}


def test_a_two_section_file_imports_the_section_chosen(tmp_path: Path) -> None:
    """Decision 0184: EBUScore and BridgeWebs nest contestants and boards in
    SESSION/SECTION; with two sections the import asks which, and reads the
    one chosen as it is."""
    text = MITCHELL_XML.read_bytes().decode("iso-8859-1")
    start, end = text.index("<PARTICIPANTS"), text.index("</EVENT>")
    body = text[start:end]
    two = (
        text[:start]
        + '<SESSION>\n<SECTION SECTION_ID="A">\n'
        + body
        + '</SECTION>\n<SECTION SECTION_ID="B">\n'
        + body
        + "</SECTION>\n</SESSION>\n"
        + text[end:]
    )
    path = tmp_path / "sections.xml"
    path.write_bytes(two.encode("iso-8859-1"))
    with pytest.raises(CommandError, match=r"2 sections \(A, B\): choose one"):
        run("import_results", str(path), *NEUBERG)
    output = run("import_results", str(path), "--section", "B", *NEUBERG)
    assert output.splitlines()[-1] == "no differences"
