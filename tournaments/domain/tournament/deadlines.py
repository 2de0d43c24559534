"""The correction and appeal deadlines that publishing a session's scores opens."""

from __future__ import annotations

from datetime import datetime, timedelta

from tournaments.domain.tournament.state import (
    SessionState,
)
from tournaments.domain.tournament.values import (
    Form,
    Regulation,
    WindowRules,
)


def publication_deadlines(
    windows: WindowRules,
    form: Form,
    session: SessionState,
    published_at: datetime,
    next_round_starts_at: datetime | None = None,
) -> tuple[datetime, datetime | None, datetime]:
    """Return the correction, inadmissible-result and appeal deadlines.

    Law 79C: the correction period ends 30 minutes (by default) after the
    official score. FIGB N-L79, pairs: general corrections end with the time
    set for the last round; afterwards only inadmissible results, within
    15 minutes of posting. FIGB N-L79, teams: results are final when the next
    round starts, if that comes before the Law 79C period ends. Law 92B /
    FIGB N-L92-93 §2: appeals within the appeal period from the official score.
    """
    appeal = published_at + timedelta(minutes=windows.appeal_minutes)
    if windows.regulation is Regulation.FIGB and form is Form.PAIRS:
        inadmissible = published_at + timedelta(minutes=windows.inadmissible_minutes)
        return session.ends_at, inadmissible, appeal
    correction = published_at + timedelta(minutes=windows.correction_minutes)
    if (
        windows.regulation is Regulation.FIGB
        and form is Form.TEAMS
        and next_round_starts_at is not None
        and next_round_starts_at > published_at
    ):
        correction = min(correction, next_round_starts_at)
    return correction, None, appeal
