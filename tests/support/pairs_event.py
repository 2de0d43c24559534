"""A pairs event over the API: the clients, the tournament, six pairs seated in a
3-table Mitchell, every result entered and the read models run.

The e2e scenarios of every context build on these; the real-HTTP tests swap
``new_client`` for a client that talks to the server process
(``tests/support/http.py``).
"""

from __future__ import annotations

import uuid
from datetime import timedelta

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from access.models import RoleGrant
from eventstore.projections import ProjectionRunner
from eventstore.store import event_store
from tests.support.auth import token_client
from tests.support.players import register_players
from tournaments.projections import TournamentResults

PAIRS = 6  # a 3-table Mitchell: NS 1-3, EW 4-6


def project() -> None:
    ProjectionRunner(TournamentResults()).catch_up()


def in_process_client(user: object) -> APIClient:
    """Django's test client, logged in as ``user`` with a real token; the
    real-HTTP tests replace this with a client that talks to a server in
    another process (tests/support/http.py)."""
    return token_client(user)


new_client = in_process_client


def client_for(username: str, **grant: object) -> tuple[APIClient, object]:
    user = get_user_model().objects.create_user(username)
    for role, scope in grant.items():
        RoleGrant.objects.create(user=user, role=role, **scope)  # type: ignore[arg-type]
    return new_client(user), user


def make_tournament(staff: APIClient, ends_in: timedelta, **windows: object) -> str:
    now = event_store().now()
    tid = str(uuid.uuid4())
    body = {
        "tournament_id": tid,
        "name": "Coppa Arbitro",
        "form": "pairs",
        "scoring": "matchpoints",
        "starts_at": now.isoformat(),
        "windows": windows,
    }
    assert staff.post("/api/v1/tournaments/", body, format="json").status_code == 201
    return tid


def seat_pairs(
    staff: APIClient, tid: str, players: dict[int, list[str]], ends_in: timedelta
) -> None:
    for number in range(1, PAIRS + 1):
        ids = players.get(number) or register_players(2)
        r = staff.post(
            f"/api/v1/tournaments/{tid}/entries/",
            {"number": number, "player_ids": ids},
            format="json",
        )
        assert r.status_code == 201, r.json()
    now = event_store().now()
    r = staff.post(
        f"/api/v1/tournaments/{tid}/sessions/",
        {
            "session": 1,
            "movement": "mitchell",
            "pairs": PAIRS,
            "boards_per_round": 2,
            "starts_at": (now - timedelta(hours=2)).isoformat(),
            "ends_at": (now + ends_in).isoformat(),
        },
        format="json",
    )
    assert r.status_code == 201, r.json()


def traveller(client: APIClient, tid: str, board: int) -> list[dict]:
    return client.get(
        f"/api/v1/tournaments/{tid}/sessions/1/boards/{board}/traveller/"
    ).json()["results"]


def enter_all(
    director: APIClient, tid: str, skip: set[tuple[int, int]] = frozenset()
) -> None:
    contracts = ["4SN", "4SN", "3NTS"]
    tricks = [10, 11, 9]
    for board in range(1, 7):
        for table in range(1, 4):
            if (board, table) in skip:
                continue
            r = director.post(
                f"/api/v1/tournaments/{tid}/sessions/1/results/",
                {
                    "board_number": board,
                    "table": table,
                    "contract": contracts[table - 1],
                    "tricks": tricks[table - 1],
                    "lead": "HA",
                },
                format="json",
            )
            if r.status_code == 422 and r.json()["code"] == "not_seated":
                continue  # this board is not at this table in this movement
            assert r.status_code == 201, r.json()
