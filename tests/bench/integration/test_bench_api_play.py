"""`make bench`'s API benchmark runs end to end, scaled down (3 tables).

The figure itself is measured by ``make bench`` only; this shows that the
benchmark still plays every card through gunicorn and PostgreSQL as the
seated players (a refused card fails the run) and prints its figure beside
its anchor, so a change cannot leave it broken unseen. Its own port and
database keep it apart from a ``make bench`` running beside it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench.common import free_port

pytestmark = [pytest.mark.postgres, pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[3]


def test_the_api_benchmark_plays_a_small_session() -> None:
    env = {
        **os.environ,
        "BENCH_SCALE": "0.03",
        "BENCH_CLIENTS": "3",
        "BENCH_WORKERS": "2",
        "BENCH_PING_SECONDS": "0.2",
        "BENCH_PORT": str(free_port()),
        "BENCH_DB_SUFFIX": f"_t{os.getpid()}",
    }
    run = subprocess.run(
        [sys.executable, "-m", "bench.api_play"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        stdin=subprocess.DEVNULL,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "3 tables, 156 card plays by 12 seated players in 4 rounds" in run.stdout
    assert "card plays by seated players: " in run.stdout, run.stdout
    assert "| anchor trivial DRF endpoint: " in run.stdout, run.stdout
    assert "| ratio " in run.stdout, run.stdout
