"""`make bench`'s event night benchmark runs end to end, scaled down.

5 tables (a 10-pair Mitchell), 3 rounds: every result goes through gunicorn,
the projection runner shows it on the standings (a result never shown would
print an infinite lag), and the figures print beside their anchors. Its own
port and database keep it apart from a ``make bench`` running beside it.
"""

from __future__ import annotations

import re

import pytest

from tests.support.bench import run_bench

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_the_event_night_benchmark_runs_a_small_session() -> None:
    out = run_bench(
        "bench.event_night", timeout=400, BENCH_SCALE="0.05", BENCH_ROUNDS="3"
    )
    assert "5 tables, 10-pair Mitchell, 3 rounds, 30 results by 5 table clients" in out
    assert re.search(
        r"lag 201 -> standings: p50 [\d,]+ ms, p95 [\d,]+ ms, max [\d,]+ ms", out
    ), out
    assert len(re.findall(r"  round +\d: p50 [\d,]+ ms", out)) == 3, out
    assert "result entry POST .../results/: " in out, out
    assert "| anchor trivial DRF GET /api/v1/ping/: " in out, out
    assert "rebuild of tournaments.results.v1 (" in out, out
    assert "| anchor the store's read and decode: " in out, out
