"""`make bench`: run every benchmark; each prints figure | anchor | ratio."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

BENCHMARKS = [
    "bench.eventstore_append",
    "bench.eventstore_writers",
    "bench.rules_replay",
    "bench.scoring_session",
    "bench.api_play",
    "bench.event_night",
    "bench.burraco_turn",
    "bench.results_site",
]


def main() -> int:
    failed = 0
    for name in BENCHMARKS:
        if importlib.util.find_spec(name) is None:
            print(f"{name}: not present yet")
            continue
        print(f"== {name}", flush=True)
        failed |= subprocess.call([sys.executable, "-m", name]) != 0
    return failed


if __name__ == "__main__":
    sys.exit(main())
