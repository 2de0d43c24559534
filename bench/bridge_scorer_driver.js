// Times the npm package bridge-scorer matchpointing the travellers of a pairs
// session, in-process (Node startup excluded). Reads JSON on stdin:
//   {"repeat": N, "boards": [[{"ns": id, "ew": id, "score": nsScore}, ...], ...]}
// Prints JSON: {"first_ms": ..., "best_ms": ..., "median_ms": ..., "results": R, "pairs": P,
//               "top": [[pairId, totalMatchpoints], ...]}.
'use strict';

const path = require('path');
const scorer = require(path.join(__dirname, 'node_modules', 'bridge-scorer'));

function scoreSession(boards) {
  const totals = new Map();
  const direction = new Map();
  for (const travellers of boards) {
    // bridge-scorer reads the NS score from a game declared by N or S.
    const games = travellers.map((t) => ({
      contract: { declaror: 'N' },
      score: t.score,
      ns: t.ns,
      ew: t.ew,
    }));
    scorer.matchpoints(games);
    for (const g of games) {
      totals.set(g.ns, (totals.get(g.ns) || 0) + g.matchpointsNS.value);
      totals.set(g.ew, (totals.get(g.ew) || 0) + g.matchpointsEW.value);
      direction.set(g.ns, 'NS');
      direction.set(g.ew, 'EW');
    }
  }
  const byDirection = { NS: [], EW: [] };
  for (const [id, score] of totals) {
    byDirection[direction.get(id)].push({ id: id, score: score });
  }
  return [scorer.rank(byDirection.NS), scorer.rank(byDirection.EW)];
}

function main() {
  const input = JSON.parse(require('fs').readFileSync(0, 'utf8'));
  const repeat = input.repeat || 20;
  const times = [];
  let ranked = null;
  for (let i = 0; i < repeat; i++) {
    // Fresh copies each run: bridge-scorer writes its results into the games.
    const boards = JSON.parse(JSON.stringify(input.boards));
    const start = process.hrtime.bigint();
    ranked = scoreSession(boards);
    const end = process.hrtime.bigint();
    times.push(Number(end - start) / 1e6);
  }
  const first = times[0];
  times.sort((a, b) => a - b);
  let results = 0;
  for (const b of input.boards) results += b.length;
  const top = ranked[0].slice(0, 3).map((r) => [r.id, r.score]);
  process.stdout.write(JSON.stringify({
    first_ms: first,
    best_ms: times[0],
    median_ms: times[Math.floor(times.length / 2)],
    results: results,
    pairs: ranked[0].length + ranked[1].length,
    top: top,
  }));
}

main();
