"""The table's sheet page answers who may use it (decision 0185): a visitor
is sent to sign in, an account without a player is refused, a player of no
table of the turn is told so, in Italian first."""

from __future__ import annotations

import re
import uuid
from uuid import UUID

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from access.models import RoleGrant
from burraco import domain as b
from burraco.handlers import handle_burraco, load_burraco
from eventstore.store import event_store
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


KEY = re.compile(r'name="idempotency_key" value="([0-9a-f]{32})"')


def key_of(client: Client, path: str) -> str:
    page = client.get(path, **IT).content.decode()
    keys = set(KEY.findall(page))
    assert len(keys) == 1  # one key a render, in each of its forms
    return keys.pop()


def stored(tid: UUID, turn: int, table: int) -> list[str]:
    stream = b.table_stream_id(tid, turn, table)
    return [type(e.event).__name__ for e in event_store().read_stream(stream).events]


def sheet(key: str, points: int) -> dict[str, str]:
    figures = {f"{f}_{i}": "0" for f in FIGURES for i in (1, 2)}
    return {
        **figures,
        "fixed_points_1": str(points),
        "mobile_points_1": "40",
        "action": "file",
        "idempotency_key": key,
    }


FIGURES = ("fixed_base", "fixed_points", "mobile_base", "mobile_points")


def test_a_form_sent_again_is_answered_as_the_first() -> None:
    """A lost answer: the same form sent again (its key kept) is the same
    command, answered from the stored events and stored once; without the
    key the second delivery would be refused as a sheet already entered."""
    pairs = [(new_player(), new_player()) for _ in range(4)]
    tid, meta = open_burraco(pairs, hands_per_turn=2, turns=2)
    handle_burraco(tid, b.PublishPositions(turn=1), metadata=meta)
    path = f"/burraco/{tid}/table/"
    keeper, opponent = client_of(pairs[0][0]), client_of(pairs[2][1])  # table 1

    filed = sheet(key_of(keeper, path), 300)
    for _ in range(2):
        answer = keeper.post(path, filed, **IT)
        assert (answer.status_code, answer["Location"]) == (302, path)
    # The same key with other figures is another command: refused, not stored.
    other = keeper.post(path, {**filed, "fixed_points_1": "305"}, **IT)
    assert other.status_code == 409
    assert (
        "Questo modulo è già stato inviato con altri valori: ricarica la pagina"
        in other.content.decode()
    )
    assert stored(tid, 1, 1) == ["ScoreSheetFiled"]

    signed = {"action": "sign", "idempotency_key": key_of(opponent, path)}
    assert opponent.post(path, signed, **IT).status_code == 302
    assert opponent.post(path, signed, **IT).status_code == 302

    # Signing and delivering from one render are two commands.
    render = key_of(keeper, path)
    delivered = {"action": "deliver", "idempotency_key": render}
    first = keeper.post(path, delivered, **IT)
    again = keeper.post(path, delivered, **IT)
    assert (first.status_code, again.status_code) == (302, 302)
    assert stored(tid, 1, 1) == [
        "ScoreSheetFiled",
        "ScoreSheetSigned",
        "ScoreSheetDelivered",
        "ScoreSheetEntered",
    ]
    fresh = keeper.post(path, {"action": "deliver"}, **IT)
    assert fresh.status_code == 409
    assert (
        "Lo score è registrato: lo corregge l&#x27;arbitro. (Codice di Gara Art. 20)"
        in fresh.content.decode()
    )
    result = load_burraco(tid).results[(1, 1)]
    assert (result.fixed_mp, result.mobile_mp) == (300, 40)
