"""A ruling is one command, whatever it does on its board (decision 0220):
the board not played (Law 12C2), the ruling (Laws 81-85) and its adjusted
score (Law 12) are stored in one transaction, or refused with nothing
written; and the FIGB catalogue's assigned score is the domain's, the same
from the console as from the API (N-L8 §5, N-L87 §2, App1 §7)."""

from __future__ import annotations

import re
import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client

from eventstore.store import event_store
from tests.support.pairs_event import client_for, enter_all, make_tournament, seat_pairs
from tests.support.site import site_event
from tournaments import handlers
from tournaments.domain import board_result, tournament

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
IT = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9"}


def text(response: Any) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def board_events(tid: str, board: int, table: int) -> list[Any]:
    stream = board_result.stream_id(uuid.UUID(tid), 1, board, table)
    return list(event_store().read_stream(stream).events)


def not_played(key: str, board: int, table: int, **more: str) -> dict[str, Any]:
    return {
        "idempotency_key": key,
        "board": str(board),
        "table": str(table),
        "laws": ["12C2"],
        "facts": "The pair arrived after the round",
        "decision": "Average plus to North-South",
        "not_played": "on",
        "adjustment": "artificial",
        "ns_percent": "60",
        "ew_percent": "40",
        **more,
    }


def test_the_board_not_played_and_the_score_are_the_rulings_own_events() -> None:
    """One command: the irregularity, the ruling and the score are recorded
    together, as the ruling's command, at consecutive positions."""
    event = site_event(publish=False, skip={(1, 1)})
    client = Client()
    client.force_login(event.director_user)
    base = f"/console/events/{event.tid}/sessions/1"
    response = client.post(f"{base}/rulings/", not_played("one", 1, 1), **EN)
    assert response.status_code == 201, text(response)
    recorded = board_events(event.tid, 1, 1)
    assert [e.event_type for e in recorded] == [
        "board_result.irregularity_recorded",
        "board_result.adjusted_score_awarded",
    ]
    assert {e.metadata["command"] for e in recorded} == {"give_ruling"}
    state = handlers.load_tournament(uuid.UUID(event.tid))
    [ruling] = state.rulings.values()
    assert (ruling.board_number, ruling.table) == (1, 1)
    ruling_position = max(
        e.global_position
        for e in event_store()
        .read_stream(tournament.stream_id(uuid.UUID(event.tid)))
        .events
    )
    assert [e.global_position for e in recorded] == [
        ruling_position + 1,
        ruling_position + 2,
    ]


def test_a_score_refused_after_the_board_not_played_leaves_nothing() -> None:
    """The correction period is over (Law 79C): the board not played could
    be recorded, the adjusted score cannot (an appeal's only). The ruling is
    refused whole: no irregularity, no ruling, no score."""
    n = uuid.uuid4().hex[:6]
    staff, _ = client_for(f"ocs{n}", federation_staff={})
    tid = make_tournament(
        staff, timedelta(hours=-1), inadmissible_minutes=0, appeal_minutes=0
    )
    director_api, director = client_for(
        f"ocd{n}", chief_director={"tournament_id": tid}
    )
    seat_pairs(staff, tid, {}, timedelta(minutes=-1))
    enter_all(director_api, tid, skip={(1, 1)})
    published = director_api.post(f"/api/v1/tournaments/{tid}/sessions/1/publications/")
    assert published.status_code == 201
    client = Client()
    client.force_login(director)
    response = client.post(
        f"/console/events/{tid}/sessions/1/rulings/", not_played("late", 1, 1), **EN
    )
    assert response.status_code == 409
    assert "The correction period has ended (Law 79C)" in text(response)
    assert board_events(tid, 1, 1) == []
    assert handlers.load_tournament(uuid.UUID(tid)).rulings == {}


def catalogue_ruling(key: str, board: int, **more: str) -> dict[str, Any]:
    return {
        "idempotency_key": key,
        "board": str(board),
        "table": "1",
        "laws": ["12C2"],
        "facts": "A system the event does not permit, noticed by East-West",
        "decision": "The catalogue's score",
        "adjustment": "catalogue",
        "ruling_catalogue": "system_breach",
        **more,
    }


def test_the_catalogues_score_is_the_same_from_the_console_and_the_api() -> None:
    """App1 §7: 60% to the innocent side, 40% to the offender, North-South
    offending: A40/60 on board 1 from the console and on board 2 from the
    API; without the offending side both refuse naming it."""
    event = site_event(publish=False)
    client = Client()
    client.force_login(event.director_user)
    base = f"/console/events/{event.tid}/sessions/1"
    page = client.get(f"{base}/", **IT)
    assert 'name="ruling_catalogue" value="system_breach"' in page.content.decode()
    nameless = client.post(f"{base}/rulings/", catalogue_ruling("c0", 1), **EN)
    assert nameless.status_code == 422
    assert (
        "Choose the offending side: the entry gives the two sides different scores"
        in text(nameless)
    )
    console = client.post(
        f"{base}/rulings/", catalogue_ruling("c1", 1, offender="ns"), **EN
    )
    assert console.status_code == 201, text(console)
    api = f"/api/v1/tournaments/{event.tid}/sessions/1/rulings/"
    body = {
        "board_number": 2,
        "table": 1,
        "laws": ["12C2"],
        "facts": "A system the event does not permit, noticed by East-West",
        "decision": "The catalogue's score",
        "catalogue": "system_breach",
    }
    refused = event.director.post(api, body, format="json")
    assert refused.status_code == 422
    assert (refused.json()["code"], refused.json()["field"]) == (
        "invalid_penalty",
        "offender",
    )
    given = event.director.post(api, {**body, "offender": "ns"}, format="json")
    assert given.status_code == 201, given.json()
    tid = uuid.UUID(event.tid)
    scores = [
        handlers.BOARD_RESULTS.load(board_result.stream_id(tid, 1, board, 1))[
            1
        ].adjusted
        for board in (1, 2)
    ]
    assert scores == ["A40/60", "A40/60"]
    assert len(handlers.load_tournament(tid).rulings) == 2
