"""Run one `make bench` benchmark, scaled down, in a process of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bench.common import free_port

ROOT = Path(__file__).resolve().parents[2]


def run_bench(module: str, *, timeout: float, **env: str) -> str:
    """Run ``python -m module`` with ``env`` (its own port and database, so a
    ``make bench`` beside it is left alone); its output, once it exits 0."""
    run = subprocess.run(
        [sys.executable, "-m", module],
        cwd=ROOT,
        env={
            **os.environ,
            "BENCH_WORKERS": "2",
            "BENCH_PING_SECONDS": "0.2",
            "BENCH_PORT": str(free_port()),
            "BENCH_DB_SUFFIX": f"_t{os.getpid()}",
            **env,
        },
        capture_output=True,
        text=True,
        timeout=timeout,
        stdin=subprocess.DEVNULL,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    return run.stdout
