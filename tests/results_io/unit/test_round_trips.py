"""Round trips keep every result and score (issue 4).

File -> model -> file -> model gives the same model; for random models the
round trip through each format keeps what that format can carry.
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.formats.json_export import read_json, write_json
from scoring.formats.model import (
    CompetitionForm,
    Participant,
    Player,
    RankingEntry,
    TournamentResults,
    tie_flags,
)
from scoring.formats.pbn import read_pbn, write_pbn
from scoring.formats.usebio import read_usebio, write_usebio
from tests.results_io.unit.strategies import (
    JSON,
    PBN,
    USEBIO,
    names,
    table_results,
    tournaments,
)


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


@st.composite
def usebio_individuals(draw: st.DrawFn) -> TournamentResults:
    """Random individual events as USEBIO carries them (decision 0182): 4 to
    9 players, each named by one player or not at all, no direction
    (partners change); every table of every board four players, North to
    West; boards with random double-dummy tricks and par (decision 0183)."""
    base = draw(tournaments(USEBIO))
    count = draw(st.integers(4, 9))
    people = tuple(
        Participant(
            participant_id=str(n),
            number=n,
            players=draw(
                st.just(())
                | st.tuples(
                    st.builds(
                        Player,
                        name=names(),
                        federation_id=st.none()
                        | st.from_regex(r"[0-9]{4,7}", fullmatch=True),
                    )
                )
            ),
        )
        for n in range(1, count + 1)
    )
    ids = [p.participant_id for p in people]
    boards = []
    lines = []
    for board in base.boards:
        boards.append(
            replace(
                board,
                double_dummy=draw(
                    st.none() | st.tuples(*[st.tuples(*[st.integers(0, 13)] * 4)] * 5)
                ),
                par_score=draw(st.none() | st.integers(-7600, 7600)),
            )
        )
        seating = draw(st.permutations(ids))
        for table in range(draw(st.integers(1, len(ids) // 4))):
            seats = tuple(seating[4 * table : 4 * table + 4])
            line = draw(table_results(USEBIO, board.board_number, seats[0], seats[1]))
            lines.append(replace(line, players=seats))
    ranking = tuple(
        RankingEntry(participant_id=pid, rank=draw(st.integers(1, count)))
        for pid in draw(st.lists(st.sampled_from(ids), unique=True))
    )
    return TournamentResults(
        header=replace(base.header, form=CompetitionForm.INDIVIDUAL),
        participants=people,
        boards=tuple(boards),
        results=tuple(lines),
        ranking=tie_flags(ranking, people),
    )


@settings(max_examples=60, deadline=None)
@given(usebio_individuals())
def test_random_individual_events_round_trip_through_usebio_1_3(
    results: TournamentResults,
) -> None:
    """USEBIO 1.3 keeps an individual's every line with its four players,
    every point, name and rank, and each board's tricks and par."""
    assert (
        read_usebio(write_usebio(results, version="1.3")).canonical()
        == results.canonical()
    )
