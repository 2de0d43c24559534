"""Law 77 contract scores: worked examples and a full cross-check with endplay."""

from __future__ import annotations

import pytest

from rules.bridge import Contract, Denomination, Doubling, Seat, Side, Vulnerability
from rules.errors import LawRef
from scoring.bridge import (
    Honours,
    ImpossibleResult,
    contract_score,
    score_ns,
    score_result,
)

D, X = Denomination, Doubling

# laws-2017.md §5.1.5: (level, denomination, doubling, vulnerable, tricks, score)
WORKED_EXAMPLES = [
    (4, D.S, X.UNDOUBLED, True, 11, 650),
    (3, D.NT, X.DOUBLED, False, 6, -500),
    (3, D.NT, X.UNDOUBLED, False, 9, 400),
    (3, D.NT, X.UNDOUBLED, True, 9, 600),
    (1, D.NT, X.UNDOUBLED, False, 7, 90),
    (2, D.H, X.DOUBLED, True, 8, 670),
    (2, D.S, X.DOUBLED, False, 8, 470),
    (1, D.NT, X.REDOUBLED, False, 7, 560),
    (1, D.C, X.DOUBLED, True, 9, 540),
    (1, D.C, X.REDOUBLED, False, 7, 230),
    (2, D.C, X.DOUBLED, False, 8, 180),
    (6, D.S, X.UNDOUBLED, True, 12, 1430),
    (7, D.NT, X.UNDOUBLED, True, 13, 2220),
    (7, D.NT, X.REDOUBLED, True, 13, 2980),
    (6, D.NT, X.DOUBLED, False, 12, 1230),
    (6, D.C, X.DOUBLED, True, 13, 1740),
    (3, D.NT, X.REDOUBLED, False, 10, 1000),
    (4, D.H, X.DOUBLED, True, 6, -1100),
    (4, D.S, X.DOUBLED, False, 6, -800),
    (4, D.H, X.UNDOUBLED, False, 9, -50),
    (7, D.NT, X.REDOUBLED, True, 0, -7600),
    (7, D.NT, X.REDOUBLED, False, 0, -7000),
    (1, D.H, X.UNDOUBLED, False, 13, 260),
    (2, D.D, X.REDOUBLED, True, 8, 760),
    (5, D.D, X.UNDOUBLED, True, 11, 600),
    (7, D.C, X.UNDOUBLED, False, 13, 1440),
    (3, D.NT, X.DOUBLED, True, 5, -1100),
    (4, D.S, X.REDOUBLED, True, 9, -400),
    (1, D.NT, X.REDOUBLED, True, 13, 3160),
]


@pytest.mark.parametrize(
    ("level", "denomination", "doubling", "vulnerable", "tricks", "expected"),
    WORKED_EXAMPLES,
)
def test_worked_examples_of_the_laws_digest(
    level: int,
    denomination: Denomination,
    doubling: Doubling,
    vulnerable: bool,
    tricks: int,
    expected: int,
) -> None:
    """Every worked example of the Law 77 digest scores as published."""
    assert score_result(level, denomination, doubling, vulnerable, tricks) == expected


def test_every_contract_result_and_vulnerability_matches_endplay() -> None:
    """All 7 x 5 x 3 contracts, 0-13 tricks, both vulnerabilities agree with endplay (Law 77)."""
    endplay_types = pytest.importorskip("endplay.types")
    denoms = {
        D.C: endplay_types.Denom.clubs,
        D.D: endplay_types.Denom.diamonds,
        D.H: endplay_types.Denom.hearts,
        D.S: endplay_types.Denom.spades,
        D.NT: endplay_types.Denom.nt,
    }
    penalties = {
        X.UNDOUBLED: endplay_types.Penalty.passed,
        X.DOUBLED: endplay_types.Penalty.doubled,
        X.REDOUBLED: endplay_types.Penalty.redoubled,
    }
    checked = 0
    for level in range(1, 8):
        for denomination, denom in denoms.items():
            for doubling, penalty in penalties.items():
                for tricks in range(14):
                    theirs = endplay_types.Contract(
                        level=level,
                        denom=denom,
                        declarer=endplay_types.Player.north,
                        penalty=penalty,
                        result=tricks - level - 6,
                    )
                    for vulnerable, vul in (
                        (False, endplay_types.Vul.none),
                        (True, endplay_types.Vul.both),
                    ):
                        ours = score_result(
                            level, denomination, doubling, vulnerable, tricks
                        )
                        assert ours == theirs.score(vul), (
                            level,
                            denomination,
                            doubling,
                            tricks,
                            vul,
                        )
                        checked += 1
    assert checked == 7 * 5 * 3 * 14 * 2


def test_declarer_vulnerability_comes_from_the_board() -> None:
    """4S by East scores 420 when only NS are vulnerable and 620 when EW are (Laws 2, 77)."""
    contract = Contract.parse("4SE")
    assert contract_score(contract, 10, Vulnerability.NS) == 420
    assert contract_score(contract, 10, Vulnerability.EW) == 620


def test_score_from_north_south_point_of_view() -> None:
    """An EW 4S making is -620 to NS; a NS 3NT down one vulnerable is -100."""
    assert score_ns(Contract.parse("4SE"), 10, Vulnerability.BOTH) == -620
    assert score_ns(Contract.parse("3NTS"), 8, Vulnerability.BOTH) == -100


def test_passed_out_board_scores_zero() -> None:
    """A board passed out scores 0 to both sides (Law 22, Law 77)."""
    assert score_ns(None, 0, Vulnerability.BOTH) == 0


def test_honours_are_added_only_when_asked_for() -> None:
    """Honours (not in Law 77) count for the side holding them in total points matches."""
    contract = Contract.parse("4SN")
    plain = contract_score(contract, 10, Vulnerability.NONE)
    assert plain == 420
    held = contract_score(
        contract,
        10,
        Vulnerability.NONE,
        honours=Honours.FOUR_TRUMP_HONOURS,
        honours_side=Side.NS,
    )
    assert held == 520
    against = contract_score(
        contract,
        10,
        Vulnerability.NONE,
        honours=Honours.FIVE_TRUMP_HONOURS,
        honours_side=Side.EW,
    )
    assert against == 270


def test_four_aces_count_only_at_notrump() -> None:
    """Four aces are honours only at notrump."""
    with pytest.raises(ImpossibleResult) as raised:
        contract_score(
            Contract.parse("4SN"),
            10,
            Vulnerability.NONE,
            honours=Honours.FOUR_ACES_AT_NOTRUMP,
            honours_side=Side.NS,
        )
    assert raised.value.code == "impossible_result"
    assert raised.value.law == LawRef("77")


@pytest.mark.parametrize("tricks", [-1, 14])
def test_impossible_trick_counts_are_refused(tricks: int) -> None:
    """A hand has 13 tricks; any other count is refused (Law 77)."""
    with pytest.raises(ImpossibleResult) as raised:
        score_result(1, D.C, X.UNDOUBLED, False, tricks)
    assert raised.value.code == "impossible_result"
    assert str(raised.value.law) == "Law 77"


def test_seat_of_declarer_decides_the_sign() -> None:
    """Declarer's side scores; the NS view negates EW declarers."""
    for seat in Seat:
        contract = Contract(2, D.H, X.UNDOUBLED, seat)
        expected = 110 if seat in (Seat.N, Seat.S) else -110
        assert score_ns(contract, 8, Vulnerability.NONE) == expected
