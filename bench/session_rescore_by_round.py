"""The runner's scoring work by round on event night, without a database.

The benchmark's session (``bench/event_night.py``: a 200-pair Mitchell, 2
boards a round, 14 rounds, 2,800 results) fed to ``SessionScorer`` as the
results projection feeds it, in batches of ``BENCH_BATCH`` results (default
7, the runner's typical batch on event night), each round's results in a
random order; after each batch the rows whose published figures moved are
worked out as ``KeptSession.moved`` does (what the projection then writes).
Twice, alternating ``BENCH_REPEATS`` times: with the schedule's full-board
count (decision 0164) and with the largest count played so far (before it).

Prints, by round, the median and largest CPU of a batch and the rows a
batch rewrites, and round 14 against round 1. CPU time of this process, so
a shared machine's load weighs less than on wall-clock figures (not
nothing: caches and frequency are shared). Not part of ``make bench``.
"""

from __future__ import annotations

import dataclasses
import gc
import os
import random
import statistics
import time

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from scoring.bridge import publish  # noqa: E402
from scoring.bridge.kept_boards import PairsBoards  # noqa: E402
from tournaments.domain.movements.seating import mitchell_assignments  # noqa: E402
from tournaments.domain.session_scoring import (  # noqa: E402
    Conditions,
    Line,
    SessionScorer,
    Table,
)

PAIRS, BOARDS_PER_ROUND, ROUNDS = 200, 2, 14
BATCH = int(os.environ.get("BENCH_BATCH", "7"))
REPEATS = max(1, int(os.environ.get("BENCH_REPEATS", "3")))
SCORES = (400, 420, 430, 450, 460, -50, -100, 600, 620, 110, 140)


def session() -> tuple[Conditions, list[list[Line]]]:
    tables = tuple(
        Table(a.round, a.table, a.ns, a.ew, tuple(a.boards))
        for a in mitchell_assignments(PAIRS, BOARDS_PER_ROUND, ROUNDS)
    )
    rng = random.Random(13)
    rounds: list[list[Line]] = []
    for r in range(1, ROUNDS + 1):
        lines = [
            Line((t.round, t.table, b), b, t.table, t.ns, t.ew, rng.choice(SCORES))
            for t in tables
            if t.round == r and t.ns and t.ew
            for b in t.boards
        ]
        rng.shuffle(lines)
        rounds.append(lines)
    return Conditions(assignments=tables), rounds


def run(
    conditions: Conditions, rounds: list[list[Line]], scheduled: bool
) -> dict[int, list[tuple[float, int]]]:
    """(CPU seconds, rows rewritten) of each batch, by round."""
    scorer = SessionScorer(conditions)
    if not scheduled:  # the count before decision 0164: the largest played
        method = dataclasses.replace(conditions.method, scheduled=None)
        scorer._pairs = PairsBoards(method)
    rows: dict[object, tuple[object, ...]] = {}
    out: dict[int, list[tuple[float, int]]] = {}
    for number, lines in enumerate(rounds, start=1):
        # As the runner's collector (decision 0132): whole collections when
        # idle (here between rounds), none during a batch.
        gc.collect()
        gc.freeze()
        for start in range(0, len(lines), BATCH):
            begun = time.process_time()
            touched = scorer.apply(lines[start : start + BATCH])
            figures = scorer.figures
            moved = 0
            for key in touched:
                line = figures.lines.get(key)
                new = (
                    (None, None, None)
                    if line is None
                    else (publish(line.ns), publish(line.ew), line.top)
                )
                if rows.get(key) != new:
                    rows[key] = new
                    moved += 1
            out.setdefault(number, []).append((time.process_time() - begun, moved))
    return out


def main() -> None:
    conditions, rounds = session()
    gc.disable()
    runs: dict[bool, list[dict[int, list[tuple[float, int]]]]] = {True: [], False: []}
    for _ in range(REPEATS):
        for scheduled in (False, True):
            runs[scheduled].append(run(conditions, rounds, scheduled))
    print(
        f"{PAIRS}-pair Mitchell, {ROUNDS} rounds, {sum(map(len, rounds))} results "
        f"in batches of {BATCH}, median of {REPEATS} runs each, CPU ms a batch"
    )
    for scheduled, name in ((False, "largest count played"), (True, "the schedule's")):
        print(f"full-board count: {name}")
        medians = {}
        for r in range(1, ROUNDS + 1):
            cpu = [
                statistics.median(c for c, _ in run[r]) * 1000
                for run in runs[scheduled]
            ]
            top = [max(c for c, _ in run[r]) * 1000 for run in runs[scheduled]]
            moved = runs[scheduled][0][r]
            medians[r] = statistics.median(cpu)
            print(
                f"  round {r:2d}: median {statistics.median(cpu):5.1f}, largest "
                f"{statistics.median(top):6.1f}; rows a batch: median "
                f"{statistics.median(m for _, m in moved):4.0f}, largest "
                f"{max(m for _, m in moved):4d}"
            )
        print(
            f"  round 14 against round 1 (median batch): "
            f"{medians[ROUNDS] / medians[1]:.2f}x"
        )


if __name__ == "__main__":
    main()
