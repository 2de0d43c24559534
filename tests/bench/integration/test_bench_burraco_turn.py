"""`make bench`'s burraco benchmark runs end to end, scaled down (4 tables).

The figure itself is measured by ``make bench`` only; this shows that the
benchmark still enters every sheet through gunicorn and PostgreSQL (a
refused sheet fails the run), publishes the Danese positions and prints
its figures beside their anchors.
"""

from __future__ import annotations

import pytest

from tests.support.bench import run_bench

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_the_burraco_benchmark_enters_a_small_danese_turn() -> None:
    out = run_bench(
        "bench.burraco_turn", timeout=300, BENCH_TABLES="4", BENCH_REPEATS="1"
    )
    assert "4 tables: turn 2's sheets by 4 concurrent clients" in out, out
    assert "last sheet to published Danese positions: " in out, out
    assert "| anchor the turn's 4 sheets appended with no pairing: " in out, out
    assert "| anchor the same sheets on one tournament stream" in out, out
