"""A file that is not a results file we read is refused naming what it is
(decision 0224): another program's web page or JSON, a USEBIO event type we
do not import. Never "malformed" for a well-formed file of another kind."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring.formats.errors import UnsupportedFile
from tests.support.results_io import MITCHELL_XML, other_file
from tournaments.results_io import read_results

# The head of a JFR Pary traveller page, as the program writes it (a
# GENERATOR meta, HTML 4.01, entities such as &nbsp; that XML does not know).
JFR_PAGE = b"""<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN">
<html>
 <head>
  <meta http-equiv="Content-Type" content="text/html; charset=utf-8" />
  <meta name="GENERATOR" content="JFR 2005" />
  <title>ROZDANIE 1</title>
 </head>
 <body><table><tr><td>&nbsp;&lt;&nbsp;</td></tr></table></body>
</html>
"""

# Tournament Calculator's web presentation (results.json), in the shape its
# published readers take: places, participants and points, no travellers.
TOURNAMENT_CALCULATOR = json.dumps(
    {
        "Results": [
            {
                "Place": 1,
                "Participant": {
                    "Number": 3,
                    "_person1": {"_lastName": "Alfa", "_pid": {"Number": 101}},
                    "_person2": {"_lastName": "Beta", "_pid": {"Number": 102}},
                },
                "Result": {"_pointsDecimal": 61.25},
            }
        ]
    }
).encode()

JFR_REFUSED = (
    "this is an HTML page from JFR Pary (its GENERATOR says 'JFR 2005'), not a "
    "results file: export the event from JFR Pary as a PBN, USEBIO or Arbitro "
    "JSON results file"
)
TC_REFUSED = (
    "a Tournament Calculator file (its results.json): not supported; export "
    "the event from Tournament Calculator as PBN and import that"
)


def _import(path: Path) -> str:
    with pytest.raises(CommandError) as refused:
        call_command("import_results", str(path), stdout=StringIO())
    return str(refused.value)


@pytest.mark.parametrize("fmt", ["usebio", "pbn", "json"])
def test_a_jfr_pary_page_is_named_whatever_reader_is_chosen(fmt: str) -> None:
    with pytest.raises(UnsupportedFile) as refused:
        read_results(JFR_PAGE, fmt)
    assert refused.value.code == "unsupported_file"
    assert refused.value.message == JFR_REFUSED


def test_the_command_names_a_jfr_page_not_a_malformed_usebio(tmp_path: Path) -> None:
    page = tmp_path / "wb120802001.html"
    page.write_bytes(JFR_PAGE)
    assert _import(page) == f"{page}: not imported: {JFR_REFUSED}"


def test_a_real_jfr_pary_traveller_is_named() -> None:
    """A traveller page JFR Pary published (fetched from a public repository
    into ARBITRO_OTHER_FILES, never committed)."""
    page = other_file("jfr/wb120802001.html")
    assert _import(page) == f"{page}: not imported: {JFR_REFUSED}"


def test_a_tournament_calculator_json_is_named(tmp_path: Path) -> None:
    with pytest.raises(UnsupportedFile) as refused:
        read_results(TOURNAMENT_CALCULATOR, "json")
    assert refused.value.message == TC_REFUSED
    path = tmp_path / "results.json"
    path.write_bytes(TOURNAMENT_CALCULATOR)
    assert _import(path) == f"{path}: not imported: {TC_REFUSED}"


def test_another_json_says_it_is_not_an_arbitro_export() -> None:
    with pytest.raises(UnsupportedFile) as refused:
        read_results(b'{"event": "x", "pairs": []}', "json")
    assert refused.value.message == (
        "a JSON document that is not an Arbitro results export (it has no "
        "format field; its keys: event, pairs): Arbitro reads a PBN, USEBIO or "
        "Arbitro JSON results file"
    )


def test_a_usebio_event_type_not_imported_is_named_with_those_that_are() -> None:
    text = MITCHELL_XML.read_bytes().replace(b'"PAIRS"', b'"BAM_TEAMS"', 1)
    assert b"BAM_TEAMS" in text
    with pytest.raises(UnsupportedFile) as refused:
        read_results(text, "usebio")
    assert refused.value.message == (
        "USEBIO EVENT_TYPE 'BAM_TEAMS' (element EVENT, line 10): supported are "
        "PAIRS, MP_PAIRS, SWISS_PAIRS, IMP_PAIRS, BUTLER_PAIRS, CROSS_IMP, "
        "CROSS_IMP_PAIRS, INDIVIDUAL, MP_INDIVIDUAL, TEAMS, IMP_TEAMS, "
        "SWISS_TEAMS, TEAMS_OF_FOUR"
    )
