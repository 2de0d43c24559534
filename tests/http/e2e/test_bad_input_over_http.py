"""Issue 11, defect 9, over real HTTP on PostgreSQL: bad input is refused.

An entry naming players who are not on the register (before and after
publication), a pairs event scored by a teams method, a burraco event and a
Law reference that is no Law ("99Z") are each refused with their exact
status, code and field, through a server in another process with real tokens, and leave
the tournament's stream as it was (decisions 0080-0083).
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from eventstore.store import event_store
from tests.support.http import HttpClient, HttpResponse
from tests.support.players import register_players
from tests.support.server import Server
from tournaments.domain import tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]
PROBLEM = "application/problem+json"


class Event:
    """A pairs event created over HTTP: staff, its chief director, 4 pairs."""

    def __init__(self, url: str, *, entries: int = 4) -> None:
        self.url = url
        self.staff = self.client("staff", federation_staff={})
        self.tid = str(uuid.uuid4())
        created = self.create(tournament_id=self.tid)
        assert created.status_code == 201, created.json()
        self.director = self.client("td", chief_director={"tournament_id": self.tid})
        for number in range(1, entries + 1):
            entered = self.enter(number, register_players(2))
            assert entered.status_code == 201, entered.json()

    def client(self, name: str, **grant: dict[str, Any]) -> HttpClient:
        user = get_user_model().objects.create_user(f"{name}-{uuid.uuid4().hex[:6]}")
        for role, scope in grant.items():
            RoleGrant.objects.create(user=user, role=role, **scope)
        return HttpClient(self.url, user)

    def create(self, **fields: Any) -> HttpResponse:
        body = {
            "name": "Coppa Arbitro",
            "form": "pairs",
            "scoring": "matchpoints",
            "starts_at": event_store().now().isoformat(),
            **fields,
        }
        return self.staff.post("/api/v1/tournaments/", body)

    def enter(self, number: int, player_ids: list[str]) -> HttpResponse:
        return self.staff.post(
            f"/api/v1/tournaments/{self.tid}/entries/",
            {"number": number, "player_ids": player_ids},
        )

    def schedule_and_publish(self) -> None:
        now = event_store().now()
        assignments = [
            {"round": 1, "table": 1, "ns": 1, "ew": 2, "boards": [1, 2]},
            {"round": 1, "table": 2, "ns": 3, "ew": 4, "boards": [1, 2]},
        ]
        scheduled = self.staff.post(
            f"/api/v1/tournaments/{self.tid}/sessions/",
            {
                "session": 1,
                "movement": "explicit",
                "starts_at": (now - timedelta(hours=2)).isoformat(),
                "ends_at": (now - timedelta(hours=1)).isoformat(),
                "assignments": assignments,
            },
        )
        assert scheduled.status_code == 201, scheduled.json()
        published = self.director.post(
            f"/api/v1/tournaments/{self.tid}/sessions/1/publications/"
        )
        assert published.status_code == 201, published.json()

    def version(self) -> int:
        return event_store().stream_version(tournament.stream_id(uuid.UUID(self.tid)))


def problem(response: HttpResponse, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.json()
    assert response.headers["Content-Type"] == PROBLEM
    body: dict[str, Any] = response.json()
    assert body["status"] == status
    return body


@pytest.mark.parametrize("published", [False, True], ids=["before", "after"])
def test_an_entry_naming_players_not_on_the_register_is_refused(
    server: Server, published: bool
) -> None:
    """Refused 422 unknown_player, naming the player's place and id, before
    and after the session's scores are published; nothing is recorded."""
    event = Event(server.url)
    if published:
        event.schedule_and_publish()
    before = event.version()
    stranger = str(uuid.uuid4())
    refused = event.enter(5, [register_players(1)[0], stranger])
    body = problem(refused, 422)
    assert (body["code"], body["field"], body["value"]) == (
        "unknown_player",
        "player_ids.1",
        stranger,
    )
    assert body["detail"] == f"player {stranger} is not on the register"
    assert event.version() == before
    accepted = event.enter(5, register_players(2))
    assert accepted.status_code == 201, accepted.json()


@pytest.mark.parametrize(
    ("form", "scoring", "allowed"),
    [
        ("pairs", "teams_imps_vp", "matchpoints or imps_butler or cross_imps"),
        ("teams", "matchpoints", "teams_imps_vp"),
        ("individual", "cross_imps", "matchpoints"),
    ],
)
def test_a_tournament_whose_form_its_scoring_cannot_score_is_refused(
    server: Server, form: str, scoring: str, allowed: str
) -> None:
    event = Event(server.url, entries=0)
    tid = uuid.uuid4()
    body = problem(
        event.create(tournament_id=str(tid), form=form, scoring=scoring), 422
    )
    assert (body["code"], body["field"], body["value"], body["law"]) == (
        "scoring_not_for_form",
        "scoring",
        scoring,
        "Law 78",
    )
    assert body["detail"] == f"a {form} event is scored by {allowed}, not {scoring}"
    assert event_store().stream_version(tournament.stream_id(tid)) == 0


def test_a_burraco_tournament_is_refused_as_not_yet_supported(server: Server) -> None:
    event = Event(server.url, entries=0)
    tid = uuid.uuid4()
    body = problem(event.create(tournament_id=str(tid), game="burraco"), 422)
    assert (body["code"], body["field"], body["value"]) == (
        "game_not_supported",
        "game",
        "burraco",
    )
    assert event_store().stream_version(tournament.stream_id(tid)) == 0


def test_a_ruling_citing_a_law_that_is_no_law_is_refused_naming_it(
    server: Server,
) -> None:
    """ "99Z": 400 naming laws.1 and the value; the ruling is not recorded."""
    event = Event(server.url)
    event.schedule_and_publish()
    before = event.version()
    refused = event.director.post(
        f"/api/v1/tournaments/{event.tid}/sessions/1/rulings/",
        {
            "board_number": 1,
            "table": 1,
            "laws": ["16B1(a)", "99Z"],
            "facts": "hesitation before 4S",
            "decision": "score adjusted",
            "adjusted_score": "A60/40",
        },
    )
    body = problem(refused, 400)
    assert (body["code"], body["field"]) == ("invalid", "laws.1")
    assert body["errors"] == [
        {
            "field": "laws.1",
            "code": "unknown_law",
            "detail": '"99Z": the 2017 Laws have no Law 99 (Laws 1 to 93)',
        }
    ]
    assert event.version() == before


def test_a_penalty_citing_a_section_its_law_does_not_have_is_refused(
    server: Server,
) -> None:
    event = Event(server.url)
    event.schedule_and_publish()
    before = event.version()
    refused = event.director.post(
        f"/api/v1/tournaments/{event.tid}/sessions/1/penalties/",
        {"entry_number": 1, "unit": "percent_of_top", "amount": 10, "law": "90C"},
    )
    body = problem(refused, 400)
    assert (body["code"], body["field"]) == ("invalid", "law")
    assert body["errors"] == [
        {
            "field": "law",
            "code": "unknown_law",
            "detail": '"90C": Law 90 has no section C',
        }
    ]
    assert event.version() == before
    accepted = event.director.post(
        f"/api/v1/tournaments/{event.tid}/sessions/1/penalties/",
        {"entry_number": 1, "unit": "percent_of_top", "amount": 10, "law": "90B8"},
    )
    assert accepted.status_code == 201, accepted.json()
