"""Shared test configuration.

Tests marked ``postgres`` need the real database (advisory locks, NOTIFY,
concurrent writers); on the SQLite fallback they are skipped and listed by
``-ra`` at the end of the run. Tests marked ``browser`` drive Debian's
``chromium`` (``/usr/bin/chromium``, installed by ``.ci/run``); without it
they are skipped and listed the same way.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.conf import settings
from hypothesis import settings as hypothesis_settings

# CI runs the same examples every time (a failure there is reproducible);
# local runs keep exploring new ones.
# No deadline: a slow example on a loaded machine is not a failure of the rule.
hypothesis_settings.register_profile(
    "ci", derandomize=True, print_blob=True, deadline=None
)
if os.environ.get("CI") == "true":
    hypothesis_settings.load_profile("ci")


def _vendor() -> str:
    engine = settings.DATABASES["default"]["ENGINE"]
    return "postgresql" if "postgresql" in engine else "sqlite"


CHROMIUM = Path("/usr/bin/chromium")


def pytest_collection_modifyitems(
    config: pytest.Config, items: list[pytest.Item]
) -> None:
    if not CHROMIUM.exists():
        no_browser = pytest.mark.skip(
            reason="browser test: needs Debian's chromium (apt-get install chromium)"
        )
        for item in items:
            if "browser" in item.keywords:
                item.add_marker(no_browser)
    if _vendor() == "postgresql":
        return
    skip = pytest.mark.skip(
        reason="PostgreSQL-only test: run `make test` with PostgreSQL"
    )
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


def pytest_report_header(config: pytest.Config) -> str:
    return f"arbitro database: {_vendor()}"
