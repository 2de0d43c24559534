"""A pair's psychic record (FIGB Appendice 2) over real HTTP on PostgreSQL:
a director of an event the pair plays in records, the norm's verdicts come
back beside the director's classification, and the record follows the pair
from event to event; a director of another event neither writes nor reads it
(issue 28)."""

from __future__ import annotations

import uuid
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from access.models import RoleGrant
from eventstore.store import event_store
from tests.support.http import HttpClient
from tests.support.pairs_event import make_tournament
from tests.support.players import register_players
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _user(role: str | None = None, **scope: Any) -> Any:
    user = get_user_model().objects.create_user(f"u-{uuid.uuid4().hex[:8]}")
    if role is not None:
        RoleGrant.objects.create(user=user, role=role, **scope)
    return user


def _event_of(staff: HttpClient, pair_id: str, players: list[str]) -> str:
    """A new pairs event whose entry 1 is the registered pair."""
    tid = make_tournament(staff, timedelta(hours=3))  # type: ignore[arg-type]
    entered = staff.post(
        f"/api/v1/tournaments/{tid}/entries/",
        {"number": 1, "entry_id": pair_id, "player_ids": players},
    )
    assert entered.status_code == 201, entered.json()
    return tid


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
    first = _event_of(staff, pair.json()["pair_id"], [north, south])
    second = _event_of(staff, pair.json()["pair_id"], [north, south])
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
    players = register_players(2)
    pair = staff.post("/api/v1/registry/pairs/", {"player_ids": players})
    url = f"/api/v1/registry/pairs/{pair.json()['pair_id']}/psychics/"
    tid = _event_of(staff, pair.json()["pair_id"], players)
    # A director of another event, naming the pair's own event.
    elsewhere = HttpClient(
        server.url, _user(RoleGrant.Role.DIRECTOR, tournament_id=str(uuid.uuid4()))
    )
    refused = elsewhere.post(url, _psychic(tid, 1))
    assert (refused.status_code, refused.json()["code"]) == (403, "permission_denied")

    director = HttpClient(server.url, _user(RoleGrant.Role.DIRECTOR, tournament_id=tid))
    short = director.post(url, _psychic(tid, 1, hand="AKQ.KQJ.AKQ.2"))
    assert (short.status_code, short.json()["code"]) == (422, "invalid_psychic_facts")
    assert short.json()["detail"] == "a hand holds 13 cards, not 10"
    half = director.post(url, _psychic(tid, 1, promised_hcp_min=11))
    assert half.status_code == 400
    # An unknown pair plays in no event of his: 403; staff learn it is unformed.
    unformed = f"/api/v1/registry/pairs/{uuid.uuid4()}/psychics/"
    assert director.post(unformed, _psychic(tid, 1)).status_code == 403
    unknown = staff.post(unformed, _psychic(tid, 1))
    assert (unknown.status_code, unknown.json()["code"]) == (409, "pair_not_formed")
    # Nothing was recorded by the refusals.
    assert director.get(url).json()["count"] == 0


def test_another_events_director_neither_records_nor_reads_a_pairs_psychics(
    server: Server,
) -> None:
    """Issue 28: a director of event A recorded (201) and read the psychic
    record of a pair that plays only in event B, by naming A in the body;
    the office is now checked against the pair's events: 403, nothing stored.
    Staff naming an event the pair does not play in: 422, nothing stored."""
    staff = HttpClient(server.url, _user(RoleGrant.Role.FEDERATION_STAFF))
    players = register_players(2)
    pair_id = staff.post("/api/v1/registry/pairs/", {"player_ids": players}).json()[
        "pair_id"
    ]
    url = f"/api/v1/registry/pairs/{pair_id}/psychics/"
    own = _event_of(staff, pair_id, players)
    other = make_tournament(staff, timedelta(hours=3))  # type: ignore[arg-type]
    outsider = HttpClient(
        server.url, _user(RoleGrant.Role.CHIEF_DIRECTOR, tournament_id=other)
    )
    version = event_store().stream_version(uuid.UUID(pair_id))

    for body in (_psychic(other, 4), _psychic(own, 4)):
        written = outsider.post(url, body)
        assert (written.status_code, written.json()) == (
            403,
            {
                "type": "https://arbitro.invalid/problems/permission_denied",
                "title": "PermissionDenied",
                "status": 403,
                "detail": "Only federation staff, a director of an event this pair "
                "plays in or, to read it, a player of this pair may see its psychic "
                "record; only staff or such a director may add to it",
                "code": "permission_denied",
            },
        )
    read = outsider.get(url)
    assert (read.status_code, read.json()["code"]) == (403, "permission_denied")
    misplaced = staff.post(url, _psychic(other, 4))
    assert (misplaced.status_code, misplaced.json()) == (
        422,
        {
            "type": "https://arbitro.invalid/problems/pair_not_in_event",
            "title": "PairNotInEvent",
            "status": 422,
            "detail": f"pair {pair_id} does not play in tournament {other}: a "
            "psychic is recorded at an event the pair plays in (App2 §1)",
            "code": "pair_not_in_event",
            "field": "tournament_id",
        },
    )
    assert event_store().stream_version(uuid.UUID(pair_id)) == version

    # The pair's own event's director records and reads it.
    director = HttpClient(server.url, _user(RoleGrant.Role.DIRECTOR, tournament_id=own))
    assert director.post(url, _psychic(own, 4)).status_code == 201
    assert director.get(url).json()["count"] == 1
    assert outsider.get(url).status_code == 403
