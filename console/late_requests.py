"""A director's correction refused after the correction period, kept for the
organizer's approval (Law 79C2; decision 0161). A note of the workflow, not a
fact of the tournament: the approval is the event. The organizer's page
lists them (``reads.late_requests``), ``late_mail`` tells the organizer.
"""

from __future__ import annotations

from dataclasses import dataclass
from uuid import UUID

from console.models import LateCorrectionRequest

__all__ = ["LateRequest", "request_late_correction"]


@dataclass(frozen=True, slots=True)
class LateRequest:
    """A director's correction after the period (Law 79C2)."""

    tournament_id: UUID
    session: int
    board: int
    table: int
    result: str
    reason: str


def request_late_correction(late: LateRequest, actor: str) -> None:
    """Keep the refused correction for the organizer: one pending request a
    board and table, the latest result and reason (decision 0161)."""
    LateCorrectionRequest.objects.update_or_create(
        tournament_id=late.tournament_id,
        session=late.session,
        board=late.board,
        table=late.table,
        approved_at=None,
        defaults={
            "result": late.result[:64],
            "reason": late.reason[:2000],
            "requested_by": actor[:64],
            "mailed_at": None,  # a changed request is mailed again
        },
    )
