"""Names PBN reserves as placeholders are refused, every other name survives.

Regression for the PBN round-trip property (decision 0026): a contestant
named ``-`` was written as the Names element ``"-"``, which PBN §5.2 reads as
"irrelevant", so it came back without a name. ``-`` and ``?`` in a table, and
``?`` and ``#`` in a tag value (PBN §3.3), cannot carry a name, so the
writer refuses them instead of losing them silently.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from scoring.formats.errors import FormatError
from scoring.formats.model import (
    BoardRecord,
    CompetitionForm,
    Participant,
    Player,
    TournamentHeader,
    TournamentResults,
)
from scoring.formats.pbn import read_pbn, write_pbn


def two_winner(name: str | None) -> TournamentResults:
    """The minimal failing example: a two-winner Mitchell, 1EW named ``name``."""
    return TournamentResults(
        header=TournamentHeader(name=""),
        participants=(
            Participant(participant_id="1NS", number=1, direction="NS"),
            Participant(participant_id="1EW", number=1, direction="EW", name=name),
        ),
        boards=(BoardRecord(board_number=1),),
    )


@pytest.mark.parametrize("name", ["-", "?"])
def test_placeholder_name_is_refused(name: str) -> None:
    """A Names element "-" or "?" reads as no name, so the writer refuses it."""
    with pytest.raises(FormatError) as caught:
        write_pbn(two_winner(name))
    assert str(caught.value) == (
        f"participant 1EW name {name!r} is a PBN placeholder, not a name"
    )
    assert caught.value.code == "malformed_file"
    assert caught.value.law is None


@pytest.mark.parametrize(
    "name", ["^Rossi", "-Rossi", "Rossi-Bianchi", "#", "%", 'A&B <x> \\ "q"']
)
def test_other_names_round_trip(name: str) -> None:
    """A leading caret is part of a name, not an artificial-score mark (§5.7)."""
    results = two_winner(name)
    assert read_pbn(write_pbn(results)) == results


def test_placeholder_player_names_round_trip() -> None:
    """Players are joined with ";", so a player named "-" is never ambiguous."""
    results = two_winner(None)
    pair = replace(
        results.participants[1],
        players=(Player(name="-"), Player(name="?", federation_id="104233")),
    )
    results = replace(results, participants=(results.participants[0], pair))
    assert read_pbn(write_pbn(results)) == results


def test_other_programs_placeholder_names_read_as_no_name() -> None:
    """A quoted "-" or "?" in Names is still no name, as in a tag value (§3.1)."""
    text = '[TotalScoreTable "PairId;Names"]\n1 "-"\n2 "?"\n3 "^Rossi"\n'
    results = read_pbn(text)
    assert [p.name for p in results.participants] == [None, None, "^Rossi"]


def test_two_winner_contestants_without_results_keep_direction_and_number() -> None:
    """1NS..3NS with no results and no ranking come back as they went."""
    people = tuple(
        Participant(
            participant_id=f"{n}{d}", number=n, direction=d, name=f"Coppia {n}{d}"
        )
        for n, d in ((1, "NS"), (1, "EW"), (2, "NS"), (2, "EW"), (3, "NS"))
    )
    results = replace(two_winner(None), participants=people)
    again = read_pbn(write_pbn(results))
    assert again.canonical() == results.canonical()


@pytest.mark.parametrize(
    ("header", "problem"),
    [
        (
            TournamentHeader(name="?"),
            "the tournament name '?' is a PBN placeholder, not a name",
        ),
        (
            TournamentHeader(name="#"),
            "the tournament name '#' is a PBN placeholder, not a name",
        ),
        (
            TournamentHeader(name="x", venue=""),
            "the venue '' is a PBN placeholder, not a venue",
        ),
        (
            TournamentHeader(name="x", venue="?"),
            "the venue '?' is a PBN placeholder, not a venue",
        ),
        (
            TournamentHeader(name="x", venue="#"),
            "the venue '#' is a PBN placeholder, not a venue",
        ),
    ],
)
def test_placeholder_tag_values_are_refused(
    header: TournamentHeader, problem: str
) -> None:
    """Tag value "?" is unknown and "#" repeats the previous game (§3.3)."""
    with pytest.raises(FormatError) as caught:
        write_pbn(replace(two_winner(None), header=header))
    assert str(caught.value) == problem


def test_results_without_boards_or_contestants_round_trip() -> None:
    """An empty model still writes its header, so the file can be read."""
    results = TournamentResults(
        header=TournamentHeader(name="Coppa", venue="-", form=CompetitionForm.TEAMS)
    )
    assert read_pbn(write_pbn(results)) == results


def test_a_pair_named_with_a_spaced_dash_reads_back_as_its_two_players() -> None:
    """``"A - B"`` is a pair's two players (Magic Contest, Ruter; decision
    0224), so a pair so named comes back as those players."""
    back = read_pbn(write_pbn(two_winner("Rossi - Bianchi")))
    assert back.participant("1EW").name is None
    assert back.participant("1EW").players == (
        Player(name="Rossi"),
        Player(name="Bianchi"),
    )
