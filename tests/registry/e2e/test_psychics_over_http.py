"""A pair's psychic record (FIGB Appendice 2) over real HTTP on PostgreSQL:
a director records, the norm's verdicts come back beside the director's
classification, and the record follows the pair from event to event."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from tests.support.http import HttpClient
from tests.support.players import register_players
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _user(role: str | None = None, **scope: Any) -> Any:
    user = get_user_model().objects.create_user(f"u-{uuid.uuid4().hex[:8]}")
    if role is not None:
        RoleGrant.objects.create(user=user, role=role, **scope)
    return user


def _psychic(tournament_id: str, board: int, **given: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "tournament_id": tournament_id,
        "session": 1,
        "board": board,
        "seat": "N",
        "kind": "opening",
        "call": "1H",
        "level": 1,
        "conventional": False,
        "hand": "Q9842.K843.J2.32",
        "classification": "prohibited_strength_natural",
    }
    body.update(given)
    return body


def test_a_directors_psychic_record_follows_the_pair_across_events(
    server: Server,
) -> None:
    staff = HttpClient(server.url, _user(RoleGrant.Role.FEDERATION_STAFF))
    north, south = register_players(2)
    pair = staff.post("/api/v1/registry/pairs/", {"player_ids": [north, south]})
    assert pair.status_code == 201, pair.json()
    url = f"/api/v1/registry/pairs/{pair.json()['pair_id']}/psychics/"
    first, second = str(uuid.uuid4()), str(uuid.uuid4())
    director = HttpClient(
        server.url, _user(RoleGrant.Role.DIRECTOR, tournament_id=first)
    )

    recorded = director.post(url, _psychic(first, 7))
    assert recorded.status_code == 201, recorded.json()
    # Another event's director records the next two.
    other = HttpClient(
        server.url, _user(RoleGrant.Role.CHIEF_DIRECTOR, tournament_id=second)
    )
    strong = _psychic(
        second,
        3,
        call="1C",
        conventional=True,
        strong_artificial=True,
        strong_minimum=16,
        promised_hcp_min=16,
        promised_hcp_max=37,
        hand="AKQ8765.K8432.2.",
        classification="casual_permitted",
        note="12 HCP 7-5: App2 §3 passes it, §2a does not; the director's call",
    )
    assert other.post(url, strong).status_code == 201
    assert (
        other.post(
            url,
            _psychic(
                second, 9, hand="Q9842.K843.K2.32", classification="casual_permitted"
            ),
        ).status_code
        == 201
    )

    record = director.get(url).json()
    assert {
        k: record[k]
        for k in (
            "count",
            "tournaments",
            "disclosed_on_card",
            "understanding_suspected",
        )
    } == {
        "count": 3,
        "tournaments": 2,
        "disclosed_on_card": False,
        "understanding_suspected": True,
    }
    weak, strong_record, eight = record["records"]
    assert (weak["hcp"], weak["shape"], weak["classification"]) == (
        6,
        "5-4-2-2",
        "prohibited_strength_natural",
    )
    assert weak["findings"] == [
        {
            "rule": "natural_strength",
            "reference": "Norme integrative FIGB, Appendice 2 Art. 2b",
            "psychic": True,
            "prohibited": True,
            "reason": "6 HCP in a natural opening at the one level (7 or fewer)",
        }
    ]
    assert [(f["rule"], f["psychic"]) for f in strong_record["findings"]] == [
        ("conventional_deviation", True),
        ("strong_hand_test", False),
    ]
    assert strong_record["findings"][1]["reason"] == "X+Y+D = 12+12+0 = 24 >= Z+8 = 24"
    assert eight["findings"][0]["psychic"] is False

    # The pair's own players read it; a stranger does not.
    player = _user(RoleGrant.Role.PLAYER, player_id=north)
    own = HttpClient(server.url, player).get(url)
    assert own.status_code == 200, own.json()
    assert own.json()["count"] == 3
    assert HttpClient(server.url, _user()).get(url).status_code == 403
    assert HttpClient(server.url).get(url).status_code in (401, 403)


def test_only_the_events_director_records_and_bad_facts_are_refused(
    server: Server,
) -> None:
    staff = HttpClient(server.url, _user(RoleGrant.Role.FEDERATION_STAFF))
    pair = staff.post("/api/v1/registry/pairs/", {"player_ids": register_players(2)})
    url = f"/api/v1/registry/pairs/{pair.json()['pair_id']}/psychics/"
    tid = str(uuid.uuid4())
    elsewhere = HttpClient(
        server.url, _user(RoleGrant.Role.DIRECTOR, tournament_id=str(uuid.uuid4()))
    )
    refused = elsewhere.post(url, _psychic(tid, 1))
    assert (refused.status_code, refused.json()["code"]) == (403, "not_a_director")

    director = HttpClient(server.url, _user(RoleGrant.Role.DIRECTOR, tournament_id=tid))
    short = director.post(url, _psychic(tid, 1, hand="AKQ.KQJ.AKQ.2"))
    assert (short.status_code, short.json()["code"]) == (422, "invalid_psychic_facts")
    assert short.json()["detail"] == "a hand holds 13 cards, not 10"
    half = director.post(url, _psychic(tid, 1, promised_hcp_min=11))
    assert half.status_code == 400
    unformed = director.post(
        f"/api/v1/registry/pairs/{uuid.uuid4()}/psychics/", _psychic(tid, 1)
    )
    assert (unformed.status_code, unformed.json()["code"]) == (409, "pair_not_formed")
    # Nothing was recorded by the refusals.
    assert director.get(url).json()["count"] == 0
