"""The JSON export (docs/results-json.md) of an imported file holds every
result, its points and the ranking, and reads back unchanged."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from scoring.formats import read_json, read_pbn, read_usebio
from tests.support.results_io import CLUB_PBN, MITCHELL_XML, NEUBERG, lines, run, totals
from tournaments.results_io import export_results, tournament_id_for

pytestmark = pytest.mark.django_db


def test_json_export_of_an_imported_pbn_reads_back_as_exported() -> None:
    """write_json/read_json is lossless over what the read models hold."""
    run("import_results", str(CLUB_PBN), *NEUBERG)
    tid = tournament_id_for(CLUB_PBN.read_bytes())
    text = run("export_results", str(tid), "--format", "json")
    model, notes = export_results(tid)
    assert read_json(text) == model
    assert notes == ()
    original = read_pbn(CLUB_PBN.read_text())
    same = {str(n): str(n) for n in range(1, 7)}
    assert lines(read_json(text)) == lines(original, same)


def test_json_export_marks_adjusted_scores() -> None:
    """Law 12C2 artificial and Law 12C1 assigned scores keep their kind."""
    run("import_results", str(CLUB_PBN), *NEUBERG)
    tid = tournament_id_for(CLUB_PBN.read_bytes())
    document = json.loads(
        run("export_results", str(tid), "--format", "json"), parse_float=Decimal
    )
    adjustments = {
        (board["number"], result["table"]): result["adjustment"]
        for board in document["boards"]
        for result in board["results"]
        if result["adjustment"] is not None
    }
    assert adjustments == {
        (1, 3): {"kind": "assigned"},
        (3, 3): {"kind": "artificial", "ns_percentage": 60, "ew_percentage": 40},
    }


def test_json_export_of_an_imported_usebio_keeps_directions() -> None:
    """A two-winner Mitchell is exported with each pair's direction, under
    the file's own ids (decision 0192), its entries' numbers beside them."""
    run("import_results", str(MITCHELL_XML), *NEUBERG)
    tid = tournament_id_for(MITCHELL_XML.read_bytes())
    exported = read_json(run("export_results", str(tid), "--format", "json"))
    assert {
        p.participant_id: (p.number, p.direction) for p in exported.participants
    } == {
        "1NS": (1, "NS"),
        "2NS": (2, "NS"),
        "3NS": (3, "NS"),
        "1EW": (4, "EW"),
        "2EW": (5, "EW"),
        "3EW": (6, "EW"),
    }
    original = read_usebio(MITCHELL_XML.read_bytes())
    assert totals(exported) == totals(original)
