"""Reading PBN 2.1 results: deals, ScoreTable and TotalScoreTable (§5.7-5.8)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from scoring.formats.model import CompetitionForm, ScoringMethod
from scoring.formats.pbn import read_pbn


def test_header_comes_from_the_tags(club_pbn: str) -> None:
    """Event, Site, Date, Scoring and Competition tags make the header."""
    header = read_pbn(club_pbn).header
    assert header.name == "Torneo del giovedi"
    assert header.venue == "Circolo Bridge Milano"
    assert header.date == date(2024, 3, 14)
    assert header.scoring is ScoringMethod.MATCHPOINTS
    assert header.form is CompetitionForm.PAIRS


def test_every_board_and_result_is_read(club_pbn: str) -> None:
    """Four boards, three tables each; '#' tags repeat the previous game."""
    results = read_pbn(club_pbn)
    assert [b.board_number for b in results.boards] == [1, 2, 3, 4]
    assert [len(results.results_for(n)) for n in (1, 2, 3, 4)] == [3, 3, 3, 3]
    board_2 = results.boards[1]
    assert (board_2.dealer, board_2.vulnerability) == ("E", "NS")


def test_deal_given_from_east_is_stored_from_north(club_pbn: str) -> None:
    """Board 2 is written 'E:...' in the file."""
    deal = read_pbn(club_pbn).boards[1].deal
    assert deal == (
        "N:AQ6.KQT7.T975.J2 T952.J.J863.KQT3 KJ.98652.KQ2.985 8743.A43.A4.A764"
    )


def test_played_result_keeps_every_column(club_pbn: str) -> None:
    """Contract, declarer, tricks, lead, score and the file's own points."""
    first = read_pbn(club_pbn).results_for(1)[1]
    assert (first.ns_id, first.ew_id, first.table_number, first.round_number) == (
        "3",
        "4",
        2,
        1,
    )
    assert (first.contract, first.declarer, first.tricks, first.lead) == (
        "4S",
        "N",
        11,
        "D9",
    )
    assert first.score_ns == 450
    assert (first.mp_ns, first.mp_ew) == (Decimal("4.0"), Decimal("0.0"))
    assert str(first.mp_ns) == "4.0"
    assert (first.percentage_ns, first.percentage_ew) == (Decimal(100), Decimal(0))


def test_ew_score_column_gives_a_negative_ns_score(club_pbn: str) -> None:
    """'-' in Score_NS and 110 in Score_EW is NS -110 (Law 77 scores)."""
    line = read_pbn(club_pbn).results_for(2)[1]
    assert (line.contract, line.declarer, line.score_ns) == ("2H", "E", -110)


def test_passed_out_result(club_pbn: str) -> None:
    """Contract 'Pass' with '-' declarer is a passed-out board (Law 22A)."""
    line = read_pbn(club_pbn).results_for(2)[0]
    assert line.contract == "PASS"
    assert (line.declarer, line.tricks, line.lead, line.score_ns) == (None,) * 3 + (0,)


def test_caret_percentages_are_an_artificial_score(club_pbn: str) -> None:
    """'^60%' and '^40%' are average plus / average minus (Law 12C2)."""
    line = read_pbn(club_pbn).results_for(3)[2]
    assert line.contract == "A60/40"
    assert line.score_ns is None
    assert (line.mp_ns, line.mp_ew) == (Decimal("2.4"), Decimal("1.6"))


def test_caret_on_a_score_marks_it_assigned(club_pbn: str) -> None:
    """'^400' is an assigned adjusted score (Law 12C1)."""
    line = read_pbn(club_pbn).results_for(1)[2]
    assert (line.contract, line.score_ns, line.assigned) == ("3NT", 400, True)
    assert read_pbn(club_pbn).results_for(1)[0].assigned is False


def test_total_score_table_gives_names_and_ranking(club_pbn: str) -> None:
    """Names 'a;b' are two players; FederationIds follow them in order."""
    results = read_pbn(club_pbn)
    pair_4 = results.participant("4")
    assert [p.name for p in pair_4.players] == ["Paola Romano", "Andrea Colombo"]
    assert [p.federation_id for p in pair_4.players] == ["88123", None]
    first = results.ranking[0]
    assert (first.participant_id, first.rank, first.tied) == ("3", 1, False)
    assert (first.total, first.percentage) == (Decimal("10.5"), Decimal("65.63"))


def test_file_matchpoints_sum_to_the_top_per_table(club_pbn: str) -> None:
    """On every line NS + EW = top = 2 x (3 - 1) = 4 (Law 78A)."""
    for line in read_pbn(club_pbn).results:
        assert line.mp_ns is not None
        assert line.mp_ew is not None
        assert line.mp_ns + line.mp_ew == 4


def test_comments_auction_play_and_other_tables_are_skipped(club_pbn: str) -> None:
    """';' and '{}' commentary, Auction, Play and OptimumResultTable are ignored."""
    assert "{" in club_pbn
    assert "[Play" in club_pbn
    assert len(read_pbn(club_pbn).results) == 12


def test_names_and_quoted_values_may_hold_spaces() -> None:
    """A quoted table element is one element, spaces included (PBN §5.1)."""
    text = (
        '[Board "1"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Names_NS"]\n'
        '1 2 3NT S 9 "Anna \\"Nina\\" Rossi;Luca Bianchi"\n'
    )
    pair = read_pbn(text).participant("1")
    assert [p.name for p in pair.players] == ['Anna "Nina" Rossi', "Luca Bianchi"]


def test_several_rows_on_one_line() -> None:
    """Import format puts no limit on elements per line (PBN §5.2)."""
    text = (
        '[Board "7"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'
        "1 2 3NT S 9 400 3 4 4S N 10 420\n"
    )
    assert [r.score_ns for r in read_pbn(text).results] == [400, 420]


def test_contract_column_markers_and_scoring_modifiers() -> None:
    """'A6040' in Contract is read; 'IMP;Butler' is Butler scoring."""
    text = (
        '[Scoring "IMP;Butler"]\n'
        '[Board "1"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;IMP_NS;IMP_EW"]\n'
        "1 2 A6040 - - 3 -3\n"
    )
    results = read_pbn(text)
    assert results.header.scoring is ScoringMethod.BUTLER
    assert results.results[0].contract == "A60/40"
    assert results.results[0].imp_ns == 3


def test_both_score_columns_signed_are_accepted() -> None:
    """Some writers give Score_NS 420 and Score_EW -420."""
    text = (
        '[Board "1"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
        "1 2 4S N 10 420 -420\n"
    )
    assert read_pbn(text).results[0].score_ns == 420
