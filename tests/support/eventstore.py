from __future__ import annotations

import os
import uuid

from django.db import connection

from eventstore.store import Metadata

ACTOR = Metadata(actor="user:test")
# This run's key prefix on a Redis broker (one per pytest process, so per
# xdist worker): two runs sharing Redis's database never take each other's
# tasks. Every child process gets it (``subprocess_env``).
BROKER_KEY_PREFIX = f"arbitro-test-{uuid.uuid4().hex[:12]}:"


def new_stream() -> uuid.UUID:
    return uuid.uuid4()


def subprocess_env(**extra: str) -> dict[str, str]:
    """Environment for a child process using the test database."""
    s = connection.settings_dict
    url = f"postgres://{s['USER']}@{s['HOST']}:{s['PORT']}/{s['NAME']}"
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "ARBITRO_BROKER_KEY_PREFIX": BROKER_KEY_PREFIX,
    }
    env.update(extra)
    return env
