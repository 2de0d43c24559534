"""The deadline instants tested on SQLite too, whatever the suite runs on.

CI runs the suite on PostgreSQL, where a SQLite-only test would be skipped
and test nothing; the embedded mode (``make run``) runs on SQLite. So this
test runs ``test_deadlines_in_utc`` again in a child pytest whose settings
have no ``DATABASE_URL`` (the SQLite fallback, an in-memory test database),
and requires every case to pass there (decision 0077).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MODULE = "tests/eventstore/integration/test_deadlines_in_utc.py"


def test_the_deadline_instants_hold_on_sqlite() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["TIME_ZONE"] = "Europe/Rome"
    child = subprocess.run(
        [sys.executable, "-m", "pytest", MODULE, "-p", "no:xdist"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert child.returncode == 0, child.stdout[-3000:]
    assert "arbitro database: sqlite" in child.stdout
    assert re.search(r"=+ 5 passed in ", child.stdout, re.MULTILINE), child.stdout
