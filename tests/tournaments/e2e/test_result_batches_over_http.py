"""Issue 18, over real HTTP: a batch of results in one request, all or nothing.

The director enters a round (or any set of a session's table results) with
one ``result-batches/`` request; every line is checked as the single
``results/`` entry checks it (Law 15 board at the table, Law 77 impossible
result, Law 79A, a result already entered) and the batch is recorded in one
transaction or not at all, each refused line named (decision 0130).
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any
from uuid import UUID

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from eventstore.store import event_store
from tests.support.http import HttpClient
from tests.support.pairs_event import make_tournament, project, seat_pairs
from tests.support.server import Server
from tournaments.handlers import load_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SESSION = "/api/v1/tournaments/{tid}/sessions/1/"
# A different result at each table, so the boards score unevenly.
PLAYED = {
    1: {"contract": "4SN", "lead": "HA", "tricks": 10},
    2: {"contract": "3NTS", "lead": "C5", "tricks": 8},
    3: {"contract": "4HXE", "lead": "SK", "tricks": 9},
}


def _user(**grant: dict[str, Any]) -> Any:
    user = get_user_model().objects.create_user(f"b-{uuid.uuid4().hex[:8]}")
    for role, scope in grant.items():
        RoleGrant.objects.create(user=user, role=role, **scope)
    return user


def _event(server: Server) -> tuple[HttpClient, HttpClient, str]:
    """Staff, the chief director and a 3-table Mitchell of 3 rounds, 2 boards."""
    staff = HttpClient(server.url, _user(federation_staff={}))
    tid = make_tournament(staff, timedelta(hours=3))  # type: ignore[arg-type]
    director = HttpClient(
        server.url, _user(chief_director={"tournament_id": uuid.UUID(tid)})
    )
    seat_pairs(staff, tid, {}, timedelta(hours=1))  # type: ignore[arg-type]
    return staff, director, tid


def _round(tid: str, number: int) -> list[dict[str, Any]]:
    """Every table's result of one round, from the movement the event seated."""
    session = load_tournament(UUID(tid)).sessions[1]
    return [
        {"board_number": board, "table": a.table, **PLAYED[a.table]}
        for a in session.assignments
        if a.round == number
        for board in a.boards
    ]


def _head() -> int:
    return event_store().head_position()


def _batch(client: HttpClient, tid: str, lines: list[dict[str, Any]], **headers: str):  # type: ignore[no-untyped-def]
    return client.post(
        f"{SESSION.format(tid=tid)}result-batches/", {"results": lines}, **headers
    )


def _standings(client: HttpClient, tid: str) -> list[dict[str, Any]]:
    answer = client.get(f"{SESSION.format(tid=tid)}standings/")
    assert answer.status_code == 200, answer.json()
    rows: list[dict[str, Any]] = answer.json()["standings"]
    return rows


def test_a_round_in_one_request_scores_as_entered_line_by_line(
    server: Server,
) -> None:
    """Three rounds, three requests: the standings equal those of the same
    18 results entered one by one (Law 78A matchpoints)."""
    _staff, director, batched = _event(server)
    _s, director_b, single = _event(server)
    for number in (1, 2, 3):
        lines = _round(batched, number)
        before = _head()
        answer = _batch(director, batched, lines)
        assert answer.status_code == 201, answer.json()
        body = answer.json()
        assert body["recorded"] == len(lines) == 6
        assert (body["first_position"], body["last_position"]) == (
            before + 1,
            before + 6,
        )
        assert [
            (r["index"], r["board_number"], r["table"]) for r in body["results"]
        ] == [(i, line["board_number"], line["table"]) for i, line in enumerate(lines)]
        assert sorted(r["position"] for r in body["results"]) == list(
            range(before + 1, before + 7)
        )
        assert {r["stream_version"] for r in body["results"]} == {1}
        assert _head() == before + 6
        for line in _round(single, number):
            one = director_b.post(f"{SESSION.format(tid=single)}results/", line)
            assert one.status_code == 201, one.json()
    project()
    standings = _standings(director, batched)
    assert len(standings) == 6
    # The tables' results differ, so the pairs' scores do too.
    assert len({row["percent"] for row in standings}) > 1
    assert standings == _standings(director_b, single)
    # The traveller shows the batch's lines as the director entered them.
    traveller = director.get(
        f"{SESSION.format(tid=batched)}boards/1/traveller/"
    ).json()["results"]
    assert sorted((t["contract"], t["tricks"]) for t in traveller) == sorted(
        (PLAYED[t]["contract"], PLAYED[t]["tricks"]) for t in (1, 2, 3)
    )


def test_one_refused_line_refuses_the_batch_naming_every_refused_line(
    server: Server,
) -> None:
    """Nothing is written; each refused line is named by index, field, the
    status the single entry answers, its code and its Law."""
    _staff, director, tid = _event(server)
    lines = _round(tid, 1)
    entered = director.post(f"{SESSION.format(tid=tid)}results/", lines[5])
    assert entered.status_code == 201
    lines[1] = {**lines[1], "contract": "8SN"}  # no such contract (Law 77)
    lines[2] = {**lines[2], "tricks": None}  # a played contract needs its tricks
    # The session plays boards 1-6: no board 7 at table 1 (Law 15).
    lines[3] = {**lines[3], "board_number": 7, "table": 1}
    before = _head()

    refused = _batch(director, tid, lines)

    assert refused.status_code == 422, refused.json()
    body = refused.json()
    assert (body["code"], body["detail"]) == (
        "results_refused",
        "4 of 6 results refused; nothing was recorded",
    )
    assert [
        (e["index"], e["field"], e["status"], e["code"], e.get("law"))
        for e in body["errors"]
    ] == [
        (1, "results.1.contract", 422, "impossible_result", "Law 77"),
        (2, "results.2.tricks", 422, "impossible_result", "Law 79A"),
        (3, "results.3", 422, "not_seated", "Law 15"),
        (5, "results.5", 409, "result_already_entered", None),
    ]
    assert body["errors"][1]["board_number"] == lines[2]["board_number"]
    assert body["errors"][0]["value"] == "8SN"
    assert _head() == before
    # The good lines alone go in.
    good = [lines[0], lines[4]]
    assert _batch(director, tid, good).status_code == 201
    assert _head() == before + 2


def test_a_retry_with_the_same_key_answers_the_first_answer_and_writes_once(
    server: Server,
) -> None:
    _staff, director, tid = _event(server)
    lines = _round(tid, 2)
    before = _head()
    first = _batch(director, tid, lines, HTTP_IDEMPOTENCY_KEY="round-2")
    assert first.status_code == 201, first.json()
    after = _head()
    assert after == before + 6

    again = _batch(director, tid, lines, HTTP_IDEMPOTENCY_KEY="round-2")

    assert (again.status_code, again.json()) == (201, first.json())
    assert _head() == after
    # Without the key the same lines are results already entered.
    unkeyed = _batch(director, tid, lines)
    assert unkeyed.status_code == 422
    assert {e["code"] for e in unkeyed.json()["errors"]} == {"result_already_entered"}
    # The key with other lines is another request: refused, nothing written.
    other = _batch(director, tid, _round(tid, 3), HTTP_IDEMPOTENCY_KEY="round-2")
    assert (other.status_code, other.json()["code"]) == (409, "idempotency_key_reused")
    assert _head() == after


def test_a_line_twice_in_the_batch_is_refused_as_already_entered(
    server: Server,
) -> None:
    _staff, director, tid = _event(server)
    lines = _round(tid, 1)
    twice = [*lines, {**lines[2], "tricks": 11}]
    before = _head()

    refused = _batch(director, tid, twice)

    assert refused.status_code == 422
    [error] = refused.json()["errors"]
    assert error == {
        "index": 6,
        "field": "results.6",
        "board_number": lines[2]["board_number"],
        "table": lines[2]["table"],
        "status": 409,
        "code": "result_already_entered",
        "detail": "line 2 of this batch enters the same board at the same table",
        "duplicate_of": 2,
    }
    assert _head() == before


def test_only_a_director_of_the_event_enters_a_batch(server: Server) -> None:
    """Whom the single entry lets enter any table's result (a director of the
    event) enters a batch; another event's director, staff, a player and an
    anonymous caller are refused, as by the single entry. A malformed or too
    long batch is a 400 naming the field."""
    staff, director, tid = _event(server)
    _other_staff, other_director, _other = _event(server)
    lines = _round(tid, 1)
    before = _head()
    callers = {
        "another event's director": other_director,
        "staff": staff,
        "a player": HttpClient(server.url, _user()),
        "anonymous": HttpClient(server.url),
    }
    seen = {}
    for name, caller in callers.items():
        batch = _batch(caller, tid, lines)
        single = caller.post(f"{SESSION.format(tid=tid)}results/", lines[0])
        seen[name] = (batch.status_code, single.status_code)
    assert seen == {
        "another event's director": (403, 403),
        "staff": (403, 403),
        "a player": (403, 403),
        "anonymous": (403, 403),
    }
    refused = _batch(other_director, tid, lines)
    assert refused.json()["detail"] == "Only a director of this tournament may do this"
    too_many = _batch(director, tid, lines * 84)
    assert (too_many.status_code, too_many.json()["field"]) == (400, "results")
    empty = _batch(director, tid, [])
    assert (empty.status_code, empty.json()["field"]) == (400, "results")
    bad = _batch(director, tid, [lines[0], {**lines[1], "tricks": 14}])
    assert (bad.status_code, bad.json()["field"]) == (400, "results.1.tricks")
    assert _head() == before
