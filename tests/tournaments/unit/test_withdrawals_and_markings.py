"""Pure rules: a player's withdrawals counted across events (FIGB N-L4 §4)
and a table's copy of a board scored as marked (Law 2; decisions 0170-0171)."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime

from tournaments.domain import board_result, withdrawals

PLAYER = uuid.UUID(int=7)
NOW = datetime(2026, 1, 1, tzinfo=UTC)
OPEN = board_result.CorrectionWindow(published=False)


def count(state, tournament: int, *, teams: bool = False):
    events = withdrawals.decide(
        state,
        withdrawals.CountWithdrawal(
            player_id=PLAYER,
            tournament_id=uuid.UUID(int=tournament),
            session=1,
            entry_number=3,
            teams=teams,
        ),
    )
    for event in events:
        state = withdrawals.evolve(state, event)
    return state, events


def test_the_third_pairs_withdrawal_is_referred_and_a_teams_one_not_counted() -> None:
    """N-L4 §4: "per tre volte"; §5 (teams) sets no count."""
    state = withdrawals.INITIAL
    seen = []
    for tournament, teams in ((1, False), (2, True), (3, False), (4, False)):
        state, [event] = count(state, tournament, teams=teams)
        seen.append((event.norm, event.count, event.referral))
    assert seen == [
        ("N-L4 §4", 1, False),
        ("N-L4 §5", 1, False),
        ("N-L4 §4", 2, False),
        ("N-L4 §4", 3, True),
    ]
    # The same event's withdrawal counts once.
    assert count(state, 4)[1] == []


def test_the_artificial_score_gives_the_side_that_withdrew_average_minus() -> None:
    """Law 12C2(a): 40% directly at fault, 60% in no way at fault; NS first."""
    assert withdrawals.artificial_score(True, False) == "A40/60"
    assert withdrawals.artificial_score(False, True) == "A60/40"
    assert withdrawals.artificial_score(True, True) == "A40/40"


def markings(state, dealer: str, vulnerability: str):
    return board_result.decide(
        state,
        board_result.RecordBoardMarkings(
            tournament_id=uuid.UUID(int=1),
            session=1,
            board_number=1,
            table=2,
            ns=2,
            ew=9,
            copy="A",
            dealer=dealer,
            vulnerability=vulnerability,
        ),
        NOW,
        OPEN,
    )


def test_a_copy_marked_as_law_2_says_records_nothing() -> None:
    """Board 1 is North's, none vulnerable (Law 2)."""
    assert markings(board_result.INITIAL, "N", "None") == []


def test_a_result_entered_on_a_copy_marked_vulnerable_scores_so() -> None:
    """Law 2: the copy's markings apply; 4S= by North is 620 vulnerable."""
    [marked] = markings(board_result.INITIAL, "N", "All")
    state = board_result.evolve(board_result.INITIAL, marked)
    [entered] = board_result.decide(
        state,
        board_result.EnterResult(
            tournament_id=uuid.UUID(int=1),
            session=1,
            board_number=1,
            table=2,
            ns=2,
            ew=9,
            contract="4SN",
            lead=None,
            tricks=10,
            entered_by="director",
        ),
        NOW,
        OPEN,
    )
    assert entered.vulnerability == "All"
    assert board_result.check_result(1, "4SN", None, 10, entered.vulnerability) == 620
    assert board_result.check_result(1, "4SN", None, 10) == 420
    # Marked back as Law 2 says: recorded, since the stream had another.
    [back] = markings(state, "N", "None")
    assert (back.dealer, back.vulnerability) == ("N", "None")
