"""A large player import runs in a worker, not in the request (issue 16,
item 9): 202 with the job, progress as it goes, the report at the end.

The API queues the job; a real Celery worker on a real broker (Redis) runs
it against the test database, and the job's own endpoint reports it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from registry.api.imports import BACKGROUND_ROWS
from registry.models import Club, PlayerIdentity, PlayerImportJob
from registry.tasks import run_import, run_player_import
from tests.support.celery_worker import (
    broker_connection,
    redis_up,
    start_worker,
    stop_worker,
)

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.celery,
    pytest.mark.django_db(transaction=True),
]
ROOT = Path(__file__).parents[3]
BROKER = "redis://127.0.0.1:6379/13"
API = "/api/v1/registry/players/imports/"
HEADER = "federation_number,family_name,given_name,category,club_code,email\n"


def _csv(rows: int, start: int = 300000, bad_row: int | None = None) -> str:
    lines = [
        f"{start + n},Rossi,Maria,{'ZZ' if n == bad_row else '2C'},BO01,\n"
        for n in range(rows)
    ]
    return HEADER + "".join(lines)


def _wait(staff: APIClient, url: str, timeout: float = 120.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    seen: list[tuple[str, int]] = []
    while time.monotonic() < end:
        body = staff.get(url).json()
        seen.append((body["status"], body["done"]))
        if body["status"] in ("done", "rejected", "failed"):
            body["seen"] = seen
            return body
        time.sleep(0.1)
    raise AssertionError(f"the worker did not finish the import: {seen[-5:]}")


@pytest.mark.skipif(not redis_up(), reason="needs Redis on 127.0.0.1:6379")
def test_a_large_file_is_imported_by_a_worker_with_its_progress(
    staff: APIClient,
) -> None:
    Club.objects.create(code="BO01", name="Circolo", city="Bologna")
    rows = BACKGROUND_ROWS + 100
    queued = staff.post(API, _csv(rows), content_type="text/csv")
    assert queued.status_code == 202, queued.json()
    job = queued.json()
    assert (job["status"], job["done"], job["total"], job["report"]) == (
        "queued",
        0,
        rows,
        None,
    )
    assert queued["Location"] == job["status_url"] == f"{API}{job['job_id']}/"
    assert PlayerIdentity.objects.count() == 0  # nothing in the request
    worker = start_worker(BROKER)
    try:
        with broker_connection(BROKER) as connection:
            run_player_import.apply_async(args=[job["job_id"]], connection=connection)
        done = _wait(staff, job["status_url"])
    finally:
        stop_worker(worker)
    assert (done["status"], done["done"], done["total"]) == ("done", rows, rows)
    assert done["report"]["rows"] == rows
    assert len(done["report"]["imported"]) == rows
    assert PlayerIdentity.objects.count() == rows
    # Progress on the way: whole steps of 50 rows, never backwards, and the
    # statuses in their order.
    steps = [d for _, d in done["seen"]]
    assert steps == sorted(steps)
    assert all(d % 50 == 0 or d == rows for d in steps)
    order = ["queued", "running", "done"]
    statuses = [order.index(s) for s, _ in done["seen"]]
    assert statuses == sorted(statuses)


def test_a_rejected_file_in_a_job_writes_nothing_and_reports_each_row(
    staff: APIClient,
) -> None:
    Club.objects.create(code="BO01", name="Circolo", city="Bologna")
    queued = staff.post(
        f"{API}?background=true", _csv(20, bad_row=7), content_type="text/csv"
    )
    assert queued.status_code == 202
    job = run_import(PlayerImportJob.objects.get().job_id)
    assert job is not None
    assert job.status == "rejected"
    assert job.report is not None
    assert [(r["row"], r["column"]) for r in job.report["rejected"]] == [
        (9, "category")
    ]
    assert PlayerIdentity.objects.count() == 0
    # A redelivered task does nothing to a finished job.
    again = run_import(job.job_id)
    assert again is not None
    assert (again.status, again.report) == ("rejected", job.report)


def test_the_job_is_staffs_only(client_for: Any, staff: APIClient) -> None:
    queued = staff.post(f"{API}?background=true", _csv(2), content_type="text/csv")
    url = queued.json()["status_url"]
    assert client_for().get(url).status_code == 403
    assert staff.get(f"{API}00000000-0000-0000-0000-000000000000/").status_code == 404


def test_a_file_that_is_not_text_is_refused_at_once_even_in_the_background(
    staff: APIClient,
) -> None:
    """Schemathesis sent a PNG with ?background=true: it was queued with its
    NUL bytes and answered 500. Now it is refused in the request, as any
    rejected file, and nothing is queued."""
    body = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"
    refused = staff.post(f"{API}?background=true", body, content_type="text/csv")
    assert refused.status_code == 422
    assert refused.json()["rejected"] == [
        {"row": 0, "column": "", "reason": "the file is not UTF-8 text"}
    ]
    assert PlayerImportJob.objects.count() == 0


@pytest.mark.parametrize("background", ["true", "false"])
def test_a_nul_in_the_text_is_a_400_naming_the_line_and_nothing_is_written(
    staff: APIClient, background: str
) -> None:
    """A NUL in a UTF-8 CSV is a malformed request, not a rejected row:
    400 naming the file and its line, nothing queued, no player written."""
    body = (
        HEADER.encode()
        + b"300001,Rossi,Maria,2C,BO01,\n300002,Ro\x00ssi,Anna,2C,BO01,\n"
    )
    refused = staff.post(
        f"{API}?background={background}", body, content_type="text/csv"
    )
    assert refused.status_code == 400
    assert (refused.json()["detail"], refused.json()["line"]) == (
        "file, line 3: a NUL character is no part of any text",
        3,
    )
    upload = SimpleUploadedFile("tesserati.csv", body, content_type="text/csv")
    named = staff.post(API, {"file": upload}, format="multipart")
    assert named.status_code == 400
    assert named.json()["detail"] == (
        "tesserati.csv, line 3: a NUL character is no part of any text"
    )
    assert PlayerImportJob.objects.count() == 0
    assert PlayerIdentity.objects.count() == 0
