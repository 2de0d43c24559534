"""Results files imported and exported by a worker (issue 15).

The API records a ``ResultsFileJob`` and sends its id to a worker
(``run_results_file_job``); the worker runs the one import or export path
(``tournaments.results_io``; the task, defined here, keeps its name
``tournaments.tasks.run_results_file_job``) and records each step as it starts (``done`` of
``total``, the ``step``), then the report or the written file. A job already
finished is not run again, so a redelivered task does nothing; an import
interrupted while running is run again from the start: its events are
appended in one transaction with deterministic ids (decision 0079), so it
either recorded nothing or is refused as already imported.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any
from uuid import UUID

from celery import shared_task

from rules.errors import DomainError
from tournaments.models import ResultsFileJob
from tournaments.results_io import (
    ImportReport,
    export_file,
    import_file,
    project,
)

__all__ = [
    "EXPORT_STEPS",
    "import_report_json",
    "queue_export",
    "queue_import",
    "run_job",
    "run_results_file_job",
]

logger = logging.getLogger(__name__)
Status = ResultsFileJob.Status
Kind = ResultsFileJob.Kind
EXPORT_STEPS = ("project", "read", "write")
FINISHED = (Status.DONE, Status.REFUSED, Status.FAILED)


def import_report_json(report: ImportReport) -> dict[str, Any]:
    """What an import recorded and every difference with its reason."""
    conventions = report.conventions
    return {
        "tournament_id": str(report.tournament_id),
        "form": report.form,  # pairs, teams or individual
        "entries": dict(report.entries),
        "movement": report.movement,
        "sessions": report.sessions,
        "recorded": report.recorded,
        "notes": list(report.notes),
        "conventions": {
            "program": conventions.program,
            "rounding": conventions.rounding.value,
            "totals": conventions.totals.value,
            "fewer_played": conventions.fewer_played.value,
            "fewer_played_totals": conventions.fewer_played_totals.value,
            "scale_missed": conventions.scale_missed,
            "average_plus": str(conventions.average_plus),
            "average_minus": str(conventions.average_minus),
            "datum_discard": conventions.datum_discard,
            "datum_rounding": conventions.datum_rounding,
        },
        "differences": [
            {
                "where": d.where,
                "what": d.what,
                "file": d.file,
                "ours": d.ours,
                "reason": d.reason,
                "cause": d.classified().value,
            }
            for d in report.differences
        ],
    }


def _send(job: ResultsFileJob) -> ResultsFileJob:
    try:
        run_results_file_job.delay(str(job.job_id))
    except Exception:  # the broker's errors vary with the transport
        logger.warning("could not queue a results file job", exc_info=True)
        job.error = "the job could not be sent to a worker: it stays queued"
        job.save(update_fields=["error", "updated_at"])
    return job


def queue_import(
    data: bytes,
    fmt: str,
    *,
    actor: str,
    source: str,
    settings: Mapping[str, object],
) -> ResultsFileJob:
    """Record an import job and send it to a worker."""
    job = ResultsFileJob.objects.create(
        kind=Kind.IMPORT,
        fmt=fmt,
        actor=actor,
        content=data,
        source=source,
        settings={k: str(v) for k, v in settings.items()},
        total=6,
    )
    return _send(job)


def queue_export(
    tournament_id: UUID,
    session: int | None,
    fmt: str,
    *,
    actor: str,
    names: bool,
    usebio_version: str = "1.2",
) -> ResultsFileJob:
    """Record an export job and send it to a worker (an export's settings:
    the USEBIO version)."""
    job = ResultsFileJob.objects.create(
        kind=Kind.EXPORT,
        fmt=fmt,
        actor=actor,
        tournament_id=tournament_id,
        session=session,
        names=names,
        settings={"usebio_version": usebio_version},
        total=len(EXPORT_STEPS),
    )
    return _send(job)


def _progress(job_id: UUID, step: str, done: int, total: int) -> None:
    ResultsFileJob.objects.filter(job_id=job_id).update(
        step=step, done=done, total=total
    )


def _import(job: ResultsFileJob) -> dict[str, Any]:
    report = import_file(
        bytes(job.content),
        job.fmt,
        source=job.source or "results file",
        settings=job.settings,
        progress=lambda step, done, total: _progress(job.job_id, step, done, total),
    )
    ResultsFileJob.objects.filter(job_id=job.job_id).update(
        tournament_id=report.tournament_id
    )
    return import_report_json(report)


def _export(job: ResultsFileJob) -> dict[str, Any]:
    total = len(EXPORT_STEPS)
    assert job.tournament_id is not None  # an export names its tournament
    _progress(job.job_id, EXPORT_STEPS[0], 0, total)
    project()
    _progress(job.job_id, EXPORT_STEPS[1], 1, total)
    text, notes = export_file(
        job.tournament_id,
        job.session,
        job.fmt,
        names=job.names,
        usebio_version=str((job.settings or {}).get("usebio_version", "1.2")),
    )
    _progress(job.job_id, EXPORT_STEPS[2], 2, total)
    ResultsFileJob.objects.filter(job_id=job.job_id).update(
        output=text, step="done", done=total
    )
    return {"notes": list(notes), "characters": len(text)}


def run_job(job_id: UUID) -> ResultsFileJob | None:
    """Run one queued job; the job as it ended, or None if there is none."""
    job = ResultsFileJob.objects.filter(job_id=job_id).first()
    if job is None or job.status in FINISHED:
        return job
    ResultsFileJob.objects.filter(job_id=job_id).update(
        status=Status.RUNNING, done=0, error=""
    )
    try:
        report = _import(job) if job.kind == Kind.IMPORT else _export(job)
    except DomainError as refused:  # FormatError, ImportRefused, ExportRefused...
        law = f" ({refused.law})" if refused.law is not None else ""
        ResultsFileJob.objects.filter(job_id=job_id).update(
            status=Status.REFUSED, error=f"{refused.message}{law}"[:2000]
        )
    except Exception as error:
        logger.exception("results file job %s failed", job_id)
        ResultsFileJob.objects.filter(job_id=job_id).update(
            status=Status.FAILED, error=str(error)[:2000]
        )
    else:
        ResultsFileJob.objects.filter(job_id=job_id).update(
            status=Status.DONE, report=report
        )
    return ResultsFileJob.objects.get(job_id=job_id)


@shared_task(name="tournaments.tasks.run_results_file_job", acks_late=True)
def run_results_file_job(job_id: str) -> str:
    """Import or export a results file queued by the API (issue 15)."""
    job = run_job(UUID(job_id))
    return "missing" if job is None else job.status
