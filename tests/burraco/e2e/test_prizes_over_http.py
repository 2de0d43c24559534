"""Prizes over the API (decision 0189): the settings posted by the director,
the prizes from the final-turn standings, hidden from the public until
the final standings are published (decision 0200); an interruption at half the turns gives the Art. 40 refund."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from access.models import RoleGrant
from burraco import domain as b
from burraco.export import export_tournament
from burraco.handlers import handle_burraco, load_burraco
from tests.support.auth import token_client
from tests.support.burraco import open_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

NIL = b.SheetHand(fixed_base=0, fixed_points=0, mobile_base=0, mobile_points=0)


def director(tid: uuid.UUID) -> APIClient:
    user = get_user_model().objects.create_user(f"u{uuid.uuid4().hex[:10]}")
    RoleGrant.objects.create(user=user, role="director", tournament_id=tid)  # type: ignore[misc]
    return token_client(user)


def turn_one(tid: uuid.UUID, meta: object) -> tuple[int, int]:
    """Turn 1: table 1's fixed line wins by 200, table 2's mobile by 100."""
    for command in (
        b.FormLines(),
        b.PublishPositions(turn=1),
        b.EnterScoreSheet(
            turn=1,
            table=1,
            hands=(
                b.SheetHand(
                    fixed_base=200, fixed_points=0, mobile_base=0, mobile_points=0
                ),
                NIL,
            ),
        ),
        b.EnterScoreSheet(
            turn=1,
            table=2,
            hands=(
                b.SheetHand(
                    fixed_base=0, fixed_points=0, mobile_base=100, mobile_points=0
                ),
                NIL,
            ),
        ),
    ):
        handle_burraco(tid, command, metadata=meta)  # type: ignore[arg-type]
    positions = load_burraco(tid).positions[1]
    table = {p.table: p for p in positions}
    return table[1].fixed, table[2].mobile


def test_prizes_from_the_final_standings() -> None:
    tid, meta = open_tournament(4, turns=1)
    first, second = turn_one(tid, meta)
    client = director(tid)
    path = f"/api/v1/burraco/tournaments/{tid}/prizes/"
    hidden = APIClient().get(path)
    assert hidden.status_code == 404  # the standings are not published yet
    assert "published" in hidden.json()["detail"]
    handle_burraco(tid, b.PublishFinalStandings(), metadata=meta)

    refused = client.post(
        path,
        {"entry_fee_cents": 1000, "pool_percent": 50, "shares": [70, 40]},
        format="json",
    )
    assert refused.status_code == 422, refused.content
    assert "40" in refused.json()["law"]

    posted = client.post(
        path,
        {"entry_fee_cents": 1000, "pool_percent": 50, "shares": [60, 40]},
        format="json",
    )
    assert posted.status_code == 201, posted.content
    body = client.get(path).json()
    assert body["pool_cents"] == 2000  # 4 pairs x 10.00 x 50%
    assert body["prizes"] == [
        {"pair": first, "rank": 1, "group": "", "cents": 1200},
        {"pair": second, "rank": 2, "group": "", "cents": 800},
    ]
    assert (body["undistributed_cents"], body["refund_cents"]) == (0, None)
    # Published for the check, not final yet: the public reads them too.
    assert load_burraco(tid).final is False
    assert APIClient().get(path).json() == body
    assert export_tournament(tid)["prizes"] == body


def test_interrupted_at_half_the_turns_refunds() -> None:
    tid, meta = open_tournament(4, turns=2)
    turn_one(tid, meta)
    client = director(tid)
    base = f"/api/v1/burraco/tournaments/{tid}"
    assert (
        client.post(
            f"{base}/prizes/",
            {
                "entry_fee_cents": 1000,
                "pool_percent": 50,
                "shares": [60, 40],
                "costs_per_entry_cents": 700,
            },
            format="json",
        ).status_code
        == 201
    )
    stopped = client.post(
        f"{base}/interruption/", {"reason": "allagamento"}, format="json"
    )
    assert stopped.status_code == 201, stopped.content
    body = client.get(f"{base}/prizes/").json()
    # 1 of 2 turns is not past half: no prizes, 10.00 - 7.00 < 5.00 -> 5.00
    assert (body["prizes"], body["pool_cents"], body["refund_cents"]) == ([], None, 500)
