"""The table's sheet page answers who may use it (decision 0185): a visitor
is sent to sign in, an account without a player is refused, a player of no
table of the turn is told so, in Italian first."""

from __future__ import annotations

import uuid
from uuid import UUID

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from access.models import RoleGrant
from burraco import domain as b
from burraco.handlers import handle_burraco
from tests.support.burraco_event import open_burraco
from tests.support.players import new_player

pytestmark = pytest.mark.django_db

IT = {"HTTP_ACCEPT_LANGUAGE": "it-IT,it;q=0.9"}


def client_of(player: UUID | None) -> Client:
    user = get_user_model().objects.create_user(f"u-{uuid.uuid4().hex[:8]}")
    if player is not None:
        RoleGrant.objects.create(user=user, role="player", player_id=player)
    client = Client()
    client.force_login(user)
    return client


def test_who_may_open_the_table_sheet_page() -> None:
    pairs = [(new_player(), new_player()) for _ in range(4)]
    tid, meta = open_burraco(pairs, hands_per_turn=2, turns=2)
    handle_burraco(tid, b.PublishPositions(turn=1), metadata=meta)
    path = f"/burraco/{tid}/table/"
    anonymous = Client().get(path, **IT)
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/login/?next=")
    assert client_of(None).get(path, **IT).status_code == 403
    assert (
        client_of(pairs[0][0]).get(f"/burraco/{uuid.uuid4()}/table/").status_code == 404
    )
    stranger = client_of(new_player()).get(path, **IT).content.decode()
    assert "Non sei seduto a un tavolo nel turno in corso." in stranger
    # Pair 2's second player sits at table 2 against pair 4.
    seated = client_of(pairs[1][1]).get(path, **IT)
    assert seated.status_code == 200
    page = seated.content.decode()
    assert "Turno 1 · tavolo 2" in page
    assert "linea fissa 2, linea mobile 4" in page
    assert 'name="fixed_points_2"' in page  # two hands a turn
