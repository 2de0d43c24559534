"""Django's Redis cache for a test, sharing Redis with every other run.

Several test runs use the one Redis on 127.0.0.1:6379 at once (two pytest
processes, each with its xdist workers), and a cache's ``clear()`` is Redis's
``FLUSHDB``: one test's teardown would empty the database under another
run's renders and locks. So each test's cache keeps its keys under a prefix
of its own (the run, the xdist worker, the test) and is cleared by that
prefix only. The database is ``ARBITRO_TEST_REDIS_DB`` (2 by default), so a
run may also take a database of its own.
"""

from __future__ import annotations

import os
import uuid
from typing import Any

from django.core.cache import cache

__all__ = ["clear_redis_cache", "redis_cache_settings"]

RUN = uuid.uuid4().hex[:12]  # this process's run (one per xdist worker)


def redis_url() -> str:
    return f"redis://127.0.0.1:6379/{int(os.environ.get('ARBITRO_TEST_REDIS_DB', '2'))}"


def redis_cache_settings() -> dict[str, dict[str, Any]]:
    """``CACHES`` for one test: Redis, under a prefix no other test holds."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url(),
            "KEY_PREFIX": f"test-{RUN}-{worker}-{uuid.uuid4().hex}",
        }
    }


def clear_redis_cache() -> int:
    """Delete the default cache's keys (its prefix's only, never the
    database's): how many there were."""
    prefix = cache.key_prefix  # type: ignore[attr-defined]
    assert prefix.startswith("test-"), prefix  # never a deployment's keys
    client = cache._cache.get_client(write=True)  # type: ignore[attr-defined]
    keys = list(client.scan_iter(match=f"{prefix}:*", count=500))
    if keys:
        client.delete(*keys)
    return len(keys)
