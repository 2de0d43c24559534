"""The interchange model refuses results no file may hold (Laws 12C, 22A, 77)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.formats.model import (
    BoardRecord,
    Participant,
    RankingEntry,
    TableResult,
    TournamentHeader,
    TournamentResults,
    artificial_marker,
    artificial_percentages,
    normalise_deal,
    tie_flags,
)

DEAL = "N:QJ4.J96.5.JT8732 K3.AT8742.983.K5 A5.K53.QT62.Q964 T98762.Q.AKJ74.A"


def played(**changes: object) -> TableResult:
    values: dict[str, object] = {
        "board_number": 1,
        "ns_id": "1",
        "ew_id": "2",
        "contract": "4S",
        "declarer": "N",
        "tricks": 10,
        "score_ns": 420,
    }
    values.update(changes)
    return TableResult(**values)  # type: ignore[arg-type]


def test_artificial_marker_gives_each_sides_percentage() -> None:
    """Average plus / average minus is 60% / 40% (Law 12C2)."""
    assert artificial_marker(60, 40) == "A60/40"
    assert artificial_percentages("A60/40") == (Decimal(60), Decimal(40))
    assert artificial_percentages("A63.5/40") == (Decimal("63.5"), Decimal(40))


def test_artificial_marker_has_one_spelling() -> None:
    """Leading zeros and percentages above 100 are not markers."""
    assert artificial_percentages("A060/40") is None
    assert artificial_percentages("A160/40") is None
    assert artificial_percentages("4S") is None


def test_played_contract_needs_declarer_and_tricks() -> None:
    """A played contract has a declarer (Law 22B) and 0-13 tricks."""
    with pytest.raises(ValueError, match="no declarer"):
        played(declarer=None)
    with pytest.raises(ValueError, match="between 0 and 13"):
        played(tricks=14)


def test_unknown_contract_is_refused() -> None:
    """Only levels 1-7 exist (Law 38)."""
    with pytest.raises(ValueError, match="not a contract"):
        played(contract="8S")


def test_passed_out_board_scores_zero() -> None:
    """Four passes end the auction with no contract and no score (Law 22A)."""
    result = played(contract="PASS", declarer=None, tricks=None, score_ns=0)
    assert result.contract == "PASS"
    with pytest.raises(ValueError, match="scores 0"):
        played(contract="PASS", declarer=None, tricks=None, score_ns=50)


def test_artificial_score_has_no_table_result() -> None:
    """An artificial adjusted score replaces the table result (Law 12C2)."""
    result = played(contract="A60/40", declarer=None, tricks=None, score_ns=None)
    assert result.score_ns is None
    with pytest.raises(ValueError, match="no declarer"):
        played(contract="A60/40", tricks=None, score_ns=None)


def test_assigned_score_needs_a_score() -> None:
    """An assigned adjusted score is a substituted table result (Law 12C1)."""
    assert played(assigned=True).assigned is True
    with pytest.raises(ValueError, match="needs its score"):
        played(assigned=True, score_ns=None)


def test_pair_cannot_play_itself() -> None:
    """The two sides of a table are different contestants."""
    with pytest.raises(ValueError, match="against itself"):
        played(ew_id="1")


def test_deal_is_normalised_to_start_at_north() -> None:
    """A deal given from West is stored from North, ranks in order (Law 1)."""
    from_west = "W:T98762.Q.AKJ74.A QJ4.J96.5.JT8732 K3.AT8742.983.K5 A5.K53.QT62.Q964"
    assert normalise_deal(from_west) == DEAL


def test_deal_with_a_card_twice_is_refused() -> None:
    """The pack has 52 distinct cards (Law 1A)."""
    twice = DEAL.replace("QJ4.J96.5", "QJ4.J96.K", 1)
    with pytest.raises(ValueError, match="card twice"):
        normalise_deal(twice)


def test_hand_must_hold_thirteen_cards() -> None:
    """Each hand is dealt 13 cards (Law 6A)."""
    with pytest.raises(ValueError, match="12 cards"):
        normalise_deal(DEAL.replace("QJ4.", "QJ.", 1))


def test_board_refuses_a_deal_not_in_normal_form() -> None:
    """BoardRecord stores only normalised deals, so equal deals compare equal."""
    with pytest.raises(ValueError, match="normal form"):
        BoardRecord(board_number=1, deal=DEAL.replace("N:", "n:"))


def test_participant_id_must_be_a_token() -> None:
    """PBN reserves - ? ^ and spaces; ids must survive every format."""
    for bad in ("-", "?", "^1", "1 NS", ""):
        with pytest.raises(ValueError, match="participant id"):
            Participant(participant_id=bad)


def test_tie_flags_count_per_direction() -> None:
    """Rank 1 NS and rank 1 EW of a two-winner movement are not a tie."""
    people = (
        Participant(participant_id="1NS", direction="NS"),
        Participant(participant_id="1EW", direction="EW"),
        Participant(participant_id="2EW", direction="EW"),
    )
    ranking = tie_flags(
        (
            RankingEntry(participant_id="1NS", rank=1),
            RankingEntry(participant_id="1EW", rank=1),
            RankingEntry(participant_id="2EW", rank=1),
        ),
        people,
    )
    assert [e.tied for e in ranking] == [False, True, True]


def test_results_refuse_a_pair_playing_a_board_twice() -> None:
    """A contestant plays each board once (Law 15 on boards played twice)."""
    people = tuple(Participant(participant_id=str(i)) for i in (1, 2, 3))
    with pytest.raises(ValueError, match="plays board 1 twice"):
        TournamentResults(
            header=TournamentHeader(name="x"),
            participants=people,
            boards=(BoardRecord(board_number=1),),
            results=(played(), played(ns_id="3", ew_id="1")),
        )


def test_results_refuse_inconsistent_tie_flags() -> None:
    """The tie flag is derived from shared ranks, never set freely."""
    with pytest.raises(ValueError, match="tie flags"):
        TournamentResults(
            header=TournamentHeader(name="x"),
            participants=(Participant(participant_id="1"),),
            ranking=(RankingEntry(participant_id="1", rank=1, tied=True),),
        )
