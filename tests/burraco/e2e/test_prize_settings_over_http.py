"""Prize settings given with the tournament's creation (decision 0193) and
prizes per merit group (decision 0194), over the API: the creation records
the very ``PrizesSet`` the later command would; a bad setting refuses the
whole creation naming the field and Art. 40; each group pays its own
places of the one pool."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from access.models import RoleGrant
from burraco import domain as b
from burraco.handlers import load_burraco
from eventstore.store import event_store
from tests.burraco.integration.test_export import played
from tests.support.auth import token_client
from tests.support.burraco import last_event

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

PATH = "/api/v1/burraco/tournaments/"


def staff() -> APIClient:
    user = get_user_model().objects.create_user(f"s{uuid.uuid4().hex[:10]}")
    RoleGrant.objects.create(user=user, role="federation_staff")  # type: ignore[misc]
    return token_client(user)


def creation(**more: Any) -> dict[str, Any]:
    return {
        "tournament_id": str(uuid.uuid4()),
        "name": "Burraco con premi",
        "starts_at": event_store().now().isoformat(),
        "hands_per_turn": 2,
        "turns": 4,
        **more,
    }


def test_the_prizes_are_set_with_the_creation() -> None:
    client = staff()
    body = creation(
        prizes={
            "entry_fee_cents": 1500,
            "pool_percent": 60,
            "shares": [50, 30, 20],
            "costs_per_entry_cents": 400,
        }
    )
    created = client.post(PATH, body, format="json")
    assert created.status_code == 201, created.content
    tid = uuid.UUID(body["tournament_id"])
    assert last_event(tid, b.PrizesSet) == b.PrizesSet(
        entry_fee_cents=1500,
        pool_percent=60,
        shares=(50, 30, 20),
        costs_per_entry_cents=400,
    )
    prizes = client.get(f"{PATH}{tid}/prizes/").json()
    assert prizes["settings"] == {
        "entry_fee_cents": 1500,
        "pool_percent": 60,
        "shares": [50, 30, 20],
        "costs_per_entry_cents": 400,
        "group_shares": [],
    }
    # The same creation sent again (its key) is answered, not refused.
    again = creation(prizes={"entry_fee_cents": 1000, "pool_percent": 50})
    headers = {"HTTP_IDEMPOTENCY_KEY": "crea-1"}
    first = client.post(PATH, again, format="json", **headers)
    second = client.post(PATH, again, format="json", **headers)
    assert (first.status_code, second.status_code) == (201, 201)
    assert first.json() == second.json()


def test_a_bad_prize_setting_refuses_the_creation_naming_the_rule() -> None:
    client = staff()
    over = creation(
        prizes={"entry_fee_cents": 1000, "pool_percent": 50, "shares": [70, 40]}
    )
    refused = client.post(PATH, over, format="json")
    assert refused.status_code == 422, refused.content
    problem = refused.json()
    assert (problem["code"], problem["field"], problem["law"]) == (
        "invalid_setting",
        "prizes.shares",
        "Codice di Gara Art. 40",
    )
    assert problem["detail"] == "the places' shares add up to 110%, more than the pool"
    # Nothing was created: neither the tournament nor its burraco stream.
    assert load_burraco(uuid.UUID(over["tournament_id"])).opened is None

    no_groups = creation(
        prizes={
            "entry_fee_cents": 1000,
            "pool_percent": 50,
            "group_shares": [[40], [20]],
        }
    )
    refused = client.post(PATH, no_groups, format="json")
    assert refused.status_code == 422, refused.content
    assert (refused.json()["field"], refused.json()["detail"]) == (
        "prizes.group_shares",
        "prizes for 2 merit groups, but the tournament has no merit groups",
    )
    three = creation(
        mitchell_turns=2,
        split_after=2,
        merit_groups=2,
        prizes={
            "entry_fee_cents": 1000,
            "pool_percent": 50,
            "group_shares": [[40], [20], [10]],
        },
    )
    refused = client.post(PATH, three, format="json")
    assert refused.status_code == 422, refused.content
    assert refused.json()["detail"] == (
        "prizes for 3 merit groups, but the tournament splits into 2"
    )


def test_each_merit_group_pays_its_own_places(monkeypatch: pytest.MonkeyPatch) -> None:
    tid = played(monkeypatch)
    client = staff()
    path = f"{PATH}{tid}/prizes/"
    assert (
        client.post(
            path,
            {
                "entry_fee_cents": 2000,
                "pool_percent": 50,
                "shares": [60, 40],
                "group_shares": [[50], [30]],
            },
            format="json",
        ).status_code
        == 201
    )
    standings = b.standings_after(load_burraco(tid), 3)
    first = {s.group: s.pair for s in standings if s.rank in (1, 3)}
    body = client.get(path).json()
    # 4 pairs x 20.00 x 50% = 40.00; A's first 50%, B's first 30%.
    assert (body["by_group"], body["pool_cents"]) == (True, 4000)
    assert body["prizes"] == [
        {"pair": first["A"], "rank": 1, "group": "A", "cents": 2000},
        {"pair": first["B"], "rank": 1, "group": "B", "cents": 1200},
    ]
    assert body["undistributed_cents"] == 800
