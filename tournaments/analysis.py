"""The double-dummy analysis of a session's deals (decision 0052).

``analyse_session`` solves a session's deals double dummy, board by board,
recording progress so a screen can show ``done`` of ``total``. It is
idempotent: a board whose recorded deal was already analysed is skipped, so
a retried, duplicated or interrupted run only does what is left. The
figures are information, never a ruling (decision 0052).

The task is defined here, beside ``queue_analysis`` that sends it, and listed
in ``tournaments.tasks`` with the app's other entrypoints: the results import
queues and runs analyses without importing the task module, which imports
the import's own job (decision 0222).
"""

from __future__ import annotations

import logging
from uuid import UUID

from celery import shared_task

from tournaments import handlers
from tournaments.models import DoubleDummyJob, DoubleDummyRow

__all__ = ["analyse_session", "queue_analysis", "run_analysis"]

logger = logging.getLogger(__name__)


def _analysed(tournament_id: UUID, session: int, deals: dict[int, str]) -> set[int]:
    """Return the boards whose current deal already has its analysis."""
    rows = DoubleDummyRow.objects.filter(
        tournament_id=tournament_id, session=session
    ).values_list("board_number", "deal")
    return {number for number, deal in rows if deals.get(number) == deal}


def _progress(
    tournament_id: UUID, session: int, status: str, done: int, total: int, error: str
) -> None:
    DoubleDummyJob.objects.update_or_create(
        tournament_id=tournament_id,
        session=session,
        defaults={"status": status, "done": done, "total": total, "error": error},
    )


def queue_analysis(tournament_id: UUID, session: int) -> bool:
    """Mark the session's analysis queued and send the task; False if unsent.

    A broker that cannot be reached leaves the job queued: the director can
    ask again (``POST .../double-dummy/``) and the hand records are recorded
    whatever happens here.
    """
    state = handlers.load_tournament(tournament_id)
    deals = dict(state.sessions[session].hand_records)
    done = len(_analysed(tournament_id, session, deals))
    _progress(
        tournament_id, session, DoubleDummyJob.Status.QUEUED, done, len(deals), ""
    )
    try:
        analyse_session.delay(str(tournament_id), session)
    except Exception:  # the broker's errors vary with the transport
        logger.warning(
            "could not queue the double-dummy analysis",
            extra={"tournament_id": str(tournament_id), "session": session},
            exc_info=True,
        )
        return False
    return True


def run_analysis(tournament_id: UUID, session: int) -> int:
    """Analyse every board of the session not yet analysed; return how many."""
    from tournaments.adapters import double_dummy  # endplay loads numpy: lazily

    state = handlers.load_tournament(tournament_id)
    session_state = state.sessions.get(session)
    if session_state is None:
        logger.warning(
            "no such session to analyse",
            extra={"tournament_id": str(tournament_id), "session": session},
        )
        return 0
    deals = dict(session_state.hand_records)
    done = _analysed(tournament_id, session, deals)
    total = len(deals)
    _progress(
        tournament_id, session, DoubleDummyJob.Status.RUNNING, len(done), total, ""
    )
    analysed = 0
    try:
        for number in sorted(set(deals) - done):
            result = double_dummy.analyse(number, deals[number])
            DoubleDummyRow.objects.update_or_create(
                tournament_id=tournament_id,
                session=session,
                board_number=number,
                defaults={
                    "deal": deals[number],
                    "tricks": [list(row) for row in result.tricks],
                    "par_score": result.par_score,
                    "par_contracts": list(result.par_contracts),
                },
            )
            analysed += 1
            done.add(number)
            _progress(
                tournament_id,
                session,
                DoubleDummyJob.Status.RUNNING,
                len(done),
                total,
                "",
            )
    except Exception as error:
        _progress(
            tournament_id,
            session,
            DoubleDummyJob.Status.FAILED,
            len(done),
            total,
            str(error)[:500],
        )
        raise
    _progress(tournament_id, session, DoubleDummyJob.Status.DONE, len(done), total, "")
    return analysed


@shared_task(name="tournaments.tasks.analyse_session", acks_late=True)
def analyse_session(tournament_id: str, session: int) -> int:
    """Solve the session's deals double dummy, board by board, with progress."""
    return run_analysis(UUID(tournament_id), session)
