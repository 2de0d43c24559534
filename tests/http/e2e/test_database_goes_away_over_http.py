"""Issue 28 over real HTTP: the database goes away and comes back (decision 0216).

After ``pg_terminate_backend`` ended the server's sessions, each web thread
answered its next request 500 (6 of 24, twice): the persistent connection
was used dead. Now it is replaced before the request's first query
(``CONN_HEALTH_CHECKS``). A request whose transaction is cut in the middle
answers 503 ``database_unavailable`` with ``Retry-After``, and its retry
under the same ``Idempotency-Key`` is stored once and answered once. With
the database away altogether every answer is a 503, pages included.
"""

from __future__ import annotations

import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from eventstore.models import Event
from tests.support.http import HttpClient, HttpResponse
from tests.support.outage import cut_connections, cut_waiting_append, hold_appends
from tests.support.pairs_event import make_tournament, seat_pairs
from tests.support.players import register_players
from tests.support.server import Server, start_server, stop_server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

UNAVAILABLE = {
    "type": "https://arbitro.invalid/problems/database_unavailable",
    "title": "DatabaseUnavailable",
    "status": 503,
    "detail": "the database connection was lost; retry under the same Idempotency-Key",
    "code": "database_unavailable",
    "retry_after": 1,
}


def _client(url: str, **grant: dict[str, Any]) -> HttpClient:
    user = get_user_model().objects.create_user(f"u-{uuid.uuid4().hex[:8]}")
    for role, scope in grant.items():
        RoleGrant.objects.create(user=user, role=role, **scope)
    return HttpClient(url, user)


def event_over_http(url: str) -> tuple[HttpClient, HttpClient, str]:
    """Staff, the chief director and a pairs event (tests/support/pairs_event:
    a seated 3-table Mitchell of 6 boards), over HTTP."""
    staff = _client(url, federation_staff={})
    tid = make_tournament(staff, timedelta(hours=4))  # type: ignore[arg-type]
    seat_pairs(staff, tid, {}, timedelta(hours=4))  # type: ignore[arg-type]
    return staff, _client(url, chief_director={"tournament_id": tid}), tid


def post_result(
    director: HttpClient,
    tid: str,
    board: int,
    table: int,
    key: str,
    contract: tuple[str, int] = ("4SN", 10),
) -> HttpResponse:
    """A table's result, sent under the client's ``Idempotency-Key``."""
    return director.post(
        f"/api/v1/tournaments/{tid}/sessions/1/results/",
        {
            "board_number": board,
            "table": table,
            "contract": contract[0],
            "tricks": contract[1],
            "lead": "HA",
        },
        HTTP_IDEMPOTENCY_KEY=key,
    )


def test_connections_the_database_dropped_are_replaced_before_use(
    server: Server,
) -> None:
    _staff, director, tid = event_over_http(server.url)
    traveller = f"/api/v1/tournaments/{tid}/sessions/1/boards/1/traveller/"
    seats = [(board, table) for board in range(1, 7) for table in range(1, 4)]
    with ThreadPoolExecutor(8) as pool:
        # Every web thread opens its persistent connection.
        warm = list(pool.map(lambda _: director.get(traveller).status_code, range(8)))
        assert warm == [200] * 8
        for half in (seats[:9], seats[9:]):  # twice, as in the issue
            assert cut_connections() >= 1
            answers = list(
                pool.map(
                    lambda seat: post_result(director, tid, *seat, str(uuid.uuid4())),
                    half,
                )
            )
            reads = list(pool.map(lambda _: director.get(traveller), range(8)))
            assert [a.status_code for a in answers] == [201] * 9, [
                a.content for a in answers
            ]
            assert [r.status_code for r in reads] == [200] * 8


@pytest.mark.parametrize("path", ["result", "entry"])
def test_a_command_cut_mid_transaction_is_a_503_and_its_retry_is_stored_once(
    server: Server, path: str
) -> None:
    """The result POST (answered before the middleware) and a command
    through DRF's view (an entry) alike."""
    staff, director, tid = event_over_http(server.url)
    key = str(uuid.uuid4())
    if path == "result":

        def send() -> HttpResponse:
            return post_result(director, tid, 1, 1, key)

        event_type = "board_result.entered"
    else:
        players = register_players(2)

        def send() -> HttpResponse:
            return staff.post(
                f"/api/v1/tournaments/{tid}/entries/",
                {"number": 7, "player_ids": players},
                HTTP_IDEMPOTENCY_KEY=key,
            )

        event_type = "tournament.pair_entered"
    before = Event.objects.filter(event_type=event_type).count()
    answers: list[HttpResponse] = []
    with hold_appends():
        sender = threading.Thread(target=lambda: answers.append(send()))
        sender.start()
        cut_waiting_append()
        sender.join(timeout=30)
    [cut] = answers
    assert cut.status_code == 503
    assert cut.headers["Retry-After"] == "1"
    assert cut.headers["Content-Type"] == "application/problem+json"
    assert cut.json() == UNAVAILABLE
    assert Event.objects.filter(event_type=event_type).count() == before
    retried = send()
    assert retried.status_code == 201, retried.json()
    again = send()
    assert (again.status_code, again.json()) == (201, retried.json())
    assert Event.objects.filter(event_type=event_type).count() == before + 1


def test_with_the_database_away_every_answer_is_a_503() -> None:
    """Nothing listens where the server looks for its database: the API,
    the pages and health answer 503, never 500."""
    process, url = start_server(
        DATABASE_URL="postgres://postgres@127.0.0.1:9/arbitro_nowhere"
    )
    try:
        client = HttpClient(url)
        listed = client.get("/api/v1/tournaments/")
        assert listed.status_code == 503
        assert listed.headers["Retry-After"] == "1"
        assert listed.json() == UNAVAILABLE
        posted = client.post(
            f"/api/v1/tournaments/{uuid.uuid4()}/sessions/1/results/",
            {"board_number": 1, "table": 1, "contract": "4SN", "tricks": 10},
            HTTP_AUTHORIZATION="Token 0123456789abcdef",
        )
        assert (posted.status_code, posted.json()) == (503, UNAVAILABLE)
        page = client._request("GET", "/", headers={"Accept": "text/html"})
        assert page.status_code == 503
        assert page.headers["Retry-After"] == "1"
        assert "<h1>Briefly unavailable</h1>" in page.content.decode()
        health = client.get("/api/health/")
        assert (health.status_code, health.json()) == (
            503,
            {"status": "down", "ok": False},
        )
    finally:
        stop_server(process)
