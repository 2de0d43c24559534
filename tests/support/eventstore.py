from __future__ import annotations

import os
import uuid

from django.db import connection

from eventstore.store import Metadata

ACTOR = Metadata(actor="user:test")


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
    }
    env.update(extra)
    return env
