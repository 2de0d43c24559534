"""Art. 3's team line-up through the one command path on PostgreSQL
(decision 0178): the lower card declares first in the first turn, the team
lower in the standings in the later ones; the pairs are the team's own
players, four different ones; a line-up declared does not change; none after
the match's sheet or outside the turn in play; the API's answers."""

from __future__ import annotations

import uuid
from typing import Any
from uuid import UUID

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from burraco import domain as b
from burraco.export import export_tournament
from burraco.handlers import handle_burraco, load_burraco
from eventstore.store import Metadata
from rules.errors import DomainError
from tests.support.auth import token_client
from tests.support.burraco import teams_tournament

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]


def room(fixed: int, mobile: int) -> tuple[b.SheetHand, ...]:
    return (
        b.SheetHand(
            fixed_base=0, fixed_points=fixed, mobile_base=0, mobile_points=mobile
        ),
    )


def refusal(tid: UUID, meta: Metadata, command: b.BurracoCommand) -> tuple[Any, ...]:
    with pytest.raises(DomainError) as caught:
        handle_burraco(tid, command, metadata=meta)
    error = caught.value
    return (error.code, error.field, str(error.law))


def test_the_line_ups_follow_article_3() -> None:
    tid, meta, players = teams_tournament(4)
    for command in (b.FormLines(), b.PublishPositions(turn=1)):
        handle_burraco(tid, command, metadata=meta)
    seats = load_burraco(tid).positions[1]
    assert [(p.table, p.fixed, p.mobile) for p in seats] == [(1, 1, 3), (2, 2, 4)]
    one = players[1]

    def line_up(team: int, pairs: list[UUID], **more: Any) -> b.DeclareLineUp:
        table = 1 if team in (1, 3) else 2
        return b.DeclareLineUp(
            turn=more.pop("turn", 1),
            table=more.pop("table", table),
            team=team,
            open_room=tuple(pairs[:2]),
            closed_room=tuple(pairs[2:4]),
            **more,
        )

    # First turn: the team that turned up the lower card declares first.
    assert refusal(tid, meta, line_up(1, one)) == (
        "line_up_out_of_order",
        "drew_lower_card",
        "Codice di Gara Art. 3",
    )
    # The pairs are the team's own players (Art. 2), four different ones.
    stranger = [one[0], players[3][0], one[2], one[3]]
    assert refusal(tid, meta, line_up(1, stranger, drew_lower_card=True)) == (
        "invalid_line_up",
        "open_room.1",
        "Codice di Gara Art. 2",
    )
    twice = [one[0], one[1], one[1], one[3]]
    assert refusal(tid, meta, line_up(1, twice, drew_lower_card=True)) == (
        "invalid_line_up",
        "closed_room",
        "Codice di Gara Art. 3",
    )
    assert refusal(
        tid, meta, line_up(2, players[2], table=1, drew_lower_card=True)
    ) == (
        "invalid_line_up",
        "team",
        "Codice di Gara Art. 3",
    )
    # The fifth player sits out: any four of the five.
    handle_burraco(tid, line_up(1, one[1:], drew_lower_card=True), metadata=meta)
    assert refusal(tid, meta, line_up(1, one, drew_lower_card=True)) == (
        "line_up_declared",
        None,
        "Codice di Gara Art. 3",
    )
    assert refusal(tid, meta, line_up(3, players[3], drew_lower_card=True)) == (
        "invalid_line_up",
        "drew_lower_card",
        "Codice di Gara Art. 3",
    )
    handle_burraco(tid, line_up(3, players[3]), metadata=meta)
    declared = load_burraco(tid).line_ups
    assert (declared[(1, 1)].first, declared[(1, 3)].first) == (True, False)
    assert declared[(1, 1)].open_room == (one[1], one[2])
    assert declared[(1, 1)].closed_room == (one[3], one[4])

    # Team 1 wins big, team 4 a little; no line-up after the match's sheet.
    for command in (
        b.EnterScoreSheet(
            turn=1, table=1, hands=room(1000, 0), closed_hands=room(600, 0)
        ),
        b.EnterScoreSheet(turn=1, table=2, hands=room(0, 300), closed_hands=room(0, 0)),
    ):
        handle_burraco(tid, command, metadata=meta)
    assert refusal(tid, meta, line_up(2, players[2], drew_lower_card=True)) == (
        "sheet_already_entered",
        None,
        "Codice di Gara Art. 3",
    )
    handle_burraco(tid, b.PublishPositions(turn=2), metadata=meta)
    seats = load_burraco(tid).positions[2]
    assert [(p.table, p.fixed, p.mobile) for p in seats] == [(1, 1, 4), (2, 2, 3)]
    assert refusal(tid, meta, line_up(3, players[3], drew_lower_card=True)) == (
        "turn_not_current",
        "turn",
        "Codice di Gara Art. 3",
    )

    # Later turns: the team lower in the standings declares first (team 4,
    # second, before team 1, first); no card is drawn.
    standings = {s.pair: s.rank for s in b.standings_after(load_burraco(tid), 1)}
    assert standings[1] < standings[4]
    assert refusal(tid, meta, line_up(1, one, turn=2, table=1)) == (
        "line_up_out_of_order",
        "team",
        "Codice di Gara Art. 3",
    )
    assert refusal(
        tid, meta, line_up(4, players[4], turn=2, table=1, drew_lower_card=True)
    ) == (
        "invalid_line_up",
        "drew_lower_card",
        "Codice di Gara Art. 3",
    )
    handle_burraco(tid, line_up(4, players[4], turn=2, table=1), metadata=meta)
    handle_burraco(tid, line_up(1, one, turn=2, table=1), metadata=meta)
    declared = load_burraco(tid).line_ups
    assert (declared[(2, 4)].first, declared[(2, 1)].first) == (True, False)

    exported = export_tournament(tid) or {}
    assert [
        (d["table"], d["team"], d["first"], [p["player_id"] for p in d["open_room"]])
        for d in exported["turns"][1]["line_ups"]
    ] == [
        (1, 1, False, [str(one[0]), str(one[1])]),
        (1, 4, True, [str(players[4][0]), str(players[4][1])]),
    ]


def test_the_api_takes_a_line_up_and_names_the_article() -> None:
    tid, meta, players = teams_tournament(2, turns=1)
    for command in (b.FormLines(), b.PublishPositions(turn=1)):
        handle_burraco(tid, command, metadata=meta)
    user = get_user_model().objects.create_user(f"d{uuid.uuid4().hex[:8]}")
    RoleGrant.objects.create(user=user, role="director", tournament_id=tid)
    director = token_client(user)
    path = f"/api/v1/burraco/tournaments/{tid}/turns/1/tables/1/line-up/"
    body = {
        "team": 2,
        "open_room": [str(p) for p in players[2][:2]],
        "closed_room": [str(p) for p in players[2][2:4]],
    }
    refused = director.post(path, body, format="json")
    assert refused.status_code == 409
    problem = refused.json()
    assert (problem["code"], problem["law"]) == (
        "line_up_out_of_order",
        "Codice di Gara Art. 3",
    )
    short = director.post(
        path, {**body, "open_room": body["open_room"][:1]}, format="json"
    )
    assert short.status_code == 400  # the input is malformed, as every API body
    stored = director.post(path, {**body, "drew_lower_card": True}, format="json")
    assert stored.status_code == 201, stored.json()
    assert load_burraco(tid).line_ups[(1, 2)].first is True
