"""Every console page and action refused to every role that should not have
it, with its exact status: a visitor is sent to sign in (302), anyone signed
in who is not a director of this tournament is refused (403: federation
staff, a player of the event, the organizer, a director of another event);
a table's device is a visitor to the console. The table pages admit only a
device signed in with a current code (302 to the code's form otherwise).
"""

from __future__ import annotations

import uuid
from typing import Any
from urllib.parse import quote

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from access.models import RoleGrant
from console.models import TableCode
from tests.support.site import site_event
from tournaments import handlers

pytestmark = pytest.mark.django_db

EVERYTHING = frozenset((b, t) for b in range(1, 7) for t in range(1, 4))
GETS = [
    "",
    "movement/",
    "rounds/1/",
    "print/guide-cards/",
    "print/table-cards/",
    "print/travellers/",
    "print/recap/",
    "print/standings/",
]
POSTS = [
    "rounds/1/",
    "rulings/",
    "penalties/",
    "publication/",
    "corrections/",
    "table-codes/",
]


def user_with(role: str | None, **scope: object) -> Client:
    user = get_user_model().objects.create_user(f"u{uuid.uuid4().hex[:10]}")
    if role is not None:
        RoleGrant.objects.create(user=user, role=role, **scope)  # type: ignore[misc]
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def event() -> object:
    return site_event(publish=True)


def _paths(event: object) -> tuple[list[str], list[str]]:
    base = f"/console/events/{event.tid}/sessions/1/"  # type: ignore[attr-defined]
    return [base + p for p in GETS], [base + p for p in POSTS]


def test_a_visitor_is_sent_to_sign_in_from_every_page_and_action(
    event: object,
) -> None:
    gets, posts = _paths(event)
    for path in gets:
        response = Client().get(path)
        assert response.status_code == 302, path
        assert response["Location"] == f"/login/?next={quote(path)}"
    for path in posts:
        response = Client().post(path, {"idempotency_key": "k"})
        assert response.status_code == 302, path
        assert response["Location"] == f"/login/?next={quote(path)}"


def test_everyone_signed_in_but_the_events_directors_is_refused_403(
    event: object,
) -> None:
    tid = uuid.UUID(event.tid)  # type: ignore[attr-defined]

    player_id = next(iter(handlers.load_tournament(tid).entries[1].player_ids))
    clients = {
        "no role": user_with(None),
        "federation staff": user_with("federation_staff"),
        "player of the event": user_with("player", player_id=player_id),
        "organizer": user_with("organizer", tournament_id=tid),
        "director of another event": user_with("director", tournament_id=uuid.uuid4()),
        "committee member": user_with("committee_member", appeal_id=uuid.uuid4()),
    }
    gets, posts = _paths(event)
    for name, client in clients.items():
        for path in gets:
            assert client.get(path).status_code == 403, (name, path)
        for path in posts:
            answered = client.post(path, {"idempotency_key": "k"})
            assert answered.status_code == 403, (name, path)
    # Nothing any of them sent was recorded: the session has no ruling.
    assert handlers.load_tournament(tid).rulings == {}


def test_the_events_director_reads_every_page_and_actions_refuse_a_get(
    event: object,
) -> None:
    director = Client()
    director.force_login(event.director_user)  # type: ignore[attr-defined]
    gets, posts = _paths(event)
    for path in gets:
        assert director.get(path).status_code == 200, path
    for path in posts:
        if path.endswith("rounds/1/"):
            continue  # the round's page answers its GET
        response = director.get(path)
        assert response.status_code == 405, path
        assert response["Allow"] == "POST"
    # An assistant director of the event is admitted as the chief is.
    tid = uuid.UUID(event.tid)  # type: ignore[attr-defined]
    assistant = user_with("director", tournament_id=tid)
    assert assistant.get(gets[0]).status_code == 200


def test_the_table_pages_admit_only_a_device_with_a_current_code() -> None:
    event = site_event(publish=False, skip=EVERYTHING)
    director = Client()
    director.force_login(event.director_user)
    base = f"/console/events/{event.tid}/sessions/1/"
    assert director.get(base).status_code == 200
    # A GET writes no code (decision 0160): the director issues them.
    assert not TableCode.objects.filter(tournament_id=uuid.UUID(event.tid)).exists()
    issued = director.post(f"{base}table-codes/", {"action": "issue"})
    assert issued.status_code == 201
    assert TableCode.objects.filter(tournament_id=uuid.UUID(event.tid)).count() == 3
    # A director signed in is no table: the table pages want a code.
    for path in ("/table/boards/", "/table/boards/1/"):
        response = director.get(path)
        assert response.status_code == 302
        assert response["Location"] == "/table/"
    code = TableCode.objects.get(
        tournament_id=uuid.UUID(event.tid), session=1, table=1
    ).code
    phone = Client()
    assert phone.post("/table/", {"code": code}).status_code == 302
    assert phone.get("/table/boards/").status_code == 200
    response = Client().post("/table/boards/1/", {"action": "confirm"})
    assert response.status_code == 302
    assert response["Location"] == "/table/"
    # A table's device is a visitor to the console.
    console = phone.get(base)
    assert console.status_code == 302
    assert console["Location"].startswith("/login/")
    # New codes: the device's old code signs it in no more.
    renewed = director.post(f"{base}table-codes/", {"action": "renew"})
    assert renewed.status_code == 201
    response = phone.get("/table/boards/")
    assert response.status_code == 302
    assert response["Location"] == "/table/"
    assert phone.put("/table/").status_code == 405


def test_wrong_codes_are_throttled_429_past_the_table_rate(settings: Any) -> None:
    settings.ARBITRO_THROTTLE_RATES = {"table": "10/min"}
    # An address of its own: the count lives in the shared cache for a minute.
    phone = Client(REMOTE_ADDR=f"test-{uuid.uuid4().hex}")
    statuses = [
        phone.post("/table/", {"code": f"WRONG{n:03d}"}).status_code for n in range(11)
    ]
    assert statuses == [400] * 10 + [429]
    assert 0 < int(phone.post("/table/", {"code": "x"})["Retry-After"]) <= 60
