"""Issue 16, item 3, over real HTTP: a row forged after the head (as the
database's owner could) makes commands answer a problem, not a 500, leaves the
projection running, and ``verify_store`` names it; health reports the last
verification, its details to staff only (decision 0117)."""

from __future__ import annotations

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.db import connection

from access.models import RoleGrant
from eventstore.models import Checkpoint, ProjectionFailure, StoreVerification
from eventstore.projections import ProjectionRunner
from eventstore.store import event_store
from tests.http.e2e.test_bad_input_over_http import Event
from tests.support.http import HttpClient
from tests.support.players import register_players
from tests.support.server import Server
from tournaments.projections import TournamentResults

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _forge_after_head(tid: str) -> int:
    head = event_store().head_position()
    with connection.cursor() as cursor:  # the owner: no trigger stops an INSERT
        cursor.execute(
            "INSERT INTO es_event (global_position, stream_id, stream_version, "
            "event_id, event_type, schema_version, payload, metadata, hash) "
            'VALUES (%s, %s, 1, %s, \'test.pinged\', 2, \'{"n": 1, "note": ""}\', '
            "%s::jsonb, '\\x00')",
            [head + 1, uuid.uuid4(), uuid.uuid4(), f'{{"tournament_id": "{tid}"}}'],
        )
    return head + 1


def _staff(url: str) -> HttpClient:
    user = get_user_model().objects.create_user(f"ops-{uuid.uuid4().hex[:6]}")
    RoleGrant.objects.create(user=user, role=RoleGrant.Role.FEDERATION_STAFF)
    return HttpClient(url, user)


def test_a_forged_row_after_the_head_is_a_problem_not_a_500(server: Server) -> None:
    event = Event(server.url, entries=1)
    runner = ProjectionRunner(TournamentResults())
    players = register_players(2)
    runner.catch_up()
    forged = _forge_after_head(event.tid)
    refused = event.enter(2, players)
    assert refused.status_code == 503
    assert refused.json() == {
        "type": "https://arbitro.invalid/problems/store_integrity",
        "title": "StoreIntegrityError",
        "status": 503,
        "detail": "the event store is refusing changes until an operator has "
        "checked it",
        "code": "store_integrity",
    }
    assert event_store().head_position() == forged - 1  # nothing half-written
    runner.catch_up()  # the projection goes on: the forged row is not history
    checkpoint = Checkpoint.objects.get(name=runner.name)
    assert (checkpoint.status, checkpoint.last_position) == (
        Checkpoint.Status.RUNNING,
        forged - 1,
    )
    assert not ProjectionFailure.objects.exists()
    with pytest.raises(CommandError) as failed:
        call_command("verify_store")
    assert str(failed.value) == (
        f"store verification failed at position {forged}: "
        f"a row beyond the counter ({forged - 1})"
    )


def test_health_reports_the_last_verification_to_staff_only(server: Server) -> None:
    Event(server.url, entries=1)
    staff = _staff(server.url)
    assert staff.get("/api/health/").json()["store"] == {
        "state": "unverified",
        "role": "owner",
    }
    call_command("verify_store")
    sound = StoreVerification.objects.get()
    head = event_store().head_position()
    assert staff.get("/api/health/").json()["store"] == {
        "state": "ok",
        "role": "owner",
        "verified_at": sound.finished_at.isoformat(),
        "head": head,
        "verified_through": head,
        "head_hash": bytes(sound.head_hash).hex(),
        "first_bad_position": None,
        "problem": "",
    }
    with connection.cursor() as cursor:
        cursor.execute("ALTER TABLE es_event DISABLE TRIGGER es_event_append_only")
        cursor.execute(
            "UPDATE es_event SET payload = '{}' WHERE global_position = %s", [head]
        )
        cursor.execute("ALTER TABLE es_event ENABLE TRIGGER es_event_append_only")
    with pytest.raises(CommandError):
        call_command("verify_store")
    failed = StoreVerification.objects.order_by("-id").first()
    assert (failed.ok, failed.first_bad_position) == (False, head)  # type: ignore[union-attr]
    report = staff.get("/api/health/").json()["store"]
    assert report == {
        "state": "failed",
        "role": "owner",
        "verified_at": failed.finished_at.isoformat(),
        "head": head,
        "verified_through": head - 1,
        "head_hash": None,
        "first_bad_position": head,
        "problem": "its hash does not match the event and its predecessor's hash",
    }
    anonymous = HttpClient(server.url).get("/api/health/")
    assert anonymous.json() == {"status": "down", "ok": False}  # no runner here
