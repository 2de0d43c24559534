"""Magic Contest's and Ruter's names and member numbers are kept, both ways
(decision 0224).

Both programs write a pair's players as one string ``"A - B"`` in the
TotalScoreTable's ``Names``; Magic Contest gives their federation numbers in
``MemberID1``/``MemberID2``. The import read neither, so every name was lost
from every export (0 of 104 pairs). The fixtures are written from the
programs' notation with invented people.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from eventstore.store import Metadata
from registry.domain import PlayerCategory
from registry.handlers import Identity, register_player
from scoring.formats import TournamentResults, read_json, read_pbn, read_usebio
from tests.support.results_io import MAGIC_CONTEST_PBN, NEUBERG, RUTER_PBN, run
from tournaments.results_io import tournament_id_for

pytestmark = pytest.mark.django_db

NUMBERS = {
    "3": ("301", "302"),
    "6": ("601", "0"),  # Magic Contest's 0: a player with no number
    "2": ("201", "202"),
    "1": ("101", "102"),
    "4": ("401", "402"),
    "5": ("501", "502"),
}


def with_member_ids(tmp_path: Path) -> Path:
    """The Magic Contest fixture with its MemberID1/MemberID2 columns."""
    text = MAGIC_CONTEST_PBN.read_bytes().decode("latin-1")
    head, _, rest = text.partition("[TotalScoreTable ")
    header, _, rest = rest.partition("\r\n")
    rows, _, tail = rest.partition("\r\n\r\n")
    header = header.replace(
        'NrBoards\\2R"]', 'NrBoards\\2R;MemberID1\\6R;MemberID2\\6R"]'
    )
    numbered = []
    for row in rows.split("\r\n"):
        pid = row.split()[1]
        numbered.append(f"{row} {' '.join(NUMBERS[pid])}")
    path = tmp_path / "magic_contest_members.pbn"
    path.write_bytes(
        (
            head
            + "[TotalScoreTable "
            + header
            + "\r\n"
            + "\r\n".join(numbered)
            + "\r\n\r\n"
            + tail
        ).encode("latin-1")
    )
    return path


def players(
    results: TournamentResults,
) -> dict[str, tuple[tuple[str, str | None], ...]]:
    return {
        p.participant_id: tuple((pl.name, pl.federation_id) for pl in p.players)
        for p in results.participants
    }


READERS = {
    "pbn": lambda data: read_pbn(data.decode("utf-8")),
    "usebio": read_usebio,
    "json": lambda data: read_json(data.decode("utf-8")),
}


def exports(tid: object, tmp_path: Path) -> dict[str, TournamentResults]:
    out = {}
    for fmt, read in READERS.items():
        target = tmp_path / f"export.{fmt}"
        run("export_results", str(tid), "--format", fmt, "-o", str(target))
        out[fmt] = read(target.read_bytes())
    return out


def test_magic_contest_names_and_member_ids_reach_every_export(tmp_path: Path) -> None:
    source = with_member_ids(tmp_path)
    read = players(read_pbn(source.read_bytes().decode("latin-1")))
    assert read["3"] == (("Carla Gamma", "301"), ("Dario Delta", "302"))
    assert read["6"] == (("Elena Epsilon", "601"), ("Fabio Zeta", None))
    assert read["2"] == (("Göran Exempel", "201"), ("Åsa Prov", "202"))
    run("import_results", str(source), *NEUBERG)
    for fmt, back in exports(tournament_id_for(source.read_bytes()), tmp_path).items():
        assert players(back) == read, fmt
    # Written back as Magic Contest writes them (decision 0224).
    text = (tmp_path / "export.pbn").read_text(encoding="utf-8")
    assert re.search(r'"Carla Gamma - Dario Delta" +301 +302', text)
    assert re.search(r'"Elena Epsilon - Fabio Zeta" +601 +-', text)


def test_ruter_names_reach_every_export(tmp_path: Path) -> None:
    run("import_results", str(RUTER_PBN))
    back = exports(tournament_id_for(RUTER_PBN.read_bytes()), tmp_path)
    for fmt, results in back.items():
        named = players(results)
        assert len(named) == 8, fmt
        assert all(len(p) == 2 for p in named.values()), fmt
        assert named["3"] == (("Elena Epsilon", None), ("Fabio Zeta", None)), fmt


def test_a_member_id_the_register_holds_is_that_player(tmp_path: Path) -> None:
    register_player(
        Identity(federation_number="301", family_name="Gamma", given_name="C."),
        PlayerCategory.FIRST_SPADES,
        metadata=Metadata(actor="system:tests"),
    )
    source = with_member_ids(tmp_path)
    run("import_results", str(source), *NEUBERG)
    back = exports(tournament_id_for(source.read_bytes()), tmp_path)
    for fmt, results in back.items():
        # The register's name for him, the file's for his partner.
        assert players(results)["3"] == (
            ("C. Gamma", "301"),
            ("Dario Delta", "302"),
        ), fmt
