"""Benchmark: score a 100-table Mitchell pairs session end to end.

Generates a reproducible 100-table Mitchell (28 boards, 2 per round, each
board played at every table: 2,800 results, a few of them adjusted), scores
it with ``scoring.bridge.score_pairs_session`` (matchpoints, Neuberg for the
boards with artificial scores, percentages, ranking by direction) and prints
the time beside the npm package ``bridge-scorer`` matchpointing and ranking
the same travellers under Node, timed in-process (Node startup excluded).

The peer cannot score adjusted results, so it receives the travellers
without them; that only makes its job smaller. Run with
``.venv/bin/python -m bench.scoring_session``.
"""

from __future__ import annotations

import json
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from rules.bridge import Denomination, Doubling, Seat, vulnerability_for
from scoring.bridge import (
    Artificial,
    Assigned,
    SessionMethod,
    TableResult,
    score_pairs_session,
    score_result,
)

TABLES = 100
BOARDS = 28
BOARDS_PER_ROUND = 2
REPEAT = 100
PEER = "bridge-scorer"
PEER_VERSION = "2.4.0"
HERE = Path(__file__).resolve().parent

_CANDIDATES = (
    (4, Denomination.S),
    (3, Denomination.NT),
    (4, Denomination.H),
    (2, Denomination.S),
    (3, Denomination.C),
    (5, Denomination.D),
    (1, Denomination.NT),
    (6, Denomination.H),
)


def make_session(seed: int = 2017) -> dict[int, list[TableResult]]:
    """Return the travellers of the benchmark session, board -> lines."""
    rng = random.Random(seed)
    boards: dict[int, list[TableResult]] = {b: [] for b in range(1, BOARDS + 1)}
    plans = {}
    for board in boards:
        vul = vulnerability_for(board)
        choices = rng.sample(_CANDIDATES, 4)
        plans[board] = (vul, choices)
    for round_ in range(BOARDS // BOARDS_PER_ROUND):
        for table in range(TABLES):
            ns = f"NS{table + 1}"
            ew = f"EW{(table + round_) % TABLES + 1}"
            for k in range(BOARDS_PER_ROUND):
                board = round_ * BOARDS_PER_ROUND + k + 1
                vul, choices = plans[board]
                level, denomination = rng.choice(choices)
                declarer = rng.choice((Seat.N, Seat.S, Seat.E, Seat.W))
                doubling = (
                    Doubling.DOUBLED if rng.random() < 0.05 else Doubling.UNDOUBLED
                )
                tricks = max(
                    0, min(13, level + 6 + rng.choice((-2, -1, 0, 0, 0, 1, 1)))
                )
                score = score_result(
                    level, denomination, doubling, vul.is_vulnerable(declarer), tricks
                )
                ns_score = score if declarer in (Seat.N, Seat.S) else -score
                boards[board].append(TableResult(ns=ns, ew=ew, result=ns_score))
    # A few adjusted results: artificial (Law 12C2) and one weighted (Law 12C1c).
    for board, index, adjustment in (
        (3, 7, Artificial.of(60, 40)),
        (9, 41, Artificial.of(50, 50)),
        (17, 63, Artificial.of(60, 60)),
        (22, 5, Assigned.weighted([(620, "0.60"), (-100, "0.40")])),
        (27, 88, Artificial.of(40, 40)),
    ):
        line = boards[board][index]
        boards[board][index] = TableResult(ns=line.ns, ew=line.ew, result=adjustment)
    return boards


def time_ours(boards: dict[int, list[TableResult]]) -> tuple[float, float, float]:
    """Return the first, best and median milliseconds of scoring the session."""
    method = SessionMethod()
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        score_pairs_session(boards, method)
        times.append((time.perf_counter() - start) * 1000)
    return times[0], min(times), statistics.median(times)


def _peer_installed() -> bool:
    return (HERE / "node_modules" / PEER / "package.json").exists()


def time_peer(boards: dict[int, list[TableResult]]) -> dict[str, float] | str:
    """Return the peer's timings, or the reason it could not run."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None:
        return "node is not installed"
    if not _peer_installed():
        if npm is None:
            return "npm is not installed"
        install = subprocess.run(
            [npm, "install", "--prefix", str(HERE), "--no-audit", "--no-fund",
             "--no-save", f"{PEER}@{PEER_VERSION}"],
            capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
        if install.returncode != 0 or not _peer_installed():
            return f"npm install {PEER}@{PEER_VERSION} failed"
    travellers = [
        [
            {"ns": line.ns, "ew": line.ew, "score": line.result}
            for line in lines
            if type(line.result) is int
        ]
        for _, lines in sorted(boards.items())
    ]
    run = subprocess.run(
        [node, str(HERE / "bridge_scorer_driver.js")],
        input=json.dumps({"repeat": REPEAT, "boards": travellers}),
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    if run.returncode != 0:
        return f"the {PEER} driver failed: {run.stderr.strip()[:200]}"
    data: dict[str, float] = json.loads(run.stdout)
    return data


def main() -> int:
    """Print ours beside the peer's time and the ratio; always exit 0."""
    boards = make_session()
    results = sum(len(lines) for lines in boards.values())
    first, best, median = time_ours(boards)
    anchor = f"anchor {PEER} {PEER_VERSION} (Node, in-process)"
    figures = (
        (
            f"score 100-table Mitchell session ({results} results), median of {REPEAT}",
            median,
            "median_ms",
        ),
        ("score the same session, first run in the process", first, "first_ms"),
        (f"score the same session, best of {REPEAT}", best, "best_ms"),
    )
    peer = time_peer(boards)
    for figure, ours, key in figures:
        if isinstance(peer, str):
            print(f"{figure}: {ours:.2f} ms | {anchor}: missing ({peer}) | ratio n/a")
            continue
        theirs = float(peer[key])
        print(
            f"{figure}: {ours:.2f} ms | {anchor}: {theirs:.2f} ms "
            f"| ratio {ours / theirs:.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
