"""Events stored before the hash chain get theirs from migration 0009, in
position order, and the store then verifies (decision 0117)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import psycopg
import pytest

pytestmark = pytest.mark.postgres

ROOT = Path(__file__).parents[3]
HOST = "127.0.0.1:5432"


def _manage(database: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    env.update(
        DATABASE_URL=f"postgres://postgres@{HOST}/{database}",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_events_stored_before_the_chain_are_chained_by_the_migration() -> None:
    database = f"test_arbitro_store_chain_{os.getpid()}"
    admin = f"postgresql://postgres@{HOST}/postgres"
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        c.execute(f"CREATE DATABASE {database}")
    try:
        before = _manage(database, "migrate", "eventstore", "0008")
        assert before.returncode == 0, before.stderr
        with psycopg.connect(f"postgresql://postgres@{HOST}/{database}") as old:
            for stream in (uuid.uuid4(), uuid.uuid4()):
                events = [
                    [str(uuid.uuid4()), "test.pinged", 2, {"n": n, "note": "é"}]
                    for n in range(3)
                ]
                old.execute(  # es_append as it was (V4): no hash column yet
                    "SELECT * FROM es_append(%s, 'test', 'any', -1, %s::jsonb, "
                    "'{\"actor\": \"user:old\"}'::jsonb, NULL, '', NULL)",
                    [stream, json.dumps(events)],
                )
            old.commit()
        after = _manage(database, "migrate")
        assert after.returncode == 0, after.stderr
        verified = _manage(database, "verify_store")
        assert verified.returncode == 0, verified.stderr
        with psycopg.connect(f"postgresql://postgres@{HOST}/{database}") as new:
            head_hash = new.execute(
                "SELECT hash FROM es_event WHERE global_position = 6"
            ).fetchone()[0]
            counter_hash = new.execute(
                "SELECT last_hash FROM es_position WHERE id = 1"
            ).fetchone()[0]
        assert counter_hash == head_hash
        assert verified.stdout == (
            "store verified: positions 1..6 chained, gapless, at the counter (6); "
            f"head hash {bytes(head_hash).hex()}\n"
        )
    finally:
        with psycopg.connect(admin, autocommit=True) as c:
            c.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
