"""Appeal read models: the appeal list and the notification outbox.

``AppealFiles`` keeps one row per appeal (status, hearing body, outcome) for
the public outcomes and for permission lookups; each row is rewritten from the
stream folded up to the event, so it is deterministic and idempotent.
``AppealNotifications`` writes one outbox row per state change, keyed by the
event id; its ``reset`` deletes nothing, so a rebuild never sends twice.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from appeals.domain import appeal
from appeals.models import AppealRow, OutboxMessage
from eventstore.commands import fold
from eventstore.projections import Projection
from eventstore.store import RecordedEvent, event_store

__all__ = ["AppealFiles", "AppealNotifications"]

APPEAL_EVENTS = tuple(cls.event_type for cls in appeal.EVENT_TYPES)


def _state_at(recorded: RecordedEvent) -> appeal.AppealState:
    history = event_store().read_stream(recorded.stream_id)
    events = [
        r.event for r in history.events if r.stream_version <= recorded.stream_version
    ]
    return fold(appeal.evolve, appeal.INITIAL, events)


class AppealFiles(Projection):
    name = "appeals.files.v1"
    event_types = APPEAL_EVENTS
    read_models = (AppealRow,)

    def reset(self) -> None:
        AppealRow.objects.all().delete()

    def reset_partition(self, partition: str) -> bool:
        """Delete one tournament's appeal rows (each row is its whole file)."""
        kind, _, key = partition.partition(":")
        if kind != "tournament":
            return False
        AppealRow.objects.filter(tournament_id=UUID(key)).delete()
        return True

    def handle(self, recorded: RecordedEvent) -> None:
        state = _state_at(recorded)
        lodged = state.lodged
        if lodged is None or state.status is None:
            return
        decision = state.decision
        scores = [] if decision is None else list(decision.adjusted_scores)
        if state.national is not None:
            scores += list(state.national.adjusted_scores)
        AppealRow.objects.update_or_create(
            appeal_id=lodged.appeal_id,
            defaults={
                "stream_id": recorded.stream_id,
                "tournament_id": lodged.tournament_id,
                "ruling_id": lodged.ruling_id,
                "session": lodged.session,
                "board_number": lodged.board_number,
                "table": lodged.table,
                "appellant_entry": lodged.appellant_entry,
                "party_entries": [p.entry_number for p in lodged.parties],
                "party_player_ids": sorted(
                    str(pid) for p in lodged.parties for pid in p.player_ids
                ),
                "status": state.status.value,
                "body": state.body.value if state.body else "",
                "members": list(state.members),
                "outcome": decision.outcome.value if decision else "",
                "adjusted_scores": [
                    {"board_number": s.board_number, "table": s.table, "score": s.score}
                    for s in scores
                ],
                "decided_at": decision.decided_at if decision else None,
                "further_outcome": state.national.outcome.value
                if state.national
                else "",
                "lodged_at": lodged.lodged_at,
                "position": recorded.global_position,
            },
        )


NOTIFIED: dict[str, str] = {
    appeal.AppealLodged.event_type: "lodged",
    appeal.ConcurrenceGiven.event_type: "concurrence given",
    appeal.ConcurrencePeriodEnded.event_type: "appeal period ended",
    appeal.AppealRouted.event_type: "routed to its hearing body",
    appeal.HearingScheduled.event_type: "hearing scheduled",
    appeal.HearingHeld.event_type: "hearing held",
    appeal.AppealDecided.event_type: "decided",
    appeal.FurtherAppealNoticeGiven.event_type: "further appeal pre-notice given",
    appeal.PreNoticePeriodEnded.event_type: "pre-notice period ended",
    appeal.FurtherAppealFiled.event_type: "further appeal filed",
    appeal.FurtherAppealPeriodEnded.event_type: "further appeal period ended",
    appeal.FurtherAppealDecided.event_type: "further appeal decided",
    appeal.AppealWithdrawn.event_type: "withdrawn",
}


class AppealNotifications(Projection):
    """Fill the outbox: the parties hear of every state change, once."""

    name = "appeals.notifications.v1"
    event_types = tuple(NOTIFIED)
    # The outbox is not rebuilt: its dedupe keys stop a rebuild from sending
    # again, so a rebuild adds only what is missing, to the live outbox.
    read_models = ()

    def reset(self) -> None:
        """Keep the outbox: its dedupe keys stop a rebuild from sending again."""

    def reset_partition(self, partition: str) -> bool:
        """Keep the outbox here too: a replay adds only what is missing."""
        return True

    def handle(self, recorded: RecordedEvent) -> None:
        state = _state_at(recorded)
        lodged = state.lodged
        if lodged is None or state.status is None:
            return
        what = NOTIFIED[recorded.event_type]
        subject = f"Appeal {str(lodged.appeal_id)[:8]}: {what}"
        OutboxMessage.objects.get_or_create(
            dedupe_key=str(recorded.event_id),
            defaults={
                "appeal_id": lodged.appeal_id,
                "event_type": recorded.event_type,
                "position": recorded.global_position,
                "recipients": sorted(
                    str(pid) for p in lodged.parties for pid in p.player_ids
                ),
                "subject": subject,
                "body": _body(lodged, state, what),
            },
        )


def _body(lodged: appeal.AppealLodged, state: appeal.AppealState, what: str) -> str:
    lines: list[Any] = [
        f"The appeal against ruling {lodged.ruling_id} "
        f"(session {lodged.session}, board {lodged.board_number}, "
        f"table {lodged.table}) was {what}.",
        f"Status: {state.status.value if state.status else ''}.",
    ]
    if state.decision is not None:
        lines.append(f"Decision: {state.decision.outcome.value}.")
    if state.national is not None:
        lines.append(f"National body: {state.national.outcome.value}.")
    lines.append(f"Appeal file: /api/v1/appeals/{lodged.appeal_id}/")
    return "\n".join(str(line) for line in lines)
