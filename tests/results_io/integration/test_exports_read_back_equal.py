"""Every export carries its scoring rules and conventions and imports again
with no difference (decision 0224).

An event scored by Neuberg on a board with an artificial score, exported
and imported again with the defaults, was scored by FIGB N-L12 the second
time and showed 117 to 159 differences: the export dropped the rules. Each
export now carries them (PBN ``ScoringRules``, USEBIO's ``arbitro-rules``
processing instruction, the JSON's ``scoring_rules``) with the conventions
its figures are printed in, and the import takes them unless told
otherwise. The real Compscore files (../shared/realfiles, never copied)
are exported and imported again the same way; without them that test
skips, saying so.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.results_io import (
    CLUB_PBN,
    MAGIC_CONTEST_PBN,
    MITCHELL_XML,
    NEUBERG,
    NEUBERG_SETTINGS,
    REALFILES,
    RUTER_PBN,
    run,
)
from tournaments.models import TournamentRow
from tournaments.results_io import import_file, tournament_id_for

pytestmark = pytest.mark.django_db

FORMATS = ("pbn", "usebio", "json")
RULES = (
    "regulation=figb;averaged_boards=neuberg;fouled_boards=figb_n_l87_7;"
    "fouled_split=1/5;average_revision=figb_session_percent;program=arbitro;"
    "average_plus=60;average_minus=40;rounding=half_up;totals=exact;"
    "fewer_played=neuberg;fewer_played_totals=exact;scale_missed=no;"
    "datum_discard=1;datum_rounding=10"
)


def _export(tid: object, fmt: str, target: Path) -> Path:
    run("export_results", str(tid), "--format", fmt, "-o", str(target))
    return target


def _again(path: Path) -> list[str]:
    """Import with no setting at all; the lines after the summary."""
    output = run("import_results", str(path))
    return [
        line
        for line in output.splitlines()
        if not line.startswith(("imported ", "conventions: ", "note: ", "entries: "))
    ]


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize(
    "source",
    [MAGIC_CONTEST_PBN, CLUB_PBN, MITCHELL_XML, RUTER_PBN],
    ids=lambda p: p.stem,
)
def test_a_neuberg_scored_event_reads_back_with_no_difference(
    source: Path, fmt: str, tmp_path: Path
) -> None:
    run("import_results", str(source), *NEUBERG)
    first = _export(tournament_id_for(source.read_bytes()), fmt, tmp_path / f"1.{fmt}")
    assert _again(first) == ["no differences"]
    again = TournamentRow.objects.get(
        tournament_id=tournament_id_for(first.read_bytes())
    )
    assert again.scoring_rules["averaged_boards"] == "neuberg"
    # And the second export is the first.
    second = _export(again.tournament_id, fmt, tmp_path / f"2.{fmt}")
    assert second.read_text(encoding="utf-8") == first.read_text(encoding="utf-8")


def test_each_format_writes_the_rules_where_it_can(tmp_path: Path) -> None:
    run("import_results", str(MAGIC_CONTEST_PBN), *NEUBERG)
    tid = tournament_id_for(MAGIC_CONTEST_PBN.read_bytes())
    text = {
        fmt: _export(tid, fmt, tmp_path / f"x.{fmt}").read_text(encoding="utf-8")
        for fmt in FORMATS
    }
    assert f'[ScoringRules "{RULES}"]' in text["pbn"]
    assert f"<?arbitro-rules {RULES}?>" in text["usebio"]
    assert '"averaged_boards": "neuberg"' in text["json"]
    # Magic Contest's, Ruter's and PBN 2.1's spellings (decision 0224).
    assert "TotalScoreMP" in text["pbn"]
    assert " A+ " in text["pbn"] or " A+" in text["pbn"]


def test_a_setting_given_overrides_the_files_rules(tmp_path: Path) -> None:
    run("import_results", str(MAGIC_CONTEST_PBN), *NEUBERG)
    tid = tournament_id_for(MAGIC_CONTEST_PBN.read_bytes())
    path = _export(tid, "pbn", tmp_path / "x.pbn")
    output = run("import_results", str(path), "--averaged-boards", "figb_n_l12")
    again = TournamentRow.objects.get(
        tournament_id=tournament_id_for(path.read_bytes())
    )
    assert again.scoring_rules["averaged_boards"] == "figb_n_l12"
    assert "no differences" not in output


REAL = REALFILES / "compscore"
NAMES = (
    "butler_mitchell",
    "mp_pairs_howell",
    "mp_pairs_mitchell",
    "mp_pairs_mitchell_03",
    "mp_pairs_mitchell_04",
    "mp_pairs_mitchell_adjusted",
    "mp_pairs_mitchell_adjusted_02",
)


@pytest.mark.parametrize("name", NAMES)
def test_every_export_of_a_real_file_reads_back_with_no_difference(
    name: str, tmp_path: Path
) -> None:
    path = REAL / f"{name}.xml"
    if not path.is_file():
        pytest.skip(f"{path} is absent: the real Compscore files are not here")
    report = import_file(
        path.read_bytes(), "usebio", source=name, settings=NEUBERG_SETTINGS
    )
    for fmt in FORMATS:
        exported = _export(report.tournament_id, fmt, tmp_path / f"{name}.{fmt}")
        assert _again(exported) == ["no differences"], fmt
