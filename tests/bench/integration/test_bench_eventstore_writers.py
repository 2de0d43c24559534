"""`make bench`'s concurrent-writers benchmark runs, scaled down (3 writers).

No timing is asserted (the figures are ``make bench``'s); this shows that
the writer processes start, every phase reports a rate, the figures print
beside their anchors, and the store kept its positions gapless under
concurrent appends from separate processes.
"""

from __future__ import annotations

import os
import re

import pytest

from bench import eventstore_writers

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

FIGURE = re.compile(
    r"^[^:|]+: [\d,]+ events/s \| anchor [^|]+: [\d,]+ events/s "
    r"\| ratio \d+\.\d\d( \(repeats \d+\.\d\d-\d+\.\d\d\))?$"
)


def test_the_writers_benchmark_measures_every_phase(
    capsys: pytest.CaptureFixture[str],
) -> None:
    figures = eventstore_writers.measure(
        writers=3,
        seconds=0.3,
        repeat=2,
        db=f"arbitro_bench_writers_t{os.getpid()}",
    )

    assert figures.writers == 3
    assert set(figures.rates) == {"floor", "store x1", "store x3", "plain x3"}
    assert all(len(rates) == 2 for rates in figures.rates.values())
    assert all(rate > 0 for rates in figures.rates.values() for rate in rates)
    assert figures.streams == 3
    assert figures.gapless is True
    appended = sum(
        round(rate * figures.seconds)
        for phase in ("store x1", "store x3")
        for rate in figures.rates[phase]
    )
    assert figures.events >= 3 * 3 + appended  # three warm-up appends a writer

    eventstore_writers.report(figures)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("# 3 writer processes, 0.3 s a phase, 2 repeats; ")
    assert lines[0].endswith("positions and versions gapless")
    assert len(lines) == 5
    for printed in lines[1:]:
        assert FIGURE.match(printed), printed
    assert lines[1].startswith("appends from 3 writers on 3 streams: ")
    assert "anchor single-writer INSERT+COMMIT" in lines[1]
