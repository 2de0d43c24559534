"""`make bench`'s results site benchmark runs end to end, scaled down.

5 tables (a 10-pair, 2-session Mitchell), 2 rounds, 3 open standings pages
polling with their ETag: every result reaches every open page (a result
never shown would print an infinite lag), and the page's server time prints
beside the ping's. Its own port and database keep it apart.
"""

from __future__ import annotations

import re

import pytest

from tests.support.bench import run_bench

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_the_results_site_benchmark_shows_every_result_on_every_open_page() -> None:
    out = run_bench(
        "bench.results_site",
        timeout=400,
        BENCH_SCALE="0.05",
        BENCH_ROUNDS="2",
        BENCH_VIEWERS="3",
        BENCH_PAGE_SAMPLES="20",
    )
    assert "5 tables, 10-pair Mitchell, 2 sessions, 20 session-1 results" in out, out
    assert "3 open standings pages polling every 1 s" in out, out
    shown = re.search(
        r"201 -> shown on an open standings page: p50 [\d,]+ ms, p95 [\d,]+ ms, "
        r"max ([\d,]+) ms over 60 \(result, page\)",
        out,
    )
    assert shown is not None, out
    assert "anchor: trivial DRF GET /api/v1/ping/ p50 " in out, out
    assert re.search(r"standings page, 10 pairs \(full page\): p50 [\d.]+ ms", out), out
    assert re.search(r"standings poll answered 304: p50 [\d.]+ ms", out), out
