"""The appeal's periods: when they end, and the windows the sweeper closes.

Law 92B (the appeal period), Law 92D (an appeal waiting for its concurrence
lapses with it); Norme integrative FIGB (2004), N-L92-93 §2 (15 minutes from
the ruling when the grounds were evident then; the 24-hour reading, decision
0048), §4 (the written pre-notice and the filing of a further appeal, counted
from the end of the competition), §6 (a decision not appealed further is
final). Closing a window is an event the sweeper appends once; every command
also checks its period itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta

from appeals.domain.appeal.events import (
    AppealDecided,
    AppealEvent,
    AppealLodged,
    AppealWithdrawn,
    ConcurrenceGiven,
    ConcurrencePeriodEnded,
    FurtherAppealFiled,
    FurtherAppealPeriodEnded,
    PreNoticePeriodEnded,
)
from appeals.domain.appeal.state import AppealState, evolve
from appeals.domain.appeal.values import Status
from tournaments.domain.tournament import Regulation, TournamentState

FIGB_24_HOURS = timedelta(hours=24)


@dataclass(frozen=True, slots=True, kw_only=True)
class Window:
    """A period a new event opens or cancels; the shell stores it as a deadline."""

    kind: str
    due_at: datetime
    on_due: AppealEvent
    cancelled: bool = False


def appeal_period_end(
    *,
    regulation: Regulation,
    appeal_minutes: int,
    ruling_at: datetime,
    published_deadline: datetime | None,
    grounds_evident: bool,
) -> datetime | None:
    """Return when the right to appeal the ruling ends; None if not yet known.

    Law 92B: the period ends after the official score is made available (the
    session's ``appeal_deadline``). FIGB N-L92-93 §2: when the grounds were
    evident at the moment of the ruling, 15 minutes from the ruling instead.
    """
    if regulation is Regulation.FIGB and grounds_evident:
        return ruling_at + timedelta(minutes=appeal_minutes)
    return published_deadline


def competition_end(tournament: TournamentState) -> datetime | None:
    """The end of the competition: its last session's end of play or publication.

    FIGB N-L92-93 §4 counts the pre-notice and filing periods from it.
    Ambiguity (FIGB §4): the norm does not define the instant. Decision 0047:
    the later of the scheduled end of the last session and the publication of
    its official scores.
    """
    if not tournament.sessions:
        return None
    last = tournament.sessions[max(tournament.sessions)]
    if last.published is not None:
        return max(last.ends_at, last.published.published_at)
    return last.ends_at


def windows(state: AppealState, events: Iterable[AppealEvent]) -> list[Window]:
    """The periods new events open (or make moot), for the deadline sweeper.

    Law 92B with 92D: an appeal waiting for its concurrence lapses when the
    appeal period ends. FIGB §4: the pre-notice and further-appeal periods
    after a decision; a further appeal filed, or an appeal withdrawn, cancels
    what is pending. Each closing event is appended exactly once.
    """
    out: list[Window] = []
    for event in events:
        before = state
        state = evolve(state, event)
        lodged = state.lodged
        match event:
            case AppealLodged() if (
                event.period_ends_at is not None
                and state.status is Status.AWAITING_CONCURRENCE
            ):
                out.append(
                    Window(
                        kind="concurrence",
                        due_at=event.period_ends_at,
                        on_due=ConcurrencePeriodEnded(),
                    )
                )
            case ConcurrenceGiven() if (
                before.status is Status.AWAITING_CONCURRENCE
                and state.status is Status.LODGED
                and lodged is not None
                and lodged.period_ends_at is not None
            ):
                out.append(_cancel("concurrence", lodged.period_ends_at))
            case AppealDecided():
                if event.prenotice_deadline is not None:
                    out.append(
                        Window(
                            kind="prenotice",
                            due_at=event.prenotice_deadline,
                            on_due=PreNoticePeriodEnded(),
                        )
                    )
                if event.further_appeal_deadline is not None:
                    out.append(
                        Window(
                            kind="further_appeal",
                            due_at=event.further_appeal_deadline,
                            on_due=FurtherAppealPeriodEnded(),
                        )
                    )
            case FurtherAppealFiled() if (
                before.decision is not None
                and before.decision.further_appeal_deadline is not None
            ):
                out.append(
                    _cancel("further_appeal", before.decision.further_appeal_deadline)
                )
            case AppealWithdrawn() if (
                before.status is Status.AWAITING_CONCURRENCE
                and before.lodged is not None
                and before.lodged.period_ends_at is not None
            ):
                out.append(_cancel("concurrence", before.lodged.period_ends_at))
            case _:
                pass
    return _net(out)


def _net(windows: list[Window]) -> list[Window]:
    """One row per kind: a window opened and cancelled by one append is dropped."""
    opened: dict[str, Window] = {}
    for window in windows:
        if (
            window.cancelled
            and window.kind in opened
            and not opened[window.kind].cancelled
        ):
            del opened[window.kind]
        else:
            opened[window.kind] = window
    return list(opened.values())


def _cancel(kind: str, due_at: datetime) -> Window:
    on_due: AppealEvent = (
        ConcurrencePeriodEnded()
        if kind == "concurrence"
        else FurtherAppealPeriodEnded()
    )
    return Window(kind=kind, due_at=due_at, on_due=on_due, cancelled=True)
