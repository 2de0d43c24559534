"""Results files in and out over real HTTP, run by a real worker (issue 15):
the API answers 202 with the job, the job reports its steps as the worker
runs them, and its report (an import: the new tournament and every
difference) or its file (an export) at the end. Round trip: the export of
an imported session imports again with no difference.

A gunicorn of this module's own and a Celery worker listen on one Redis
database of their own; the tests talk to the server through a socket.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from eventstore.models import Event, ProjectionFailure
from tests.support.celery_worker import redis_up, start_worker, stop_worker
from tests.support.http import HttpClient
from tests.support.results_io import CLUB_PBN, FIXTURES, MITCHELL_XML
from tournaments.models import (
    DoubleDummyJob,
    DoubleDummyRow,
    ResultsFileJob,
    TournamentRow,
)
from tournaments.results_io import project

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.celery,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not redis_up(), reason="needs Redis on 127.0.0.1:6379"),
]
BROKER = "redis://127.0.0.1:6379/11"
IMPORTS = "/api/v1/results-files/imports/"


@pytest.fixture(scope="module")
def url(django_db_setup: None, django_db_blocker: Any) -> Iterator[str]:
    """The module's server and worker, on the test database and BROKER."""
    from tests.support.server import start_server, stop_server

    with django_db_blocker.unblock():
        server, address = start_server(CELERY_BROKER_URL=BROKER)
        worker = start_worker(BROKER)
    try:
        yield address
    finally:
        stop_worker(worker)
        stop_server(server)


def _client(url: str, **grant: dict[str, Any]) -> HttpClient:
    user = get_user_model().objects.create_user(f"f-{uuid.uuid4().hex[:8]}")
    for role, scope in grant.items():
        RoleGrant.objects.create(user=user, role=role, **scope)
    return HttpClient(url, user)


def _wait(client: HttpClient, path: str, timeout: float = 120.0) -> dict[str, Any]:
    end = time.monotonic() + timeout
    seen: list[tuple[str, str, int]] = []
    while time.monotonic() < end:
        body = client.get(path).json()
        seen.append((body["status"], body["step"], body["done"]))
        if body["status"] in ("done", "refused", "failed"):
            body["seen"] = seen
            return body
        time.sleep(0.05)
    raise AssertionError(f"the worker did not finish the job: {seen[-5:]}")


PARS = [(1, -300), (2, -140), (3, 450)]  # DDS on the file's deals


def _analysed(tid: str, timeout: float = 120.0) -> DoubleDummyJob:
    """The session's double-dummy job once the worker finished it."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        job = DoubleDummyJob.objects.filter(tournament_id=tid, session=1).first()
        if job is not None and job.status in ("done", "failed"):
            return job
        time.sleep(0.1)
    raise AssertionError("the worker did not analyse the imported deals")


def _import(client: HttpClient, data: bytes, query: str = "") -> dict[str, Any]:
    queued = client.post_file(f"{IMPORTS}{query}", data, "application/xml")
    assert queued.status_code == 202, queued.content
    job = queued.json()
    assert queued.headers["Location"] == job["status_url"]
    assert (job["kind"], job["status"], job["total"]) == ("import", "queued", 6)
    return _wait(client, job["status_url"])


def test_an_imported_file_is_exported_by_its_director_and_imports_again(
    url: str,
) -> None:
    staff = _client(url, federation_staff={})
    # The fixture scores its averaged board by Neuberg, as Compscore does:
    # a method setting travels as a query parameter like a convention.
    done = _import(
        staff, MITCHELL_XML.read_bytes(), "?name=mitchell.xml&averaged_boards=neuberg"
    )
    assert (done["status"], done["step"], done["done"], done["total"]) == (
        "done",
        "done",
        6,
        6,
    )
    report = done["report"]
    tid = report["tournament_id"]
    assert done["tournament_id"] == tid
    assert (report["movement"], report["recorded"], report["differences"]) == (
        "synthetic",
        19,  # the results, and the file's deals as hand records (Law 6)
        [],
    )
    assert report["conventions"]["program"] == "compscore"
    assert TournamentRow.objects.get(tournament_id=tid).scoring == "matchpoints"
    # The steps seen, in order, never backwards.
    steps = [d for _, _, d in done["seen"]]
    assert steps == sorted(steps)
    # The file's deals carry no double-dummy tables: the import queued them
    # to the worker as a live session's hand records are (the job did not
    # wait on DDS), and the worker solved every board.
    analysis = _analysed(tid)
    assert (analysis.status, analysis.done, analysis.total) == ("done", 3, 3)
    rows = DoubleDummyRow.objects.filter(tournament_id=tid, session=1)
    assert sorted((r.board_number, r.par_score) for r in rows) == PARS
    hands = staff.get(f"/api/v1/tournaments/{tid}/sessions/1/hand-records/").json()
    assert [
        (b["board_number"], b["double_dummy"]["par_score"]) for b in hands["boards"]
    ] == PARS

    director = _client(url, chief_director={"tournament_id": uuid.UUID(tid)})
    queued = director.post(
        f"/api/v1/tournaments/{tid}/results-files/", {"format": "usebio"}
    )
    assert queued.status_code == 202, queued.content
    exported = _wait(director, queued.json()["status_url"])
    assert (exported["status"], exported["done"], exported["total"]) == (
        "done",
        3,
        3,
    )
    file = director.get(exported["file_url"])
    assert file.status_code == 200
    assert file.headers["Content-Type"] == "application/xml; charset=utf-8"
    text = file.content.decode("utf-8")
    assert '<EVENT EVENT_TYPE="MP_PAIRS">' in text
    assert "<WINNER_TYPE>2</WINNER_TYPE>" in text

    again = _import(staff, file.content, "?file_format=usebio&averaged_boards=neuberg")
    assert again["status"] == "done", again["error"]
    assert again["report"]["differences"] == []
    assert again["report"]["tournament_id"] != tid


def test_an_individual_file_round_trips_as_usebio_1_3(url: str) -> None:
    """Decisions 0182, 0183: an individual file imported over the API, then
    exported as USEBIO 1.3 with its four players a line, deals, double-dummy
    tricks and par, imports again with no difference."""
    staff = _client(url, federation_staff={})
    data = (FIXTURES / "individual_mp.xml").read_bytes()
    done = _import(staff, data, "?name=individual.xml")
    assert done["status"] == "done", done["error"]
    assert done["report"]["differences"] == []
    assert done["report"]["form"] == "individual"
    tid = done["report"]["tournament_id"]
    queued = staff.post(
        f"/api/v1/tournaments/{tid}/results-files/",
        {"format": "usebio", "usebio_version": "1.3"},
    )
    assert queued.status_code == 202, queued.content
    exported = _wait(staff, queued.json()["status_url"])
    assert exported["status"] == "done", exported["error"]
    text = staff.get(exported["file_url"]).content.decode("utf-8")
    assert '<USEBIO Version="1.3">' in text
    assert '<EVENT EVENT_TYPE="INDIVIDUAL">' in text
    assert "<PAR_SCORE>630</PAR_SCORE>" in text
    assert text.count("<DD_TRICKS>") == 10  # boards 1 and 2
    again = _import(staff, text.encode("utf-8"), "?file_format=usebio")
    assert again["status"] == "done", again["error"]
    assert again["report"]["differences"] == []
    bad = staff.post(
        f"/api/v1/tournaments/{tid}/results-files/",
        {"format": "usebio", "usebio_version": "2.0"},
    )
    assert bad.status_code == 400


def test_a_file_that_cannot_be_read_ends_refused_naming_its_element(
    url: str,
) -> None:
    director = _client(url, director={"tournament_id": uuid.uuid4()})
    broken = MITCHELL_XML.read_bytes().replace(b"</EVENT>", b"", 1)
    before = TournamentRow.objects.count()
    done = _import(director, broken)
    assert done["status"] == "refused"
    assert done["error"] == "line 324: not well-formed XML: mismatched tag"
    assert done["report"] is None
    assert TournamentRow.objects.count() == before


def test_settings_and_offices_are_checked_before_anything_is_queued(
    url: str,
) -> None:
    staff = _client(url, federation_staff={})
    bad = staff.post_file(f"{IMPORTS}?rounding=sideways", b"<x/>", "application/xml")
    assert (bad.status_code, bad.json()["detail"]) == (
        422,
        "import settings: rounding: 'sideways' is not valid",
    )
    player = _client(url)
    refused = player.post_file(IMPORTS, MITCHELL_XML.read_bytes(), "application/xml")
    assert refused.status_code == 403
    other = _client(url, director={"tournament_id": uuid.uuid4()})
    export = other.post(
        f"/api/v1/tournaments/{uuid.uuid4()}/results-files/", {"format": "pbn"}
    )
    assert export.status_code == 403
    assert ResultsFileJob.objects.count() == 0
    empty = staff.post_file(IMPORTS, b"  \n", "application/xml")
    assert (empty.status_code, empty.json()["detail"]) == (400, "the file is empty")


BOARD_23_DIGITS = "12345678901234567890123"
BOARD_REFUSED = (
    f"line 42: Board: board number {BOARD_23_DIGITS} is not between 1 and 9999 "
    "(a board's number, Law 2: beyond any event's, within what the results store)"
)


def _refused_storing_nothing(client: HttpClient, data: bytes) -> str:
    """Import ``data``; the job ends refused, with nothing stored and every
    projection free of parked tournaments; return the job's error."""
    events, tournaments = Event.objects.count(), TournamentRow.objects.count()
    done = _import(client, data)
    assert (done["status"], done["report"], done["tournament_id"]) == (
        "refused",
        None,
        None,
    )
    assert (Event.objects.count(), TournamentRow.objects.count()) == (
        events,
        tournaments,
    )
    project()  # the results projection applies whatever there is: nothing new
    assert ProjectionFailure.objects.count() == 0
    health = client.get("/api/health/").json()
    assert {n: p["parked_partitions"] for n, p in health["projections"].items()} == {
        n: 0 for n in health["projections"]
    }
    error: str = done["error"]
    return error


def test_a_board_number_of_23_digits_is_refused_with_nothing_stored(
    url: str,
) -> None:
    """Issue 28: the PBN reader bounds the board number where it reads it
    (what a real event numbers, what the results read model stores), so the
    job is refused naming the line and the limit: no event is appended that
    the projection could not store, and no tournament is parked."""
    staff = _client(url, federation_staff={})
    text = CLUB_PBN.read_text(encoding="latin-1").replace(
        '[Board "2"]', f'[Board "{BOARD_23_DIGITS}"]', 1
    )
    error = _refused_storing_nothing(staff, text.encode("latin-1"))
    assert error == BOARD_REFUSED


def test_a_json_file_too_deep_or_with_a_5000_digit_number_is_refused(
    url: str,
) -> None:
    """The JSON results reader parses within the same bounds as a request
    body: 100,000 levels of arrays or a 5,000-digit number end the job
    refused, naming the limit and the line, instead of failed."""
    staff = _client(url, federation_staff={})
    deep = b'{"format": "arbitro-results",\n"x": ' + b"[" * 100_000
    assert _refused_storing_nothing(staff, deep + b"]" * 100_000 + b"}") == (
        "line 2: not valid JSON: arrays and objects nested deeper than 64 levels"
    )
    digits = b'{"format": "arbitro-results",\n"version": ' + b"7" * 5000 + b"}"
    assert _refused_storing_nothing(staff, digits) == (
        "line 2: not valid JSON: the number 777777777777777777777777... "
        "(5000 characters) is longer than 40 characters"
    )
