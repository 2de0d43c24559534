"""Only the owner records a verification of the store (issue 28, decision
0213), on real PostgreSQL roles.

Health reports the last ``verify_store`` run. After a row is forged the run
is red; the application's role then tries to write a green one, and
PostgreSQL refuses it (the INSERT is not granted, and a trigger refuses any
role but the owner even when it is granted by hand): health, served as the
application's role, stays degraded. ``verify_store`` connects as the owner
in the deployment; run as the application's role alone it refuses to
record. The migration revokes the INSERT an older release granted, run the
way the deployment migrates.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager

import psycopg
import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from access.models import RoleGrant
from eventstore.models import StoreVerification
from eventstore.projections import (
    ProjectionRunner,
    configured_projections,
    projection_lock,
)
from eventstore.store import event_store
from tests.support.events import Pinged
from tests.support.eventstore import ACTOR, subprocess_env
from tests.support.http import HttpClient
from tests.support.roles import (
    HOST,
    app_role,
    database_url_as,
    deployed_database,
    deployment_env,
    manage,
)
from tests.support.server import start_server, stop_server

__all__ = ["app_role"]  # a fixture

pytestmark = [pytest.mark.postgres]

FORGED_VERIFICATION = (
    "INSERT INTO es_verification (started_at, finished_at, head, "
    "verified_through, ok, problem) VALUES (now(), now(), %s, %s, true, '')"
)


def _forge_insert(url: str, head: int) -> psycopg.errors.InsufficientPrivilege:
    """Write a green verification as the role of ``url``; its refusal."""
    with (
        psycopg.connect(url) as app,
        pytest.raises(psycopg.errors.InsufficientPrivilege) as refused,
    ):
        app.execute(FORGED_VERIFICATION, [head, head])
    return refused.value


@contextmanager
def _runners() -> Iterator[None]:
    """Every projection live, run here: this connection holds their locks
    and their heartbeats are fresh (health is ``ok`` but for the store)."""
    projections = configured_projections()
    with ExitStack() as stack:
        for projection in projections:
            stack.enter_context(projection_lock(projection.name))
            runner = ProjectionRunner(projection)
            runner.heartbeat("test:1")
            runner.catch_up()
        yield


def _health(address: str, staff: object) -> tuple[str, dict[str, object]]:
    response = HttpClient(address, staff).get("/api/health/")
    assert response.status_code == 200, response.content
    body = response.json()
    return body["status"], body["store"]


@pytest.mark.django_db(transaction=True)
def test_a_verification_forged_by_the_app_role_is_refused_and_health_stays_red(
    app_role: str,
) -> None:
    for _ in range(3):
        event_store().append(
            uuid.uuid4(),
            [Pinged(n=1)],
            stream_type="test",
            expected_version=0,
            metadata=ACTOR,
        )
    head = event_store().head_position()
    app_url = database_url_as(app_role)
    deployment = subprocess_env(
        DATABASE_URL=app_url, ARBITRO_OWNER_DATABASE_URL=database_url_as()
    )
    green = manage("verify_store", env=deployment)  # as the owner: recorded
    assert green.returncode == 0, green.stderr
    staff = get_user_model().objects.create_user("ops-verify")
    RoleGrant.objects.create(user=staff, role=RoleGrant.Role.FEDERATION_STAFF)
    server, address = start_server(DATABASE_URL=app_url)
    try:
        with _runners():
            status, store = _health(address, staff)
        assert (status, store["state"], store["role"]) == ("ok", "ok", "application")

        with connection.cursor() as cursor:  # the owner rewrites an event
            cursor.execute("ALTER TABLE es_event DISABLE TRIGGER es_event_append_only")
            cursor.execute(
                "UPDATE es_event SET payload = '{}' WHERE global_position = %s", [head]
            )
            cursor.execute("ALTER TABLE es_event ENABLE TRIGGER es_event_append_only")
        red = manage("verify_store", env=deployment)
        assert (red.returncode, red.stderr) == (
            1,
            f"CommandError: store verification failed at position {head}: its "
            "hash does not match the event and its predecessor's hash\n",
        )

        refused = _forge_insert(app_url, head)
        assert refused.diag.message_primary == (
            "permission denied for table es_verification"
        )
        with connection.cursor() as cursor:  # a careless operator grants it back
            cursor.execute(f'GRANT INSERT ON es_verification TO "{app_role}"')
        refused = _forge_insert(app_url, head)
        assert refused.sqlstate == "42501"
        assert refused.diag.message_primary == (
            "only the owner records a verification of the store"
        )
        assert list(StoreVerification.objects.order_by("id").values_list("ok")) == [
            (True,),
            (False,),
        ]
        with _runners():
            status, store = _health(address, staff)
    finally:
        stop_server(server)
    assert (status, store["state"], store["first_bad_position"]) == (
        "degraded",
        "failed",
        head,
    )

    alone = manage("verify_store", env=subprocess_env(DATABASE_URL=app_url))
    assert (alone.returncode, alone.stdout) == (2, "")
    assert alone.stderr == (
        f"CommandError: {app_role} is not the owner: only the owner records a "
        "verification: set ARBITRO_OWNER_DATABASE_URL to the owner's URL, or pass "
        "--no-record to check without recording\n"
    )
    checked = manage(
        "verify_store", "--no-record", env=subprocess_env(DATABASE_URL=app_url)
    )
    assert (checked.returncode, checked.stderr) == (1, red.stderr)
    assert StoreVerification.objects.count() == 2


def test_the_migration_revokes_the_insert_an_older_release_granted() -> None:
    """Migrated the way the deployment migrates (the owner's URL), without
    ``ARBITRO_DB_APP_ROLE``: the migration alone takes the INSERT back."""
    with deployed_database("verification") as (database, role):
        env = deployment_env(database, role)
        back = manage("migrate", "eventstore", "0011", "--no-input", env=env)
        assert back.returncode == 0, back.stderr
        owner = f"postgresql://postgres@{HOST}/{database}"
        with psycopg.connect(owner, autocommit=True) as c:
            # What grant_app_role granted before this release.
            c.execute(f'GRANT SELECT, INSERT ON es_verification TO "{role}"')
        del env["ARBITRO_DB_APP_ROLE"]
        forward = manage("migrate", "--no-input", env=env)
        assert forward.returncode == 0, forward.stderr
        refused = _forge_insert(f"postgresql://{role}@{HOST}/{database}", 0)
        assert refused.diag.message_primary == (
            "permission denied for table es_verification"
        )
