"""A teams file of two sessions in and out over real HTTP, run by a real
worker (issue 15, decision 0179): imported as one teams event of two
sessions with its team names, exported by its director as one USEBIO file
of both sessions, which imports again with no difference."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from scoring.formats import read_usebio, read_usebio_sessions, write_usebio_sessions
from tests.results_io.e2e.test_results_files_over_http import _client, _import, _wait
from tests.support.celery_worker import redis_up, start_worker, stop_worker
from tournaments.models import SessionRow, TournamentRow

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.celery,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not redis_up(), reason="needs Redis on 127.0.0.1:6379"),
]
BROKER = "redis://127.0.0.1:6379/6"
FIXTURE = Path(__file__).parents[2] / "fixtures" / "results" / "ebuscore_teams.xml"


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


def _two_sessions() -> bytes:
    one = read_usebio(FIXTURE.read_bytes())
    # The second session: the same boards, team 2 wins board 1 by 10 IMPs.
    two = replace(
        one,
        results=tuple(
            replace(r, score_ns=-50, tricks=9, imp_ns=Decimal(-10), imp_ew=Decimal(10))
            if (r.board_number, r.table_number) == (1, 1)
            else replace(
                r, score_ns=420, tricks=10, imp_ns=Decimal(10), imp_ew=Decimal(-10)
            )
            if (r.board_number, r.table_number) == (1, 2)
            else r
            for r in one.results
        ),
        matches=(
            replace(
                one.matches[0],
                imps_a=0,
                imps_b=10,
                vp_a=Decimal("3.54"),
                vp_b=Decimal("16.46"),
            ),
        ),
    )
    ranking = tuple(
        replace(e, rank=1, tied=True, total=Decimal(20)) for e in one.ranking
    )
    return write_usebio_sessions((one, two), ranking, version="1.3").encode()


def test_a_teams_file_of_two_sessions_round_trips_over_http(url: str) -> None:
    staff = _client(url, federation_staff={})
    data = _two_sessions()
    done = _import(staff, data, "?name=coppa.xml")
    assert done["status"] == "done", done["error"]
    report = done["report"]
    assert report["differences"] == []
    tid = report["tournament_id"]
    row = TournamentRow.objects.get(tournament_id=tid)
    assert (row.form, row.scoring) == ("teams", "teams_imps_vp")
    assert SessionRow.objects.filter(tournament_id=tid).count() == 2

    director = _client(url, chief_director={"tournament_id": uuid.UUID(tid)})
    queued = director.post(
        f"/api/v1/tournaments/{tid}/results-files/", {"format": "usebio"}
    )
    assert queued.status_code == 202, queued.content
    exported = _wait(director, queued.json()["status_url"])
    assert exported["status"] == "done", exported["error"]
    text = director.get(exported["file_url"]).content.decode("utf-8")
    sessions, ranking = read_usebio_sessions(text)
    assert [s.matches[0].imps_a for s in sessions] == [10, 0]
    assert [p.name for p in sessions[0].participants] == [
        "Squadra Azzurra",
        "Squadra Rossa",
    ]
    assert [(e.participant_id, e.rank, e.tied, e.total) for e in ranking] == [
        ("1", 1, True, Decimal("20.00")),
        ("2", 1, True, Decimal("20.00")),
    ]
    again = _import(staff, text.encode(), "?file_format=usebio")
    assert again["status"] == "done", again["error"]
    assert again["report"]["differences"] == []
