"""`make bench`'s event night benchmark runs end to end, scaled down.

5 tables (a 10-pair Mitchell), 3 rounds: every result goes through gunicorn,
the projection runner shows it on the standings (a result never shown would
print an infinite lag), the lag beside its goal, the result POST's latency
beside the ping's (decision 0219), and the rebuild beside its anchor. Its own
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
        r"lag 201 -> standings: p50 [\d,]+ ms, p95 [\d,]+ ms, max [\d,]+ ms "
        r"\| goal p95 <= 1,000 ms: (met|not met)\n",
        out,
    ), out
    assert len(re.findall(r"  round +\d: p50 [\d,]+ ms", out)) == 3, out
    assert re.search(
        r"result POST \.\.\./results/ latency: p50 [\d,.]+ ms, p95 [\d,.]+ ms "
        r"\(30 POSTs, [\d,]+/s\) \| anchor trivial DRF GET /api/v1/ping/: "
        r"p50 [\d,.]+ ms, p95 [\d,.]+ ms \([\d,]+ GETs\) "
        r"\| ratio p50 [\d.]+, p95 [\d.]+\n",
        out,
    ), out
    assert "result entry POST" not in out, out  # the throughput goal, retired
    assert "rebuild of tournaments.results.v1 (" in out, out
    assert "| anchor the store's read and decode: " in out, out
