"""Round trips keep every result and score (issue 4).

File -> model -> file -> model gives the same model; for random models the
round trip through each format keeps what that format can carry.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings

from scoring.formats.json_export import read_json, write_json
from scoring.formats.model import TournamentResults
from scoring.formats.pbn import read_pbn, write_pbn
from scoring.formats.usebio import read_usebio, write_usebio
from tests.results_io.unit.strategies import JSON, PBN, USEBIO, tournaments


def test_pbn_file_round_trip(club_pbn: str) -> None:
    """PBN -> model -> PBN -> model keeps everything, and the text is stable."""
    results = read_pbn(club_pbn)
    written = write_pbn(results)
    assert read_pbn(written) == results
    assert write_pbn(read_pbn(written)) == written


def test_usebio_file_round_trip(mitchell_usebio: bytes) -> None:
    """USEBIO -> model -> USEBIO (1.2 and 1.3) -> model keeps everything."""
    results = read_usebio(mitchell_usebio)
    for version in ("1.2", "1.3"):
        written = write_usebio(results, version=version)
        assert f'<USEBIO Version="{version}">' in written
        assert read_usebio(written) == results
        assert write_usebio(read_usebio(written), version=version) == written


def test_usebio_file_through_pbn(mitchell_usebio: bytes) -> None:
    """PBN carries everything USEBIO does, directions and ranks included."""
    results = read_usebio(mitchell_usebio)
    assert read_pbn(write_pbn(results)).canonical() == results.canonical()


def without_usebio_gaps(results: TournamentResults) -> TournamentResults:
    """Drop what USEBIO cannot carry (decision 0028; rounds and tables it
    carries since decision 0153)."""
    return replace(
        results,
        boards=tuple(
            replace(b, dealer=None, vulnerability=None) for b in results.boards
        ),
        results=tuple(
            replace(
                r,
                assigned=False,
                percentage_ns=None,
                percentage_ew=None,
            )
            for r in results.results
        ),
    )


def test_pbn_file_through_usebio_keeps_results_and_scores(club_pbn: str) -> None:
    """Every contract, score and matchpoint survives PBN -> USEBIO -> model."""
    results = read_pbn(club_pbn)
    again = read_usebio(write_usebio(results))
    assert again.canonical() == without_usebio_gaps(results).canonical()


@settings(max_examples=60, deadline=None)
@given(tournaments(JSON))
def test_random_models_round_trip_through_json(results: TournamentResults) -> None:
    """JSON carries the whole model, in order."""
    assert read_json(write_json(results)) == results


@settings(max_examples=60, deadline=None)
@given(tournaments(PBN))
def test_random_models_round_trip_through_pbn(results: TournamentResults) -> None:
    """PBN keeps every result, score, point, name and rank."""
    assert read_pbn(write_pbn(results)).canonical() == results.canonical()


@settings(max_examples=60, deadline=None)
@given(tournaments(USEBIO))
def test_random_models_round_trip_through_usebio(results: TournamentResults) -> None:
    """USEBIO keeps every result, score, point, name and rank it has room for."""
    assert read_usebio(write_usebio(results)).canonical() == results.canonical()
