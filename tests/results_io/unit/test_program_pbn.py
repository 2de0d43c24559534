"""PBN files as Magic Contest and Ruter (Brenning) write them, read as they are
(decision 0127): ``N-S``/``E-W`` starting directions, ``A+``/``A-`` in the
score columns (Law 12C2), ``TotalScoreMP``/``TotalScoreIMP``, ``[Scoring
"IMP;Butler-2;Mean"]`` as Butler pairs (Law 78D), Latin-1 with CRLF."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.formats import FormatError, ScoringMethod
from scoring.formats.pbn import read_pbn
from tests.support.results_io import MAGIC_CONTEST_PBN, RUTER_PBN


def magic_contest() -> str:
    data = MAGIC_CONTEST_PBN.read_bytes()
    # As the program writes it: Latin-1 with CRLF line ends.
    assert b"\r\n" in data
    assert "ö".encode("latin-1") in data
    return data.decode("latin-1")


def ruter() -> str:
    return RUTER_PBN.read_text(encoding="utf-8")


def test_magic_contest_file_is_read_as_it_is() -> None:
    results = read_pbn(magic_contest())
    header = results.header
    assert (header.program, header.scoring) == (
        "Magic Contest 4.14",
        ScoringMethod.MATCHPOINTS,
    )
    assert header.name == "Klubbtävling onsdag"
    directions = {p.participant_id: p.direction for p in results.participants}
    assert directions == {
        "1": "NS",
        "2": "EW",
        "3": "NS",
        "4": "EW",
        "5": "NS",
        "6": "EW",
    }
    ranking = {e.participant_id: (e.rank, e.total) for e in results.ranking}
    assert ranking["3"] == (1, Decimal("13.10"))
    assert ranking["5"] == (6, Decimal("0.50"))
    board_3 = results.results_for(3)
    assert [r.contract for r in board_3] == ["3NT", "A60/40", "4H"]
    assert [r.score_ns for r in board_3] == [-600, None, 420]
    # Board 2 passed out at table 1 (Law 22A); board 4 not played at table 3.
    assert (results.results_for(2)[0].contract, results.results_for(2)[0].score_ns) == (
        "PASS",
        0,
    )
    assert len(results.results_for(4)) == 2
    # Pair 1 started NS and sits EW in round 2: the direction is the start.
    assert results.results_for(3)[0].ew_id == "1"


def test_ruter_butler_file_is_read_as_butler_pairs() -> None:
    results = read_pbn(ruter())
    assert results.header.scoring is ScoringMethod.BUTLER
    assert results.header.scoring_text == "IMP;Butler-2;Mean"
    assert results.header.program == "Ruter 1.6.22"
    ranking = {e.participant_id: (e.rank, e.total, e.tied) for e in results.ranking}
    assert ranking["3"] == (1, Decimal("22.00"), False)
    assert ranking["1"] == (2, Decimal("-4.00"), True)
    line = results.results_for(4)[3]
    assert (line.contract, line.imp_ns, line.imp_ew) == (
        "A60/40",
        Decimal("3.00"),
        Decimal("-3.00"),
    )


def test_average_plus_and_minus_are_import_settings() -> None:
    """What A+/A- are worth is the user's to say (Law 12C2 leaves 60/40 the
    default; some clubs give 55/45 or the session percentage)."""
    results = read_pbn(
        magic_contest(), average_plus=Decimal(55), average_minus=Decimal("45")
    )
    assert results.results_for(3)[1].contract == "A55/45"


@pytest.mark.parametrize(
    ("ns", "ew", "marker"),
    [
        ("A+", "-", "A60/40"),
        ("-", "A+", "A40/60"),
        ("A=", "A=", "A50/50"),
        ("A", "-", "A50/50"),
        ("A-", "A-", "A40/40"),
    ],
)
def test_averages_in_either_column(ns: str, ew: str, marker: str) -> None:
    text = magic_contest().replace("A+    A-", f"{ns} {ew}")
    assert read_pbn(text).results_for(3)[1].contract == marker


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"N-S"', '"X-Y"', "line 10: Direction: 'X-Y' is not NS, EW, N-S or E-W"),
        (
            " 2  2  6  3 -     -  -  -    A+    A-",
            " 2  2  6  3 3NT   N  9 S4    A+    A-",
            "line 38: contract 3NT with an artificial score",
        ),
        (
            "A+    A-",
            "A+   200",
            "line 38: Score_EW '200' beside an artificial score",
        ),
    ],
)
def test_what_cannot_be_read_names_its_line(old: str, new: str, message: str) -> None:
    text = magic_contest()
    assert text.count(old) >= 1
    with pytest.raises(FormatError) as caught:
        read_pbn(text.replace(old, new, 1))
    assert str(caught.value) == message
