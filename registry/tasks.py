"""Celery entrypoints of the register: thin, they take ids.

``run_player_import`` runs a player import queued by the API (issue 16,
item 9: a large file is imported by a worker, not in the request), recording
``done`` of ``total`` rows as it goes and the report when it ends. A job
already finished is not run again, so a redelivered task does nothing; one
interrupted while running imports again from the start, which replays what
was already appended (each registration's first event id is deterministic,
``registry.importing``).
"""

from __future__ import annotations

import logging
from uuid import UUID

from celery import shared_task

from eventstore.store import Metadata
from registry.importing import import_players
from registry.models import PlayerImportJob

__all__ = ["queue_import", "run_import", "run_player_import"]

logger = logging.getLogger(__name__)
Status = PlayerImportJob.Status


def queue_import(
    content: str, *, actor: str, dry_run: bool, rows: int
) -> PlayerImportJob:
    """Record the job and send it to a worker; a broker that cannot be
    reached leaves it queued, and it says so in ``error``."""
    job = PlayerImportJob.objects.create(
        content=content, actor=actor, dry_run=dry_run, total=rows
    )
    try:
        run_player_import.delay(str(job.job_id))
    except Exception:  # the broker's errors vary with the transport
        logger.warning("could not queue a player import", exc_info=True)
        job.error = "the job could not be sent to a worker: it stays queued"
        job.save(update_fields=["error", "updated_at"])
    return job


def run_import(job_id: UUID) -> PlayerImportJob | None:
    """Run one queued import; the job as it ended, or None if there is none."""
    job = PlayerImportJob.objects.filter(job_id=job_id).first()
    if job is None or job.status in (Status.DONE, Status.REJECTED, Status.FAILED):
        return job
    PlayerImportJob.objects.filter(job_id=job_id).update(status=Status.RUNNING, done=0)

    def progress(done: int, total: int) -> None:
        PlayerImportJob.objects.filter(job_id=job_id).update(done=done, total=total)

    try:
        report = import_players(
            job.content,
            metadata=Metadata(actor=job.actor, command="import_players"),
            dry_run=job.dry_run,
            progress=progress,
        )
    except Exception as error:
        logger.exception("player import %s failed", job_id)
        PlayerImportJob.objects.filter(job_id=job_id).update(
            status=Status.FAILED, error=str(error)[:2000]
        )
        return PlayerImportJob.objects.get(job_id=job_id)
    PlayerImportJob.objects.filter(job_id=job_id).update(
        status=Status.REJECTED if report.rejected else Status.DONE,
        done=len(report.imported),
        report=report.as_json(),
    )
    return PlayerImportJob.objects.get(job_id=job_id)


@shared_task(name="registry.run_player_import", acks_late=True)
def run_player_import(job_id: str) -> str:
    job = run_import(UUID(job_id))
    return "missing" if job is None else job.status
