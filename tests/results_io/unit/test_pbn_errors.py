"""A malformed PBN file is refused whole, naming the line and the problem."""

from __future__ import annotations

import pytest

from scoring.formats.errors import FormatError
from scoring.formats.pbn import read_pbn

HEADER = '[Board "1"]\n[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS"]\n'


def error_for(text: str) -> FormatError:
    with pytest.raises(FormatError) as caught:
        read_pbn(text)
    return caught.value


def test_error_is_a_rule_violation_with_a_stable_code() -> None:
    """FormatError is a 422 RuleViolation with code malformed_file."""
    error = error_for(HEADER + "1 2 4S N\n")
    assert error.code == "malformed_file"
    assert error.law is None
    assert error.as_dict()["code"] == "malformed_file"


def test_short_row_names_its_line() -> None:
    """A row with a value missing is reported on its own line."""
    error = error_for(HEADER + "1 2 4S N 10 420\n3 4 4S N 420\n5 6 3NT S 9 400\n")
    assert error.line == 4
    assert str(error) == "line 4: ScoreTable row has 5 values for 6 columns"


def test_bad_contract_names_its_line() -> None:
    """Level 8 does not exist (Law 38)."""
    error = error_for(HEADER + "1 2 8S N 14 420\n")
    assert str(error) == "line 3: Contract: '8S' is not a contract"


def test_bad_tricks_names_its_line() -> None:
    """Tricks are between 0 and 13."""
    error = error_for(HEADER + "1 2 4S N 14 420\n")
    assert error.line == 3
    assert "Result: tricks 14 is not between 0 and 13 (Law 77" in str(error)


def test_unclosed_string_names_its_line() -> None:
    """A tag value must close on its line."""
    error = error_for('[Event "Torneo]\n[Board "1"]\n')
    assert str(error) == "line 1: string is not closed before the end of the line"


def test_unclosed_comment_names_the_line_it_opened() -> None:
    """A '{' comment never closed is reported where it starts."""
    error = error_for('[Event "x"]\n{ comment\n\n[Board "1"]\n')
    assert str(error) == "line 2: comment opened with '{' is never closed"


def test_malformed_column_format() -> None:
    """Column formats are name, optional backslash width and L or R."""
    error = error_for('[Board "1"]\n[ScoreTable "PairId_NS\\2X;PairId_EW;Contract"]\n')
    assert error.line == 2
    assert "column 'PairId_NS\\\\2X' is malformed" in str(error)


def test_junk_after_an_ordinary_tag() -> None:
    """Only Auction, Play and tables take section data."""
    error = error_for('[Event "x"]\nhello\n')
    assert str(error) == "line 2: unexpected 'hello' after tag Event"


def test_scores_that_disagree() -> None:
    """Score_NS and Score_EW must be opposite (Law 77 scores are zero-sum)."""
    text = (
        '[Board "1"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]\n'
        "1 2 4S N 10 420 420\n"
    )
    assert str(error_for(text)) == "line 3: Score_NS 420 and Score_EW 420 disagree"


def test_pair_playing_a_board_twice() -> None:
    """Each contestant plays a board once; both lines are named."""
    error = error_for(HEADER + "1 2 4S N 10 420\n3 1 4S N 10 420\n")
    assert str(error) == "line 4: pair 1 plays board 1 again (first on line 3)"


def test_score_table_without_board() -> None:
    """Results need the Board they belong to."""
    error = error_for('[ScoreTable "PairId_NS;PairId_EW;Contract"]\n1 2 4S\n')
    assert str(error) == "line 1: ScoreTable in a game without a Board tag"


def test_missing_required_column() -> None:
    """PairId_NS, PairId_EW and Contract are needed to record a result."""
    error = error_for('[Board "1"]\n[ScoreTable "PairId_NS;Contract"]\n1 4S\n')
    assert str(error) == "line 2: ScoreTable has no PairId_EW column"


def test_rubber_scoring_is_refused() -> None:
    """Only duplicate scoring methods can be imported."""
    error = error_for('[Scoring "Rubber"]\n[Board "1"]\n')
    assert str(error) == "line 1: Scoring: 'Rubber' is not a duplicate scoring method"


def test_deal_with_a_card_twice() -> None:
    """The deal is checked (Law 1A): 52 distinct cards."""
    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT9876543A"
    error = error_for(f'[Board "1"]\n[Deal "{deal}"]\n')
    assert error.line == 2
    assert "Deal:" in str(error)


def test_artificial_score_needs_both_sides() -> None:
    """'^60%' alone does not say what the other side got (Law 12C2)."""
    text = (
        '[Board "1"]\n'
        '[ScoreTable "PairId_NS;PairId_EW;Contract;Score_NS;Score_EW"]\n'
        "1 2 - ^60% -\n"
    )
    assert "needs a percentage in Score_NS and Score_EW" in str(error_for(text))


def test_duplicate_pair_in_total_score_table() -> None:
    """A contestant is listed once in the standings."""
    text = '[TotalScoreTable "Rank;PairId"]\n1 3\n2 3\n'
    assert str(error_for(text)) == "line 3: PairId 3 appears twice (first on line 2)"


def test_repeat_marker_without_a_previous_value() -> None:
    """'#' copies the previous game's tag, so it needs one (PBN §3.3)."""
    assert str(error_for('[Event "#"]\n')) == (
        "line 1: tag Event repeats a value never given"
    )


def test_empty_file_is_refused() -> None:
    """A file with no tag pairs is not a results file."""
    assert str(error_for("% PBN 2.1\n; nothing here\n")) == (
        "line 1: the file holds no PBN tag pairs"
    )
