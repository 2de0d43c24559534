"""`make bench`'s event night benchmark runs end to end, scaled down.

5 tables (a 10-pair Mitchell), 3 rounds: every result goes through gunicorn,
the projection runner shows it on the standings (a result never shown would
print an infinite lag), and the figures print beside their anchors. Its own
port and database keep it apart from a ``make bench`` running beside it.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bench.common import free_port

pytestmark = [pytest.mark.postgres, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[3]


def test_the_event_night_benchmark_runs_a_small_session() -> None:
    env = {
        **os.environ,
        "BENCH_SCALE": "0.05",
        "BENCH_ROUNDS": "3",
        "BENCH_WORKERS": "2",
        "BENCH_PING_SECONDS": "0.2",
        "BENCH_PORT": str(free_port()),
        "BENCH_DB_SUFFIX": f"_t{os.getpid()}",
    }
    run = subprocess.run(
        [sys.executable, "-m", "bench.event_night"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=400,
        stdin=subprocess.DEVNULL,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    out = run.stdout
    assert "5 tables, 10-pair Mitchell, 3 rounds, 30 results by 5 table clients" in out
    assert re.search(
        r"lag 201 -> standings: p50 [\d,]+ ms, p95 [\d,]+ ms, max [\d,]+ ms", out
    ), out
    assert len(re.findall(r"  round +\d: p50 [\d,]+ ms", out)) == 3, out
    assert "result entry POST .../results/: " in out, out
    assert "| anchor trivial DRF GET /api/v1/ping/: " in out, out
    assert "rebuild of tournaments.results.v1 (" in out, out
    assert "| anchor the store's read and decode: " in out, out
