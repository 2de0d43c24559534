"""What a result POST costs the database (issue 13, decision 0112).

On event night a hundred table devices enter results at once. With this
process's caches warm (the caller's token, the tournament), a new result is
two statements and no more: the tournament's last event read for its
identity only (its payload, the session schedule, not sent), and the
append. The board's stream is taken to be new without reading it (the
append's compare-and-set proves it), and the database clock is not read
before publication (no Law 79C window is open). The count is pinned so that
it cannot grow back; the tests after it check that the shortcuts never
answer wrongly when the guess is wrong.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from pytest_django import DjangoAssertNumQueries

from eventstore.store import event_store
from tests.support.pairs_event import client_for, make_tournament, seat_pairs
from tournaments import handlers
from tournaments.domain import board_result, tournament

pytestmark = pytest.mark.django_db(transaction=True)


def setup() -> tuple[str, object]:
    staff, _ = client_for("costaff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for("cotd", chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    return tid, director


def enter(director: object, tid: str, board: int, table: int):
    return director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{tid}/sessions/1/results/",
        {"board_number": board, "table": table, "contract": "3NTS", "tricks": 9},
        format="json",
    )


@pytest.mark.postgres  # SQLite appends in several statements (es_append is PL/pgSQL)
def test_a_result_post_is_one_statement(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    """The token read (nothing read with a token outlives the request,
    decision 0215), then the append, guarded by the cached tournament's
    version and position: no read of the tournament stream first (migration
    0010)."""
    tid, director = setup()
    assert enter(director, tid, 1, 1).status_code == 201  # the caches warm
    stream = tournament.stream_id(uuid.UUID(tid))
    version, position, _ = handlers.TOURNAMENTS.entries[stream]
    with django_assert_num_queries(2) as queries:
        r = enter(director, tid, 2, 1)
    assert r.status_code == 201, r.json()
    token, append = (q["sql"] for q in queries.captured_queries)
    assert token.startswith('SELECT u."id", u."password"')
    assert append.startswith(
        f"SELECT * FROM es_append_guarded('{stream.hex}'::uuid, {version}, {position}, "
    )
    assert '"board_result.entered"' in append


@pytest.mark.postgres
def test_a_post_on_a_tournament_another_process_moved_reads_it_and_decides_again(
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    """Another process recorded a penalty on the tournament (its stream moved
    past this process's cache): the guarded append stores nothing, the
    tournament is read, the result decided again and stored."""
    tid, director = setup()
    assert enter(director, tid, 1, 1).status_code == 201
    stream = tournament.stream_id(uuid.UUID(tid))
    cached = handlers.TOURNAMENTS.entries[stream]
    r = director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{tid}/sessions/1/penalties/",
        {"entry_number": 1, "kind": "procedural", "unit": "matchpoints", "amount": 2},
        format="json",
    )
    assert r.status_code == 201, r.json()
    handlers.TOURNAMENTS.entries[stream] = cached  # this process did not see it
    # The token read, the guarded append storing nothing, the tournament
    # read and the append.
    with django_assert_num_queries(4) as queries:
        r = enter(director, tid, 2, 1)
    assert r.status_code == 201, r.json()
    token, guarded, read, append = (q["sql"] for q in queries.captured_queries)
    assert token.startswith('SELECT u."id", u."password"')
    assert guarded.startswith("SELECT * FROM es_append_guarded(")
    assert read.startswith("SELECT global_position")  # the tournament, read
    assert append.startswith("SELECT * FROM es_append(")
    assert handlers.TOURNAMENTS.entries[stream][0] == cached[0] + 1
    stored = event_store().read_stream(board_result.stream_id(uuid.UUID(tid), 1, 2, 1))
    assert [e.event_type for e in stored.events] == ["board_result.entered"]


def test_a_refusal_on_a_stale_tournament_is_decided_again_on_it_as_read() -> None:
    """This process cached the tournament before its session was scheduled
    (another process scheduled it): on the cached state the table is not
    seated (422), so the tournament is read and the result decided again on
    it: 201, as a process that read it first answers."""
    staff, _ = client_for("costaff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for("cotd", chief_director={"tournament_id": tid})
    stream = tournament.stream_id(uuid.UUID(tid))
    handlers.load_tournament(uuid.UUID(tid))
    before = handlers.TOURNAMENTS.entries[stream]
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    handlers.TOURNAMENTS.entries[stream] = before  # this process did not see it
    r = enter(director, tid, 1, 1)
    assert r.status_code == 201, r.json()
    assert handlers.TOURNAMENTS.entries[stream][0] > before[0]


def test_a_result_on_a_stream_this_process_has_not_seen_is_refused_as_before() -> None:
    """The guess "new stream" is wrong: the append loses its compare-and-set,
    the stream is read and the command decided on it (409, nothing stored)."""
    tid, director = setup()
    assert enter(director, tid, 1, 1).status_code == 201
    handlers.BOARD_RESULTS.entries.clear()  # another process entered it
    r = enter(director, tid, 1, 1)
    assert r.status_code == 409, r.json()
    assert r.json()["type"].endswith("/result_already_entered")
    stream = board_result.stream_id(uuid.UUID(tid), 1, 1, 1)
    assert [e.event_type for e in event_store().read_stream(stream).events] == [
        "board_result.entered"
    ]


def test_a_confirmation_on_a_stream_this_process_has_not_seen_reads_it() -> None:
    """The guess refuses (no result to confirm on a new stream): the stream
    is read and the confirmation decided on it. A director's entry is
    confirmed already (Law 79A), so there is nothing to record: 200, where
    the guessed state would have answered 422 "no result to confirm"."""
    tid, director = setup()
    assert enter(director, tid, 1, 1).status_code == 201
    handlers.BOARD_RESULTS.entries.clear()
    r = director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{tid}/sessions/1/boards/1/tables/1/confirmations/",
        {},
        format="json",
    )
    assert (r.status_code, r.json()) == (200, {"detail": "nothing to record"})
    stream = board_result.stream_id(uuid.UUID(tid), 1, 1, 1)
    assert [e.event_type for e in event_store().read_stream(stream).events] == [
        "board_result.entered"
    ]
