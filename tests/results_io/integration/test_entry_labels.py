"""The file's own pair ids come back on export (decision 0192).

A two-winner Mitchell numbered 1NS..3NS and 1EW..3EW (Compscore, Magic
Contest) is entered as pairs 1 to 6 (Law 8, decision 0041); each entry
keeps the file's id on its ``PairEntered`` event and in the read model, and
every export writes it back, so a round trip keeps the file's numbering.
"""

from __future__ import annotations

import pytest

from eventstore.models import Event
from scoring.formats import read_json, read_pbn, read_usebio
from tests.support.results_io import (
    CLUB_PBN,
    MITCHELL_XML,
    NEUBERG,
    event_count,
    lines,
    run,
    totals,
)
from tournaments.models import EntryRow
from tournaments.results_io import tournament_id_for

pytestmark = pytest.mark.django_db
LABELS = {1: "1NS", 2: "2NS", 3: "3NS", 4: "1EW", 5: "2EW", 6: "3EW"}


def _labels(data: bytes) -> dict[int, str]:
    return dict(
        EntryRow.objects.filter(tournament_id=tournament_id_for(data)).values_list(
            "number", "label"
        )
    )


def test_each_entry_keeps_the_files_id_on_its_event_and_row() -> None:
    before = event_count()
    run("import_results", str(MITCHELL_XML), *NEUBERG)
    entered = Event.objects.filter(
        global_position__gt=before, event_type="tournament.pair_entered"
    )
    assert sorted((e.payload["number"], e.payload["label"]) for e in entered) == (
        sorted(LABELS.items())
    )
    assert _labels(MITCHELL_XML.read_bytes()) == LABELS


def test_a_file_numbered_as_the_entries_records_no_label() -> None:
    before = event_count()
    run("import_results", str(CLUB_PBN), *NEUBERG)
    entered = Event.objects.filter(
        global_position__gt=before, event_type="tournament.pair_entered"
    )
    assert [e.payload["label"] for e in entered] == [None] * 6
    assert _labels(CLUB_PBN.read_bytes()) == dict.fromkeys(range(1, 7), "")
    exported = read_pbn(
        run(
            "export_results",
            str(tournament_id_for(CLUB_PBN.read_bytes())),
            "--format",
            "pbn",
        )
    )
    assert [p.participant_id for p in exported.participants] == [
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
    ]


@pytest.mark.parametrize("fmt", ["usebio", "pbn", "json"])
def test_every_format_writes_the_files_ids_back_and_imports_again(
    fmt: str, tmp_path
) -> None:
    run("import_results", str(MITCHELL_XML), *NEUBERG)
    tid = tournament_id_for(MITCHELL_XML.read_bytes())
    target = tmp_path / f"out.{fmt}"
    run("export_results", str(tid), "--format", fmt, "-o", str(target))
    data = target.read_bytes()
    exported = {"usebio": read_usebio, "pbn": read_pbn, "json": read_json}[fmt](
        data if fmt == "usebio" else data.decode("utf-8")
    )
    original = read_usebio(MITCHELL_XML.read_bytes())
    assert sorted(p.participant_id for p in exported.participants) == sorted(
        LABELS.values()
    )
    assert [(b, ns, ew) for b, ns, ew, *_ in lines(exported)] == [
        (b, ns, ew) for b, ns, ew, *_ in lines(original)
    ]
    assert totals(exported) == totals(original)

    output = run("import_results", str(target), "--format", fmt, *NEUBERG)
    assert output.splitlines()[-1] == "no differences"
    assert _labels(data) == LABELS


def lettered() -> bytes:
    """The club fixture with its pairs called P1..P6 (no number to keep)."""
    out = []
    for line in CLUB_PBN.read_text(encoding="utf-8").splitlines():
        cells = line.split()
        if line.startswith(" ") and len(cells) > 4 and cells[0].isdigit():
            if '"' in cells[4] or cells[4].replace(".", "").isdigit():
                cells[1] = f"P{cells[1]}"  # TotalScoreTable: Rank PairId ...
            else:
                cells[2], cells[3] = f"P{cells[2]}", f"P{cells[3]}"
            line = " " + " ".join(cells)
        out.append(line)
    return ("\n".join(out) + "\n").encode("utf-8")


def test_ids_without_a_number_are_numbered_in_file_order_and_kept(
    tmp_path,
) -> None:
    data = lettered()
    source = tmp_path / "lettered.pbn"
    source.write_bytes(data)
    output = run("import_results", str(source), *NEUBERG)
    assert output.splitlines()[-1] == "no differences"
    labels = _labels(data)
    assert sorted(labels.values()) == ["P1", "P2", "P3", "P4", "P5", "P6"]
    assert sorted(labels) == [1, 2, 3, 4, 5, 6]
    exported = read_pbn(
        run("export_results", str(tournament_id_for(data)), "--format", "pbn")
    )
    original = read_pbn(data.decode("utf-8"))
    assert lines(exported) == lines(original)
    assert totals(exported) == totals(original)
