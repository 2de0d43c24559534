"""The deployment's two roles (decision 0118), on real PostgreSQL roles.

A fresh database is migrated the way a deployment does it: ``manage.py
migrate`` with ``DATABASE_URL`` naming the application's role and
``ARBITRO_OWNER_DATABASE_URL`` the owner, which creates the role and grants it
its privileges. Then a connection logged in as that role tries each attack of
issue 16 (item 3) and gets the database's exact refusal; what the application
must do still works as that role, in process and from ``manage.py``.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from datetime import timedelta

import psycopg
import pytest
from django.db import ProgrammingError, connection

from eventstore.deadlines import sweep
from eventstore.models import StoreVerification
from eventstore.store import NewDeadline, event_store
from eventstore.verify import CannotRecord, verify_store
from tests.support.events import Pinged
from tests.support.eventstore import ACTOR
from tests.support.pairs_event import (
    client_for,
    enter_all,
    make_tournament,
    project,
    seat_pairs,
)
from tests.support.roles import (
    HOST,
    app_role,
    deployed_database,
    deployment_env,
    manage,
)

__all__ = ["app_role"]  # a fixture

pytestmark = pytest.mark.postgres

APPEND = (
    "SELECT o_first FROM es_append(%s, 'test', 'any', -1, %s::jsonb, "
    "'{\"actor\": \"user:test\"}'::jsonb, NULL, '', NULL)"
)


def _events(n: int = 1) -> str:
    import json

    return json.dumps(
        [[str(uuid.uuid4()), "test.pinged", 2, {"n": i, "note": ""}] for i in range(n)]
    )


@pytest.fixture(scope="module")
def deployed() -> Iterator[tuple[str, str]]:
    """A database migrated by the owner, with the application's role."""
    with deployed_database("store_roles") as (database, role):
        env = deployment_env(database, role)
        with psycopg.connect(env["DATABASE_URL"], autocommit=True) as app:
            first = app.execute(APPEND, [uuid.uuid4(), _events(3)]).fetchone()
            assert first == (1,)  # the application appends, as its own role
        verified = manage("verify_store", env=env)
        assert verified.returncode == 0, verified.stderr
        assert verified.stdout.startswith(
            "store verified: positions 1..3 chained, gapless, at the counter (3); "
        )
        yield database, role


FORGED = (
    "INSERT INTO es_event (global_position, stream_id, stream_version, event_id, "
    "event_type, schema_version, payload, metadata, hash) VALUES (100, "
    "gen_random_uuid(), 1, gen_random_uuid(), 't', 1, '{}', '{}', '\\x00')"
)

# A run of verify_store that never was: health would say the store is sound.
FORGED_VERIFICATION = (
    "INSERT INTO es_verification (started_at, finished_at, head, "
    "verified_through, ok, problem) VALUES (now(), now(), 3, 3, true, '')"
)


@pytest.mark.parametrize(
    ("attack", "refusal"),
    [
        ("TRUNCATE es_event", "permission denied for table es_event"),
        ("DELETE FROM es_event", "permission denied for table es_event"),
        ("UPDATE es_event SET payload = '{}'", "permission denied for table es_event"),
        (FORGED, "permission denied for table es_event"),
        (
            "ALTER TABLE es_event DISABLE TRIGGER es_event_append_only",
            "must be owner of table es_event",
        ),
        (
            "SET session_replication_role = replica",
            'permission denied to set parameter "session_replication_role"',
        ),
        (
            "UPDATE es_position SET last_position = last_position - 1",
            "permission denied for table es_position",
        ),
        ("UPDATE es_stream SET version = 0", "permission denied for table es_stream"),
        ("DELETE FROM es_idempotency", "permission denied for table es_idempotency"),
        (
            "UPDATE es_deadline SET due_at = now()",
            "permission denied for table es_deadline",
        ),
        ("DELETE FROM es_deadline", "permission denied for table es_deadline"),
        (
            "UPDATE es_verification SET ok = true",
            "permission denied for table es_verification",
        ),
        ("DELETE FROM es_verification", "permission denied for table es_verification"),
        (FORGED_VERIFICATION, "permission denied for table es_verification"),
        ("TRUNCATE es_checkpoint", "permission denied for table es_checkpoint"),
        ("DROP TABLE es_event", "must be owner of table es_event"),
        (
            "ALTER FUNCTION es_append(uuid, text, text, bigint, jsonb, jsonb, text, "
            "text, jsonb) SECURITY INVOKER",
            "must be owner of function es_append",
        ),
        ("CREATE TABLE es_shadow (x int)", "permission denied for schema public"),
        (
            "UPDATE django_migrations SET name = 'x'",
            "permission denied for table django_migrations",
        ),
    ],
)
def test_the_application_role_is_refused(
    deployed: tuple[str, str], attack: str, refusal: str
) -> None:
    database, role = deployed
    with (
        psycopg.connect(f"postgresql://{role}@{HOST}/{database}") as app,
        pytest.raises(psycopg.errors.InsufficientPrivilege) as refused,
    ):
        app.execute(attack)
    assert refused.value.sqlstate == "42501"
    assert refused.value.diag.message_primary == refusal


def test_a_temporary_table_does_not_shadow_the_counter(
    deployed: tuple[str, str],
) -> None:
    database, role = deployed
    with psycopg.connect(f"postgresql://{role}@{HOST}/{database}") as app:
        head = app.execute("SELECT last_position FROM es_position").fetchone()[0]
        app.execute(
            "CREATE TEMP TABLE es_position (id smallint PRIMARY KEY, last_position bigint)"
        )
        app.execute("INSERT INTO es_position VALUES (1, 1000)")
        first = app.execute(APPEND, [uuid.uuid4(), _events()]).fetchone()[0]
        app.commit()
    assert first == head + 1  # the store's counter, not the caller's table


def test_the_role_keeps_only_its_grants_when_granted_again(
    deployed: tuple[str, str],
) -> None:
    database, role = deployed
    env = deployment_env(database, role)
    with psycopg.connect(
        f"postgresql://postgres@{HOST}/{database}", autocommit=True
    ) as owner:
        owner.execute(f'GRANT ALL ON es_event TO "{role}"')  # a careless operator
    done = manage("grant_app_role", role, env=env)
    assert (done.returncode, done.stdout) == (
        0,
        f"{role}: granted the application's privileges\n",
    )
    with (
        psycopg.connect(f"postgresql://{role}@{HOST}/{database}") as app,
        pytest.raises(psycopg.errors.InsufficientPrivilege) as refused,
    ):
        app.execute("DELETE FROM es_event")
    assert refused.value.diag.message_primary == "permission denied for table es_event"
    refused_owner = manage("grant_app_role", "postgres", env=env)
    assert refused_owner.returncode == 1
    assert refused_owner.stderr == (
        "CommandError: postgres is the role running the migrations (the owner)\n"
    )


def test_the_application_works_as_its_role(app_role: str) -> None:
    """A pairs event entered and projected, a window closed by the sweeper and
    the store verified (checked, not recorded: only the owner records,
    decision 0213), with this process's connection switched to the role."""
    with connection.cursor() as cursor:
        cursor.execute(f'SET ROLE "{app_role}"')
        cursor.execute("SELECT current_user")
        assert cursor.fetchone() == (app_role,)
    staff, _ = client_for("rstaff", federation_staff={})
    tid = make_tournament(staff, timedelta(hours=1))
    director, _ = client_for("rtd", chief_director={"tournament_id": tid})
    seat_pairs(staff, tid, {}, timedelta(hours=1))
    enter_all(director, tid)
    project()
    stream = uuid.uuid4()
    event_store().append(
        stream,
        [Pinged(n=1)],
        stream_type="test",
        expected_version=0,
        metadata=ACTOR,
        deadlines=[
            NewDeadline(
                kind="window",
                due_at=event_store().now() - timedelta(seconds=1),
                on_due=Pinged(n=2),
            )
        ],
    )
    assert sweep() == 1
    assert [e.event for e in event_store().read_stream(stream).events] == [
        Pinged(n=1),
        Pinged(n=2),
    ]
    result = verify_store(record=False)
    assert (result.ok, result.verified_through) == (True, event_store().head_position())
    with pytest.raises(CannotRecord) as refused:
        verify_store()
    assert str(refused.value) == (
        f"{app_role} is not the owner: only the owner records a verification"
    )
    assert StoreVerification.objects.exists() is False
    with (
        connection.cursor() as cursor,
        pytest.raises(
            ProgrammingError, match=r"^permission denied for table es_event$"
        ),
    ):
        cursor.execute("TRUNCATE es_event")
