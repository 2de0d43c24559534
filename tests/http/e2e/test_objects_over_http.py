"""Issue 28, over real HTTP: every operation that names an object answers a
director of ANOTHER event 403 or 404, as its schema documents, and writes
nothing.

The operations come from the OpenAPI schema (``/api/schema/``), so a new
endpoint is walked the day it is added: every one that takes an object's id
in its path, its query or its body. The objects are another event's: a pairs
event with its results entered and not yet published, a ruling and an appeal,
a registered pair that plays in it, a team, a club, a burraco event, a
results file job and an import job. The caller is the chief director of an
event of his own, which he names wherever a body takes a tournament (the
attack of issue 28: his office in the body, another event's object in the
path); then the object's own event is named instead. Only the reads listed
in ``PUBLIC``, each with its reason, answer him 200.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from access.models import RoleGrant
from eventstore.store import event_store
from tests.support.appeals import Event, project
from tests.support.burraco import open_tournament
from tests.support.http import HttpClient, HttpResponse
from tests.support.openapi import Schema, plausible
from tests.support.pairs_event import make_tournament
from tests.support.players import register_players
from tests.support.server import Server

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

# The reads anyone may make of another event's object, and why. Everything
# else that names an object answers the other event's director 403 or 404.
PUBLIC = {
    ("get", "/api/v1/tournaments/{tournament_id}/"): (
        "the event's public card: name, form, sessions and entries"
    ),
    ("get", "/api/v1/tournaments/{tournament_id}/officials/"): (
        "who directs the event is public; user ids only to its officials "
        "(decision 0108)"
    ),
    ("get", "/api/v1/tournaments/{tournament_id}/standings/"): (
        "overall standings count only published sessions for him (decision 0105)"
    ),
    ("get", "/api/v1/tournaments/{tournament_id}/appeals/"): (
        "appeal outcomes of published sessions, as the notice board shows them"
    ),
    ("get", "/api/v1/tournaments/{tournament_id}/appeal-conditions/"): (
        "the event's published appeal conditions (deposit, committee)"
    ),
    ("get", "/api/v1/tournaments/{tournament_id}/bracket/"): (
        "a knockout's bracket counts only published sessions for him (decision "
        "0105); a pairs event has none (422)"
    ),
    ("get", "/api/v1/tournaments/{tournament_id}/sessions/{session}/playing-time/"): (
        "the session's timetable (N-L8 §1), posted in the playing room"
    ),
    (
        "get",
        "/api/v1/tournaments/{tournament_id}/sessions/{session}/entries/{number}/"
        "guide-card/",
    ): "an entry's route through the movement, handed out at the table",
    ("get", "/api/v1/burraco/tournaments/{tournament_id}/"): (
        "the burraco event's public card"
    ),
    ("get", "/api/v1/burraco/tournaments/{tournament_id}/standings/"): (
        "the standings after the last turn whose results he may see (Art. 20): "
        "none before"
    ),
}


def _user(**grant: dict[str, Any]) -> Any:
    user = get_user_model().objects.create_user(f"o-{uuid.uuid4().hex[:8]}")
    for role, scope in grant.items():
        RoleGrant.objects.create(user=user, role=role, **scope)
    return user


def _world() -> tuple[Event, dict[str, str]]:
    """Another event's objects, built as their officials build them."""
    event = Event()
    lodged = event.lodge()
    assert lodged.status_code == 201, lodged.json()
    project()
    staff = event.clients["staff"]
    pair = staff.post(
        "/api/v1/registry/pairs/", {"player_ids": event.players[1]}, format="json"
    )
    assert pair.status_code == 201, pair.json()
    members = register_players(4)
    team = staff.post(
        "/api/v1/registry/teams/",
        {"name": "Squadra", "member_ids": members, "captain_id": members[0]},
        format="json",
    )
    assert team.status_code == 201, team.json()
    club = staff.post(
        "/api/v1/registry/clubs/",
        {"code": f"C{uuid.uuid4().hex[:5]}", "name": "Circolo", "city": "Bologna"},
        format="json",
    )
    assert club.status_code == 201, club.json()
    export = event.clients["chief"].post(
        f"/api/v1/tournaments/{event.tid}/results-files/",
        {"format": "json"},
        format="json",
    )
    assert export.status_code == 202, export.json()
    imported = staff.post(
        "/api/v1/registry/players/imports/?background=true",
        {"csv": "federation_number,family_name,given_name,category\n7,A,B,NC\n"},
        format="json",
    )
    assert imported.status_code == 202, imported.json()
    burraco, _ = open_tournament(2)
    return event, {
        "tournament_id": event.tid,
        "burraco_id": str(burraco),
        "ruling_id": event.ruling_id,
        "appeal_id": lodged.json()["appeal_id"],
        "player_id": event.player("north"),
        "appellant_id": event.player("north"),
        "player_ids": event.player("north"),
        "pair_id": pair.json()["pair_id"],
        "team_id": team.json()["team_id"],
        "captain_id": members[0],
        "club_id": club.json()["club_id"],
        "user_id": str(event.users["chief"].pk),
        "results_job_id": export.json()["job_id"],
        "import_job_id": imported.json()["job_id"],
    }


def _path_ids(path: str, ids: dict[str, str]) -> dict[str, str]:
    """The other event's ids as this path names them."""
    named = dict(ids)
    if path.startswith("/api/v1/burraco/"):
        named["tournament_id"] = ids["burraco_id"]
    job = "import_job_id" if "/registry/" in path else "results_job_id"
    named["job_id"] = ids[job]
    for number in ("session", "table", "board_number", "number", "turn"):
        named[number] = "1"
    named["file_format"] = "pbn"  # a hand-record file's format (decision 0225)
    return named


def _names_an_object(schema: Schema, operation: dict[str, Any]) -> bool:
    for parameter in operation.get("parameters", []):
        if parameter["in"] in ("path", "query") and _is_id(parameter["schema"]):
            return True
    body = schema.body(operation) or {}
    return any(
        _is_id(schema.resolve(node)) for node in body.get("properties", {}).values()
    )


def _is_id(node: dict[str, Any]) -> bool:
    return node.get("format") == "uuid" or node.get("items", {}).get("format") == "uuid"


def _requests(
    schema: Schema, ids: dict[str, str], own: str
) -> Iterator[tuple[str, str, str, dict[str, Any], Any]]:
    """Each operation naming an object, as the outsider sends it: the other
    event's ids in the path and query; in a body, his own event first, then
    the object's."""
    for method, path, operation in schema.operations():
        if not _names_an_object(schema, operation):
            continue
        named = _path_ids(path, ids)
        url = path
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "path":
                url = url.replace(
                    "{" + parameter["name"] + "}", named[parameter["name"]]
                )
        queries = {
            p["name"]: named[p["name"]]
            for p in operation.get("parameters", [])
            if p["in"] == "query" and _is_id(p["schema"])
        }
        if queries:
            url += "?" + "&".join(f"{k}={v}" for k, v in queries.items())
        body = schema.body(operation)
        if body is None or method in ("get", "delete"):
            yield method, path, url, operation, None
            continue
        for tournament in (own, named["tournament_id"]):
            filled = plausible(schema, body, "", {**named, "tournament_id": tournament})
            yield method, path, url, operation, filled


def _fingerprint() -> dict[str, str]:
    """Each table's content, hashed: what a refused request may not change."""
    out = {}
    with connection.cursor() as cursor:
        for table in connection.introspection.table_names(cursor):
            cursor.execute(
                "SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), ''))"
                f' FROM "{table}" t'
            )
            out[table] = cursor.fetchone()[0]
    return out


def _send(client: HttpClient, method: str, url: str, body: Any) -> HttpResponse:
    if method == "get":
        return client.get(url)
    if method == "delete":
        return client.delete(url)
    return client._request(method.upper(), url, body)


def test_a_director_of_another_event_acts_on_none_of_its_objects(
    server: Server,
) -> None:
    event, ids = _world()
    own = make_tournament(event.clients["staff"], timedelta(hours=1))
    outsider = HttpClient(server.url, _user(chief_director={"tournament_id": own}))
    document = outsider.get("/api/schema/?format=json")
    assert document.status_code == 200
    schema = Schema(json.loads(document.content))
    before = _fingerprint()
    store = event_store()
    head = store.head_position()

    walked, failures = set(), []
    for method, path, url, operation, body in _requests(schema, ids, own):
        walked.add((method, path))
        response = _send(outsider, method, url, body)
        where = (
            f"{method.upper()} {url} {json.dumps(body)[:120]}: {response.status_code}"
        )
        documented = set(operation["responses"])
        if (method, path) in PUBLIC:
            if str(response.status_code) not in documented - {"500"}:
                failures.append(f"{where} (public), not documented")
            continue
        if response.status_code not in (403, 404):
            failures.append(f"{where} {response.content[:200]!r}")
        elif str(response.status_code) not in documented:
            failures.append(f"{where}, not documented ({sorted(documented)})")
        elif not response.json().get("code"):
            failures.append(f"{where} without a problem code")
        if store.head_position() != head:
            failures.append(f"{where} wrote events")
            head = store.head_position()

    changed = sorted(t for t, h in _fingerprint().items() if before.get(t) != h)
    assert (failures, changed) == ([], []), "\n".join(failures)
    assert set(PUBLIC) <= walked, "a public read listed is no longer in the schema"
    assert len(walked) > 100
