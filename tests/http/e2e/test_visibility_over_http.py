"""Issue 16, item 1, over real HTTP on PostgreSQL: results by the Laws.

Until a session is published its travellers, score cards, standings, recap,
hand records and live play answer only its directors (and staff); anonymous
callers and other users 403 (decision 0105). A player sees his own table's
line of a board he has played, his own score card and the play at his own
table, and nothing of a board he has yet to play. Publication opens them all.
"""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from eventstore.projections import ProjectionRunner
from eventstore.store import event_store
from tests.http.e2e.test_bad_input_over_http import Event
from tests.support.http import HttpClient
from tests.support.players import register_players
from tests.support.server import Server
from tournaments.projections import TournamentResults

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

READS = [
    "boards/1/traveller/",
    "entries/1/score-card/",
    "standings/",
    "recap/",
    "hand-records/",
    "hand-records.pbn",
    "double-dummy/",
    "tables/1/boards/1/play/",
]


class Session(Event):
    """Four pairs, two tables playing boards 1-2; table 1 has played board 1."""

    def __init__(self, url: str) -> None:
        super().__init__(url, entries=0)
        self.players: dict[int, list[str]] = {}
        for number in range(1, 5):
            self.players[number] = register_players(2)
            assert self.enter(number, self.players[number]).status_code == 201
        now = event_store().now()
        scheduled = self.staff.post(
            f"/api/v1/tournaments/{self.tid}/sessions/",
            {
                "session": 1,
                "movement": "explicit",
                "starts_at": (now - timedelta(hours=2)).isoformat(),
                "ends_at": (now - timedelta(hours=1)).isoformat(),
                "assignments": [
                    {"round": 1, "table": 1, "ns": 1, "ew": 2, "boards": [1, 2]},
                    {"round": 1, "table": 2, "ns": 3, "ew": 4, "boards": [2, 1]},
                ],
            },
        )
        assert scheduled.status_code == 201, scheduled.json()
        self.base = f"/api/v1/tournaments/{self.tid}/sessions/1/"
        entered = self.director.post(
            self.base + "results/",
            {"board_number": 1, "table": 1, "contract": "4SN", "tricks": 10},
        )
        assert entered.status_code == 201, entered.json()
        self.position = entered.json()["last_position"]

    def player(self, number: int) -> HttpClient:
        user = get_user_model().objects.create_user(f"p{number}-{uuid.uuid4().hex[:6]}")
        RoleGrant.objects.create(
            user=user, role="player", player_id=self.players[number][0]
        )
        return HttpClient(self.url, user)

    def read(self, client: HttpClient, path: str) -> Any:
        ProjectionRunner(TournamentResults()).catch_up()
        return client.get(self.base + path, {"min_position": self.position})

    def publish(self) -> None:
        published = self.director.post(self.base + "publications/")
        assert published.status_code == 201, published.json()
        self.position = published.json()["last_position"]


@pytest.fixture
def session(server: Server) -> Session:
    return Session(server.url)


def test_before_publication_only_directors_and_staff_read(session: Session) -> None:
    anonymous = HttpClient(session.url)
    stranger = session.client("stranger")
    for path in READS:
        assert session.read(anonymous, path).status_code == 403, path
        assert session.read(stranger, path).status_code == 403, path
        expected = 409 if path == "hand-records.pbn" else 200  # none recorded
        assert session.read(session.director, path).status_code == expected, path
        assert session.read(session.staff, path).status_code == expected, path
    traveller = session.read(session.director, "boards/1/traveller/").json()
    assert [line["table"] for line in traveller["results"]] == [1]


def test_a_player_sees_his_own_table_and_nothing_of_a_board_yet_to_play(
    session: Session,
) -> None:
    played, waiting = session.player(1), session.player(3)
    own = session.read(played, "boards/1/traveller/")
    assert own.status_code == 200, own.json()
    assert [(r["table"], r["ns"], r["tricks"]) for r in own.json()["results"]] == [
        (1, 1, 10)
    ]
    assert session.read(waiting, "boards/1/traveller/").status_code == 403
    assert session.read(played, "boards/2/traveller/").status_code == 403
    assert session.read(played, "entries/1/score-card/").status_code == 200
    assert session.read(played, "entries/3/score-card/").status_code == 403
    assert session.read(waiting, "entries/3/score-card/").status_code == 200
    assert session.read(played, "tables/1/boards/2/play/").status_code == 200
    assert session.read(played, "tables/2/boards/2/play/").status_code == 403
    assert session.read(waiting, "tables/1/boards/1/play/").status_code == 403
    for path in ("standings/", "recap/", "hand-records/", "double-dummy/"):
        assert session.read(played, path).status_code == 403, path


def test_publication_opens_every_read_to_anyone(session: Session) -> None:
    session.publish()
    anonymous = HttpClient(session.url)
    for path in READS:
        expected = 409 if path == "hand-records.pbn" else 200
        assert session.read(anonymous, path).status_code == expected, path
    traveller = session.read(anonymous, "boards/1/traveller/").json()
    assert [line["contract"] for line in traveller["results"]] == ["4SN"]
