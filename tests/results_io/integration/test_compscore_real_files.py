"""Seven real USEBIO files from Compscore3 (../shared/realfiles/README.md):
each imports as it is with its method detected, and every difference with
Compscore's own figures is explained by a named convention or reported as a
hand edit (decisions 0128, 0129). The files are read where they lie, never
copied; without them these tests skip, saying so."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.support.results_io import NEUBERG_SETTINGS, REALFILES
from tournaments.models import TournamentRow
from tournaments.results_io import import_file

pytestmark = pytest.mark.django_db

REAL = REALFILES / "compscore"
HAND = "no convention explains it: edited by hand, or scored otherwise"
CONVENTION = re.compile(r"\(([a-z_]+=[a-z_]+)\)")
HAND_EDITS = {
    "is printed as": "hand: an artificial score printed otherwise",
    "unlike the identical result": "hand: unlike an identical result",
    "as if this line were an artificial": "hand: a played score on an artificial line",
    "not the sum of the file's own": "hand: a total not its lines' sum",
}

# file: (tournament scoring, differences by reason). Every difference has a
# named convention or a hand edit the file's own figures prove, or follows
# one (decisions 0128, 0151, 0152): none is left unexplained.
EXPECTED: dict[str, tuple[str, dict[str, int]]] = {
    "mp_pairs_howell": ("matchpoints", {"fewer_played=own_top": 8}),
    "mp_pairs_mitchell": ("matchpoints", {"fewer_played=own_top": 30}),
    "mp_pairs_mitchell_03": ("matchpoints", {}),
    "mp_pairs_mitchell_04": (
        "matchpoints",
        {"fewer_played=own_top": 56},
    ),
    "mp_pairs_mitchell_adjusted": (
        "matchpoints",
        {
            "hand: a played score on an artificial line": 2,
            "follows the line edited by hand": 36,
            "hand: an artificial score printed otherwise": 2,
            "hand: unlike an identical result": 2,
            "hand: a total not its lines' sum": 38,
            "follows the edited figures": 2,
            "totals=printed": 2,
            "follows the total": 41,
            "follows the totals": 5,
        },
    ),
    "mp_pairs_mitchell_adjusted_02": (
        "matchpoints",
        {
            "hand: an artificial score printed otherwise": 2,
            "hand: unlike an identical result": 2,
            "follows the edited figures": 3,
            "follows the total": 3,
        },
    ),
    "butler_mitchell": ("imps_butler", {}),
}


def real(name: str) -> bytes:
    path = REAL / f"{name}.xml"
    if not path.exists():
        pytest.skip(f"{path} is absent: the real Compscore files are not here")
    return path.read_bytes()


def code(reason: str) -> str:
    """The kind of a difference's reason, without its figures."""
    for phrase, name in HAND_EDITS.items():
        if reason.startswith("edited by hand") and phrase in reason:
            return name
    if reason.startswith("follows a figure edited by hand at table"):
        return "follows the line edited by hand"
    if reason.startswith("follows a figure edited by hand: the total"):
        return "follows the edited figures"
    if reason in ("follows the total", "follows the totals that differ"):
        return "follows the totals" if reason.endswith("differ") else reason
    named = CONVENTION.findall(reason)
    return "; ".join(named) if named else reason


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_real_file_imports_and_every_difference_has_its_reason(
    name: str,
) -> None:
    # Compscore scores a board with an artificial score by Neuberg.
    report = import_file(real(name), "usebio", source=name, settings=NEUBERG_SETTINGS)
    scoring, expected = EXPECTED[name]
    row = TournamentRow.objects.get(tournament_id=report.tournament_id)
    assert row.scoring == scoring
    assert report.conventions.program == "compscore"
    assert dict(Counter(code(d.reason) for d in report.differences)) == expected


def test_a_tampered_butler_point_and_datum_in_a_real_file_are_reported() -> None:
    """The first board's datum and first line's Butler points, edited in
    memory (the file on disk is never written)."""
    text = real("butler_mitchell").decode("ascii")
    text = text.replace(
        "<BOARD_AVERAGE>-30</BOARD_AVERAGE>", "<BOARD_AVERAGE>-200</BOARD_AVERAGE>", 1
    )
    text = text.replace(
        "<NS_BUTLER_POINTS>-3</NS_BUTLER_POINTS>",
        "<NS_BUTLER_POINTS>-2</NS_BUTLER_POINTS>",
        1,
    )
    report = import_file(
        text.encode("ascii"), "usebio", source="tampered", settings=NEUBERG_SETTINGS
    )
    shown = [
        f"{d.where}: {d.what}: file {d.file}, ours {d.ours}" for d in report.differences
    ]
    assert "board 1: datum: file -200, ours -30" in shown
    assert any(
        line.startswith("board 1 (") and line.endswith("Butler NS: file -2, ours -3.00")
        for line in shown
    )
    assert all(d.reason == HAND for d in report.differences)
