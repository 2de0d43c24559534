"""The correction and appeal deadlines that publishing a session's scores opens."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from rules.errors import ArticleRef, LawRef, Reference
from tournaments.domain.tournament.state import (
    SessionState,
    TournamentState,
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


N_L79 = ArticleRef("N-L79", source="Norme integrative FIGB")


@dataclass(frozen=True, slots=True, kw_only=True)
class CorrectionLimits:
    """What limits a session's corrections now, published or not.

    ``deadline``: the last instant of free corrections (None: nothing limits
    them yet); ``inadmissible_after``: an inadmissible result is still
    corrected after it, until ``inadmissible_deadline`` (None: the results
    are not posted yet); ``norm``: the rule that sets the deadline.
    """

    published: bool
    deadline: datetime | None
    inadmissible_after: bool
    inadmissible_deadline: datetime | None
    norm: Reference


def next_round_start(state: TournamentState, session: SessionState) -> datetime | None:
    """The start of the round after ``session`` (the next session's start)."""
    later = [
        s.starts_at for s in state.sessions.values() if s.starts_at > session.starts_at
    ]
    return min(later, default=None)


def correction_limits(
    state: TournamentState, session: SessionState
) -> CorrectionLimits:
    """Return the limits FIGB N-L79 and Law 79C set on ``session``'s corrections.

    Law 79C: after publication, the correction period (30 minutes by
    default). FIGB N-L79, pairs: results are corrected, on the players'
    report, until the time the director set for playing the last round's
    boards (the session's end of play); after it, until 15 minutes from the
    posting of the results, only inadmissible results. Teams: when the next
    round starts before Law 79C's period could run, the previous round's
    results are final from that start. N-L79 holds before publication as
    after it: a report after the last round's time is limited even while
    the scores are provisional.
    """
    created = state.created
    figb = created is not None and created.windows.regulation is Regulation.FIGB
    form = None if created is None else created.form
    published = session.published
    following = next_round_start(state, session)
    if published is not None:
        nl79 = figb and (
            form is Form.PAIRS
            or (
                form is Form.TEAMS
                and following is not None
                and published.correction_deadline == following
            )
        )
        return CorrectionLimits(
            published=True,
            deadline=published.correction_deadline,
            inadmissible_after=published.inadmissible_deadline is not None,
            inadmissible_deadline=published.inadmissible_deadline,
            norm=N_L79 if nl79 else LawRef("79C"),
        )
    if figb and form is Form.PAIRS:
        return CorrectionLimits(
            published=False,
            deadline=session.ends_at,
            inadmissible_after=True,
            inadmissible_deadline=None,
            norm=N_L79,
        )
    if figb and form is Form.TEAMS and following is not None:
        return CorrectionLimits(
            published=False,
            deadline=following,
            inadmissible_after=False,
            inadmissible_deadline=None,
            norm=N_L79,
        )
    return CorrectionLimits(
        published=False,
        deadline=None,
        inadmissible_after=False,
        inadmissible_deadline=None,
        norm=LawRef("79C"),
    )
