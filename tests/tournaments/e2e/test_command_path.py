"""The one command path as a client meets it (issue 11, defects 1-3).

Each scenario runs in process here and over real HTTP against a live server
(``tests/http/e2e``): a refused ruling leaves nothing; a retried key gets the
first answer whatever happened since; keys are the caller's own; the result
of a board played card by card is stored with its last card.
"""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from eventstore.models import IdempotencyKey
from eventstore.processes import ProcessRunner
from eventstore.store import Metadata, event_store
from rules.bridge.deal import Deal
from tests.support.pairs_event import (
    client_for,
    make_tournament,
    project,
    seat_pairs,
    traveller,
)
from tournaments import handlers, live_play
from tournaments.domain import board_play, board_result, tournament
from tournaments.domain.board_play.events import BoardDealt, ResultRecorded

pytestmark = pytest.mark.django_db
DEAL = "N:QJ6.K652.J85.T98 873.J97.AT764.Q4 K5.T83.KQ9.A7652 AT942.AQ4.32.KJ3"


def setup() -> tuple[str, object, object]:
    staff, _ = client_for("cstaff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for("ctd", chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    return tid, staff, director


def stream_types(tid: str) -> list[str]:
    history = event_store().read_stream(tournament.stream_id(uuid.UUID(tid)))
    return [e.event_type for e in history.events]


def result_events(tid: str, board: int, table: int) -> list[str]:
    stream = board_result.stream_id(uuid.UUID(tid), 1, board, table)
    return [e.event_type for e in event_store().read_stream(stream).events]


def enter(director: object, tid: str, key: str | None = None, tricks: int = 10):
    headers = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    return director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{tid}/sessions/1/results/",
        {"board_number": 1, "table": 1, "contract": "4SN", "tricks": tricks},
        format="json",
        **headers,
    )


def test_a_refused_ruling_stores_nothing_and_a_retry_is_refused_again() -> None:
    """Defect 1: the ruling and its adjusted score are one command."""
    tid, _staff, director = setup()
    assert enter(director, tid).status_code == 201
    before = stream_types(tid)
    body = {
        "board_number": 1,
        "table": 1,
        "laws": ["12C1"],
        "facts": "misinformation",
        "decision": "score adjusted",
        "adjusted_score": "assigned:140@0.6,-100@zero",
    }
    for _ in range(2):
        refused = director.post(  # type: ignore[attr-defined]
            f"/api/v1/tournaments/{tid}/sessions/1/rulings/", body, format="json"
        )
        assert refused.status_code == 422, refused.json()
        assert refused.json()["code"] == "invalid_weights"
        assert refused.json()["law"] == "Law 12C1"
    assert stream_types(tid) == before
    project()
    listed = director.get(f"/api/v1/tournaments/{tid}/sessions/1/ruling-list/")  # type: ignore[attr-defined]
    assert listed.json() == {"count": 0, "next": None, "previous": None, "results": []}
    # A valid one is stored whole: the ruling and its score.
    body["adjusted_score"] = "assigned:140@0.6,-100@0.4"
    given = director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{tid}/sessions/1/rulings/", body, format="json"
    )
    assert given.status_code == 201, given.json()
    assert stream_types(tid)[-1] == "tournament.ruling_given"
    assert result_events(tid, 1, 1)[-1] == "board_result.adjusted_score_awarded"


def test_a_retried_key_gets_the_first_answer_whatever_happened_since() -> None:
    """Defect 2: the key is looked up before anything is decided."""
    tid, staff, director = setup()
    first = enter(director, tid, key="res-1")
    assert first.status_code == 201, first.json()
    # Deciding the entry again would refuse it (the board is entered): the
    # retry is answered with the first answer instead.
    again = enter(director, tid, key="res-1")
    assert again.status_code == 201, again.json()
    assert again.json() == first.json()
    assert result_events(tid, 1, 1) == ["board_result.entered"]
    # The same key with another command is refused, naming the key.
    other = enter(director, tid, key="res-1", tricks=9)
    assert other.status_code == 409
    assert other.json()["code"] == "idempotency_key_reused"
    # Keys are the caller's own: staff's "res-1" is another key.
    mine = staff.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{tid}/sessions/1/publications/",
        format="json",
        HTTP_IDEMPOTENCY_KEY="res-1",
    )
    assert mine.status_code == 403  # staff is no director here: refused, not 409
    repeat_entry = director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{tid}/sessions/1/publications/",
        format="json",
        HTTP_IDEMPOTENCY_KEY="pub-1",
    )
    assert repeat_entry.status_code == 201
    answered = director.post(  # type: ignore[attr-defined]
        f"/api/v1/tournaments/{tid}/sessions/1/publications/",
        format="json",
        HTTP_IDEMPOTENCY_KEY="pub-1",
    )
    assert answered.status_code == 201
    assert answered.json() == repeat_entry.json()
    assert stream_types(tid).count("tournament.session_scores_published") == 1
    # Every stored key is scoped to its caller: no client reaches internal work.
    assert all(
        k.startswith("client:user:")
        for k in IdempotencyKey.objects.values_list("key", flat=True)
    )


def test_a_retried_call_is_answered_not_recorded_out_of_rotation() -> None:
    tid, _staff, director = setup()
    url = f"/api/v1/tournaments/{tid}/sessions/1/tables/1/boards/1/play/"
    assert (
        director.post(url + "start/", {"deal": DEAL}, format="json").status_code == 201
    )  # type: ignore[attr-defined]
    call = {"seat": "N", "call": "1NT"}
    first = director.post(
        url + "calls/", call, format="json", HTTP_IDEMPOTENCY_KEY="c1"
    )  # type: ignore[attr-defined]
    again = director.post(
        url + "calls/", call, format="json", HTTP_IDEMPOTENCY_KEY="c1"
    )  # type: ignore[attr-defined]
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    detail = director.get(url).json()  # type: ignore[attr-defined]
    assert detail.get("pending") is None  # no call out of rotation was recorded


def test_the_last_card_and_its_result_are_stored_together_once() -> None:
    """Defect 3: the carry commits with the 52nd card; the process manager
    that catches up finds it stored and adds nothing."""
    tid, _staff, director = setup()
    url = f"/api/v1/tournaments/{tid}/sessions/1/tables/1/boards/1/play/"
    director.post(url + "start/", {"deal": DEAL}, format="json")  # type: ignore[attr-defined]
    for seat, call in (("N", "1NT"), ("E", "P"), ("S", "P"), ("W", "P")):
        director.post(url + "calls/", {"seat": seat, "call": call}, format="json")  # type: ignore[attr-defined]
    ref = handlers.TableRef(uuid.UUID(tid), 1, 1, 1)
    for index in range(52):
        state = live_play.load(ref)
        card = min(state.legal_cards(), key=lambda c: (c.suit.rank, c.rank))
        body = {"seat": state.turn.value, "card": str(card)}
        played = director.post(  # type: ignore[attr-defined]
            url + "cards/", body, format="json", HTTP_IDEMPOTENCY_KEY=f"card-{index}"
        )
        assert played.status_code == 201, played.json()
        if index < 51:
            assert result_events(tid, 1, 1) == []
    assert result_events(tid, 1, 1) == ["board_result.entered"]
    # The last card retried: the first answer, no second carry.
    retried = director.post(  # type: ignore[attr-defined]
        url + "cards/", body, format="json", HTTP_IDEMPOTENCY_KEY="card-51"
    )
    assert retried.status_code == 201
    assert retried.json() == played.json()
    assert ProcessRunner(live_play.ResultCarry()).catch_up() == 1  # the one result
    assert result_events(tid, 1, 1) == ["board_result.entered"]
    project()
    [line] = [t for t in traveller(director, tid, 1) if t["table"] == 1]
    assert line["contract"] == "1NTN"


def test_a_result_recorded_without_its_carry_is_carried_once_on_catch_up() -> None:
    """A result stored without its carry (written before the carry was a
    process manager, or by any path that did not carry it) is carried by
    ``ResultCarry`` exactly once, however often it runs."""
    tid, _staff, _director = setup()
    table = live_play.table_id(uuid.UUID(tid), 1, 2)
    stream = board_play.stream_id(table, 3)
    event_store().append(
        stream,
        [
            BoardDealt(
                table_id=table,
                board_number=3,
                deal=Deal.from_pbn(DEAL),
                at=event_store().now(),
            ),
            ResultRecorded(contract="3NTS", tricks_made=9, at=event_store().now()),
        ],
        stream_type=live_play.STREAM_TYPE,
        expected_version=0,
        metadata=Metadata(actor="user:1", tournament_id=uuid.UUID(tid)),
    )
    assert result_events(tid, 3, 2) == []
    runner = ProcessRunner(live_play.ResultCarry())
    runner.catch_up()
    runner.catch_up()
    assert result_events(tid, 3, 2) == ["board_result.entered"]
    [carried] = (
        event_store()
        .read_stream(board_result.stream_id(uuid.UUID(tid), 1, 3, 2))
        .events
    )
    recorded = event_store().read_stream(stream).events[1]
    assert carried.metadata["causation_id"] == str(recorded.event_id)
    assert carried.event.contract == "3NTS"
    assert carried.event.tricks == 9


@pytest.mark.postgres  # SQLite checks the guard in a statement of its own
def test_a_result_checks_the_cached_tournament_in_its_append_without_reading_it() -> (
    None
):
    """Issue 13: the view's seat check and the command share the process's
    cached tournament, and the append proves it current (decision 0165): the
    tournament stream is not read, and its payload (the session schedule)
    never sent; the guard names the stream, its version and position."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    tid, _, director = setup()
    stream = tournament.stream_id(uuid.UUID(tid))
    handlers.load_tournament(uuid.UUID(tid))  # the process cache is warm
    version, position, _ = handlers.TOURNAMENTS.entries[stream]
    with CaptureQueriesContext(connection) as queries:
        r = director.post(
            f"/api/v1/tournaments/{tid}/sessions/1/results/",
            {"board_number": 1, "table": 1, "contract": "3NTS", "tricks": 9},
            format="json",
        )
    assert r.status_code == 201, r.json()
    naming = [q["sql"] for q in queries.captured_queries if stream.hex in q["sql"]]
    assert len(naming) == 1
    assert naming[0].startswith(
        f"SELECT * FROM es_append_guarded('{stream.hex}'::uuid, {version}, {position}, "
    )
