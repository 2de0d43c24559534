"""`make bench`'s API benchmark runs end to end, scaled down (3 tables).

The figure itself is measured by ``make bench`` only; this shows that the
benchmark still plays every card through gunicorn and PostgreSQL as the
seated players (a refused card fails the run) and prints its figure beside
its anchor, so a change cannot leave it broken unseen. Its own port and
database keep it apart from a ``make bench`` running beside it.
"""

from __future__ import annotations

import pytest

from tests.support.bench import run_bench

pytestmark = [pytest.mark.postgres, pytest.mark.slow]


def test_the_api_benchmark_plays_a_small_session() -> None:
    out = run_bench(
        "bench.api_play", timeout=300, BENCH_SCALE="0.03", BENCH_CLIENTS="3"
    )
    assert "3 tables, 156 card plays by 12 seated players in 4 rounds" in out
    assert "card plays by seated players: " in out, out
    assert "| anchor trivial DRF endpoint: " in out, out
    assert "| ratio " in out, out
