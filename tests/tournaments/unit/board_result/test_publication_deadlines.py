"""The periods publication opens (Law 79C, Law 92B; FIGB N-L79, N-L92-93)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from tournaments.domain.tournament import (
    Form,
    Regulation,
    SessionState,
    WindowRules,
    publication_deadlines,
)

T0 = datetime(2026, 11, 22, 18, 0, tzinfo=UTC)
SESSION = SessionState(1, T0 - timedelta(hours=3), T0 - timedelta(minutes=5), ())


def test_figb_pairs_corrections_end_with_the_last_round_and_inadmissible_in_15() -> (
    None
):
    correction, inadmissible, appeal = publication_deadlines(
        WindowRules(), Form.PAIRS, SESSION, T0
    )
    assert correction == SESSION.ends_at
    assert inadmissible == T0 + timedelta(minutes=15)
    assert appeal == T0 + timedelta(minutes=15)


def test_figb_teams_results_are_final_when_the_next_round_starts() -> None:
    next_round = T0 + timedelta(minutes=10)
    correction, inadmissible, _ = publication_deadlines(
        WindowRules(), Form.TEAMS, SESSION, T0, next_round
    )
    assert correction == next_round
    assert inadmissible is None


def test_figb_teams_with_a_long_break_keep_the_law_79c_period() -> None:
    correction, _, _ = publication_deadlines(
        WindowRules(), Form.TEAMS, SESSION, T0, T0 + timedelta(hours=2)
    )
    assert correction == T0 + timedelta(minutes=30)


def test_each_regulation_has_its_own_appeal_period_by_default() -> None:
    """Law 92B: 30 minutes unless the organizer says otherwise; FIGB
    N-L92-93 §2: 15. What the organizer sets wins under either."""
    assert WindowRules.of(Regulation.LAWS).appeal_minutes == 30
    assert WindowRules.of(Regulation.FIGB) == WindowRules()
    assert WindowRules.of(Regulation.LAWS, appeal_minutes=45).appeal_minutes == 45
    assert WindowRules.of(Regulation.FIGB, appeal_minutes=0).appeal_minutes == 0


def test_laws_defaults_where_figb_is_not_the_regulation() -> None:
    rules = WindowRules.of(Regulation.LAWS)
    correction, inadmissible, appeal = publication_deadlines(
        rules, Form.PAIRS, SESSION, T0
    )
    assert (correction, inadmissible, appeal) == (
        T0 + timedelta(minutes=30),
        None,
        T0 + timedelta(minutes=30),
    )
